"""The games by slug. Modules are imported on first use so one broken game cannot stop the rest."""

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
SLUGS = tuple(GAME_MODULES)


class UnknownGame(KeyError):
    pass


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
    for slug in SLUGS:
        try:
            games[slug] = get_game(slug)
        except ModuleNotFoundError:
            continue
    return games
