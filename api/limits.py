"""How often the API may be called: per account, and per address for failed tokens.

- An account makes at most ``API_REQUESTS_PER_MINUTE`` requests a calendar minute, all its
  tokens together: twenty tokens give no more than one (``check_account``).
- An address sends at most ``API_FAILED_AUTH_PER_MINUTE`` requests a minute whose token is
  missing, unknown, revoked or expired; beyond, every request from it is refused until the
  next minute, a good token's too, so that guessing tokens costs as much as it gains
  nothing (``check_address`` before the token is read, ``count_failure`` after). The sockets'
  handshake counts on the same counter (accounts/failed_tokens.py).

Counters are fixed windows of a minute in Django's cache (local memory embedded, Redis in
production: shared by every process). The address is the one the site reads everywhere
(``accounts.origins.client_address``: behind ``TRUSTED_PROXY_COUNT`` proxies, never a
forwarded header otherwise). Refusals are ``rate_limited`` (429) with ``retry_after``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _

from accounts import failed_tokens
from api.errors import ApiRefusal

clock = time.time  # the windows' clock (tests hold it still)

TOO_MANY_REQUESTS = _("Trop de requêtes : %(limit)s par minute pour votre compte, tous "
                      "jetons confondus. Réessayez dans %(seconds)s s.")
TOO_MANY_FAILURES = failed_tokens.TOO_MANY_FAILURES


@dataclass(frozen=True)
class RateWindow:
    """Where an account stands in this minute's window."""

    limit: int  # requests allowed per minute
    used: int  # made in this minute, the request asking included
    remaining: int
    reset_seconds: int  # until the next minute's window starts afresh


def _minute(now: float) -> int:
    return int(now // 60)


def _account_key(user_id: int, now: float) -> str:
    return f"api-rate:user:{user_id}:{_minute(now)}"


def check_account(user) -> None:
    """Count a request of ``user``'s (whichever token): 429 beyond the limit."""
    limit = settings.API_REQUESTS_PER_MINUTE
    now = clock()
    if failed_tokens.one_more(_account_key(user.pk, now)) > limit:
        seconds = failed_tokens.seconds_left(now)
        raise ApiRefusal("rate_limited", TOO_MANY_REQUESTS, retry_after=seconds,
                         limit=limit, seconds=seconds)


def account_window(user) -> RateWindow:
    """``user``'s figures in the current window (read, nothing counted)."""
    limit = settings.API_REQUESTS_PER_MINUTE
    now = clock()
    used = cache.get(_account_key(user.pk, now)) or 0
    return RateWindow(limit=limit, used=used, remaining=max(0, limit - used),
                      reset_seconds=failed_tokens.seconds_left(now))


def check_address(address: str | None) -> None:
    """Refuse (429) every request from an address that sent too many bad tokens this
    minute; nothing is counted here."""
    seconds = failed_tokens.refused_for(address, clock())
    if seconds is not None:
        raise ApiRefusal("rate_limited", TOO_MANY_FAILURES, retry_after=seconds,
                         seconds=seconds)


def count_failure(address: str | None) -> None:
    """A request from ``address`` came with no usable token."""
    failed_tokens.count(address, clock())
