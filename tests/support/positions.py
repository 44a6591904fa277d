"""Positions for the bot tests: a seat's view reached by habitués playing a seeded game."""

from __future__ import annotations

import random

from cardgames import CHANCE, get_game


def seat_view(slug: str, seats: int, seed: int, wanted, options=None, seat: int = 0) -> dict:
    """The first view of ``seat`` for which ``wanted(view)`` holds, every seat playing as
    the habitué from a game shuffled by ``random.Random(seed)``."""
    game = get_game(slug)
    state = game.new(seats, options or {})
    rng = random.Random(seed)
    while state["actor"] is not None:
        actor = state["actor"]
        if actor == CHANCE:
            state = game.apply(state, game.chance_action(state, rng))
            continue
        view = game.view(state, actor)
        if actor == seat and wanted(view):
            return view
        state = game.apply(state, game.bot_action(view, rng, "habitue"))
    raise AssertionError(f"no such position in {slug} on seed {seed}")
