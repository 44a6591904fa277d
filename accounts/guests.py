"""Guests: visitors who play against bots without an account.

A guest is a real ``User`` row with ``is_guest`` set, signed in through the session like
anyone: everything a game records (seats, participants, actions) points to a user, so a
guest's game is an ordinary game, and signing up moves it to the new account by changing
those rows' user (``play.actions.guests.do_adopt_guest``). A guest has no password (it
cannot sign in again once its session is gone), no e-mail address, and a number for a
name (``display_name`` holds it; ``User.public_name`` says « Invité 4821 »).

What a guest may not do, each refused with a sentence inviting them to create an
account: chat, sit at a table with other people or open one, anything of the economy
(wallet, shop, écus, hand packs). They are never rated and have no public page.

A guest is removed ``GUEST_DAYS`` days after its last activity (joining, starting a
game, a move) by ``purge_guests``, which the move scheduler runs every hour.
"""

from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _

GUEST_DAYS = 7  # a guest is removed this many days after its last activity
GUEST_USERNAME_PREFIX = "~invite-"  # "~" is refused in usernames at sign-up

SIGN_UP_TO_USE_THE_ECONOMY = _(
    "Les invités n'ont ni porte-monnaie ni jetons : créez un compte pour caver, acheter "
    "des jetons ou des mains."
)

SIGN_UP_FOR_A_PROFILE = _(
    "Créez un compte pour avoir un profil : votre nom, votre langue, vos notifications."
)


def is_guest(user) -> bool:
    """Whether ``user`` is a signed-in guest (False for visitors and accounts)."""
    return bool(getattr(user, "is_guest", False))


def sign_in(request, guest) -> None:
    """Keep the new ``guest`` signed in through the session (it has no password to sign in
    with): playing again from this browser is the same guest."""
    login(request, guest, backend="django.contrib.auth.backends.ModelBackend")


def account_required(view=None, *, message=SIGN_UP_TO_USE_THE_ECONOMY):
    """``login_required``, and a guest is sent to the sign-up page with ``message``."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if is_guest(request.user):
                messages.info(request, str(message))
                return redirect("account_signup")
            return view(request, *args, **kwargs)

        return login_required(wrapped)

    return decorate(view) if view is not None else decorate
