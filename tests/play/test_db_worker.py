"""`manage.py db_worker` (ours: django-tasks-db's worker with a backoff) outlives a database
restart: a queued e-mail is sent once the database answers again, and a task the outage
cut off is run again instead of staying "running" forever, and so is a task whose worker
was killed in the middle (taverne/task_recovery.py)."""

from datetime import timedelta

import pytest
from django.core.mail import EmailMessage
from django.db.utils import OperationalError
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, DBTaskResultQuerySet

from play.clock import scheduler
from play.management.commands import db_worker
from taverne import mail, task_recovery

pytestmark = pytest.mark.django_db(transaction=True)

DOWN = OperationalError("server closed the connection unexpectedly")


@pytest.fixture(autouse=True)
def _database_queue(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def worker(monkeypatch):
    """A worker that runs what is queued, then stops; its waits are recorded, not slept."""
    waits = []
    monkeypatch.setattr(db_worker.Worker, "sleep", staticmethod(waits.append))
    runner = db_worker.Worker(
        queue_names=["default"], interval=0, batch=True, backend_name="default",
        startup_delay=False, max_tasks=None, worker_id="worker-1", excluded_queue_names=[],
    )
    return runner, waits


def queue_mail(subject="À vous de jouer"):
    mail.queue_email(EmailMessage(subject, "C'est votre tour.", None, ["alice@example.com"]))


def test_a_queued_mail_is_sent_after_the_database_comes_back(monkeypatch, mailoutbox):
    queue_mail()
    assert mailoutbox == []  # queued, not sent
    get_locked = DBTaskResultQuerySet.get_locked
    failures = iter([DOWN, DOWN])

    def restarting(queryset):
        error = next(failures, None)
        if error is not None:
            raise error
        return get_locked(queryset)

    monkeypatch.setattr(DBTaskResultQuerySet, "get_locked", restarting)
    runner, waits = worker(monkeypatch)
    runner.run()

    assert [message.subject for message in mailoutbox] == ["À vous de jouer"]
    assert waits == [0.5, 0.5]  # reset once the database answered after each failure
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL


def test_a_task_the_outage_cut_off_is_run_again(monkeypatch, mailoutbox):
    queue_mail()
    send = EmailMessage.send
    set_failed = DBTaskResult.set_failed
    outage = {"on": True}

    def send_during_outage(message, *args, **kwargs):
        if outage["on"]:
            raise DOWN  # the task fails with the database...
        return send(message, *args, **kwargs)

    def record_during_outage(result, error):
        if outage["on"]:
            outage["on"] = False  # ...and so does recording its failure; then it is back
            raise DOWN
        return set_failed(result, error)

    monkeypatch.setattr(EmailMessage, "send", send_during_outage)
    monkeypatch.setattr(DBTaskResult, "set_failed", record_during_outage)
    runner, waits = worker(monkeypatch)
    runner.run()

    assert len(mailoutbox) == 1
    assert waits == [0.5]
    result = DBTaskResult.objects.get()
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert result.worker_ids == ["worker-1", "worker-1"]  # claimed twice: run again


def left_running(worker_id, minutes_ago=0):
    """A queued e-mail that ``worker_id`` claimed ``minutes_ago`` and was killed in."""
    queue_mail()
    task = DBTaskResult.objects.latest("enqueued_at")
    task.claim(worker_id)
    DBTaskResult.objects.filter(pk=task.pk).update(
        started_at=timezone.now() - timedelta(minutes=minutes_ago))
    return task


def test_a_worker_started_again_under_its_id_sends_what_it_was_killed_in(
    monkeypatch, mailoutbox
):
    left_running("worker-1")
    runner, _ = worker(monkeypatch)
    runner.run()

    assert len(mailoutbox) == 1
    assert DBTaskResult.objects.get().worker_ids == ["worker-1", "worker-1"]


def test_a_worker_leaves_alone_what_another_worker_is_running(monkeypatch, mailoutbox):
    other = left_running("worker-2")
    runner, _ = worker(monkeypatch)
    runner.run()

    assert mailoutbox == []
    assert DBTaskResult.objects.get(pk=other.pk).status == TaskResultStatus.RUNNING


def test_a_task_running_past_its_lease_is_queued_again_whoever_claimed_it(settings):
    settings.TASK_LEASE_SECONDS = 900
    stale = left_running("worker-2", minutes_ago=16)
    fresh = left_running("worker-3", minutes_ago=14)

    assert task_recovery.requeue_expired() == 1
    assert DBTaskResult.objects.get(pk=stale.pk).status == TaskResultStatus.READY
    assert DBTaskResult.objects.get(pk=fresh.pk).status == TaskResultStatus.RUNNING
    assert task_recovery.requeue_expired() == 0  # already queued: nothing twice


def test_the_play_worker_looks_for_abandoned_tasks_every_five_minutes(settings):
    settings.TASK_LEASE_SECONDS = 900
    stale = left_running("worker-2", minutes_ago=30)
    start = timezone.now()
    scheduler.abandoned_tasks.last = None
    scheduler.abandoned_tasks.run_if_due(start)
    assert DBTaskResult.objects.get(pk=stale.pk).status == TaskResultStatus.READY

    again = left_running("worker-2", minutes_ago=30)
    scheduler.abandoned_tasks.run_if_due(start + timedelta(minutes=4))
    assert DBTaskResult.objects.get(pk=again.pk).status == TaskResultStatus.RUNNING
    scheduler.abandoned_tasks.run_if_due(start + timedelta(minutes=5))
    assert DBTaskResult.objects.get(pk=again.pk).status == TaskResultStatus.READY
