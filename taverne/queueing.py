"""Queueing a background task from inside a ``do_*`` service's transaction.

With the database's task backend (as deployed: a worker beside the site), the task's row
is written in the transaction itself: it commits with what caused it, a rollback queues
nothing, and no crash between the commit and the queueing can lose it (an outbox); it
also spares a commit of its own, which a pairing or a move would wait for. With a backend
that runs the task at once (the embedded mode's immediate backend), the task runs after
the commit: nothing leaves before it.
"""

from __future__ import annotations

from django.db import transaction


def enqueue_with_transaction(task, *args, **kwargs) -> None:
    from django_tasks_db.backend import DatabaseBackend  # an app: not at import time

    if isinstance(task.get_backend(), DatabaseBackend):
        task.enqueue(*args, **kwargs)
    else:
        transaction.on_commit(lambda: task.enqueue(*args, **kwargs))
