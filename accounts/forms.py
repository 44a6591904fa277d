from allauth.account.forms import SignupForm as AllauthSignupForm
from allauth.core import context as allauth_context
from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts import origins
from accounts.models import ApiToken, User
from accounts.names import check_name


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "preferred_language", "notify_by_email", "notify_your_turn",
                  "email_challenge", "email_paired", "email_game_over", "email_digest",
                  "push_your_turn", "push_challenge", "push_paired", "push_game_over",
                  "is_bot_account"]

    # The profile's table « par e-mail / sur mes appareils »: one row per kind of notice.
    NOTICE_ROWS = [
        (_("C'est mon tour"), "notify_your_turn", "push_your_turn"),
        (_("On me défie"), "email_challenge", "push_challenge"),
        (_("Un adversaire est trouvé"), "email_paired", "push_paired"),
        (_("Une partie se termine"), "email_game_over", "push_game_over"),
    ]

    def notice_rows(self):
        return [(label, self[email], self[push]) for label, email, push in self.NOTICE_ROWS]

    def clean_display_name(self):
        """A name no other player, bot or the house reads as theirs; left empty, the
        username is shown, which must be free too."""
        name = self.cleaned_data.get("display_name", "").strip()
        if name == self.instance.display_name:
            # Unchanged: a name chosen before a rule was added keeps working (the
            # profile's other choices can still be saved).
            return name
        check_name(name or self.instance.username, self.instance)
        return name


class TokenForm(forms.Form):
    """A new personal access token: its name and what it may do (accounts/tokens.py)."""

    name = forms.CharField(label=_("Nom du jeton"), max_length=60,
                           help_text=_("Pour le reconnaître : « mon robot d'Ascenseur »."))
    scopes = forms.MultipleChoiceField(label=_("Droits"), choices=ApiToken.Scope.choices,
                                       widget=forms.CheckboxSelectMultiple, required=False)
    expires_on = forms.DateField(
        label=_("Expire le"), required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        help_text=_("Facultatif : à partir de ce jour (0 h, heure de Paris), le jeton est "
                    "refusé comme un jeton révoqué. Laissé vide, il n'expire pas."),
    )

    def clean_expires_on(self):
        day = self.cleaned_data.get("expires_on")
        if day is not None and day <= timezone.localdate():
            raise forms.ValidationError(_("Choisissez une date d'expiration à venir."),
                                        code="past")
        return day


class SignupForm(AllauthSignupForm):
    """allauth's sign-up form, refused once the visitor's address made
    ``SIGNUPS_PER_ADDRESS_PER_DAY`` accounts in 24 hours (accounts/origins.py)."""

    def clean(self):
        cleaned = super().clean()
        request = allauth_context.request
        if request is not None and not origins.may_sign_up(request):
            raise forms.ValidationError(
                _("Trop de comptes ont été créés depuis votre adresse aujourd'hui : "
                  "réessayez demain. Si vous partagez cette connexion (un café, une "
                  "école), écrivez-nous."),
                code="signups_per_address",
            )
        return cleaned
