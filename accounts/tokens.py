"""Personal access tokens: what an outside program holds to use the API and the table
socket as its player (docs/api.md, "Authentication").

A token is ``tav_`` and 43 random URL-safe characters. Only its SHA-256 is stored, so a
stolen database gives no usable token; the secret is shown once, when it is created. Its
first characters (``prefix``) are kept in clear so that its owner recognises it.

Scopes say what a token may change (reading what its player may see needs none):

- ``play``: act at the player's tables (moves, resign, abort, come back);
- ``tables``: create, join and leave tables, add or remove bots, rematches, caves and
  cash-outs at tables played for écus.

A token may be given an expiry date when it is made: from that day on (0 h, the site's
time zone) it is refused exactly as a revoked one is, on the API and on the sockets (an
open socket is closed at its next re-check). A revoked token's open sockets close within
seconds (accounts/socket_credentials.py). A password change leaves tokens as they are: a
program keeps running until its token is revoked.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts import socket_groups
from accounts.models import ApiToken, User
from taverne.refusals import Refusal

PREFIX = "tav_"
SHOWN_CHARACTERS = 12  # "tav_" and the secret's first 8 characters
SCOPES = tuple(ApiToken.Scope.values)
MAX_TOKENS = 20  # active tokens per account
# last_used_at is written at most this often per token (a program polls many times a
# minute; a write per request would be wasted).
LAST_USED_EVERY = timedelta(minutes=1)


class TokenRefusal(Refusal):
    """A token that cannot be made or used: ``code`` is stable (docs/api.md, "Errors")."""


@dataclass(frozen=True)
class NewToken:
    token: ApiToken
    secret: str  # shown once, never stored


def digest_of(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def expiry_on(day: date) -> datetime:
    """When a token chosen to expire on ``day`` stops working: that day's start, in the
    site's time zone."""
    return timezone.make_aware(datetime.combine(day, time.min))


def usable(now=None) -> Q:
    """The tokens that may be used now: neither revoked nor expired."""
    return Q(revoked_at=None) & (Q(expires_at=None) | Q(expires_at__gt=now or timezone.now()))


def do_create_token(user, name: str, scopes, expires_at: datetime | None = None) -> NewToken:
    """A new token for ``user`` (refused from ``expires_at`` on, when given); the secret
    is in the answer, and nowhere else."""
    if getattr(user, "is_guest", False):
        raise TokenRefusal("account_required", _("Créez un compte pour avoir des jetons "
                                                 "d'accès."))
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise TokenRefusal("bad_options", _("Donnez au jeton un nom de 1 à 60 caractères."))
    scopes = sorted(set(scopes or ()))
    if any(scope not in SCOPES for scope in scopes):
        raise TokenRefusal("bad_options", _("Droit inconnu : choisissez « play » ou "
                                            "« tables »."))
    if expires_at is not None and expires_at <= timezone.now():
        raise TokenRefusal("bad_options", _("Choisissez une date d'expiration à venir."))
    secret = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time
        if ApiToken.objects.filter(usable(), user=user).count() >= MAX_TOKENS:
            raise TokenRefusal("too_many_tokens",
                               _("Vous avez déjà %(count)s jetons : révoquez-en un d'abord."),
                               count=MAX_TOKENS)
        token = ApiToken.objects.create(user=user, name=name, prefix=secret[:SHOWN_CHARACTERS],
                                        digest=digest_of(secret), scopes=scopes,
                                        expires_at=expires_at)
    return NewToken(token=token, secret=secret)


def do_revoke_token(user, token_id) -> ApiToken:
    """Revoke one of ``user``'s tokens: refused at once, everywhere, from now on; the
    sockets opened with it close within seconds (accounts/socket_credentials.py)."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None:
            raise TokenRefusal("not_found", _("Ce jeton n'existe pas."))
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
            socket_groups.announce(user.pk)
    return token


def authenticate(secret: str) -> ApiToken | None:
    """The usable token of that secret (neither revoked nor expired), its user loaded, or
    None. Notes when it was used."""
    if not secret or not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    now = timezone.now()
    token = (ApiToken.objects.select_related("user")
             .filter(usable(now), digest=digest_of(secret)).first())
    if token is None or not token.user.is_active or token.user.is_guest:
        return None
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token


def bearer_secret(header: str | bytes | None) -> str:
    """The secret of an ``Authorization: Bearer <secret>`` header ("" when none)."""
    if isinstance(header, bytes):
        header = header.decode("latin-1")
    kind, _space, value = (header or "").strip().partition(" ")
    return value.strip() if kind.lower() == "bearer" else ""


def active_tokens(user):
    """``user``'s tokens neither revoked nor expired (the profile lists them)."""
    return ApiToken.objects.filter(usable(), user=user)


def still_usable(token_ids) -> set[int]:
    """Which of these tokens may still be used (neither revoked nor expired, their
    player's account active): one query, for the sockets opened with them."""
    if not token_ids:
        return set()
    return set(ApiToken.objects.filter(usable(), pk__in=list(token_ids),
                                       user__is_active=True)
               .values_list("pk", flat=True))
