"""play_worker runs for days: what it keeps in memory must not grow with the tables it
plays (issue 33). The meld solver's memos have their own test (tests/engine/test_melds.py)."""

import random

import pytest
from django.core.management import call_command
from django.db import connection

from play.actions import do_act, do_play_now
from play.clock import scheduler
from play.management.commands import play_worker
from play.models import Game
from play.snapshots import snapshots
from tests.support.playing import random_move


@pytest.fixture
def worker_started(monkeypatch):
    """``manage.py play_worker`` started, its loop left out: the process as it is set up."""
    # given back to the other tests after (absent from the code before issue 33)
    monkeypatch.setattr(snapshots, "keeping", True, raising=False)

    async def no_loop(interval, stop):
        return None

    monkeypatch.setattr(play_worker, "run_forever", no_loop)
    call_command("play_worker")


@pytest.mark.django_db(transaction=True)  # the snapshots are made after the commits
def test_play_worker_keeps_no_snapshot_of_the_tables_it_moves(alice, settings,
                                                               worker_started):
    settings.PLAY_BOT_DELAY = 0
    table = do_play_now(alice, "all-fours")
    choose, rng, moved = random_move(table.engine), random.Random(33), 0
    while moved < 3:
        game = Game.objects.filter(table=table).latest("id")
        if game.state["actor"] == 0:
            do_act(game, alice, choose(game.state, rng), game.version)
        else:
            moved += len(scheduler.run_due())
    assert snapshots.peek(table.pk) is None
    assert not snapshots._by_table


@pytest.mark.django_db(transaction=True)
def test_a_scheduler_pass_leaves_no_query_in_debugs_log(settings):
    settings.DEBUG = True  # as the fault run's processes have it
    scheduler._run_due_and_close()
    scheduler._run_due_and_close()
    assert len(connection.queries_log) == 0
