"""How many table sockets one player may hold and open (docs/protocol.md, "Limits").

A socket costs the server memory and a share of every broadcast at its table, so a player
gets a few per table (several tabs, a phone beside the laptop) and a few dozen in all,
and may open only so many a minute. The counts live in the cache, which every process
shares in production (Redis): a player's sockets are counted wherever they landed.

Counts of open sockets are raised on connect and lowered on disconnect. A process that
dies loses its decrements: a count therefore expires ``COUNT_LIFETIME`` after the
player's last connection opened, so a crash never locks anybody out for long.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache

COUNT_LIFETIME = 2 * 3600  # seconds
WINDOW = 60  # seconds: the window of SOCKETS_OPENED_PER_MINUTE


def _per_table_key(user_id, table_id) -> str:
    return f"sockets:{user_id}:{table_id}"


def _total_key(user_id) -> str:
    return f"sockets:{user_id}"


def _opened_key(user_id, window: int) -> str:
    return f"sockets-opened:{user_id}:{window}"


def _incr(key: str, timeout: int) -> int:
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=timeout)
        return 1


def _decr(key: str) -> None:
    try:
        if cache.decr(key) < 0:
            cache.set(key, 0, timeout=COUNT_LIFETIME)
    except ValueError:  # expired: nothing to lower
        pass


def open_socket(user_id: int, table_id: int, now=None) -> float | None:
    """Count a socket ``user_id`` opens at ``table_id``: None when allowed (it is then
    counted, ``close_socket`` lowers the counts), else the seconds to wait before trying
    again."""
    now = time.time() if now is None else now
    window = int(now // WINDOW)
    if _incr(_opened_key(user_id, window), WINDOW * 2) > settings.SOCKETS_OPENED_PER_MINUTE:
        return max(1.0, WINDOW - now % WINDOW)
    per_table = _incr(_per_table_key(user_id, table_id), COUNT_LIFETIME)
    total = _incr(_total_key(user_id), COUNT_LIFETIME)
    if per_table > settings.SOCKETS_PER_TABLE or total > settings.SOCKETS_PER_PLAYER:
        close_socket(user_id, table_id)
        return 5.0  # until one of the player's other sockets closes
    return None


def close_socket(user_id: int, table_id: int) -> None:
    _decr(_per_table_key(user_id, table_id))
    _decr(_total_key(user_id))
