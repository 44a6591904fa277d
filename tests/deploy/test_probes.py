"""/sante/ and /pret/: what the proxy, the process manager and monitoring ask each process.

Each check of /pret/ is made to fail once (patched) to see the 503 name it."""

import time
from datetime import timedelta
from unittest import mock

import pytest
from django.db import OperationalError
from django.tasks import TaskResultStatus
from django.utils import timezone

from config import readiness
from taverne import heartbeats


def test_sante_answers_ok_without_touching_the_database(client):
    # No db fixture: pytest-django fails any query this test would make.
    response = client.get("/sante/")

    assert response.status_code == 200
    assert response.content == b"ok"


@pytest.mark.django_db
def test_pret_answers_200_with_each_check_when_all_answer(client):
    heartbeats.beat(heartbeats.PLAY_WORKER)

    response = client.get("/pret/")

    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {
            "database": "ok",
            "cache": "ok",
            "channel_layer": "ok",
            "play_worker": "ok",
            "tasks": "ok",
        },
    }
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_pret_answers_200_in_embedded_mode_where_the_server_runs_the_play_loop(
    client, settings
):
    settings.PLAY_INPROCESS_SCHEDULER = True  # `make run`: no play_worker, no beat yet

    response = client.get("/pret/")

    assert response.status_code == 200
    assert response.json()["checks"]["play_worker"] == "ok"


@pytest.mark.django_db
def test_pret_answers_503_when_the_database_is_down(client):
    with mock.patch.object(readiness.connection, "cursor",
                           side_effect=OperationalError("connection refused")):
        response = client.get("/pret/")

    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"
    assert response.json()["checks"]["database"] == "unreachable (OperationalError)"
    assert response.json()["checks"]["cache"] == "ok"


@pytest.mark.django_db
def test_pret_answers_503_when_redis_is_down_for_the_cache(client):
    with mock.patch.object(readiness.cache, "set", side_effect=ConnectionError("refused")):
        response = client.get("/pret/")

    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == "unreachable (ConnectionError)"


@pytest.mark.django_db
def test_pret_answers_503_when_the_channel_layer_does_not_answer(client):
    async def never():
        await readiness.asyncio.sleep(60)

    with (
        mock.patch.object(readiness, "LAYER_TIMEOUT", 0.05),
        mock.patch.object(readiness, "_round_trip", never),
    ):
        response = client.get("/pret/")

    assert response.status_code == 503
    assert response.json()["checks"]["channel_layer"] == "unreachable (TimeoutError)"


@pytest.mark.django_db
def test_pret_answers_503_when_no_play_worker_has_beaten_lately(client, settings):
    settings.PLAY_INPROCESS_SCHEDULER = False  # production: the loop runs in play_worker

    cache_cleared = client.get("/pret/")
    heartbeats.beat(heartbeats.PLAY_WORKER)
    fresh = client.get("/pret/")
    with mock.patch.object(heartbeats.time, "time", return_value=time.time() + 45):
        silent = client.get("/pret/")

    assert cache_cleared.status_code == 503
    assert cache_cleared.json()["checks"]["play_worker"] == "never seen"
    assert fresh.status_code == 200
    assert silent.status_code == 503
    assert silent.json()["checks"]["play_worker"] == "silent for 45 s"


def test_the_scheduler_loop_beats_on_each_pass(db):
    from play.clock.scheduler import _run_due_and_close

    assert heartbeats.seconds_since(heartbeats.PLAY_WORKER) is None
    _run_due_and_close()

    assert heartbeats.seconds_since(heartbeats.PLAY_WORKER) < 5


def test_a_heartbeat_never_stops_the_loop_when_the_cache_is_down(db):
    with mock.patch.object(heartbeats.cache, "set", side_effect=ConnectionError("refused")):
        heartbeats.beat(heartbeats.PLAY_WORKER)  # logs, does not raise


@pytest.mark.django_db
def test_pret_answers_503_when_a_due_task_waits_too_long(client):
    heartbeats.beat(heartbeats.PLAY_WORKER)
    # The database backend's table exists only where DATABASE_URL is set; patch its answer.
    with mock.patch.object(readiness.apps, "is_installed", return_value=True):
        with mock.patch.object(readiness, "_oldest_due_task_age", return_value=301.0):
            late = client.get("/pret/")
        with mock.patch.object(readiness, "_oldest_due_task_age", return_value=2.0):
            fresh = client.get("/pret/")

    assert late.status_code == 503
    assert late.json()["checks"]["tasks"] == "a task has waited 301 s"
    assert fresh.status_code == 200


@pytest.mark.django_db
@pytest.mark.skipif("not __import__('django.conf').conf.settings.DATABASE_URL",
                    reason="the task queue's table exists on the production database only")
def test_the_oldest_due_task_age_reads_the_queue(db):
    from django_tasks_db.models import DBTaskResult

    def queue(enqueued_ago, run_after):
        task = DBTaskResult.objects.create(
            args_kwargs={"args": [], "kwargs": {}}, task_path="x.y", backend_name="default",
            run_after=run_after, status=TaskResultStatus.READY,
        )
        DBTaskResult.objects.filter(pk=task.pk).update(
            enqueued_at=timezone.now() - timedelta(seconds=enqueued_ago))

    assert readiness._oldest_due_task_age() is None
    queue(40, readiness.TASKS_ASAP)
    queue(500, timezone.now() + timedelta(hours=1))  # not due yet: not late

    assert 39 < readiness._oldest_due_task_age() < 45


@pytest.mark.django_db
def test_the_probes_answer_a_direct_request_of_another_host_over_http(client, settings):
    # A real site: its name only, HTTPS enforced. The units probe 127.0.0.1:8001 directly.
    settings.ALLOWED_HOSTS = ["taverne.example"]
    settings.SECURE_SSL_REDIRECT = True
    heartbeats.beat(heartbeats.PLAY_WORKER)

    sante = client.get("/sante/", HTTP_HOST="127.0.0.1:8001")
    pret = client.get("/pret/", HTTP_HOST="127.0.0.1:8001")
    page = client.get("/", HTTP_HOST="127.0.0.1:8001")

    assert sante.status_code == 200
    assert pret.status_code == 200
    assert page.status_code == 400  # every other path still checks the host
