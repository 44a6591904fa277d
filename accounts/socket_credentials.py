"""What an open socket was opened with, and its end when that is withdrawn.

A socket (a table's, the account stream's) is opened with a personal access token
(accounts/socket_auth.py) or a session cookie. It stays open for hours; what opened it may
go meanwhile: the token revoked (its owner on the profile, staff in the admin), the
password changed (any way: the profile, a reset by e-mail, the admin, ``changepassword``:
every session made before is void), the session ended (« Déconnexion ») or the account
closed. Then its sockets must stop within seconds, in every process.

Every authenticated socket joins its player's group ``group_name(user_id)``. Each of
those events sends the group ``credentials.check`` after its commit (``announce``,
accounts/socket_groups.py, which the services that withdraw credentials call); every
socket of the player then checks what *it* was opened with (``still_valid``: its token
still usable, or its session still the account's, its password unchanged), and one whose
token or session no longer holds ends as a socket opened with it now would be:
``not_authenticated``, close 4401. The others stay open. The channel layer carries the
message (in-memory in one process, Redis across processes): well under a second. A token
that merely expires is seen by the sockets' own re-checks (the table's periodic pass,
play/socket/watch.py; the account stream's timer, notices/socket.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from django.conf import settings
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.socket_groups import CHECK, RENEW_SECONDS, announce, group_name
from accounts.tokens import still_usable

__all__ = ["CHECK", "RENEW_SECONDS", "Credentials", "announce", "group_name", "opened_with",
           "still_valid"]

TOKEN_WITHDRAWN = _("Le jeton d'accès de cette connexion a été révoqué ou a expiré.")
SESSION_ENDED = _("Votre session a pris fin (déconnexion, mot de passe changé ou compte "
                  "fermé) : rechargez la page pour vous reconnecter.")


@dataclass(frozen=True)
class Credentials:
    """What a socket was opened with: a token's id, or else a session's key."""

    user_id: int
    token_id: int | None = None
    session_key: str | None = None

    @property
    def withdrawn_message(self):
        return TOKEN_WITHDRAWN if self.token_id is not None else SESSION_ENDED


def opened_with(scope) -> Credentials | None:
    """The credentials of a socket's handshake (None for an anonymous one)."""
    user = scope.get("user")
    if user is None or not user.is_authenticated:
        return None
    token = scope.get("api_token")
    if token is not None:
        return Credentials(user.pk, token_id=token.pk)
    session = scope.get("session")
    return Credentials(user.pk, session_key=getattr(session, "session_key", None))


def still_valid(credentials: Credentials) -> bool:
    """Whether the socket's token or session still signs its player in (the database)."""
    if credentials.token_id is not None:
        return credentials.token_id in still_usable([credentials.token_id])
    if not credentials.session_key:
        return False
    return _session_holds(credentials.session_key, credentials.user_id)


def _session_holds(session_key: str, user_id: int) -> bool:
    """The session still exists, is ``user_id``'s, that account is active and its password
    the one the session was opened under (Django's session hash, as ``get_user`` checks
    it; read only: nothing of the session is changed here)."""
    engine = import_module(settings.SESSION_ENGINE)
    data = engine.SessionStore(session_key).load()
    if str(data.get(SESSION_KEY)) != str(user_id):
        return False
    user = User.objects.filter(pk=user_id, is_active=True).first()
    held = data.get(HASH_SESSION_KEY) or ""
    if user is None or not held:
        return False
    hashes = [user.get_session_auth_hash(),
              *(user._get_session_auth_hash(secret=key) for key in settings.SECRET_KEY_FALLBACKS)]
    return any(constant_time_compare(held, known) for known in hashes)
