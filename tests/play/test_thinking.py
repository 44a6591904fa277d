"""The maîtres think in processes of their own, never in the server's (play/thinking.py)."""

import concurrent.futures
import os
import signal

import pytest

from cardgames.core import concrete
from play import thinking
from play.actions import do_act, do_add_bot, do_create_table
from play.actions.scheduled import do_bot_move, plan_bot_move
from play.models import Action


@pytest.fixture
def pool(settings):
    settings.THINKING_PROCESSES = 1
    yield
    thinking.shutdown()


def maitre_table(alice):
    """Alice and two maîtres at L'Ascenseur, the first bid due from a maître."""
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_add_bot(table, alice, position=1, level="maitre")
    do_add_bot(table, alice, position=2, level="maitre")
    table.refresh_from_db()
    game = table.current_game()
    for _ in range(10):
        if game.bot_due_at is not None:
            return table, game
        do_act(game, alice, concrete(table.engine.legal_actions(game.state)[0]), game.version)
        game.refresh_from_db()
    raise AssertionError("no bot turn came")


def last_action(game):
    return Action.objects.filter(game=game).order_by("-seq").first()


def test_a_maitre_thinks_in_another_process(pool):
    assert thinking.pool_process_id() != os.getpid()


def test_without_a_pool_the_thinking_happens_here():
    assert thinking.pool_process_id() == os.getpid()


def test_a_cheap_level_decides_without_the_pool(alice, monkeypatch):
    table, game = maitre_table(alice)
    monkeypatch.setattr(thinking, "submit", lambda *a: pytest.fail("the pool was asked"))
    view = table.engine.view(game.state, game.state["actor"])
    action = thinking.decision("ascenseur", view, "habitue")
    assert table.engine.can_apply(game.state, action) is None


@pytest.mark.django_db(transaction=True)
def test_the_scheduler_plays_the_maitres_decision_made_in_the_pool(pool, alice, monkeypatch):
    table, game = maitre_table(alice)
    planned = plan_bot_move(game.pk)
    assert planned is not None and planned[0] == game.version
    action = planned[1].result(timeout=thinking.SAFETY_SECONDS)
    monkeypatch.setattr(thinking, "submit", lambda *a: pytest.fail("thought twice"))
    do_bot_move(game.pk, now=game.bot_due_at, planned=planned)
    logged = last_action(game)
    assert logged.action == action and logged.source == Action.Source.BOT


def test_a_decision_planned_before_the_game_moved_is_not_played(alice, monkeypatch):
    table, game = maitre_table(alice)
    legal = [concrete(entry) for entry in table.engine.legal_actions(game.state)]
    stale, fresh = legal[0], legal[-1]
    monkeypatch.setattr(thinking, "_decide_here", lambda slug, view, level: fresh)
    future = concurrent.futures.Future()
    future.set_result(stale)
    do_bot_move(game.pk, now=game.bot_due_at, planned=(game.version - 1, future))
    assert last_action(game).action == fresh


@pytest.mark.django_db(transaction=True)
def test_a_thinking_process_that_dies_does_not_stall_the_table(pool, alice):
    table, game = maitre_table(alice)
    os.kill(thinking.pool_process_id(), signal.SIGKILL)
    view = table.engine.view(game.state, game.state["actor"])
    action = thinking.decision("ascenseur", view, "maitre")
    assert table.engine.can_apply(game.state, action) is None
    # and the next decision has a pool again
    assert thinking.pool_process_id() != os.getpid()
