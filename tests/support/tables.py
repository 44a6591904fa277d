"""Playing a table's game through the services, as players and the clock would."""

from __future__ import annotations

from play.actions import do_act
from play.clock.scheduler import run_due
from play.models import Game
from tests.support.playing import random_move


def play_game_to_the_end(game, players: dict, rng, choose=None, limit: int = 5000) -> Game:
    """``players`` (seat → user) act through ``do_act`` with ``choose(state, rng)`` (random
    legal moves by default); bots and timers act through the scheduler's ``run_due``."""
    choose = choose or random_move(game.table.engine)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return game
        user = players.get(game.state["actor"])
        if user is None:
            run_due()
            continue
        do_act(game, user, choose(game.state, rng), game.version)
    raise AssertionError("the game did not end")


def to_a_choice(table, seat, user, limit: int = 2000) -> Game:
    """Bots play (and ``user`` at ``seat`` any move that is the only one) until ``seat``
    has a choice to make."""
    for _ in range(limit):
        game = table.current_game()
        if game.actor != seat:
            run_due()
            continue
        legal = table.engine.legal_actions(game.state)
        if len(legal) > 1:
            return game
        do_act(game, user, legal[0], game.version)
    raise AssertionError("never a choice")
