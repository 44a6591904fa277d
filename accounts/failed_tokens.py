"""Bad tokens counted per address, for both doors a token opens: the HTTP API
(api/limits.py) and the sockets' handshake (accounts/socket_auth.py).

An address that sent ``API_FAILED_AUTH_PER_MINUTE`` tokens this calendar minute that were
missing, unknown, revoked or expired is refused until the next minute, whichever door it
knocks at, a good token included: one counter for both, so that guessing through the
sockets costs what guessing through the API does. The counter lives in Django's cache
(Redis in production: shared by every process).
"""

from __future__ import annotations

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

TOO_MANY_FAILURES = _("Trop de jetons refusés depuis votre adresse : réessayez dans "
                      "%(seconds)s s, avec un jeton valide.")


def _key(address: str | None, now: float) -> str:
    return f"api-auth-failed:{address or '-'}:{int(now // 60)}"


def seconds_left(now: float) -> int:
    """Seconds until the next minute's window (at least 1)."""
    return max(1, int(60 - now % 60))


def refused_for(address: str | None, now: float) -> int | None:
    """Seconds ``address`` must wait before a token of its is read again, or None when it
    may send one now. Nothing is counted."""
    limit = settings.API_FAILED_AUTH_PER_MINUTE
    if limit and (cache.get(_key(address, now)) or 0) >= limit:
        return seconds_left(now)
    return None


def one_more(key: str) -> int:
    """One more in the minute's window ``key`` of the cache: the count, this one included
    (the API's limit per account counts with it too)."""
    cache.add(key, 0, timeout=120)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=120)
        return 1


def count(address: str | None, now: float) -> None:
    """A token sent from ``address`` was missing, unknown, revoked or expired."""
    if settings.API_FAILED_AUTH_PER_MINUTE:
        one_more(_key(address, now))
