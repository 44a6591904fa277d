"""Pure-Python card game engines: no Django here (a test enforces it). See docs/engine.md."""

from .core import CHANCE, BadOptions, Game, IllegalAction, Option, clone, from_json, replay, to_json
from .registry import SLUGS, available_games, get_game

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
    "replay",
    "to_json",
]
