"""Telling a table's connections that it changed, after the commit that changed it.

Group messages only say "table N changed, version V": every connection then renders its
own seat's view (play/socket/), so no hidden card ever travels through a group.

A notice is sent once and may be lost (the process killed between its commit and its
send, the channel layer down): the sockets re-check their table's sequence on a period
(play/socket/watch.py), and a worker that starts re-announces the live tables
(``reannounce_live_tables``), so every seat reaches every version at least once.
"""

from __future__ import annotations

import asyncio
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection, transaction

from play.models import Table
from play.snapshots import snapshots
from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)


def group_name(table_id: int) -> str:
    """The channel group of a table's connections (every seat and spectator)."""
    return f"table-{table_id}"


_server_loop = None
# Where a broadcast the channel layer refused goes instead: this process's own sockets at
# the table (play/socket/watch.py registers it; this layer imports nothing above it).
_deliver_lost = None


def remember_server_loop(loop) -> None:
    """Called by the consumers: the event loop serving the sockets of this process."""
    global _server_loop
    _server_loop = loop


def deliver_lost_broadcasts_with(deliver) -> None:
    """``deliver(table_id, message)``, called in the server's event loop, hands a
    broadcast the channel layer could not take (Redis down) to this process's sockets."""
    global _deliver_lost
    _deliver_lost = deliver

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
            future = asyncio.run_coroutine_threadsafe(
                _send_or_deliver_here(layer, group, table_id, message), loop)
            future.add_done_callback(lambda done: _log_failed_send(done, table_id))
            return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception as error:  # a broadcast lost is made good by the sockets' re-check
        _log_lost(table_id, error)

async def _send_or_deliver_here(layer, group, table_id, message):
    """The group send; if the channel layer fails, this process's sockets at the table
    get the message all the same (the other processes' at their next re-check)."""
    try:
        await layer.group_send(group, message)
    except Exception as error:
        if _deliver_lost is not None and is_unavailable(error):
            _deliver_lost(table_id, message)
        raise


def _log_failed_send(future, table_id):
    if not future.cancelled() and future.exception() is not None:
        _log_lost(table_id, future.exception())

def _log_lost(table_id, error) -> None:
    """Redis down is no bug (a warning, no traceback): the sockets' next re-check
    (play/socket/watch.py) brings them the change all the same."""
    if is_unavailable(error):
        log.warning("broadcast to table %s lost, a service is down (%r)", table_id, error)
    else:
        log.error("broadcast to table %s failed", table_id, exc_info=error)

def next_sequence(table_id: int) -> int:
    """One more change at the table: its ``sequence``, raised in this transaction (the
    services hold the table's row already: a move locks its game with its table)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Table._meta.db_table} SET sequence = sequence + 1 WHERE id = %s "
            "RETURNING sequence",
            [table_id],
        )
        row = cursor.fetchone()
    return row[0] if row else 0


class _Announcement:
    """The ``table.changed`` message a transaction sends when it commits: one per table
    and transaction, so a service that changes a table twice (a hand settled, then the
    table waiting) makes one step of its sequence, one frame per connection."""

    def __init__(self, table_id: int, message: dict, forget: bool):
        self.table_id = table_id
        self.message = message
        self.forget = forget
        self.open = True  # False once a later step of the sequence was taken apart

    def __call__(self):
        self.open = False  # sent (a test may run on-commit callbacks inside its atomic)
        if self.forget:
            snapshots.forget(self.table_id)
        group_send(self.table_id, self.message)


def _pending(table_id: int) -> _Announcement | None:
    """This transaction's announcement for the table, if one waits for the commit (a
    rollback, of the transaction or of the savepoint that made it, drops it with the
    sequence it took)."""
    db = transaction.get_connection()
    if not db.in_atomic_block:
        return None
    for _savepoints, callback, _robust in db.run_on_commit:
        if (isinstance(callback, _Announcement) and callback.table_id == table_id
                and callback.open):
            return callback
    return None


def close_announcement(table_id: int) -> None:
    """The next change of the table in this transaction takes a step of its own (a
    chained table's finished hand keeps the step it took; the next hand takes another)."""
    pending = _pending(table_id)
    if pending is not None:
        pending.open = False


def broadcast_table_changed(
    table_id: int, version: int, game_id: int | None = None, snapshot_published: bool = False,
    presence: int | None = None, refresh: bool = False,
) -> int | None:
    """After commit: tell the table's connections to re-render (nothing private inside).
    Returns the table's sequence this change is announced with (None for presence).

    ``presence``: the seat whose player's first socket opened or last one closed (no
    step of the sequence: who is connected is no change of the table).
    ``refresh``: the table changed without a move (a rematch proposed or answered; a chip
    table waiting after its last hand: a cave, a seat taken): every connection reads it
    again whatever version it shows.

    A change that is not a move (a seat taken or left, a table closed) leaves this
    process's snapshot of the table behind: it is dropped, so the next reader reads the
    table again (a move publishes its snapshot first: play.actions.games.publish).
    """
    if presence is not None:
        # Who is connected changed (at that seat), not the game: the other connections
        # re-read the table whatever version they show (a seat number is public).
        message = {"type": "table.changed", "version": version, "game_id": game_id,
                   "presence": presence}
        transaction.on_commit(lambda: snapshots.forget(table_id))
        transaction.on_commit(lambda: group_send(table_id, message))
        return None
    pending = _pending(table_id)
    if pending is not None:
        pending.message.update(version=version, game_id=game_id)
        pending.message["refresh"] = pending.message.get("refresh", False) or refresh
        pending.forget = pending.forget or not snapshot_published
        return pending.message["sequence"]
    sequence = next_sequence(table_id)
    message = {"type": "table.changed", "version": version, "game_id": game_id,
               "sequence": sequence, "refresh": refresh}
    transaction.on_commit(_Announcement(table_id, message, forget=not snapshot_published))
    return sequence


# Tables re-announced by a starting worker at most (the most recently changed first); the
# sockets' own re-check reaches the others within PLAY_SOCKET_RECHECK_SECONDS.
REANNOUNCE_LIMIT = 2000


def reannounce_live_tables() -> int:
    """Tell the connections of every live table being played the table's sequence
    (``table.recheck``): a socket that shows less catches up, the others ignore it. Called
    by a worker when it starts: the worker it replaces may have committed a move and died
    before its notice went out. Returns the number of tables told."""
    tables = (
        Table.objects.filter(status=Table.Status.PLAYING, pace=Table.Pace.LIVE)
        .order_by("-updated_at", "-pk").values_list("pk", "sequence")[:REANNOUNCE_LIMIT]
    )
    told = 0
    for table_id, sequence in tables:
        group_send(table_id, {"type": "table.recheck", "sequence": sequence})
        told += 1
    return told
