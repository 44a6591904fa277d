"""The player's own profile, and their personal access tokens for the API."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_POST

from accounts import tokens
from accounts.forms import ProfileForm, TokenForm
from accounts.guests import SIGN_UP_FOR_A_PROFILE, account_required
from accounts.language import do_set_language
from accounts.middleware import remember_language


def _page(request, form, token_form=None, new_token=None, status=200):
    return render(request, "accounts/profile.html", {
        "form": form,
        "token_form": token_form or TokenForm(),
        "tokens": tokens.active_tokens(request.user),
        "new_token": new_token,
    }, status=status)


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
    return _page(request, form)


@account_required(message=SIGN_UP_FOR_A_PROFILE)
@require_POST
def create_token(request):
    """A new token, its secret shown in this response only (never stored, never again)."""
    token_form = TokenForm(request.POST)
    form = ProfileForm(instance=request.user)
    if not token_form.is_valid():
        return _page(request, form, token_form, status=400)
    expires_on = token_form.cleaned_data["expires_on"]
    try:
        new = tokens.do_create_token(
            request.user, token_form.cleaned_data["name"], token_form.cleaned_data["scopes"],
            expires_at=tokens.expiry_on(expires_on) if expires_on else None,
        )
    except tokens.TokenRefusal as refusal:
        token_form.add_error(None, refusal.message())
        return _page(request, form, token_form, status=400)
    response = _page(request, form, new_token=new)
    response["Cache-Control"] = "no-store"  # the secret must not stay in a cache
    return response


@account_required(message=SIGN_UP_FOR_A_PROFILE)
@require_POST
def revoke_token(request, token_id):
    try:
        token = tokens.do_revoke_token(request.user, token_id)
    except tokens.TokenRefusal as refusal:
        messages.error(request, refusal.message())
    else:
        messages.success(request, _("Jeton « %(name)s » révoqué.") % {"name": token.name})
    return redirect("accounts:profile")


def set_language(request):
    """Django's language switcher (the cookie, then back to the page); a signed-in
    player's profile keeps the choice too, so that their e-mails speak it."""
    response = i18n.set_language(request)
    if request.method == "POST":
        do_set_language(request.user, request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER, ""))
    return response
