"""Who calls the API: a personal access token (``Authorization: Bearer tav_...``) and its
scopes. How often it may be called is api/limits.py's: per account, and per address for
bad tokens."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured, PermissionDenied
from django.utils.translation import gettext_lazy as _
from ninja.security import HttpBearer

from accounts import tokens
from accounts.origins import client_address
from api import limits
from api.errors import ApiRefusal

NOT_AUTHENTICATED = _("Jeton d'accès manquant, inconnu, révoqué ou expiré : envoyez "
                      "« Authorization: Bearer <jeton> ».")


class TokenAuth(HttpBearer):
    """The request's token, its user set on the request; refusals are ApiRefusals."""

    def __call__(self, request):
        secret = tokens.bearer_secret(request.headers.get("Authorization"))
        return self.authenticate(request, secret)

    def authenticate(self, request, token):
        address = _address(request)
        limits.check_address(address)  # too many bad tokens from there: not even read
        api_token = tokens.authenticate(token)
        if api_token is None:
            limits.count_failure(address)
            raise ApiRefusal("not_authenticated", NOT_AUTHENTICATED)
        limits.check_account(api_token.user)  # all the account's tokens together
        request.user = api_token.user
        return api_token


def _address(request) -> str | None:
    """The caller's address as the site reads it (None when it cannot be read: a
    forwarded header shorter than the proxies configured)."""
    try:
        return client_address(request)
    except (ImproperlyConfigured, PermissionDenied):
        return None


def rate_window(api_token) -> limits.RateWindow:
    """Where the token's account stands in this minute's window (``GET /account``)."""
    return limits.account_window(api_token.user)


def require_scope(request, scope: str) -> None:
    """Refuse a token that lacks ``scope`` (docs/api.md, "Scopes")."""
    if not request.auth.allows(scope):
        raise ApiRefusal(
            "scope_missing",
            _("Ce jeton n'a pas le droit « %(scope)s » : créez-en un qui l'a, sur votre "
              "profil."),
            scope=scope,
        )
