"""The in-process scheduler's wake-up call.

A move that hands the turn to a bot asks for a pass at the bot's due time, so bots answer
after exactly their delay instead of at the next tick. The action functions ring it
(after their commit) and the scheduler's loop listens; this module imports neither, so
the two never import each other. The production worker, in another process, just ticks.
"""

from __future__ import annotations

import asyncio

_wake: tuple[asyncio.AbstractEventLoop, asyncio.Event] | None = None


def listen() -> asyncio.Event:
    """The event the running loop waits on (called by the scheduler's loop, in its loop)."""
    global _wake
    event = asyncio.Event()
    _wake = (asyncio.get_running_loop(), event)
    return event


def wake_in(seconds: float) -> None:
    """Ask the in-process loop, from any thread, for a pass in ``seconds``."""
    if _wake is None:
        return
    loop, event = _wake
    if loop.is_closed():
        return
    loop.call_soon_threadsafe(loop.call_later, max(0.0, seconds), event.set)
