"""Concurrent submissions apply once: the row lock on the game serialises them.

Real concurrency needs a database with row locks: these tests run on PostgreSQL (CI sets
DATABASE_URL). SQLite has no SELECT ... FOR UPDATE and serialises writers by locking
the whole file, so threads there test the driver's retry, not our locking.
"""

import pytest

from play.actions import ServiceError, do_act, do_add_bot, do_create_table, do_join
from play.clock.scheduler import run_due
from play.models import Action
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def human_turn(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    for _ in range(10):
        game = table.current_game()
        if game.state["actor"] in (0, 1):
            return game, (alice, bob)[game.state["actor"]]
        run_due()
    raise AssertionError("no human turn")


def refusal_codes(outcomes):
    """A refused submission as its code; anything else unexpected fails the test."""
    for outcome in outcomes:
        if isinstance(outcome, Exception) and not isinstance(outcome, ServiceError):
            raise outcome
    return [o.code if isinstance(o, ServiceError) else o for o in outcomes]


def test_the_same_submission_from_many_threads_is_applied_once(alice, bob):
    game, user = human_turn(alice, bob)
    action = game.table.engine.legal_actions(game.state)[0]

    outcomes = refusal_codes(
        race(8, lambda n: do_act(game.pk, user, action, game.version, client_id="same"))
    )

    applied = [o for o in outcomes if not isinstance(o, str) and not o.duplicate]
    duplicates = [o for o in outcomes if not isinstance(o, str) and o.duplicate]
    assert len(applied) == 1 and len(duplicates) == 7, outcomes
    assert Action.objects.filter(game=game, client_id="same").count() == 1
    assert Action.objects.filter(game=game, source="player").count() == 1


def test_different_submissions_for_one_version_apply_once(alice, bob):
    game, user = human_turn(alice, bob)
    action = game.table.engine.legal_actions(game.state)[0]

    outcomes = refusal_codes(
        race(8, lambda n: do_act(game.pk, user, action, game.version, client_id=f"c{n}"))
    )

    applied = [o for o in outcomes if not isinstance(o, str)]
    assert len(applied) == 1, outcomes
    assert set(o for o in outcomes if isinstance(o, str)) <= {"stale"}
    assert Action.objects.filter(game=game, source="player").count() == 1
