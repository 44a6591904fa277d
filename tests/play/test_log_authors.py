"""Who played each move, as the log says it (``by``: docs/protocol.md, ``log``): the seat's
own player, the clock that ran out, or a bot (a bot's seat, or the bot standing in for an
absent player); chance's deals are nobody's. In the frames (socket and API), in the
archives, and marked at the table and on the archive page."""

import re
from datetime import timedelta
from html import unescape

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from play.actions import do_resign
from play.clock.scheduler import run_due
from play.models import Action, Seat
from play.presentation.archive import actions_of, log_before
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for
from tests.play.test_consumers import human_turn, in_loop, make_table, next_of, open_socket
from tests.play.test_leaving import advance_to, started_table, time_runs_out

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def lines_of(view, seat):
    return [line for line in view["log"] if line["seat"] == seat]


def marks_in(html):
    """The log's lines of a page: (its mark's class or "", its text without the mark)."""
    found = re.findall(r'<li class="game-log__line(?: game-log__line--(\w+))?">(.*?)</li>',
                       html, re.S)
    return [(mark, words_of(text)) for mark, text in found]


def words_of(html):
    return " ".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def alice_timed_out_twice(alice, bob):
    """alice (seat 0) lets her clock run out twice: absent, the bot then plays her seat
    once; bob (1) plays his moves, the bot seat (2) its own."""
    table = started_table(alice, bob)
    users = {0: alice, 1: bob}
    time_runs_out(advance_to(table, 0, users))
    time_runs_out(advance_to(table, 0, users))
    advance_to(table, 0, users)
    assert run_due(timezone.now() + timedelta(seconds=1))  # the bot, in alice's place
    return table, table.current_game()


# ----- frames ------------------------------------------------------------------------


def test_a_timeout_move_is_logged_by_the_timer_in_the_frame(alice, bob):
    table = started_table(alice, bob)
    time_runs_out(advance_to(table, 0, {0: alice, 1: bob}))

    view = view_for(table.current_game(), bob)

    timed_out = lines_of(view, 0)[-1]
    assert timed_out["by"] == "timer"
    # the mark says the time ran out: the sentence does not say it twice
    assert timed_out["text"].startswith("Alice ") and "Temps écoulé" not in timed_out["text"]
    english = lines_of(view_for(table.current_game(), bob, lang="en"), 0)[-1]
    assert english["by"] == "timer" and english["text"].startswith("Alice ")


def test_the_second_timeout_says_the_bot_takes_over_beside_the_timer(alice, bob):
    table, game = alice_timed_out_twice(alice, bob)

    timers = [line for line in lines_of(view_for(game, bob), 0) if line["by"] == "timer"]

    assert "Alice ne répond plus : un automate joue à sa place" in timers[-1]["text"]


def test_an_absent_seats_moves_and_a_bot_seats_are_logged_by_the_bot(alice, bob):
    table, game = alice_timed_out_twice(alice, bob)

    view = view_for(game, bob)

    assert lines_of(view, 0)[-1]["by"] == "bot"  # the bot standing in for alice
    assert {line["by"] for line in lines_of(view, 2)} == {"bot"}  # the bot's own seat
    assert {line["by"] for line in lines_of(view, 1)} == {"player"}  # bob
    assert {line["by"] for line in view["log"] if line["seat"] is None} == {None}  # deals


@pytest.mark.django_db(transaction=True)
@in_loop
async def test_the_players_own_moves_are_logged_by_player_through_the_socket(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    position = 0 if user == alice else 1
    socket = await open_socket(user, table.pk)
    state = await next_of(socket, "state")

    await socket.send_json_to({"type": "act", "action": state["view"]["legal_actions"][0],
                               "version": state["version"], "game_id": state["game_id"],
                               "id": "mine"})

    after = await next_of(socket, "state")
    while after["version"] == state["version"]:
        after = await next_of(socket, "state")
    assert lines_of(after["view"], position)[-1]["by"] == "player"
    await socket.disconnect()


# ----- old games ---------------------------------------------------------------------


def test_old_log_entries_still_read_with_who_played_them(alice, bob):
    """Every action ever logged has its source: a game logged before ``by`` existed reads
    with it, a timeout logged as the bare move, a legacy sentence and a source this code
    does not know included."""
    table = started_table(alice, bob)
    time_runs_out(advance_to(table, 0, {0: alice, 1: bob}))
    game = table.current_game()
    timeout = game.actions.get(source="timer")
    timeout.message = timeout.message["move"]  # as logged before the clock had its note
    timeout.save()
    legacy = game.actions.filter(source="player").first()
    legacy.message = {"code": "legacy", "fr": "Bob parle.", "en": "Bob speaks."}
    legacy.save()
    Action.objects.filter(pk=game.actions.filter(source="bot").first().pk).update(source="?")

    log = view_for(game, bob)["log"]

    assert next(line for line in log if line["seat"] == 0)["by"] == "timer"
    assert {"text": "Bob parle.", "by": "player", "seat": legacy.seat} in log
    assert any(line["seat"] == 2 and line["by"] is None for line in log)
    archived = log_before(game, actions_of(game), game.version, ["Alice", "Bob", "Gaston"])
    assert [line["by"] for line in archived[::-1][-len(log):]] == [line["by"] for line in log]


def test_a_timeout_without_its_move_says_the_time_ran_out(alice, bob):
    table = started_table(alice, bob)
    time_runs_out(advance_to(table, 0, {0: alice, 1: bob}))
    game = table.current_game()
    game.actions.filter(source="timer").update(
        message={"code": "platform.timeout", "seat": 0, "absent": False, "move": None})

    timed_out = lines_of(view_for(game, bob), 0)[-1]

    assert timed_out == {"text": "Temps écoulé pour Alice.", "by": "timer", "seat": 0}


# ----- shown at the table ------------------------------------------------------------


def test_the_table_marks_the_clocks_moves_and_the_stand_in_bots(alice, bob):
    table, game = alice_timed_out_twice(alice, bob)
    seats = Seat.objects.filter(table=table)
    assert seats.get(position=0).sitting_out and seats.get(position=2).bot

    for lang, timer, stand_in in (("fr", "temps écoulé : Alice ", "joué par l'automate : Alice "),
                                  ("en", "time ran out: Alice ", "played by the bot: Alice ")):
        view = view_for(game, bob, lang=lang)
        html = render_table_fragments(table, game, bob, view, lang=lang)
        shown = marks_in(html)
        expected = {"timer": "timer", "bot": "stand_in"}
        assert [mark for mark, _ in shown] == [
            expected.get(line["by"], "") if line["seat"] == 0 else ""
            for line in reversed(view["log"])
        ], "alice's timeouts and the bot's moves for her are marked; the bot seat's are not"
        assert all(text.startswith(timer) for mark, text in shown if mark == "timer")
        assert all(text.startswith(stand_in) for mark, text in shown if mark == "stand_in")


def test_the_archive_page_marks_them_too(client, alice, bob):
    table, game = alice_timed_out_twice(alice, bob)
    game = do_resign(table, bob)
    client.force_login(alice)
    timeout = game.actions.filter(source="timer").first()

    page = client.get(f"/jouer/parties/{game.pk}/").content.decode()
    at_timeout = client.get(f"/jouer/parties/{game.pk}/?etape={timeout.seq}").content.decode()

    marks = [mark for mark, _ in marks_in(page)]
    assert marks.count("timer") == 2 and "stand_in" in marks
    current = re.search(r'<p class="replay-current"[^>]*>(.*?)</p>', at_timeout, re.S).group(1)
    assert words_of(current).startswith("temps écoulé : Alice ")
