"""Rows and engines an action function reads or locks inside its transaction."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cardgames.registry import UnknownGame, get_game
from play.actions.compiled import CompiledSelect, Parameter
from play.actions.errors import ServiceError
from play.models import Game, Presence, Seat, Table

# A move's two reads, compiled once (play/actions/compiled.py): its game locked with its
# table, and the table's seats with who is connected and their players.
_AN_ID = Parameter(
    -1_000_001, -1_000_002,
    lambda value, connection: Game._meta.pk.get_db_prep_value(value, connection),
)
_LOCKED_GAME = CompiledSelect(
    lambda game_id: Game.objects.select_for_update().select_related("table").filter(
        pk=game_id),
    game_id=_AN_ID,
)
_SEATS = CompiledSelect(
    lambda table_id, now: Seat.objects.filter(table_id=table_id).with_presence(now)
    .select_related("user"),
    table_id=_AN_ID,
    now=Parameter(
        datetime(1901, 1, 1, tzinfo=UTC), datetime(1902, 1, 1, tzinfo=UTC),
        lambda value, connection: Presence._meta.get_field("expires_at").get_db_prep_value(
            value, connection, prepared=False),
    ),
)


def engine_of(slug):
    try:
        return get_game(slug)
    except (UnknownGame, ModuleNotFoundError):
        raise ServiceError("bad_options", _("Jeu inconnu : %(slug)s."), slug=slug) from None

def lock_table(table) -> Table:
    table_id = table.pk if isinstance(table, Table) else table
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError("not_found", _("Cette table n'existe pas.")) from None

def lock_game(game) -> Game:
    game_id = game.pk if isinstance(game, Game) else game
    found = _LOCKED_GAME.rows(game_id=game_id)
    if not found:
        raise ServiceError("not_found", _("Cette partie n'existe pas."))
    return found[0]

def seats_by_position(table: Table) -> dict[int, Seat]:
    """The table's seats by position, read once per transaction (the table is locked)."""
    cached = getattr(table, "_seats_by_position", None)
    if cached is None:
        # with who is connected (the turn e-mail goes to players with no socket open)
        cached = {}
        for seat in _SEATS.rows(table_id=table.pk, now=timezone.now()):
            seat.table = table  # as ``table.seats`` would
            cached[seat.position] = seat
        table._seats_by_position = cached
        # after the read: the table's snapshot keeps a presence read later (play/snapshots.py)
        table._seats_read_at = time.monotonic()
    return cached


def forget_seats(table: Table) -> None:
    """Seats were taken or freed in this transaction: read them again next time."""
    table.__dict__.pop("_seats_by_position", None)
