"""Telling a table's connections that it changed, after the commit that changed it.

Group messages only say "table N changed, version V": every connection then renders its
own seat's view (play/socket/), so no hidden card ever travels through a group.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from play.snapshots import snapshots

log = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    """The channel group of a table's connections (every seat and spectator)."""
    return f"table-{table_id}"


_server_loop = None

def remember_server_loop(loop) -> None:
    """Called by the consumers: the event loop serving the sockets of this process."""
    global _server_loop
    _server_loop = loop

def group_send(table_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    group = group_name(table_id)
    loop = _server_loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            # In a server's database thread: hand the send to the event loop and return,
            # so the thread that serialises database work never waits on the sockets.
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            future.add_done_callback(_log_failed_send)
            return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a broadcast lost is repaired by the next one or a sync
        log.exception("broadcast to table %s failed", table_id)

def _log_failed_send(future):
    if not future.cancelled() and future.exception() is not None:
        log.error("table broadcast failed", exc_info=future.exception())

def broadcast_table_changed(
    table_id: int, version: int, game_id: int | None = None, snapshot_published: bool = False,
    presence: int | None = None, refresh: bool = False,
) -> None:
    """After commit: tell the table's connections to re-render (nothing private inside).

    ``presence``: the seat whose player's first socket opened or last one closed.
    ``refresh``: the table changed without a move (a rematch proposed or answered; a chip
    table waiting after its last hand: a cave, a seat taken): every connection reads it
    again whatever version it shows.

    A change that is not a move (a seat taken or left, a table closed) leaves this
    process's snapshot of the table behind: it is dropped, so the next reader reads the
    table again (a move publishes its snapshot first: play.actions.games.publish).
    """
    message = {"type": "table.changed", "version": version, "game_id": game_id}
    if presence is not None:
        # Who is connected changed (at that seat), not the game: the other connections
        # re-read the table whatever version they show (a seat number is public).
        message["presence"] = presence
    if refresh:
        message["refresh"] = True
    if not snapshot_published:
        transaction.on_commit(lambda: snapshots.forget(table_id))
    transaction.on_commit(lambda: group_send(table_id, message))
