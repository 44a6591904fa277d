"""The economy's game table: what the economy does with each game.

The only place a game's slug appears on the economy's side. A game missing from the
table is played without écus and without a limit on hands (staff may still set one in
the admin: ``HandAllowance``). An entry gives:

- ``daily_hands``: the free hands a day when staff set none (``None``: unlimited);
- ``chips``: the game is played for écus at its tables (not practice tables). Its engine
  says how its chips are read and carried (``Game.chips``, cardgames/chips.py); the entry
  adds the site's numbers: the cave bounds counted in the engine's cave unit (the big
  blind, the ante), the unit's name in a refusal, and whether tavern keepers open tables
  of the game with a deck of cards (and may narrow its bounds).

A new chip game adds its entry here; nothing else in the economy names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from cardgames import get_game
from cardgames.chips import ChipRules
from taverne.games import game_name


@dataclass(frozen=True)
class ChipTables:
    """How a game is played for écus at its tables."""

    cave_units: tuple[int, int]  # the fewest and most chips after a cave, in cave units
    unit_name: str  # the cave unit in a sentence ("grosses blindes"), translated
    taverns: bool = False  # tavern keepers open its tables with a deck of cards
    # Table options only a tavern keeper sets (the rake): refused at any other table.
    keeper_options: tuple[str, ...] = ()


@dataclass(frozen=True)
class EconomyGame:
    daily_hands: int | None = None  # free hands a day without a HandAllowance row
    chips: ChipTables | None = None


GAMES: dict[str, EconomyGame] = {
    "ramponneau": EconomyGame(
        daily_hands=20,
        chips=ChipTables(cave_units=(10, 100), unit_name=_("grosses blindes"), taverns=True,
                         keeper_options=("rake_percent", "rake_cap", "no_flop_no_drop")),
    ),
    # 20 to 200 antes: enough for a few deals of vades and renvis, never a bottomless
    # stack. No tavern keeper narrows them.
    "ambigu": EconomyGame(chips=ChipTables(cave_units=(20, 200), unit_name=_("antes"))),
}

NOT_IN_THE_TABLE = EconomyGame()


def entry(game_slug: str) -> EconomyGame:
    return GAMES.get(game_slug, NOT_IN_THE_TABLE)


def chip_tables(game_slug: str) -> ChipTables | None:
    """How the game is played for écus, or None when it is not."""
    return entry(game_slug).chips


def is_chip_game(game_slug: str) -> bool:
    return chip_tables(game_slug) is not None


def is_chip_table(table) -> bool:
    """A table played for écus: a chip game's table that is not a practice table."""
    return is_chip_game(table.game_slug) and not table.practice


def chip_rules(game_slug: str) -> ChipRules:
    """The engine's reading of the game's chips (every chip game's engine has one)."""
    rules = get_game(game_slug).chips
    if rules is None:
        raise LookupError(f"{game_slug} is a chip game here but its engine has no chips")
    return rules


def daily_hands(game_slug: str) -> int | None:
    """Free hands a day when staff set none; None: unlimited."""
    return entry(game_slug).daily_hands


def keeper_options(game_slug: str) -> tuple[str, ...]:
    """The game's table options that only a tavern keeper sets (none for most games)."""
    chips = chip_tables(game_slug)
    return chips.keeper_options if chips else ()


def tavern_game() -> str:
    """The game whose tables tavern keepers open with a deck of cards."""
    return next(slug for slug, game in GAMES.items() if game.chips and game.chips.taverns)



def name_or_slug(game_slug: str) -> str:
    """The game's name in the reader's language, or its slug if no engine has it (a
    contest staff typed a slug for by hand): a page that lists games never fails on one."""
    return game_name(game_slug)
