from django import forms
from django.utils.translation import gettext_lazy as _

from accounts.models import ApiToken, User


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "preferred_language", "notify_your_turn", "notify_by_email",
                  "is_bot_account"]


class TokenForm(forms.Form):
    """A new personal access token: its name and what it may do (accounts/tokens.py)."""

    name = forms.CharField(label=_("Nom du jeton"), max_length=60,
                           help_text=_("Pour le reconnaître : « mon robot d'Ascenseur »."))
    scopes = forms.MultipleChoiceField(label=_("Droits"), choices=ApiToken.Scope.choices,
                                       widget=forms.CheckboxSelectMultiple, required=False)
