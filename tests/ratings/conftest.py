"""Tables whose games finish between people (or not), for the ratings' tests."""

import random
from datetime import timedelta

import pytest
from django.db.models import F
from django.utils import timezone

from play.actions import do_act, do_add_bot, do_create_table, do_join, games
from play.models import Game
from ratings.fairness import MIN_OWN_MOVES, Conduct
from ratings.interface import rate_finished_game
from ratings.models import RatingChange
from tests.conftest import create_player
from tests.support.playing import default_move
from tests.support.tables import play_game_to_the_end


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def dora(db):
    return create_player("dora", verified=True)


@pytest.fixture
def seeded(monkeypatch):
    monkeypatch.setattr(games, "system_random", random.Random(11))


def human_table(owner, others, slug="all-fours", **options):
    table = do_create_table(owner, slug, seat_count=1 + len(others), **options)
    for user in others:
        do_join(table, user)
    return table


def play_out(table, users):
    """The table's game played to its end by ``users`` (seat → user), seeded moves."""
    return play_game_to_the_end(table.current_game(), users, random.Random(2),
                                choose=default_move(table.engine))


def play_moves(table, users, each=MIN_OWN_MOVES):
    """The players ``users`` (seat → user) play their seats' default moves, in turn,
    until each has made ``each`` moves of their own (the game still running); the moves
    each made."""
    engine = table.engine
    made = dict.fromkeys(users, 0)
    game = table.current_game()
    while min(made.values()) < each:
        assert game.status == Game.Status.PLAYING, "the game ended first"
        seat = engine.actor(game.state)
        do_act(game, users[seat], engine.default_action(game.state), game.version)
        made[seat] += 1
        game.refresh_from_db()
    return made


def fair(moves=MIN_OWN_MOVES):
    """What play tells of a game finished by hand (no log): every seat made ``moves``
    moves of its own, no bot played."""
    return lambda: Conduct(own_moves=dict.fromkeys(range(10), moves))


def rate(game, moves=MIN_OWN_MOVES):
    """Rate a game finished by hand as play would once each seat made ``moves`` moves."""
    rate_finished_game(game, fair(moves))


def a_day_passes():
    """Every game rated so far moves a day back: the same players' next games are under
    their daily limit again (ratings/fairness.py)."""
    RatingChange.objects.update(created_at=F("created_at") - timedelta(days=1))


def finish_by_hand(game, result, ending=""):
    """End a running game as the play app would (status, result, ``ending``) without
    playing it: the ratings read only these."""
    game.status = Game.Status.FINISHED
    game.result = result
    game.finished_at = timezone.now()
    game.ending = ending
    game.save(update_fields=["status", "result", "finished_at"])
    return game


@pytest.fixture
def finished_duel(alice, bob, seeded):
    """An All-fours game between alice and bob, played to its end."""
    table = human_table(alice, [bob])
    return play_out(table, {0: alice, 1: bob})


@pytest.fixture
def bot_game(alice, seeded):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_add_bot(table, alice)
    return play_out(table, {0: alice})
