"""One log line and one count per background task run: its name, duration and outcome
(never its arguments: an e-mail's address and body are there)."""

from __future__ import annotations

import logging

from django.tasks.signals import task_finished

from taverne.observability import metrics
from taverne.observability.logs import event

log = logging.getLogger("taverne.tasks")


def task_ran(sender, task_result, **kwargs) -> None:
    name = task_result.task.module_path
    outcome = str(task_result.status).lower()
    started, finished = task_result.started_at, task_result.finished_at
    duration_ms = (
        round((finished - started).total_seconds() * 1000, 1) if started and finished else None
    )
    metrics.TASKS.labels(outcome=outcome).inc()
    event(log, f"task {name} {outcome} ({duration_ms} ms)", task=name,
          task_id=str(task_result.id), outcome=outcome, duration_ms=duration_ms)


def connect() -> None:
    task_finished.connect(task_ran, dispatch_uid="taverne.observability.tasks")
