"""« Essayer contre des robots »: one click from the home page or a rules page, with or
without an account (a visitor becomes a guest: accounts/guests.py); and the sign-up
page, where a guest's games move to the account created."""

from __future__ import annotations

from allauth.account import views as allauth_views
from allauth.account.adapter import get_adapter
from allauth.account.app_settings import EmailVerificationMethod
from allauth.account.utils import complete_signup, get_next_redirect_url
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.guests import is_guest, sign_in
from accounts.language import reading_language
from cardgames import available_games
from play import actions
from play.actions import ServiceError
from play.models import Table
from play.web.access import refuse


def _back(request, slug):
    """Where a refusal is shown: where the button was, as its form says (``depuis``): the
    game's rules page, its section of the lobby, or the home page."""
    where = request.POST.get("depuis")
    if where == "regles":
        return redirect("rules:page", slug)
    if where == "salon":
        return redirect(reverse("play:lobby") + f"#jeu-{slug}")
    return redirect("home")


@require_POST
def try_game(request, slug):
    """A practice game against bots, dealt at once. A visitor is made a guest first (and
    stays that guest for the next game: the session keeps them signed in)."""
    if slug not in available_games():
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    if not request.user.is_authenticated:
        try:
            guest = actions.do_create_guest(language=reading_language(),
                                            address=get_adapter().get_client_ip(request))
        except ServiceError as error:
            refuse(request, error)
            return _back(request, slug)
        sign_in(request, guest)
    try:
        table = actions.do_play_now(request.user, slug, level=request.POST.get("niveau", ""))
    except ServiceError as error:
        refuse(request, error)
        return _back(request, slug)
    return redirect(table.get_absolute_url())


class SignupView(allauth_views.SignupView):
    """allauth's sign-up, open to a guest too (allauth sends signed-in users away): the
    account created takes the guest's games (``do_adopt_guest``), in the transaction that
    creates it, and the guest is gone.

    A guest is signed in to the new account at once and sent back to their table, where
    they take their seat back; the confirmation e-mail leaves as for anyone, and the
    address still has to be confirmed for what needs it (écus, the daily hands:
    accounts/levels.py), and to sign in again later. While they fill the form, the bot
    plays their live games (``do_stand_in_while_signing_up``): no clock runs them out.
    """

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
            if actions.do_stand_in_while_signing_up(self.guest):
                messages.info(request, _("En attendant, un automate joue à votre place ; vous "
                                         "la reprenez dès votre compte créé."))
        return super().get(request, *args, **kwargs)

    def form_valid(self, form):
        if self.guest is None:
            return super().form_valid(form)
        with transaction.atomic():
            self.user, response = form.try_save(self.request)
            if response is not None:
                # No account when the address is taken (allauth e-mails its owner instead):
                # the guest stays, and stays signed in.
                return response
            tables = actions.do_adopt_guest(self.guest, self.user)
        back = get_next_redirect_url(self.request)
        table = _table_to_return_to(tables, back)
        if table is not None:
            back = back or table.get_absolute_url()
            try:
                actions.do_come_back(table, self.user)
            except ServiceError:
                pass  # not absent there, or the game ended meanwhile
        # Said once, at the table: allauth's own lines ("e-mail sent", "signed in") would
        # push the hand down on a phone (accounts/adapter.py leaves them out).
        self.request.guest_signed_up = True
        response = complete_signup(self.request, self.user,
                                   EmailVerificationMethod.OPTIONAL, back)
        messages.success(self.request, _(
            "Bienvenue, %(name)s. Pour les écus et les mains du jour, confirmez votre "
            "adresse (lien envoyé à %(email)s)."
        ) % {"name": self.user.public_name, "email": self.user.email})
        return response


def _table_to_return_to(tables: list[int], back: str | None):
    """The table a guest who signed up goes back to: the one the sign-up was asked from
    (``back``), else the last one played at; None when no game of theirs is in progress."""
    playing = Table.objects.filter(pk__in=tables, status=Table.Status.PLAYING)
    if back:
        return next((t for t in playing if t.get_absolute_url() == back), None)
    return playing.order_by("-updated_at", "-pk").first()
