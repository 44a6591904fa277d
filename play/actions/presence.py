"""Who has a socket open at a table: a ``Presence`` row per open socket of a seated player.

A row is added when the socket opens (``do_connect``) and deleted when it closes
(``do_disconnect``, from the consumer's ``finally``). While the socket lives, its process
pushes the row's expiry on (``do_heartbeat``, every PLAY_SOCKET_RECHECK_SECONDS: the
process's watcher, play/socket/watch.py); a process that dies stops doing so, and its
rows stop counting PLAY_PRESENCE_SECONDS later. ``do_sweep_presence`` (the scheduler's
loop) deletes the expired rows.

When a seated player's first socket opens, or their last one closes or expires, the
table's connections hear of it (``table.changed`` with ``presence``), so the seats show who
is there; a player whose last socket expired during their turn is sent the turn e-mail.
"""

from __future__ import annotations

from datetime import timedelta
from typing import NamedTuple

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from notices.interface import mark_table_read
from play.actions.account_events import turn_given
from play.actions.broadcast import broadcast_table_changed
from play.models import Game, Presence, Seat

# Expired rows swept per call at most; the rest wait for the next sweep.
SWEEP_BATCH = 500


def recheck_seconds() -> float:
    """How often a process re-checks its tables and beats for its sockets."""
    return float(getattr(settings, "PLAY_SOCKET_RECHECK_SECONDS", 5))


def presence_seconds() -> float:
    """How long a socket counts as open after its process's last heartbeat: several
    heartbeats, so that one slow pass does not mark anybody away."""
    return float(getattr(settings, "PLAY_PRESENCE_SECONDS", 6 * recheck_seconds()))


def _expiry(now):
    return now + timedelta(seconds=presence_seconds())


def _live(seat, now):
    return Presence.objects.filter(seat=seat, expires_at__gt=now)


class Opened(NamedTuple):
    """A seated player's socket, counted: the seat's position and the socket's row."""

    position: int
    presence_id: int


def do_connect(table_id, user, channel: str = "", now=None) -> Opened | None:
    """A websocket of a seated player opened: its row. None for a spectator."""
    now = now or timezone.now()
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is None:
            return None
        first = not _live(seat, now).exists()
        row = Presence.objects.create(seat=seat, channel=channel[:200], expires_at=_expiry(now))
        # The table is before the player's eyes: its notices are read (the bell follows).
        mark_table_read(user.pk, table_id)
        if first:
            broadcast_table_changed(table_id, 0, presence=seat.position)
        return Opened(seat.position, row.pk)


def do_disconnect(presence_id: int, now=None) -> None:
    """A seated player's socket closed: its row goes; the table hears of it if it was the
    seat's last."""
    now = now or timezone.now()
    seat_id = Presence.objects.filter(pk=presence_id).values_list("seat_id", flat=True).first()
    if seat_id is None:
        return  # already swept, or its seat freed
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(pk=seat_id).first()
        if seat is None:
            return
        deleted, _ = Presence.objects.filter(pk=presence_id).delete()
        if deleted and not _live(seat, now).exists():
            broadcast_table_changed(seat.table_id, 0, presence=seat.position)


def do_heartbeat(presence_ids, now=None) -> set[int]:
    """The sockets of one process are still open: their rows live on. Returns the ids
    that are gone or expired already (swept while the process was stalled, the database
    down): their sockets are counted again with ``do_connect``."""
    now = now or timezone.now()
    ids = set(presence_ids)
    if not ids:
        return set()
    beating = Presence.objects.filter(pk__in=ids, expires_at__gt=now)
    if beating.update(expires_at=_expiry(now)) == len(ids):
        return set()
    return ids - set(Presence.objects.filter(pk__in=ids, expires_at__gt=now)
                     .values_list("pk", flat=True))


def do_sweep_presence(now=None) -> int:
    """Delete the rows whose process stopped beating (one transaction per seat, its row
    locked); a seat left with no open socket is shown away, and sent the turn e-mail if
    it is its turn. Returns the number of seats swept."""
    now = now or timezone.now()
    seat_ids = list(
        Presence.objects.filter(expires_at__lte=now).order_by("seat_id")
        .values_list("seat_id", flat=True).distinct()[:SWEEP_BATCH]
    )
    for seat_id in seat_ids:
        _sweep_seat(seat_id, now)
    return len(seat_ids)


def _sweep_seat(seat_id, now) -> None:
    with transaction.atomic():
        seat = (Seat.objects.select_for_update(of=("self",)).select_related("user", "table")
                .filter(pk=seat_id).first())
        if seat is None:
            return
        deleted, _ = Presence.objects.filter(seat=seat, expires_at__lte=now).delete()
        if not deleted or _live(seat, now).exists():
            return
        broadcast_table_changed(seat.table_id, 0, presence=seat.position)
        # Its socket died (the process, the network) during its turn: the page it shows
        # may be stale, so the player is told as if away when the turn started.
        game = (Game.objects.filter(table_id=seat.table_id, status=Game.Status.PLAYING,
                                    actor=seat.position, deadline__isnull=False)
                .order_by("-number").first())
        if game is not None and seat.user_id is not None and not seat.played_by_bot:
            seat.connected = False
            turn_given(game, seat.table, seat, now)
