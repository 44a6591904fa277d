"""The games by slug. Modules are imported on first use so one broken game cannot stop the rest.

Adding a game is a new package exposing ``GAME`` plus one line here (or, for a game that
lives elsewhere, such as the test tree's duel, a call to ``register``). Everything else in
the site finds games through ``slugs()`` and ``get_game``.
"""

from __future__ import annotations

import importlib

from .core import Game

GAME_MODULES = {
    "ambigu": "cardgames.ambigu",
    "ascenseur": "cardgames.ascenseur",
    "ramponneau": "cardgames.ramponneau",
    "all-fours": "cardgames.all_fours",
    "remigio": "cardgames.remigio",
}
# The house games, in the order the site lists them. Registered games come after them.
SLUGS = tuple(GAME_MODULES)


class UnknownGame(KeyError):
    pass


def register(slug: str, module_name: str) -> None:
    """Add a game whose module (exposing ``GAME``) lives outside this package."""
    if slug in GAME_MODULES and GAME_MODULES[slug] != module_name:
        raise ValueError(f"{slug!r} is already the slug of {GAME_MODULES[slug]}")
    GAME_MODULES[slug] = module_name


def unregister(slug: str) -> None:
    if slug in SLUGS:
        raise ValueError(f"{slug!r} is a house game")
    GAME_MODULES.pop(slug, None)


def slugs() -> tuple[str, ...]:
    """Every registered game's slug, the house games first."""
    return tuple(GAME_MODULES)


def get_game(slug: str) -> Game:
    """The ``Game`` of that slug (each game module exposes it as ``GAME``)."""
    try:
        module_name = GAME_MODULES[slug]
    except KeyError:
        raise UnknownGame(slug) from None
    return importlib.import_module(module_name).GAME


def available_games() -> dict[str, Game]:
    """The games whose engines are present, by slug, in the registry's order."""
    games = {}
    for slug in slugs():
        try:
            games[slug] = get_game(slug)
        except ModuleNotFoundError:
            continue
    return games
