"""Who calls the API: a personal access token (``Authorization: Bearer tav_...``), its
scopes, and how often it may call (per token, a fixed window of a minute in the cache)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _
from ninja.security import HttpBearer

from accounts import tokens
from api.errors import ApiRefusal

clock = time.time  # the windows' clock (tests hold it still)

NOT_AUTHENTICATED = _("Jeton d'accès manquant, inconnu, révoqué ou expiré : envoyez "
                      "« Authorization: Bearer <jeton> ».")


class TokenAuth(HttpBearer):
    """The request's token, its user set on the request; refusals are ApiRefusals."""

    def __call__(self, request):
        secret = tokens.bearer_secret(request.headers.get("Authorization"))
        return self.authenticate(request, secret)

    def authenticate(self, request, token):
        api_token = tokens.authenticate(token)
        if api_token is None:
            raise ApiRefusal("not_authenticated", NOT_AUTHENTICATED)
        check_rate(api_token)
        request.user = api_token.user
        return api_token


def _window_key(api_token, now: float) -> str:
    """The cache key counting the token's requests in the calendar minute of ``now``."""
    return f"api-rate:{api_token.pk}:{int(now // 60)}"


def _seconds_left(now: float) -> int:
    """Seconds until the next minute's window (at least 1)."""
    return max(1, int(60 - now % 60))


def check_rate(api_token) -> None:
    """At most ``API_REQUESTS_PER_MINUTE`` requests per token and minute; 429 beyond, with
    the seconds until the next minute (``retry_after``)."""
    limit = settings.API_REQUESTS_PER_MINUTE
    now = clock()
    key = _window_key(api_token, now)
    cache.add(key, 0, timeout=120)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=120)
        count = 1
    if count > limit:
        raise ApiRefusal(
            "rate_limited",
            _("Trop de requêtes : %(limit)s par minute et par jeton. Réessayez dans "
              "%(seconds)s s."),
            retry_after=_seconds_left(now),
            limit=limit,
            seconds=_seconds_left(now),
        )


@dataclass(frozen=True)
class RateWindow:
    """Where a token stands in this minute's window."""

    limit: int  # requests allowed per minute
    used: int  # made in this minute, the request asking included
    remaining: int
    reset_seconds: int  # until the next minute's window starts afresh


def rate_window(api_token) -> RateWindow:
    """The token's figures in the current window (read from the counter ``check_rate``
    keeps; nothing counted here)."""
    limit = settings.API_REQUESTS_PER_MINUTE
    now = clock()
    used = cache.get(_window_key(api_token, now)) or 0
    return RateWindow(limit=limit, used=used, remaining=max(0, limit - used),
                      reset_seconds=_seconds_left(now))


def require_scope(request, scope: str) -> None:
    """Refuse a token that lacks ``scope`` (docs/api.md, "Scopes")."""
    if not request.auth.allows(scope):
        raise ApiRefusal(
            "scope_missing",
            _("Ce jeton n'a pas le droit « %(scope)s » : créez-en un qui l'a, sur votre "
              "profil."),
            scope=scope,
        )
