"""Every e-mail goes out exactly once, across a worker killed at any point (issue 33, item 3).

A mail task claims its mail, sends it under a Message-ID made from the mail's key, and
marks it sent in one transaction that commits only once the server took it
(taverne/mail.py, ``send_once``). A worker killed before that commit leaves no mark: the
task's next run sends again under the same Message-ID, which the mail server
deduplicates. A worker killed after it: the next run finds the mark and sends nothing.

A kill is played by an exception raised after the mail backend's send returned (the
server took the message) and before anything commits: a BaseException, as no handler of
the site's runs when a process is killed.
"""

import threading
from contextlib import contextmanager
from unittest import mock

import pytest
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import connection
from django.tasks import default_task_backend

from economy import purchases
from economy.models import SandboxSession, TokenBundle
from play.actions import do_create_table, do_join
from play.clock.notifications import send_reminder_now, send_turn_email_now
from play.models import TurnNotification
from taverne import mail
from tests.support.concurrency import postgresql_only

pytestmark = pytest.mark.django_db

DUMMY = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}


class Killed(BaseException):
    """The worker killed: raised once the mail backend's send returned."""


@contextmanager
def killed_once_the_server_took_it():
    send = EmailMessage.send

    def send_then_die(message, *args, **kwargs):
        send(message, *args, **kwargs)
        raise Killed

    with mock.patch.object(EmailMessage, "send", send_then_die), pytest.raises(Killed):
        yield


def message_ids(outbox) -> list[str]:
    return [sent.message()["Message-ID"] for sent in outbox]


@pytest.fixture
def queue(settings):
    """A queue that runs nothing by itself, as the database queue until db_worker runs."""
    settings.TASKS = DUMMY
    default_task_backend.clear()
    yield default_task_backend
    default_task_backend.clear()


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = "https://taverne.example"  # the Message-IDs' right-hand side


@pytest.fixture
def away_at_her_turn(alice, bob, charlie):
    """A correspondence table where it is the turn of a player who wants turn e-mails and
    has no socket open: (game, seat)."""
    for user in (alice, bob, charlie):
        user.notify_your_turn = user.notify_by_email = True
        user.save()
    table = do_create_table(alice, "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=3 * 86400, name="Chez Alice")
    do_join(table, bob)
    do_join(table, charlie)
    game = table.current_game()
    return game, game.actor


def _queued_mail(queue):
    mail.queue_email(EmailMultiAlternatives("Bonjour", "Bonjour", None, ["alice@example.com"]))
    [queued] = queue.results
    queue.clear()
    return queued


# ----- the turn e-mail and the reminder ------------------------------------------------


def test_a_turn_email_cut_off_after_the_server_took_it_goes_out_again_under_its_message_id(
    away_at_her_turn, mailoutbox
):
    game, seat = away_at_her_turn
    mailoutbox.clear()

    with killed_once_the_server_took_it():
        send_turn_email_now(game.pk, seat, game.version)
    assert not TurnNotification.objects.filter(game=game).exists()  # not marked sent

    assert send_turn_email_now(game.pk, seat, game.version) is True  # the task's re-run
    first, again = message_ids(mailoutbox)
    assert first == again == f"<turn-{game.pk}-{seat}-{game.version}@taverne.example>"
    assert TurnNotification.objects.filter(game=game).count() == 1


def test_a_reminder_goes_out_once_per_turn(away_at_her_turn, mailoutbox):
    game, seat = away_at_her_turn
    mailoutbox.clear()

    assert send_reminder_now(game.pk, seat, game.version) is True
    assert send_reminder_now(game.pk, seat, game.version) is False  # a re-run of its task

    [reminder] = mailoutbox
    assert reminder.message()["Message-ID"] == (
        f"<reminder-{game.pk}-{seat}-{game.version}@taverne.example>")


def test_a_reminder_cut_off_after_the_server_took_it_goes_out_again_under_its_message_id(
    away_at_her_turn, mailoutbox
):
    game, seat = away_at_her_turn
    mailoutbox.clear()

    with killed_once_the_server_took_it():
        send_reminder_now(game.pk, seat, game.version)
    assert send_reminder_now(game.pk, seat, game.version) is True

    first, again = message_ids(mailoutbox)
    assert first == again


# ----- the purchase receipt -----------------------------------------------------------


@pytest.fixture
def paid(alice, queue):
    """alice's purchase, paid through the sandbox's webhook; its receipt queued."""
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url="https://t/{purchase}/", cancel_url="https://t/{purchase}/"
    )
    assert purchases.do_sandbox_checkout(SandboxSession.objects.get(purchase=purchase),
                                         "success") == 200
    [receipt_task] = queue.results
    queue.clear()
    return purchase


def test_a_receipt_cut_off_after_the_server_took_it_goes_out_again_under_its_message_id(
    paid, mailoutbox
):
    with killed_once_the_server_took_it():
        purchases.send_receipt(paid.pk)
    paid.refresh_from_db()
    assert paid.receipt_sent_at is None  # not marked sent

    assert purchases.send_receipt(paid.pk) is True  # the task's re-run
    first, again = message_ids(mailoutbox)
    assert first == again == f"<receipt-{paid.pk}@taverne.example>"
    paid.refresh_from_db()
    assert paid.receipt_sent_at is not None


# ----- the queued mails (allauth's) ---------------------------------------------------


def test_a_queued_mail_cut_off_after_the_server_took_it_goes_out_again_under_its_message_id(
    queue, mailoutbox
):
    queued = _queued_mail(queue)

    with killed_once_the_server_took_it():
        mail.deliver.call(*queued.args, **queued.kwargs)
    mail.deliver.call(*queued.args, **queued.kwargs)  # the task's re-run

    first, again = message_ids(mailoutbox)
    assert first == again


def test_a_queued_mail_sent_is_not_sent_again_by_its_task_run_twice(queue, mailoutbox):
    queued = _queued_mail(queue)

    mail.deliver.call(*queued.args, **queued.kwargs)
    mail.deliver.call(*queued.args, **queued.kwargs)

    assert len(mailoutbox) == 1


def test_a_queued_mail_tried_again_later_keeps_its_message_id(queue, mailoutbox):
    queued = _queued_mail(queue)
    with (mock.patch.object(EmailMessage, "send", side_effect=ConnectionRefusedError(111)),
          pytest.raises(ConnectionRefusedError)):
        mail.deliver.call(*queued.args, **queued.kwargs)
    [again] = queue.results

    mail.deliver.call(*again.args, **again.kwargs)
    mail.deliver.call(*queued.args, **queued.kwargs)  # the first try's task run again

    [sent] = mailoutbox
    assert sent.message()["Message-ID"] == mail.message_id(queued.args[0]["key"])


@pytest.mark.django_db(transaction=True)
@postgresql_only
def test_a_second_worker_does_not_send_a_mail_the_first_one_is_sending(queue, mailoutbox):
    queued = _queued_mail(queue)
    send = EmailMessage.send
    first_sending, server_answers = threading.Event(), threading.Event()

    def slow_server(message, *args, **kwargs):
        sent = send(message, *args, **kwargs)
        if threading.current_thread().name == "first":
            first_sending.set()
            server_answers.wait(10)
        return sent

    def worker():
        try:
            mail.deliver.call(*queued.args, **queued.kwargs)
        finally:
            connection.close()

    with mock.patch.object(EmailMessage, "send", slow_server):
        first = threading.Thread(target=worker, name="first")
        second = threading.Thread(target=worker, name="second")
        first.start()
        assert first_sending.wait(10)
        second.start()
        second.join(1)
        assert second.is_alive() and len(mailoutbox) == 1  # waiting on the first's claim
        server_answers.set()
        first.join(10)
        second.join(10)

    assert len(mailoutbox) == 1
