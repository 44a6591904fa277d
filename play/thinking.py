"""The bots' thinking, in processes of its own.

A maître's decision, and an appraisal (the « Conseil » button, a finished game's review),
costs tens of milliseconds of CPU. Computed in one of the server's threads it would hold
Python's global lock against the event loop that serves every socket of the process, and
share the processor with it: the audit that asked for this saw the maître get half its
budget on a busy server. So the search runs in a small pool of processes
(``THINKING_PROCESSES``, by default one per core, at most four) fed the seat's view only
(what that seat sees: nothing hidden crosses), and the caller's thread waits for the
answer without holding the lock. The cheap levels (débutant, habitué: well under a
millisecond) answer in the calling thread, where a round trip to another process would
cost more than the decision.

The pool's processes are forked from a clean server process (``forkserver``) with the
engines already imported, never from the threaded server itself. A pool that broke (a
process killed) is replaced at the next call, and that call falls back to thinking here;
a search that overruns ``SAFETY_SECONDS`` falls back to the habitué. ``THINKING_PROCESSES
= 0`` thinks in the calling thread (the test suite, a one-core machine).
"""

from __future__ import annotations

import concurrent.futures
import logging
import multiprocessing
import os
import random
import threading

from cardgames.core import DEFAULT_BOT_LEVEL
from cardgames.registry import get_game

log = logging.getLogger(__name__)

EXPENSIVE_LEVELS = frozenset({"maitre"})
# A work-budgeted search takes well under a second (docs/performance.md); past this the
# process is stuck or the machine drowning, and the table must not wait on it.
SAFETY_SECONDS = 5.0

_pool: concurrent.futures.ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


# ----- in the pool's processes ---------------------------------------------------------------
def _decide_here(slug: str, view: dict, level: str) -> dict:
    return get_game(slug).bot_action(view, random.SystemRandom(), level)


def _appraise_here(slug: str, view: dict, also: dict | None) -> dict | None:
    return get_game(slug).appraise(view, random.SystemRandom(), also)


def _process_id() -> int:
    return os.getpid()


# ----- in the server ----------------------------------------------------------------------------
def processes() -> int:
    from django.conf import settings

    return max(0, int(getattr(settings, "THINKING_PROCESSES", 0)))


def _executor() -> concurrent.futures.ProcessPoolExecutor | None:
    global _pool
    count = processes()
    if count == 0:
        return None
    with _pool_lock:
        if _pool is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload(["cardgames.registry", __name__])
            _pool = concurrent.futures.ProcessPoolExecutor(max_workers=count,
                                                           mp_context=context)
        return _pool


def _discard(pool) -> None:
    """Forget a broken pool (the next call starts another)."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the pool's processes (a test that started one; the server's exit)."""
    global _pool
    with _pool_lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=True, cancel_futures=True)


def submit(fn, *args) -> concurrent.futures.Future:
    """Run ``fn(*args)`` in the pool (or here, already done, when there is none or it just
    broke): the future of its answer."""
    pool = _executor()
    if pool is not None:
        try:
            return pool.submit(fn, *args)
        except concurrent.futures.process.BrokenProcessPool:
            log.warning("the thinking pool broke; starting another, thinking here meanwhile")
            _discard(pool)
    done = concurrent.futures.Future()
    try:
        done.set_result(fn(*args))
    except Exception as error:
        done.set_exception(error)
    return done


def _wait(future, fallback):
    """The future's answer; ``fallback()`` when it overran or its process died."""
    try:
        return future.result(timeout=SAFETY_SECONDS)
    except concurrent.futures.TimeoutError:
        future.cancel()
        log.error("a search overran %ss; answering without it", SAFETY_SECONDS)
    except concurrent.futures.process.BrokenProcessPool:
        log.warning("a thinking process died; answering here")
        pool = _pool
        if pool is not None:
            _discard(pool)
    return fallback()


def plan_decision(slug: str, view: dict, level: str) -> concurrent.futures.Future | None:
    """Start an expensive decision now (its answer read later by ``decision``); ``None`` for
    a cheap level, decided when it is read."""
    if level not in EXPENSIVE_LEVELS:
        return None
    return submit(_decide_here, slug, view, level)


def decision(slug: str, view: dict, level: str, planned=None) -> dict:
    """The bot's action at ``level`` for the seat whose view this is: an expensive level in
    the pool (``planned``, if ``plan_decision`` started it), a cheap one here."""
    if planned is None:
        planned = plan_decision(slug, view, level)
    if planned is None:
        return _decide_here(slug, view, level)
    return _wait(planned, lambda: _decide_here(slug, view, DEFAULT_BOT_LEVEL))


def appraisal(slug: str, view: dict, also: dict | None = None) -> dict | None:
    """The maître's appraisal of the seat's decision (``Game.appraise``), from the pool;
    ``None`` when it could not be had in time."""
    return _wait(submit(_appraise_here, slug, view, also), lambda: None)


def pool_process_id() -> int:
    """The id of a process answering for the pool (this one without a pool): the tests'
    proof that the thinking happens elsewhere."""
    return _wait(submit(_process_id), os.getpid)
