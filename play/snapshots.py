"""The latest snapshot of each table this process serves, shared by its connections.

A move is read from the database at most once per process: the process that made it
already holds every row the views are made from (the game it locked and saved, the seats
it read, the log lines it recorded), so after the commit it builds the new snapshot from
memory (``advance``) before the broadcast goes out. The other processes read the table
once when the broadcast reaches them (``get``), whatever their number of connections.

A snapshot is keyed by (game, version) and only serves a broadcast announcing that
version or an earlier one, so nothing in a process's memory can show a second process's
players an old position: a stale entry is simply read again. Presence and chat are not
versioned: a chat message drops the table's snapshot in every process (the consumers
hear of it), mutes are read again after CHAT_MAX_AGE seconds, presence after MAX_AGE.
"""

from __future__ import annotations

import copy
import threading
import time

from play.queries import (
    LOG_LINES,
    Snapshot,
    chat_and_hidden,
    load_snapshot,
    muted_ids,
    waiting_of,
)


class SnapshotCache:
    # Seconds a snapshot may stand for the table's presence (who is connected) when it
    # is asked for as it is now (a page opened, a presence broadcast): moves and chat
    # refresh it sooner.
    MAX_AGE = 2.0
    # The same for a snapshot asked for at a version or a step (a move's broadcast, a
    # re-check): every change of presence is broadcast and drops the table's snapshot,
    # so the age only bounds a presence broadcast lost. With 2 s, a process behind its
    # sockets by more than that (1,000 tables on two cores) read the table back once per
    # socket per move, which put it further behind (docs/performance.md, "The scale run").
    VERSIONED_MAX_AGE = 30.0
    # Seconds chat and mutes are carried from move to move before they are read again:
    # a message reaches every process (which then drops the table's snapshot), but a mute
    # made through another process is only seen when they are read again.
    CHAT_MAX_AGE = 30.0
    # Tables remembered before the oldest are forgotten (each holds one game's state).
    MAX_TABLES = 10_000

    def __init__(self):
        self._by_table: dict[int, Snapshot] = {}
        self._lock = threading.Lock()
        self.keeping = True

    def stop_keeping(self) -> None:
        """For a process that serves no socket (play_worker): nobody there reads a
        snapshot, so none is built or kept. Kept, they held every table it ever moved
        (issue 33: its memory grew with each table played)."""
        self.keeping = False
        with self._lock:
            self._by_table.clear()

    def peek(self, table_id: int, wanted=None) -> Snapshot | None:
        """The cached snapshot if it is at least as recent as ``wanted`` (a (game id,
        version) pair from a broadcast, or (game id, version, the table's sequence)) and
        young enough; None otherwise. No query."""
        with self._lock:
            snapshot = self._by_table.get(table_id)
        limit = self.MAX_AGE if wanted is None else self.VERSIONED_MAX_AGE
        if snapshot is None or time.monotonic() - snapshot.loaded_at >= limit:
            return None
        if wanted is None:
            return snapshot
        game_id, version, *sequence = wanted
        if snapshot.game is None or snapshot.key[0] != game_id or snapshot.key[1] < version:
            return None
        if sequence and snapshot.sequence < sequence[0]:
            return None  # the table changed beside its game (a seat, a cave) since
        return snapshot

    def get(self, table_id: int, wanted=None) -> Snapshot:
        """The cached snapshot if fresh enough for ``wanted``, else one read now."""
        snapshot = self.peek(table_id, wanted) if wanted is not None else None
        if snapshot is None:
            snapshot = load_snapshot(table_id)
            self.put(snapshot)
        return snapshot

    def peek_at_least(self, table_id: int, sequence: int) -> Snapshot | None:
        """The cached snapshot if it shows step ``sequence`` of the table or a later one;
        None otherwise. No query."""
        with self._lock:
            snapshot = self._by_table.get(table_id)
        if (snapshot is None or snapshot.sequence < sequence
                or time.monotonic() - snapshot.loaded_at >= self.VERSIONED_MAX_AGE):
            return None
        return snapshot

    def at_least(self, table_id: int, sequence: int) -> Snapshot:
        """A snapshot showing step ``sequence`` of the table or a later one (a re-check
        found the table there: play/socket/watch.py): the cached one if it does, else one
        read now."""
        snapshot = self.peek_at_least(table_id, sequence)
        if snapshot is None:
            snapshot = load_snapshot(table_id)
            self.put(snapshot)
        return snapshot

    def put(self, snapshot: Snapshot) -> None:
        """Keep ``snapshot`` unless a more recent one of the same game is already kept."""
        if not self.keeping:
            return
        table_id = snapshot.table.pk
        with self._lock:
            kept = self._by_table.get(table_id)
            newer_kept = kept is not None and (
                kept.sequence > snapshot.sequence
                or (kept.key[0] == snapshot.key[0] and kept.key[1] > snapshot.key[1])
            )
            if newer_kept:
                return
            if len(self._by_table) >= self.MAX_TABLES:
                self._by_table.clear()  # tables long gone; the live ones read once again
            self._by_table[table_id] = snapshot

    def advance(self, table, game, seats, fresh: list, previous_key, finished=None) -> None:
        """After a commit in this process: the snapshot of ``game`` at its new version,
        from the rows the transaction held. ``fresh`` are the log entries it recorded
        for this game, ``previous_key`` the (game id, version) it started from, and
        ``finished`` the hand a chained table ended to deal this one.

        The log continues the cached snapshot at ``previous_key``; a new game's log is
        its fresh messages. Without either, the next reader loads the table instead.
        """
        if not self.keeping:
            return
        with self._lock:
            before = self._by_table.get(table.pk)
        worded = {}
        if before is not None and before.key == previous_key:
            log = (before.log + fresh)[-LOG_LINES:]
            # the sentences already worded stay; the new lines are worded when read
            # (a copy first: a connection of another thread may be wording one now)
            worded = {lang: (lines + [None] * len(fresh))[-LOG_LINES:]
                      for lang, lines in dict(before.worded).items()}
        elif previous_key is None or previous_key[0] != game.pk:
            log = fresh[-LOG_LINES:]  # the table dealt a new game: its whole log
        else:
            self.forget(table.pk)
            return
        if before is not None and time.monotonic() - before.chat_read_at < self.CHAT_MAX_AGE:
            chat, hidden, muted = before.chat, before.chat_hidden, before.muted
            chat_read_at = before.chat_read_at
        else:
            (chat, hidden), muted = chat_and_hidden(table), muted_ids(table)
            chat_read_at = time.monotonic()
        if finished is not None:
            previous = finished  # a chained table's hand that just ended
        elif before is not None and before.key[0] == game.pk:
            previous = before.previous
        else:
            previous = None
        seats, seats_read_at = self._presence_since(before, table, seats)
        self.put(Snapshot(table=table, game=game, seats=seats, log=log, chat=chat,
                          chat_hidden=hidden, muted=muted, previous=previous,
                          chat_read_at=chat_read_at,
                          worded=worded, waiting=waiting_of(table, seats),
                          sequence=table.sequence, seats_read_at=seats_read_at))

    @staticmethod
    def _presence_since(before, table, seats):
        """The transaction's seats, with who is connected as recent as this process knows.

        A socket opening or closing locks its seat, not the table: a move may have read the
        seats before a player's last socket closed and commit after the table's connections
        read them again (``presence``). Its seats would then show that player connected
        until the next move; the presence read since is kept instead.
        """
        read_at = getattr(table, "_seats_read_at", 0.0)
        if before is None or before.seats_read_at <= read_at:
            return list(seats), read_at
        connected = {seat.pk: seat.connected for seat in before.seats}
        kept = []
        for seat in seats:
            if connected.get(seat.pk, seat.connected) != seat.connected:
                seat = copy.copy(seat)
                seat.connected = connected[seat.pk]
            kept.append(seat)
        return kept, before.seats_read_at

    def forget(self, table_id: int) -> None:
        with self._lock:
            self._by_table.pop(table_id, None)


snapshots = SnapshotCache()
