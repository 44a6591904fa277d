"""« Essayer contre des robots »: one click from the home page or a rules page, with or
without an account (a visitor becomes a guest: accounts/guests.py); and the sign-up
page, where a guest's games move to the account created."""

from __future__ import annotations

from allauth.account import views as allauth_views
from allauth.account.adapter import get_adapter
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, login
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.guests import is_guest
from cardgames import available_games
from play import actions
from play.actions import ServiceError
from play.web.access import refuse

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _may_create_guest(request) -> bool:
    """At most ``GUESTS_PER_IP`` new guests per address and hour (a visitor who plays
    again keeps their guest: this only stops a script from filling the table of users)."""
    count, seconds = settings.GUESTS_PER_IP
    key = f"guests-created:{get_adapter().get_client_ip(request)}"
    cache.add(key, 0, timeout=seconds)
    try:
        return cache.incr(key) <= count
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=seconds)
        return True


@require_POST
def try_game(request, slug):
    """A practice game against bots, dealt at once. A visitor is made a guest first (and
    stays that guest for the next game: the session keeps them signed in)."""
    if slug not in available_games():
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    # A refusal is shown where the button was: the game's rules page or the home page.
    back = ("rules:page", slug) if request.POST.get("depuis") == "regles" else ("home",)
    if not request.user.is_authenticated:
        if not _may_create_guest(request):
            refuse(request, ServiceError(
                "rate_limited",
                _("Trop de parties d'essai depuis votre adresse : réessayez dans une heure, "
                  "ou créez un compte."),
            ))
            return redirect(*back)
        try:
            guest = actions.do_create_guest()
        except ServiceError as error:
            refuse(request, error)
            return redirect(*back)
        login(request, guest, backend=MODEL_BACKEND)
    try:
        table = actions.do_play_now(request.user, slug, level=request.POST.get("niveau", ""))
    except ServiceError as error:
        refuse(request, error)
        return redirect(*back)
    return redirect(table.get_absolute_url())


class SignupView(allauth_views.SignupView):
    """allauth's sign-up, open to a guest too (allauth sends signed-in users away): the
    account created takes the guest's games (``do_adopt_guest``), in the transaction that
    creates it, and the guest is gone."""

    def dispatch(self, request, *args, **kwargs):
        self.guest = request.user if is_guest(request.user) else None
        if self.guest is not None:
            # For allauth, a guest signing up is a visitor like any other.
            request.user = AnonymousUser()
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        if self.guest is not None:
            messages.info(request, _("Vos parties d'invité (%(name)s) passeront à ce compte.")
                          % {"name": self.guest.public_name})
        return super().get(request, *args, **kwargs)

    def form_valid(self, form):
        if self.guest is None:
            return super().form_valid(form)
        with transaction.atomic():
            response = super().form_valid(form)
            # No account when the address is taken (allauth e-mails its owner instead):
            # the guest stays, and stays signed in.
            account = getattr(self, "user", None)
            if account is None or account.pk is None:
                return response
            actions.do_adopt_guest(self.guest, account)
        if str(self.request.session.get(SESSION_KEY)) == str(self.guest.pk):
            # Still signed in as the guest (the account waits for its e-mail address to be
            # confirmed): the guest is gone, so is that sign-in; allauth's pending login stays.
            for key in (SESSION_KEY, BACKEND_SESSION_KEY, HASH_SESSION_KEY):
                self.request.session.pop(key, None)
        return response
