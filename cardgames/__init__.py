"""Taverne's card games as a pure-Python library: no Django, no I/O (a test keeps it so).

One package per game (its rules in ``game``, its bot in ``bot``), the shared pieces beside
them: ``core`` (the contract every game follows), ``cards``, ``poker`` (hand evaluation),
``melds`` (the Remigio meld solver), ``registry`` and ``selfplay``. See docs/engine.md.
"""

from .core import CHANCE, BadOptions, Game, IllegalAction, Option, clone, from_json, replay, to_json
from .registry import SLUGS, available_games, get_game, register, slugs, unregister

__all__ = [
    "CHANCE",
    "BadOptions",
    "Game",
    "IllegalAction",
    "Option",
    "SLUGS",
    "available_games",
    "clone",
    "from_json",
    "get_game",
    "register",
    "replay",
    "slugs",
    "to_json",
    "unregister",
]
