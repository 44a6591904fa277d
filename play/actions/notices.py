"""A notice a seat's socket missed: the turn's clock starts again when it is shown.

A socket that finds itself behind its table (play/socket/watch.py: the periodic re-check,
a frame of its client, a worker's re-announce) catches up. If the version it missed gave
its seat the turn at a live table, the player could not have known: the time since the
turn began is given back, once (docs/protocol.md, "Notices at least once"). By
correspondence the turn e-mail is the notice, and days of thinking time do not hang on a
few seconds.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from play.actions import vacation
from play.actions.broadcast import broadcast_table_changed
from play.actions.lookups import lock_game, seats_by_position
from play.models import Game, Table

log = logging.getLogger(__name__)

# A notice this late at least gives the time back: the step a socket catches up just as
# its notice arrives (a race, not a loss) changes no clock.
GRACE = timedelta(seconds=1)


def turn_shown_late(game: Game | None, table: Table, position, now=None) -> bool:
    """Whether ``position``'s turn at this live table began more than GRACE ago (a test
    on rows in memory: no query)."""
    if game is None or game.status != Game.Status.PLAYING or game.actor != position:
        return False
    if table.pace != Table.Pace.LIVE or game.deadline is None:
        return False
    began = game.deadline - timedelta(seconds=table.move_seconds)
    return (now or timezone.now()) - began >= GRACE


def do_restart_missed_turn(game_id: int, version: int, position: int, now=None) -> int | None:
    """The seat at ``position`` is shown its turn (``version`` of the game) only now: its
    clock runs ``move_seconds`` from now. Returns the table's sequence the change is
    announced with, or None when nothing changed (the game moved on, or the turn was
    already given back)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        table = game.table
        if game.version != version or not turn_shown_late(game, table, position, now):
            return None
        seat = seats_by_position(table).get(position)
        start, game.vacation = (vacation.clock_start(table, seat, now) if seat is not None
                                else (now, None))
        game.deadline = start + timedelta(seconds=table.move_seconds)
        game.save(update_fields=["deadline", "vacation"])
        log.info("table %s: seat %s was shown version %s late; its clock starts again",
                 table.pk, position, version)
        return broadcast_table_changed(table.pk, game.version, game.pk)
