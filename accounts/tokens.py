"""Personal access tokens: what an outside program holds to use the API and the table
socket as its player (docs/api.md, "Authentication").

A token is ``tav_`` and 43 random URL-safe characters. Only its SHA-256 is stored, so a
stolen database gives no usable token; the secret is shown once, when it is created. Its
first characters (``prefix``) are kept in clear so that its owner recognises it.

Scopes say what a token may change (reading what its player may see needs none):

- ``play``: act at the player's tables (moves, resign, abort, come back);
- ``tables``: create, join and leave tables, add or remove bots, rematches, caves and
  cash-outs at tables played for écus.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

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


def do_create_token(user, name: str, scopes) -> NewToken:
    """A new token for ``user``; the secret is in the answer, and nowhere else."""
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
    secret = PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time
        if ApiToken.objects.filter(user=user, revoked_at=None).count() >= MAX_TOKENS:
            raise TokenRefusal("too_many_tokens",
                               _("Vous avez déjà %(count)s jetons : révoquez-en un d'abord."),
                               count=MAX_TOKENS)
        token = ApiToken.objects.create(user=user, name=name, prefix=secret[:SHOWN_CHARACTERS],
                                        digest=digest_of(secret), scopes=scopes)
    return NewToken(token=token, secret=secret)


def do_revoke_token(user, token_id) -> ApiToken:
    """Revoke one of ``user``'s tokens: refused at once, everywhere, from now on."""
    with transaction.atomic():
        token = ApiToken.objects.select_for_update().filter(pk=token_id, user=user).first()
        if token is None:
            raise TokenRefusal("not_found", _("Ce jeton n'existe pas."))
        if token.revoked_at is None:
            token.revoked_at = timezone.now()
            token.save(update_fields=["revoked_at"])
    return token


def authenticate(secret: str) -> ApiToken | None:
    """The active token of that secret, its user loaded, or None. Notes when it was used."""
    if not secret or not secret.startswith(PREFIX) or len(secret) > 100:
        return None
    token = (ApiToken.objects.select_related("user")
             .filter(digest=digest_of(secret), revoked_at=None).first())
    if token is None or not token.user.is_active or token.user.is_guest:
        return None
    now = timezone.now()
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
    return ApiToken.objects.filter(user=user, revoked_at=None)
