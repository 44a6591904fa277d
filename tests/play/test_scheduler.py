"""Timers and bots: moves that are due are played through the same service path."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play.actions import do_act, do_add_bot, do_create_table, do_join, do_play_now
from play.clock.scheduler import inprocess_enabled, run_due
from play.models import Action, Game


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def human_turn_game(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    for _ in range(10):
        game = table.current_game()
        if game.state["actor"] in (0, 1):
            return game
        run_due()
    raise AssertionError("no human turn")


def test_a_human_turn_has_a_deadline_and_no_bot_time(alice, bob):
    game = human_turn_game(alice, bob)

    assert game.bot_due_at is None
    left = (game.deadline - timezone.now()).total_seconds()
    assert 50 < left <= 60
    assert game.actor == game.state["actor"]


def test_nothing_happens_before_the_deadline(alice, bob):
    game = human_turn_game(alice, bob)
    version = game.version

    assert run_due() == []

    game.refresh_from_db()
    assert game.version == version


def test_a_timeout_plays_the_default_action(alice, bob):
    game = human_turn_game(alice, bob)
    engine = game.table.engine
    expected = engine.default_action(game.state)
    version, actor = game.version, game.state["actor"]

    moved = run_due(now=game.deadline + timedelta(seconds=1))

    assert game.pk in moved
    logged = Action.objects.get(game=game, seq=version + 1)
    assert logged.source == "timer" and logged.seat == actor and logged.user is None
    assert logged.action == expected


def test_a_timeout_is_played_once_even_if_run_twice(alice, bob):
    game = human_turn_game(alice, bob)
    later = game.deadline + timedelta(seconds=1)
    version = game.version

    run_due(now=later)
    game.refresh_from_db()
    after_first = game.version
    run_due(now=later)

    game.refresh_from_db()
    # The second pass only plays what became due anew (the bot's move, if any).
    assert Action.objects.filter(game=game, seq=version + 1, source="timer").count() == 1
    assert not Action.objects.filter(game=game, seq__gt=after_first, source="timer").exists() \
        or game.version > after_first


def test_bots_move_through_the_services_after_their_delay(alice, settings):
    settings.PLAY_BOT_DELAY = 0.8
    table = do_play_now(alice, "ascenseur")
    game = table.current_game()
    while game.state["actor"] == 0:  # alice first: let her time run out
        run_due(now=game.deadline + timedelta(seconds=1))
        game.refresh_from_db()
    assert game.bot_due_at is not None and game.deadline is None
    version = game.version

    assert run_due(now=timezone.now()) == []  # not yet: a human should see it coming
    moved = run_due(now=game.bot_due_at + timedelta(milliseconds=1))

    assert moved == [game.pk]
    bot_move = Action.objects.get(game=game, seq=version + 1)
    assert bot_move.source == "bot" and bot_move.seat != 0 and bot_move.user is None
    game.refresh_from_db()
    assert game.version > version


def test_a_practice_game_plays_to_the_end_with_timers_and_bots(alice):
    table = do_play_now(alice, "ascenseur")
    game = table.current_game()
    for _ in range(3000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        run_due(now=timezone.now() + timedelta(days=1))
    else:
        raise AssertionError("the practice game did not end")
    sources = set(game.actions.values_list("source", flat=True))
    assert sources == {"chance", "bot", "timer"}
    assert game.result["winners"]


def test_the_inprocess_scheduler_is_on_by_default_without_redis(settings):
    del settings.PLAY_INPROCESS_SCHEDULER
    settings.REDIS_URL = None
    assert inprocess_enabled()
    settings.REDIS_URL = "redis://localhost:6379/0"
    assert not inprocess_enabled()
    settings.PLAY_INPROCESS_SCHEDULER = True
    assert inprocess_enabled()


def test_a_wake_up_call_runs_a_pass_before_the_interval(monkeypatch):
    """A move handing the turn to a bot asks for a pass at the bot's due time: the
    in-process loop must not sleep through it until its next tick."""
    import asyncio
    import threading
    import time

    from play.clock import alarm, scheduler

    passes = []
    monkeypatch.setattr(scheduler, "_run_due_and_close", lambda: passes.append(time.monotonic()))

    async def scenario():
        stop = asyncio.Event()
        loop_task = asyncio.ensure_future(scheduler.run_forever(interval=30, stop=stop))
        while not passes:
            await asyncio.sleep(0.01)
        asked = time.monotonic()
        # services call wake_in from the database thread, after commit
        threading.Thread(target=alarm.wake_in, args=(0.05,)).start()
        while len(passes) < 2 and time.monotonic() - asked < 5:
            await asyncio.sleep(0.01)
        stop.set()
        await asyncio.wait_for(loop_task, 5)
        return asked

    asked = asyncio.run(scenario())
    assert len(passes) >= 2
    assert 0.04 <= passes[1] - asked < 2  # woken at the due time, not after 30 s


def test_each_bot_plays_at_the_level_of_its_seat(alice, monkeypatch):
    table = do_play_now(alice, "ascenseur", level="maitre")
    levels = []
    engine = table.engine
    real = type(engine).bot_action

    def spy(self, view, rng, level="habitue"):
        levels.append(level)
        return real(self, view, rng, level)

    monkeypatch.setattr(type(engine), "bot_action", spy)
    game = table.current_game()
    for _ in range(60):
        game.refresh_from_db()
        if len(levels) >= 3 or game.status != "playing":
            break
        if game.state["actor"] == 0:  # alice plays her part, so the bots get theirs
            do_act(game, alice, engine.default_action(game.state), game.version)
        else:
            run_due(now=timezone.now() + timedelta(seconds=5))
    assert len(levels) >= 3 and set(levels) == {"maitre"}
