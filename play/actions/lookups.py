"""Rows and engines an action function reads or locks inside its transaction."""

from __future__ import annotations

import time

from django.utils.translation import gettext_lazy as _

from cardgames.registry import UnknownGame, get_game
from play.actions.errors import ServiceError
from play.models import Game, Seat, Table


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
    try:
        return Game.objects.select_for_update().select_related("table").get(pk=game_id)
    except Game.DoesNotExist:
        raise ServiceError("not_found", _("Cette partie n'existe pas.")) from None

def seats_by_position(table: Table) -> dict[int, Seat]:
    """The table's seats by position, read once per transaction (the table is locked)."""
    cached = getattr(table, "_seats_by_position", None)
    if cached is None:
        # with who is connected (the turn e-mail goes to players with no socket open)
        cached = {s.position: s for s in table.seats.with_presence().select_related("user")}
        table._seats_by_position = cached
        # after the read: the table's snapshot keeps a presence read later (play/snapshots.py)
        table._seats_read_at = time.monotonic()
    return cached


def forget_seats(table: Table) -> None:
    """Seats were taken or freed in this transaction: read them again next time."""
    table.__dict__.pop("_seats_by_position", None)
