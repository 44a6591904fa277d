from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import ApiToken, User
from accounts.names import check_name


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "preferred_language", "notify_your_turn", "notify_by_email",
                  "is_bot_account"]

    def clean_display_name(self):
        """A name no other player, bot or the house reads as theirs; left empty, the
        username is shown, which must be free too."""
        name = self.cleaned_data.get("display_name", "").strip()
        check_name(name or self.instance.username, self.instance)
        return name


class TokenForm(forms.Form):
    """A new personal access token: its name and what it may do (accounts/tokens.py)."""

    name = forms.CharField(label=_("Nom du jeton"), max_length=60,
                           help_text=_("Pour le reconnaître : « mon robot d'Ascenseur »."))
    scopes = forms.MultipleChoiceField(label=_("Droits"), choices=ApiToken.Scope.choices,
                                       widget=forms.CheckboxSelectMultiple, required=False)
