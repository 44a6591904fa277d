"""The player's own profile."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.forms import ProfileForm
from accounts.guests import SIGN_UP_FOR_A_PROFILE, account_required
from accounts.middleware import remember_language


@account_required(message=SIGN_UP_FOR_A_PROFILE)
def profile(request):
    """Show and edit the player's own profile (its purse is the economy's: the template's
    `economy_purse` tag)."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Switch now, so that the confirmation below is in the chosen language.
        translation.activate(user.preferred_language)
        messages.success(request, _("Profil enregistré."))
        response = redirect("accounts:profile")
        remember_language(response, user.preferred_language)
        return response
    return render(request, "accounts/profile.html", {"form": form})
