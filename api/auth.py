"""Who calls the API: a personal access token (``Authorization: Bearer tav_...``), its
scopes, and how often it may call (per token, a fixed window of a minute in the cache)."""

from __future__ import annotations

import time

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


def check_rate(api_token) -> None:
    """At most ``API_REQUESTS_PER_MINUTE`` requests per token and minute; 429 beyond, with
    the seconds until the next minute (``retry_after``)."""
    limit = settings.API_REQUESTS_PER_MINUTE
    now = clock()
    window = int(now // 60)
    key = f"api-rate:{api_token.pk}:{window}"
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
            retry_after=max(1, int(60 - now % 60)),
            limit=limit,
            seconds=max(1, int(60 - now % 60)),
        )


def require_scope(request, scope: str) -> None:
    """Refuse a token that lacks ``scope`` (docs/api.md, "Scopes")."""
    if not request.auth.allows(scope):
        raise ApiRefusal(
            "scope_missing",
            _("Ce jeton n'a pas le droit « %(scope)s » : créez-en un qui l'a, sur votre "
              "profil."),
            scope=scope,
        )
