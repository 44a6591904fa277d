"""Heartbeats: a long-running loop says "still turning" in the shared cache, and the
readiness endpoint (/pret/, config/readiness.py) reads how long ago it last did.

The cache is Redis in production, shared by every process, so a daphne process sees the
beat of a `play_worker` that runs elsewhere. A beat must never stop the loop it reports on:
with Redis down the loop still plays the moves it can, and /pret/ says Redis is down.
"""

from __future__ import annotations

import logging
import time

from django.core.cache import cache

from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)

PLAY_WORKER = "play_worker"
# A beat outlives any sensible threshold, so an old one reads as old rather than as absent.
KEPT_FOR = 3600  # seconds


def _key(name: str) -> str:
    return f"heartbeat:{name}"


def beat(name: str) -> None:
    """Record that the loop ``name`` turned just now."""
    try:
        cache.set(_key(name), time.time(), timeout=KEPT_FOR)
    except Exception as error:  # the cache down is /pret/'s news, not the loop's failure
        log.warning("heartbeat of %s not recorded (%r)", name, error,
                    exc_info=not is_unavailable(error))


def seconds_since(name: str) -> float | None:
    """How long ago the loop ``name`` last beat; None if it never did (or over an hour)."""
    last = cache.get(_key(name))
    return None if last is None else max(0.0, time.time() - last)
