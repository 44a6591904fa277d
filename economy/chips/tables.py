"""A chip table's rules and bounds, and the hand in play, as the economy reads them.

The game's own knowledge (what the bounds count in, who is dealt in, the chips of a seat)
comes from its engine (``Game.chips``, cardgames/chips.py); the site's numbers from the
economy's game table (economy/games.py).
"""

from __future__ import annotations

from cardgames.chips import ChipRules
from economy import games
from economy.host import table_host
from economy.models import ChipMovement, TableBankroll, TableEconomy
from play.models import Game, Seat, Table

Status = TableBankroll.Status
Kind = ChipMovement.Kind


def rules_of(table: Table) -> ChipRules:
    return games.chip_rules(table.game_slug)


def table_economy(table: Table) -> TableEconomy:
    """The table's bounds and settlement, created with the game's bounds (or those the
    tavern keeper chose, in ``table.stakes``) the first time they are needed."""
    stakes = table.stakes or {}
    low, high = games.chip_tables(table.game_slug).cave_units
    econ, _ = TableEconomy.objects.get_or_create(
        table=table,
        defaults={
            "cave_min_bb": stakes.get("cave_min_bb", low),
            "cave_max_bb": stakes.get("cave_max_bb", high),
        },
    )
    return econ


def cave_unit(table: Table) -> int:
    """What the bounds count in, in chips: the big blind, the ante..."""
    return rules_of(table).cave_unit(table.options)


def cave_bounds(table: Table) -> tuple[int, int]:
    """The least and most chips a player may have at the table after a cave."""
    econ = table_economy(table)
    unit = cave_unit(table)
    return econ.cave_min_bb * unit, econ.cave_max_bb * unit


def latest_game(table: Table) -> Game | None:
    return table.games.order_by("-number").first()


def chips_in_hand(table: Table, seat: Seat | None) -> int | None:
    """Chips of a seat in the hand being played (None: not dealt in it)."""
    game = latest_game(table)
    if game is None or game.status != Game.Status.PLAYING or seat is None:
        return None
    return rules_of(table).chips_in_hand(game.state, seat.position)


def announce(table: Table) -> None:
    """Tell the table's viewers it changed (after the commit)."""
    table_host().table_changed(table)


def seats_changed(table: Table) -> None:
    table_host().seats_changed(table)
