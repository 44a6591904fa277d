"""django-tasks-db's `db_worker`, made to outlive a database restart.

The library's worker exits on the first `OperationalError` that is not SQLite's "database
is locked": a PostgreSQL restart stopped it, and queued e-mails waited until someone
restarted it. This command has the same name and options (the apps listed before
django_tasks_db in INSTALLED_APPS win the name, and `play` is one): its worker closes the
broken connection, waits with a backoff (taverne/backoff.py) until the database answers,
and goes on. A task cut off by the outage is queued again: at least once, which the tasks
allow (each e-mail goes out once: taverne/mail.py, ``send_once``). Started under a fixed
``--worker-id`` (deploy/topology.py), it first readies what its previous life was killed
in the middle of (taverne/task_recovery.py).
"""

from __future__ import annotations

import logging
import os
import time

from django.core.management.base import CommandError
from django.db import InterfaceError, OperationalError, connections
from django.tasks import TaskResultStatus
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV, run_with_reloader
from django_tasks_db.management.commands import db_worker
from django_tasks_db.models import DBTaskResult

from taverne import task_recovery
from taverne.backoff import Backoff

log = logging.getLogger(__name__)

DATABASE_DOWN = (OperationalError, InterfaceError)


def close_connections() -> None:
    """Drop this thread's connections: a broken one would fail every later query."""
    for connection in connections.all(initialized_only=True):
        try:
            connection.close()
        except DATABASE_DOWN:
            pass  # already gone with the server


def database_answers() -> bool:
    try:
        connection = connections["default"]
        connection.ensure_connection()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DATABASE_DOWN:
        close_connections()
        return False
    return True


class Worker(db_worker.Worker):
    """The library's loop, started again each time the database comes back."""

    sleep = staticmethod(time.sleep)  # tests replace it

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.backoff = Backoff()
        self.in_flight = None  # the task being run, if the database fails under it
        self.recovered = False  # what a previous life under this id left running

    def run(self) -> None:
        while self.running:
            try:
                # Inside the try: the database may fail again as soon as it answered.
                if not self.recovered:
                    task_recovery.requeue_left_by(self.worker_id)
                    self.recovered = True
                self.requeue_in_flight()
                return super().run()
            except DATABASE_DOWN as error:
                log.warning("db_worker %s: the database failed (%s); waiting for it",
                            self.worker_id, error)
                close_connections()
                self.startup_delay = False
                self.wait_for_database()

    def wait_for_database(self) -> None:
        while self.running:
            self.sleep(self.backoff.failed())
            if database_answers():
                self.backoff.succeeded()
                log.warning("db_worker %s: the database answers again", self.worker_id)
                return

    def run_task(self, db_task_result) -> None:
        self.in_flight = db_task_result.pk
        super().run_task(db_task_result)
        self.in_flight = None

    def requeue_in_flight(self) -> None:
        """The task the outage cut off stays "running" forever otherwise: ready it again."""
        if self.in_flight is None:
            return
        DBTaskResult.objects.filter(
            pk=self.in_flight, status=TaskResultStatus.RUNNING
        ).update(status=TaskResultStatus.READY)
        self.in_flight = None


class Command(db_worker.Command):
    help = (
        "Run the background tasks queued in the database (e-mails); survives a database "
        "restart (django-tasks-db's db_worker, with a backoff on database errors)."
    )

    def handle(self, *, verbosity, queue_name, interval, batch, backend_name,
               startup_delay, reload, max_tasks, worker_id, exclude_queues, **options):
        # The library's handle() with our Worker: it builds its own inside.
        self.configure_logging(verbosity)
        if reload and batch:
            reload = False
        queue_names = queue_name.split(",")
        excluded = exclude_queues.split(",") if exclude_queues else []
        if excluded and "*" not in queue_names:
            raise CommandError("--exclude-queues can only be used with --queue-name=*")
        worker = Worker(
            queue_names=queue_names,
            interval=interval,
            batch=batch,
            backend_name=backend_name,
            startup_delay=startup_delay,
            max_tasks=max_tasks,
            worker_id=worker_id,
            excluded_queue_names=excluded,
        )
        if reload:
            if os.environ.get(DJANGO_AUTORELOAD_ENV) == "true":
                worker.configure_signals()
            run_with_reloader(worker.run)
        else:
            worker.configure_signals()
            worker.run()
