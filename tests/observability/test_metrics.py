"""Prometheus metrics at /metrics: for the scraper only, with the names docs/operations.md
alerts on, fed by the moves, the sockets, the scheduler and the requests."""

import subprocess
import sys
import textwrap
from datetime import timedelta
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings as django_settings
from django.tasks import task
from django.test import Client
from django.utils import timezone
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from config.asgi import application
from play.actions import do_act, do_add_bot, do_create_table, do_join
from play.clock.scheduler import run_due
from play.models import Game
from taverne.observability.metrics import exposition

ROOT = Path(__file__).resolve().parents[2]
NAMES = [
    "taverne_moves_total",
    "taverne_frame_seconds",
    "taverne_open_sockets",
    "taverne_scheduler_lag_seconds",
    "taverne_http_requests_total",
]


def value(name, **labels):
    return REGISTRY.get_sample_value(name, labels) or 0.0


def families(text):
    return {family.name: family for family in text_string_to_metric_families(text)}


def total(found, name):
    """The sum of a metric's samples over the processes (0 if none reports it)."""
    return sum(sample.value for sample in found[name].samples) if name in found else 0


# ----- who may scrape ----------------------------------------------------------------


def test_an_outsider_gets_a_404(db):
    response = Client(REMOTE_ADDR="203.0.113.7").get("/metrics")

    assert response.status_code == 404
    assert b"taverne_" not in response.content


def test_a_request_through_the_proxy_gets_a_404_though_the_proxy_is_this_host(db):
    response = Client(REMOTE_ADDR="127.0.0.1").get(
        "/metrics", HTTP_X_FORWARDED_FOR="203.0.113.7"
    )

    assert response.status_code == 404


def test_a_scraper_on_this_host_gets_the_metrics_by_their_names(db):
    Client().get("/")  # one request counted at least
    response = Client(REMOTE_ADDR="127.0.0.1").get("/metrics")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    text = response.content.decode()
    for name in NAMES:
        assert f"# TYPE {name} " in text, name
    assert 'taverne_http_requests_total{status_class="2xx"}' in text


def test_the_allowed_addresses_are_a_setting(db, settings):
    settings.METRICS_ALLOWED_IPS = ["10.0.0.0/8"]

    assert Client(REMOTE_ADDR="10.1.2.3").get("/metrics").status_code == 200
    assert Client(REMOTE_ADDR="127.0.0.1").get("/metrics").status_code == 404


def test_the_token_opens_the_metrics_from_anywhere(db, settings):
    settings.METRICS_TOKEN = "scrape-me-7f3c"
    outsider = Client(REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR="203.0.113.7")

    assert outsider.get("/metrics", HTTP_AUTHORIZATION="Bearer scrape-me-7f3c").status_code == 200
    assert outsider.get("/metrics", HTTP_AUTHORIZATION="Bearer guessed").status_code == 404
    assert outsider.get("/metrics").status_code == 404


def test_no_token_is_set_by_default_so_an_empty_one_opens_nothing(db):
    response = Client(REMOTE_ADDR="203.0.113.7").get("/metrics", HTTP_AUTHORIZATION="Bearer ")

    assert response.status_code == 404


# ----- what is counted ---------------------------------------------------------------


def test_requests_are_counted_by_status_class(client, db):
    before = value("taverne_http_requests_total", status_class="4xx")

    client.get("/nulle-part/")

    assert value("taverne_http_requests_total", status_class="4xx") == before + 1


@pytest.fixture
def table(alice, bob, settings):
    settings.PLAY_BOT_DELAY = 0
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return table


def human_turn(table):
    for _ in range(20):
        game = table.current_game()
        if game.state["actor"] in (0, 1):
            return game
        run_due()
    raise AssertionError("no human turn")


def test_a_move_is_counted_by_game_and_source(
    table, alice, bob, django_capture_on_commit_callbacks
):
    game = human_turn(table)
    before = value("taverne_moves_total", game="ascenseur", source="player")

    with django_capture_on_commit_callbacks(execute=True):
        do_act(game.pk, (alice, bob)[game.state["actor"]],
               table.engine.legal_actions(game.state)[0], game.version)

    assert value("taverne_moves_total", game="ascenseur", source="player") == before + 1


@pytest.mark.parametrize("column, source", [("bot_due_at", "bot"), ("deadline", "timer")])
def test_the_scheduler_lag_is_how_late_a_due_move_was_played(table, column, source):
    game = table.current_game()
    late = timezone.now() - timedelta(seconds=30)
    Game.objects.filter(pk=game.pk).update(**{"bot_due_at": None, "deadline": None,
                                              column: late})
    count = value("taverne_scheduler_lag_seconds_count", source=source)
    total = value("taverne_scheduler_lag_seconds_sum", source=source)

    assert run_due() == [game.pk]

    assert value("taverne_scheduler_lag_seconds_count", source=source) == count + 1
    assert value("taverne_scheduler_lag_seconds_sum", source=source) - total >= 30


@task
def send_a_postcard():
    pass


@pytest.mark.skipif(not django_settings.DATABASE_URL,
                    reason="django-tasks-db's queue exists with DATABASE_URL only (CI's "
                           "PostgreSQL stage)")
def test_the_queue_depth_is_read_from_the_task_table_at_each_scrape(db, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    scraper = Client(REMOTE_ADDR="127.0.0.1")
    empty = families(scraper.get("/metrics").content.decode())

    send_a_postcard.enqueue()
    send_a_postcard.enqueue()
    queued = families(scraper.get("/metrics").content.decode())

    assert total(empty, "taverne_task_queue_depth") == 0
    assert total(queued, "taverne_task_queue_depth") == 2
    assert "taverne_task_queue_oldest_seconds" in queued


# ----- sockets ------------------------------------------------------------------------


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def open_socket(user, table_id):
    cookie = await database_sync_to_async(session_cookie)(user)
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table_id}/",
        headers=[(b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())],
    )
    connected, _ = await communicator.connect()
    assert connected
    await communicator.receive_json_from()  # the state sent at connect
    return communicator


@pytest.mark.django_db(transaction=True)
def test_open_sockets_and_frame_latency_follow_the_sockets(alice, bob, settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    game = human_turn(table)
    actor = (alice, bob)[game.state["actor"]]
    watcher = bob if actor == alice else alice
    sockets_before = value("taverne_open_sockets")
    frames_before = value("taverne_frame_seconds_count")

    async def scenario():
        socket = await open_socket(watcher, table.pk)
        opened = value("taverne_open_sockets")
        await database_sync_to_async(do_act)(
            game.pk, actor, table.engine.legal_actions(game.state)[0], game.version
        )
        frame = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return opened, frame

    opened, frame = async_to_sync(scenario)()

    assert opened == sockets_before + 1
    assert frame["type"] == "state" and frame["view"]["version"] > game.version
    assert value("taverne_frame_seconds_count") == frames_before + 1
    assert value("taverne_open_sockets") == sockets_before


# ----- several processes -------------------------------------------------------------

PROCESS = """
import sys
from taverne.observability import metrics
metrics.socket_opened(); metrics.socket_opened()
metrics.count_move("ambigu", "bot")
print("ready", flush=True)
sys.stdin.readline()  # until the test says go
"""


def test_every_process_is_counted_and_a_dead_ones_sockets_drop_out(tmp_path, db):
    env = {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings",
           "PATH": "/usr/bin:/bin"}
    process = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(PROCESS)], cwd=ROOT, env=env, text=True,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )
    try:
        assert process.stdout.readline().strip() == "ready"
        alive = families(exposition(str(tmp_path)).decode())
        process.communicate("go\n", timeout=60)  # it exits without a word: killed, say
        dead = families(exposition(str(tmp_path)).decode())
    finally:
        process.kill()

    assert total(alive, "taverne_open_sockets") == 2
    assert total(dead, "taverne_open_sockets") == 0
    [moves] = [s for s in dead["taverne_moves"].samples if s.name == "taverne_moves_total"]
    assert moves.value == 1 and moves.labels == {"game": "ambigu", "source": "bot"}


def test_a_missing_metrics_directory_stops_the_process_with_a_clear_word(tmp_path):
    result = subprocess.run(
        [sys.executable, "-c", "import taverne.observability.metrics"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "missing"), "PATH": "/usr/bin:/bin"},
    )

    assert result.returncode != 0
    assert "PROMETHEUS_MULTIPROC_DIR" in result.stderr and "create it" in result.stderr


def test_a_notice_that_sends_no_frame_is_not_timed_as_one():
    from taverne.observability.metrics import times_frames

    class Socket:
        sent = None

        @times_frames
        async def table_changed(self, event):
            if event["new"]:
                self.sent = object()  # what _send_payload records of a frame it sent

    socket = Socket()
    before = value("taverne_frame_seconds_count")

    async_to_sync(socket.table_changed)({"new": False})  # a step already shown
    skipped = value("taverne_frame_seconds_count")
    async_to_sync(socket.table_changed)({"new": True})

    assert skipped == before
    assert value("taverne_frame_seconds_count") == before + 1
