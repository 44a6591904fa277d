"""Prometheus metrics (docs/operations.md, "Metrics"), and the one-line calls that feed
them from the request middleware, the move functions, the socket and the scheduler.

Several processes make the site (daphne processes, play_worker, db_worker): with
PROMETHEUS_MULTIPROC_DIR set (one directory per host, emptied before the processes start)
each writes its values there and any daphne process's /metrics answers for all of them,
the workers included, which serve no HTTP. Without it (embedded, tests) the metrics are
this process's.
"""

from __future__ import annotations

import functools
import glob
import os
import re
import time

from django.core.exceptions import ImproperlyConfigured
from django.utils import timezone
from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

MULTIPROC_DIR = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
if MULTIPROC_DIR and not os.path.isdir(MULTIPROC_DIR):
    # prometheus-client would fail on its first metric with a bare FileNotFoundError.
    raise ImproperlyConfigured(
        f"PROMETHEUS_MULTIPROC_DIR={MULTIPROC_DIR} is not a directory: create it (empty) "
        "before the site's processes start (docs/operations.md, \"Metrics\")."
    )

MOVES = Counter(
    "taverne_moves", "Moves played, by game and by who played them (player, bot, timer).",
    ["game", "source"],
)
FRAME_SECONDS = Histogram(
    "taverne_frame_seconds",
    "From a table's change notice reaching a socket to that socket's frame sent "
    "(snapshot read if need be, seat's view rendered, frame written).",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
)
# livesum: a process that died takes its sockets out of the sum (swept at each scrape).
OPEN_SOCKETS = Gauge(
    "taverne_open_sockets", "Table sockets open now.", multiprocess_mode="livesum"
)
SCHEDULER_LAG = Histogram(
    "taverne_scheduler_lag_seconds",
    "How late the scheduler plays a due move: played at minus due at, by source "
    "(bot, timer).",
    ["source"],
    buckets=(0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30, 60),
)
HTTP_REQUESTS = Counter(
    "taverne_http_requests", "HTTP requests answered, by status class (2xx, 4xx, 5xx...).",
    ["status_class"],
)
HTTP_SECONDS = Histogram(
    "taverne_http_request_seconds", "Time to answer an HTTP request.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
TASKS = Counter("taverne_tasks", "Background tasks run, by outcome.", ["outcome"])


def count_request(status: int, seconds: float) -> None:
    HTTP_REQUESTS.labels(status_class=f"{status // 100}xx").inc()
    HTTP_SECONDS.observe(seconds)


def count_move(game: str, source: str) -> None:
    MOVES.labels(game=game, source=source).inc()


def socket_opened() -> None:
    OPEN_SOCKETS.inc()


def socket_closed() -> None:
    OPEN_SOCKETS.dec()


def times_frames(handler):
    """Decorates a consumer's group-message handler: the time it took, observed when it
    sent this connection a frame (its record of the last frame sent, ``sent``, changed);
    a notice of a step already shown sends nothing and is not a frame."""

    @functools.wraps(handler)
    async def timed(consumer, event):
        before = getattr(consumer, "sent", None)
        started = time.perf_counter()
        await handler(consumer, event)
        if getattr(consumer, "sent", None) is not before:
            FRAME_SECONDS.observe(time.perf_counter() - started)

    return timed


def scheduler_lag(deadline, bot_due_at, now) -> None:
    """A due move was just played (``run_due`` plays the bot's when it is due, the
    timer's otherwise): how late, from when it was due."""
    if bot_due_at is not None and bot_due_at <= now:
        source, due = "bot", bot_due_at
    else:
        source, due = "timer", deadline
    if due is not None:
        SCHEDULER_LAG.labels(source=source).observe(
            max(0.0, (timezone.now() - due).total_seconds())
        )


class TaskQueue:
    """The task queue read at each scrape: tasks waiting to run in django-tasks-db's table
    and how long the oldest has been queued. Absent when tasks run at once (embedded)."""

    def describe(self):
        return []

    def collect(self):
        from django.apps import apps

        if not apps.is_installed("django_tasks_db"):
            return
        from django.db.models import Min
        from django_tasks_db.models import DBTaskResult

        ready = DBTaskResult.objects.ready()
        oldest = ready.aggregate(oldest=Min("enqueued_at"))["oldest"]
        yield GaugeMetricFamily(
            "taverne_task_queue_depth", "Background tasks waiting to run.", value=ready.count()
        )
        yield GaugeMetricFamily(
            "taverne_task_queue_oldest_seconds",
            "How long the oldest task waiting to run has been queued.",
            value=max(0.0, (timezone.now() - oldest).total_seconds()) if oldest else 0.0,
        )


_queue_registry = CollectorRegistry(auto_describe=False)
_queue_registry.register(TaskQueue())

_LIVE_GAUGE_FILE = re.compile(r"gauge_live\w+?_(\d+)\.db$")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def forget_dead_processes(path: str) -> None:
    """A killed process never says it died: its live gauges (open sockets) would count
    forever. Its files go as soon as a scrape sees its process gone."""
    for name in glob.glob(os.path.join(path, "gauge_live*.db")):
        match = _LIVE_GAUGE_FILE.search(name)
        if match and not _alive(int(match.group(1))):
            multiprocess.mark_process_dead(int(match.group(1)), path)


def exposition(multiproc_dir: str | None = MULTIPROC_DIR) -> bytes:
    """The text a scrape gets: every process's metrics (multiprocess mode) or this
    process's, then the task queue."""
    if multiproc_dir:
        forget_dead_processes(multiproc_dir)
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, multiproc_dir)
    else:
        registry = REGISTRY
    return generate_latest(registry) + generate_latest(_queue_registry)
