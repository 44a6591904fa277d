"""Playing an engine's game forward: the tests' one loop for "chance shuffles, seats choose".

``play_out`` runs a state to its end (or until ``stop``); chance always shuffles with the
test's seeded ``rng``; each seat's move comes from ``choose(state, rng)``, by default a
random legal action. ``each(before, action, after)`` sees every step, for the checks a
test makes along the way.
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames import CHANCE
from cardgames.core import concrete


def random_move(game):
    """A seat's move drawn at random among its legal actions (free parts at random too)."""

    def choose(state, rng):
        legal = game.legal_actions(state)
        assert legal, f"{game.slug}: seat {state['actor']} is to act with nothing legal"
        return concrete(rng.choice(legal), rng)

    return choose


def default_move(game):
    """What a seat whose time ran out plays."""
    return lambda state, rng: game.default_action(state)


def bots_at(game, seats, otherwise=None, level=None):
    """The game's bot (deciding from its seat's view) at ``seats``, ``otherwise`` elsewhere."""
    otherwise = otherwise or random_move(game)
    extra = {} if level is None else {"level": level}

    def choose(state, rng):
        seat = state["actor"]
        if seat in seats:
            return game.bot_action(game.view(state, seat), rng, **extra)
        return otherwise(state, rng)

    return choose


def play_out(
    game,
    state,
    rng,
    choose: Callable | None = None,
    each: Callable | None = None,
    stop: Callable | None = None,
    log: list | None = None,
):
    """The state at the end of the game (or when ``stop(state)`` holds)."""
    choose = choose or random_move(game)
    while state["actor"] is not None and not (stop and stop(state)):
        if state["actor"] == CHANCE:
            action = game.chance_action(state, rng)
        else:
            action = choose(state, rng)
        after = game.apply(state, action)
        if each is not None:
            each(state, action, after)
        if log is not None:
            log.append(action)
        state = after
    return state
