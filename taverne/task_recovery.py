"""Background tasks marked "running" that nobody runs any more go back to the queue.

django-tasks-db marks a task running when a worker claims it and finished when the worker
is done: a worker killed in between (KILL after its stop timeout, the host lost, the OOM
killer) leaves the task "running" forever, and its e-mail is never sent. Two ways out:

- a worker starting under a fixed id (deploy/topology.py gives the task worker one)
  readies the tasks its previous life claimed and never finished: one process holds an id
  at a time, so nothing else can be running them;
- any task running for longer than TASK_LEASE_SECONDS (far more than an e-mail takes) is
  readied by the play worker's periodic pass, whichever worker claimed it.

At least once, never lost: each task allows a second run (an e-mail is marked sent in the
transaction that sent it, and sent again under the same Message-ID when it was not:
taverne/mail.py, ``send_once``).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.tasks import TaskResultStatus
from django.utils import timezone

log = logging.getLogger(__name__)


def _results():
    from django_tasks_db.models import DBTaskResult  # an app's model: not at import time

    return DBTaskResult.objects


def _running():
    return _results().select_for_update().filter(status=TaskResultStatus.RUNNING)


def _ready(tasks, why: str) -> int:
    for task in tasks:
        log.warning("task %s (%s) was left running: queued again (%s)",
                    task.pk, task.task_path, why)
    return _results().filter(
        pk__in=[task.pk for task in tasks], status=TaskResultStatus.RUNNING
    ).update(status=TaskResultStatus.READY)


def requeue_left_by(worker_id: str) -> int:
    """The tasks the worker ``worker_id`` claimed last and did not finish: ready again.
    Only for a worker starting under that id. Returns how many."""
    with transaction.atomic():
        left = [task for task in _running() if task.worker_ids[-1:] == [worker_id]]
        return _ready(left, f"worker {worker_id} started again")


def requeue_expired(now=None) -> int:
    """The tasks running for longer than TASK_LEASE_SECONDS: ready again. Returns how
    many."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.TASK_LEASE_SECONDS)
    with transaction.atomic():
        expired = list(_running().filter(started_at__lt=cutoff))
        return _ready(expired, f"running for over {settings.TASK_LEASE_SECONDS} s")
