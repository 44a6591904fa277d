"""Structured logs: one line per request, move and task, JSON in production, and nothing
secret in them (tokens, query strings, cards)."""

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.tasks import task

from play.actions import do_act, do_create_table, do_join
from play.clock.scheduler import run_due
from play.models import Game
from taverne.observability.logs import JsonFormatter, RequestIdFilter, logging_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def events(caplog):
    """The event lines, which the test settings keep silent (LOG_EVENTS off with text)."""
    for name in ("taverne.requests", "taverne.moves", "taverne.tasks"):
        caplog.set_level(logging.INFO, logger=name)
    return caplog


def as_json(record) -> dict:
    """The line the production handler writes for this record."""
    RequestIdFilter().filter(record)
    formatter = logging_config("json", "INFO", True)["formatters"]["json"]
    formatter = JsonFormatter(formatter["format"], timestamp=formatter["timestamp"],
                              rename_fields=formatter["rename_fields"])
    line = formatter.format(record)
    assert "\n" not in line
    return json.loads(line)


def lines_of(caplog, logger):
    return [as_json(r) for r in caplog.records if r.name == logger]


def test_a_request_is_one_line_with_its_fields_and_without_its_query_string(
    client, alice, events
):
    client.force_login(alice)
    response = client.get("/jouer/?token=s3cr3t-in-the-query")

    [line] = lines_of(events, "taverne.requests")
    assert line["method"] == "GET" and line["path"] == "/jouer/"
    assert line["status"] == response.status_code
    assert line["user_id"] == alice.pk
    assert isinstance(line["duration_ms"], float)
    assert line["request_id"] == response.headers["X-Request-ID"]
    assert "s3cr3t" not in json.dumps(line)


def test_an_invitation_link_is_logged_without_its_token(client, alice, events):
    client.force_login(alice)
    client.get("/jouer/invitation/the-invitation-token-42/")

    [line] = lines_of(events, "taverne.requests")
    assert line["path"] == "/jouer/invitation/[Filtered]/"
    assert "the-invitation-token-42" not in json.dumps(line)


def test_the_proxys_request_id_is_kept(client, db, events):
    response = client.get("/", HTTP_X_REQUEST_ID="nginx-4f2a9c31")

    [line] = lines_of(events, "taverne.requests")
    assert line["request_id"] == "nginx-4f2a9c31" == response.headers["X-Request-ID"]
    assert line["user_id"] is None


def test_djangos_lines_about_a_request_do_not_carry_its_query_string(client, db, caplog):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get("/nulle-part/?token=s3cr3t-in-the-query")

    [record] = [r for r in caplog.records if r.name == "django.request"]
    line = as_json(record)
    assert line["status_code"] == 404 and line["level"] == "WARNING"
    assert line["request_id"] == response.headers["X-Request-ID"]
    assert "s3cr3t" not in json.dumps(line)


def human_turn(table):
    """Let the bot play until a human (seat 0 or 1) is to act."""
    for _ in range(20):
        game = table.current_game()
        if game.state["actor"] in (0, 1):
            return game
        run_due()
    raise AssertionError("no human turn")


@pytest.fixture
def table(alice, bob, settings):
    settings.PLAY_BOT_DELAY = 0
    from play.actions import do_add_bot

    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return table


def test_a_move_is_logged_without_its_cards(
    table, alice, bob, events, django_capture_on_commit_callbacks
):
    game = human_turn(table)
    position = game.state["actor"]
    hand = list(game.state["hands"][position])
    action = table.engine.legal_actions(game.state)[0]
    events.clear()

    with django_capture_on_commit_callbacks(execute=True):
        do_act(game.pk, (alice, bob)[position], action, game.version)

    [line] = lines_of(events, "taverne.moves")
    assert line["table_id"] == table.pk and line["game_id"] == game.pk
    assert line["version"] == Game.objects.get(pk=game.pk).version
    assert line["action"] == action["type"] and line["source"] == "player"
    assert line["game"] == "ascenseur" and isinstance(line["duration_ms"], float)
    text = json.dumps(line)
    assert hand and not [card for card in hand if card in text]


def test_a_bot_move_is_logged_as_the_bots(
    table, alice, bob, events, django_capture_on_commit_callbacks
):
    for _ in range(20):  # the humans play until the bot (seat 2) is to act
        game = table.current_game()
        if game.state["actor"] == 2:
            break
        do_act(game.pk, (alice, bob)[game.state["actor"]],
               table.engine.legal_actions(game.state)[0], game.version)
    events.clear()

    with django_capture_on_commit_callbacks(execute=True):
        moved = run_due()

    sources = {line["source"] for line in lines_of(events, "taverne.moves")}
    assert moved and sources == {"bot"}


def test_a_move_rolled_back_is_not_logged(table, alice, bob, events):
    game = human_turn(table)
    position = game.state["actor"]
    events.clear()

    # the test's transaction is never committed: the move's line never comes
    do_act(game.pk, (alice, bob)[position], table.engine.legal_actions(game.state)[0],
           game.version)

    assert lines_of(events, "taverne.moves") == []


def test_a_refused_move_is_not_logged(table, alice, bob, events):
    game = human_turn(table)
    position = game.state["actor"]
    events.clear()

    with pytest.raises(Exception):  # noqa: B017 - any refusal
        do_act(game.pk, (alice, bob)[position], {"type": "nonsense"}, game.version)

    assert lines_of(events, "taverne.moves") == []


@task
def tidy_the_cellar(bottles):
    return bottles


def test_a_task_is_logged_with_its_name_duration_and_outcome(db, events, settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    tidy_the_cellar.enqueue(bottles=["private e-mail body"])

    [line] = lines_of(events, "taverne.tasks")
    assert line["task"].endswith("tidy_the_cellar")
    assert line["outcome"] == "successful"
    assert isinstance(line["duration_ms"], float)
    assert "private e-mail body" not in json.dumps(line)


def run_settings(env, code):
    """``code`` in a fresh process with the site's settings read from ``env``."""
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
        env={**{k: v for k, v in os.environ.items()
                if k not in ("LOG_FORMAT", "LOG_EVENTS", "DEBUG", "TAVERNE_ENV")},
             "DJANGO_SETTINGS_MODULE": "config.settings", **env},
    )


PRODUCTION = {"TAVERNE_ENV": "production", "SECRET_KEY": "x" * 50,
              "SITE_URL": "https://taverne.example"}


def test_in_production_the_apps_own_lines_come_out_as_json():
    result = run_settings(PRODUCTION, "import logging\n"
                          "logging.getLogger('play.actions.games').warning('stalled %s', 7)")

    assert result.returncode == 0, result.stderr
    [line] = [json.loads(text) for text in result.stderr.splitlines()]
    assert line["message"] == "stalled 7"
    assert line["logger"] == "play.actions.games" and line["level"] == "WARNING"
    assert line["time"].endswith("+00:00") and "request_id" not in line


def test_development_keeps_readable_lines_and_quiet_events():
    result = run_settings({}, "import logging\n"
                          "logging.getLogger('play.actions.games').warning('stalled %s', 7)\n"
                          "print(logging.getLogger('taverne.moves').isEnabledFor(logging.INFO))")

    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("WARNING play.actions.games: stalled 7")
    assert result.stdout.strip() == "False"


def test_log_format_overrides_the_default():
    result = run_settings({**PRODUCTION, "LOG_FORMAT": "text"}, "import logging\n"
                          "logging.getLogger('play').error('cellar flooded')")

    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().endswith("ERROR play: cellar flooded")


def test_queries_are_never_logged_with_their_parameters_even_at_debug():
    result = run_settings({"LOG_LEVEL": "DEBUG"}, "import logging\n"
                          "print(logging.getLogger('django.db.backends')"
                          ".isEnabledFor(logging.DEBUG))")

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_a_request_that_never_read_its_user_is_logged_without_reading_it(alice, rf):
    from django.db import OperationalError
    from django.utils.functional import SimpleLazyObject

    from taverne.observability.requests import _user_id

    def database_down():
        raise OperationalError("the database restarts")

    unread = rf.get("/")
    unread.user = SimpleLazyObject(database_down)
    read = rf.get("/")
    read.user = SimpleLazyObject(lambda: alice)
    read.user.is_authenticated  # noqa: B018 - the page read it

    assert _user_id(unread) is None  # and no OperationalError: the 503 stays a 503
    assert _user_id(read) == alice.pk
