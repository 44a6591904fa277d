from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.forms import ProfileForm


@login_required
def profile(request):
    """Show and edit the player's own profile."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        # Switch now, so that the confirmation below is in the chosen language.
        translation.activate(user.preferred_language)
        messages.success(request, _("Profil enregistré."))
        response = redirect("accounts:profile")
        # The same cookie as Django's set_language view: LocaleMiddleware reads it.
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            user.preferred_language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
        return response
    return render(request, "accounts/profile.html", {"form": form})
