"""Every table socket of this process, re-checked on a period: notices at least once,
presence kept alive.

A table's notice (``table.changed``) is sent once, after the commit, by the process that
made the change; a process killed between its commit and its send, or a channel layer that
drops a message, leaves sockets on an old version. So every PLAY_SOCKET_RECHECK_SECONDS
this process's watcher reads the sequence of each table it has sockets at (one query for
all of them, however many sockets) and asks each socket that shows less to catch up
(``table.recheck``, handed to the socket in this process, ``deliver_here``: it is handled
in turn with the socket's other messages, never beside them, and never crosses Redis).
The same pass is the heartbeat of the process's ``Presence`` rows (one UPDATE): a socket
whose process stops beating stops counting as connected (play/actions/presence.py).

While the channel layer fails (Redis down: a group renewal fails), the pass runs every
OUTAGE_RECHECK_SECONDS instead, and a broadcast this process could not send is handed at
once to its own sockets at that table (``deliver_locally``): play goes on through the
database alone, every seat within about half a second of each move, until Redis is back.

The sockets also re-check on every frame their client sends (``latest``): the reading of
a table is shared by the process's sockets there and made at most once a second.

The same pass ends the sockets opened with a personal access token that has since been
revoked or has expired (one query for all the tokens held): each is told ``token.refused``
and closes as a socket opened with such a token would be refused (``not_authenticated``,
4401), within a period. A revocation (or a password change) reaches the sockets sooner,
through their player's group (accounts/socket_credentials.py); this pass is what a token
that merely expires, or a message the channel layer lost, still relies on.
"""

from __future__ import annotations

import asyncio
import logging
import time

from channels.db import database_sync_to_async

from accounts.socket_credentials import group_name as credentials_group
from accounts.tokens import still_usable
from play.actions import broadcast
from play.actions.broadcast import group_name
from play.actions.presence import do_heartbeat, recheck_seconds
from play.models import Table
from play.socket import memberships
from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)

# How old a table's reading may be when a frame asks for it: a table whose sockets all
# send frames is read at most once a second by this process.
FRAME_READING_SECONDS = 1.0
# The period of the re-check while the channel layer fails: the database is then the only
# way a move of another process reaches the sockets, so they read it twice a second (one
# query per process, for all its tables, only during the outage).
OUTAGE_RECHECK_SECONDS = 0.5


def _read(table_ids, presence_ids, token_ids=()):
    sequences = dict(Table.objects.filter(pk__in=table_ids).values_list("pk", "sequence"))
    return sequences, do_heartbeat(presence_ids), still_usable(token_ids)


def _token_of(consumer):
    """The personal access token a socket was opened with (None: the session's)."""
    return getattr(consumer, "api_token", None)


def _read_one(table_id):
    return Table.objects.filter(pk=table_id).values_list("sequence", flat=True).first()


class Watcher:
    """The table sockets of one event loop (a daphne process has one)."""

    def __init__(self, loop):
        self.loop = loop
        self.sockets: dict[int, set] = {}  # table id: its consumers here
        self.readings: dict[int, tuple[int, float]] = {}  # table id: (sequence, when read)
        self.task: asyncio.Task | None = None
        self.layer_failing = False  # the last group renewal failed: Redis is down

    def add(self, consumer) -> None:
        self.sockets.setdefault(consumer.table_id, set()).add(consumer)
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self._run())

    def discard(self, consumer) -> None:
        at_table = self.sockets.get(consumer.table_id)
        if at_table is not None:
            at_table.discard(consumer)
            if not at_table:
                del self.sockets[consumer.table_id]
                self.readings.pop(consumer.table_id, None)
        if not self.sockets and self.task is not None:
            self.task.cancel()  # nothing to watch; the next socket starts it again
            self.task = None

    async def latest(self, table_id: int, max_age: float = FRAME_READING_SECONDS) -> int | None:
        """The table's sequence, as read at most ``max_age`` seconds ago."""
        reading = self.readings.get(table_id)
        if reading is not None and time.monotonic() - reading[1] < max_age:
            return reading[0]
        sequence = await database_sync_to_async(_read_one)(table_id)
        if sequence is not None and table_id in self.sockets:
            self.readings[table_id] = (sequence, time.monotonic())
        return sequence

    def period(self) -> float:
        """Seconds to the next pass: shorter while the channel layer fails."""
        if self.layer_failing:
            return min(OUTAGE_RECHECK_SECONDS, recheck_seconds())
        return recheck_seconds()

    def deliver_locally(self, table_id: int, message: dict) -> None:
        """A broadcast this process could not send through the channel layer: its own
        sockets at the table get it all the same (the others at their next re-check)."""
        for consumer in list(self.sockets.get(table_id, ())):
            consumer.deliver_here(dict(message))
        if self.sockets:
            self.layer_failing = True

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.period())
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the database down: try next period
                if is_unavailable(error):
                    log.warning("socket re-check failed, a service is down (%r)", error)
                else:
                    log.warning("socket re-check failed", exc_info=True)

    async def beat(self) -> None:
        """One pass: renew the sockets' group memberships, read the tables, beat for the
        sockets, end those whose token was revoked or expired, ask the late ones to catch
        up and the ones whose row went to count themselves again."""
        consumers = [c for at_table in self.sockets.values() for c in at_table]
        # First, and whatever the database does: the groups hold only live sockets, all
        # renewed at once (play/socket/memberships.py); a failure means the layer is down.
        renewed = await _renew_memberships(consumers)
        if renewed and self.layer_failing:
            log.warning("the channel layer answers again: notices back through Redis")
        self.layer_failing = not renewed
        rows = {c.presence_id: c for c in consumers if c.presence_id is not None}
        held = {_token_of(c).pk for c in consumers if _token_of(c) is not None}
        sequences, gone, usable = await database_sync_to_async(_read)(
            list(self.sockets), list(rows), held)
        read_at = time.monotonic()
        for table_id, sequence in sequences.items():
            if table_id in self.sockets:
                self.readings[table_id] = (sequence, read_at)
        for consumer in consumers:
            token = _token_of(consumer)
            if token is not None and token.pk not in usable:
                await _tell(consumer, {"type": "token.refused"})
                continue
            sequence = sequences.get(consumer.table_id)
            if sequence is not None and consumer.shows_less_than(sequence):
                await _tell(consumer, {"type": "table.recheck", "sequence": sequence})
        for presence_id in gone:
            consumer = rows[presence_id]
            if consumer in self.sockets.get(consumer.table_id, ()):
                await _tell(consumer, {"type": "presence.renew"})


async def _renew_memberships(consumers) -> bool:
    """The sockets are in their tables' groups (and their players') again, as of now. The
    channel layer forgets a member CHANNEL_GROUP_EXPIRY seconds after it joined
    (config/settings.py): a killed process's channels leave the groups within that time
    instead of collecting notices nobody reads, and a live socket is renewed long before
    it; after a Redis restart, which empties the groups, the live sockets are back in
    theirs within a period."""
    if not consumers:
        return True
    pairs = []
    for consumer in consumers:
        pairs.append((group_name(consumer.table_id), consumer.channel_name))
        held = getattr(consumer, "credentials", None)
        if held is not None:  # its player's group (accounts/socket_credentials.py)
            pairs.append((credentials_group(held.user_id), consumer.channel_name))
    try:
        await memberships.renew(consumers[0].channel_layer, pairs)
    except Exception as error:  # Redis down: the next pass tries again
        if is_unavailable(error):
            log.warning("could not renew the sockets' groups, the channel layer is down "
                        "(%r)", error)
        else:
            log.warning("could not renew the sockets' groups", exc_info=True)
        return False
    return True


async def _tell(consumer, message) -> None:
    """Hand ``message`` to the socket in this process (no Redis on the way)."""
    consumer.deliver_here(message)


_watcher: Watcher | None = None


def watcher() -> Watcher:
    """This process's watcher (one per event loop: a test's loop gets its own)."""
    global _watcher
    loop = asyncio.get_running_loop()
    if _watcher is None or _watcher.loop is not loop:
        _watcher = Watcher(loop)
        broadcast.deliver_lost_broadcasts_with(_watcher.deliver_locally)
    return _watcher
