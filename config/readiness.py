"""What /pret/ checks: can this process serve a player right now?

Each check returns None when all is well, or a short reason for the operator (the JSON is
read by probes and people on call, not by players). A check never raises: a failure is
its answer. The database, Redis (as cache and as channel layer) and the workers are
checked from the process that answers, so a probe of each daphne process tells whether
that one is cut off.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.apps import apps
from django.core.cache import cache
from django.db import connection
from django.db.models import Min
from django.db.models.functions import Greatest
from django.tasks import TaskResultStatus
from django.utils import timezone

from play.clock.scheduler import inprocess_enabled
from taverne import heartbeats

log = logging.getLogger(__name__)

# A play_worker beats every half second (play/clock/scheduler.py); one pass over many due
# games may take a few seconds. Silent this long, it is gone.
PLAY_WORKER_SILENT_AFTER = 30  # seconds
# db_worker looks for tasks every second. A task still waiting this long after it became
# due means no worker is taking tasks (or far too few for the load).
TASK_WAITING_AFTER = 300  # seconds
LAYER_TIMEOUT = 2  # seconds for a message to go through the channel layer and back
# django-tasks-db marks "as soon as possible" with this run_after.
TASKS_ASAP = datetime.datetime(9999, 1, 1, tzinfo=datetime.UTC)


def _failure(check: str, error: Exception) -> str:
    log.warning("readiness: %s failed", check, exc_info=error)
    return f"unreachable ({type(error).__name__})"


def database() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:
        return _failure("database", error)
    return None


def cache_store() -> str | None:
    token = uuid.uuid4().hex
    try:
        cache.set("readiness", token, timeout=10)
        if cache.get("readiness") != token:
            return "does not keep what it is given"
    except Exception as error:
        return _failure("cache", error)
    return None


async def _round_trip() -> bool:
    layer = get_channel_layer()
    channel = f"readiness.{uuid.uuid4().hex}"
    await layer.send(channel, {"type": "readiness.ping"})
    message = await layer.receive(channel)
    return message.get("type") == "readiness.ping"


async def _round_trip_in_time() -> bool:
    return await asyncio.wait_for(_round_trip(), LAYER_TIMEOUT)


def channel_layer() -> str | None:
    """A message sent to a fresh channel comes back: what table broadcasts rely on."""
    try:
        if not async_to_sync(_round_trip_in_time)():
            return "returned another message"
    except Exception as error:
        return _failure("channel layer", error)
    return None


def play_worker() -> str | None:
    """Some play_worker's loop turned lately (timers run out, bots move). Embedded, the
    loop runs inside this very server, started by the request being answered."""
    if inprocess_enabled():
        return None
    try:
        silent = heartbeats.seconds_since(heartbeats.PLAY_WORKER)
    except Exception as error:
        return _failure("play worker heartbeat", error)
    if silent is None:
        return "never seen"
    if silent > PLAY_WORKER_SILENT_AFTER:
        return f"silent for {silent:.0f} s"
    return None


def tasks() -> str | None:
    """No queued task has waited long past its time: some db_worker takes them. Read from
    the queue itself, so it needs nothing of the worker (embedded: tasks run at once)."""
    if not apps.is_installed("django_tasks_db"):
        return None
    try:
        waited = _oldest_due_task_age()
    except Exception as error:
        return _failure("task queue", error)
    if waited is not None and waited > TASK_WAITING_AFTER:
        return f"a task has waited {waited:.0f} s"
    return None


def _oldest_due_task_age() -> float | None:
    now = timezone.now()
    ready = apps.get_model("django_tasks_database", "DBTaskResult").objects.filter(
        status=TaskResultStatus.READY
    )
    since = [
        ready.filter(run_after__gte=TASKS_ASAP).aggregate(since=Min("enqueued_at"))["since"],
        ready.filter(run_after__lte=now)
        .annotate(due=Greatest("enqueued_at", "run_after"))
        .aggregate(since=Min("due"))["since"],
    ]
    since = [moment for moment in since if moment is not None]
    return (now - min(since)).total_seconds() if since else None


CHECKS = {
    "database": database,
    "cache": cache_store,
    "channel_layer": channel_layer,
    "play_worker": play_worker,
    "tasks": tasks,
}


def run_checks() -> dict[str, str]:
    """Every check's answer: "ok" or the reason it failed."""
    return {name: check() or "ok" for name, check in CHECKS.items()}
