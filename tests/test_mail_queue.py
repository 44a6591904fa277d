"""Every e-mail leaves through the task queue, never inside a request (taverne/mail.py):
allauth's mails and the purchase receipt are queued by the request and sent by the
worker, and a mail server that is down fails no page."""

import smtplib
from datetime import timedelta
from unittest import mock

import pytest
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.tasks import TaskResultStatus, default_task_backend
from django.utils import timezone

from economy import purchases
from economy.models import Purchase, SandboxSession, TokenBundle
from taverne import mail

pytestmark = pytest.mark.django_db

DUMMY = {"default": {"BACKEND": "django.tasks.backends.dummy.DummyBackend"}}
IMMEDIATE = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def queue(settings):
    """A queue that keeps what is enqueued and runs nothing, as the database queue does
    until db_worker takes it."""
    settings.TASKS = DUMMY
    default_task_backend.clear()
    yield default_task_backend
    default_task_backend.clear()


def run(results):
    """Be the worker: run each queued task."""
    for result in results:
        result.task.call(*result.args, **result.kwargs)


def test_a_password_reset_mail_is_queued_not_sent_inside_the_request(
    alice, client, queue, mailoutbox
):
    response = client.post("/compte/password/reset/", {"email": alice.email})

    assert response.status_code == 302
    assert mailoutbox == []
    [queued] = queue.results
    assert queued.task.module_path == "taverne.mail.deliver"

    run(queue.results)
    [sent] = mailoutbox
    assert sent.to == [alice.email]
    assert "/compte/password/reset/key/" in sent.body


def test_a_receipt_is_queued_not_sent_inside_the_webhook(alice, queue, mailoutbox):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url="https://t/{purchase}/", cancel_url="https://t/{purchase}/"
    )
    session = SandboxSession.objects.get(purchase=purchase)

    assert purchases.do_sandbox_checkout(session, "success") == 200

    assert mailoutbox == []
    [queued] = queue.results
    assert queued.task.module_path == "economy.purchases.send_receipt_email"
    assert queued.args == [purchase.pk]
    run(queue.results)
    [receipt] = mailoutbox
    assert receipt.to == [alice.email] and "Reçu de votre achat" in receipt.subject


def test_a_mail_server_down_fails_no_page(alice, client, settings, mailoutbox):
    settings.TASKS = IMMEDIATE  # embedded: the task runs at once, and fails
    with mock.patch.object(EmailMessage, "send", side_effect=ConnectionRefusedError(111)):
        response = client.post("/compte/password/reset/", {"email": alice.email})

    assert response.status_code == 302
    assert mailoutbox == []


def test_a_receipt_the_mail_server_refused_is_sent_when_its_task_runs_again(alice, settings,
                                                                              mailoutbox):
    settings.TASKS = IMMEDIATE
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url="https://t/{purchase}/", cancel_url="https://t/{purchase}/"
    )
    session = SandboxSession.objects.get(purchase=purchase)
    with mock.patch.object(EmailMessage, "send", side_effect=ConnectionRefusedError(111)):
        assert purchases.do_sandbox_checkout(session, "success") == 200

    purchase.refresh_from_db()
    assert purchase.status == Purchase.Status.PAID  # the payment stands
    assert purchase.receipt_sent_at is None  # and the receipt is still to send
    result = purchases.send_receipt_email.enqueue(purchase.pk)
    assert result.status == TaskResultStatus.SUCCESSFUL
    assert len(mailoutbox) == 1


def test_a_queued_mail_keeps_its_html_part_and_headers():
    message = mail.message_from(mail.message_fields(_html_mail()))
    assert message.alternatives[0].content == "<p>Bonjour</p>"
    assert message.extra_headers == {"X-Taverne": "1"}
    assert message.to == ["alice@example.com"] and message.subject == "Bonjour"


def _html_mail():
    message = EmailMultiAlternatives("Bonjour", "Bonjour", None, ["alice@example.com"],
                                     headers={"X-Taverne": "1"})
    message.attach_alternative("<p>Bonjour</p>", "text/html")
    return message


def test_a_mail_the_server_did_not_take_is_tried_again_later(queue, mailoutbox):
    fields = mail.message_fields(_html_mail())
    with (mock.patch.object(EmailMessage, "send", side_effect=ConnectionRefusedError(111)),
          pytest.raises(ConnectionRefusedError)):
        mail.deliver.call(fields)  # this attempt fails, and is recorded as failed

    [again] = queue.results
    assert again.args == [fields] and again.kwargs == {"attempt": 1}
    assert again.task.run_after > timezone.now() + timedelta(seconds=50)
    run(queue.results)  # the mail server is back
    assert [message.subject for message in mailoutbox] == ["Bonjour"]


def test_the_tries_stop_after_the_last_delay(queue):
    fields = mail.message_fields(_html_mail())
    with (mock.patch.object(EmailMessage, "send", side_effect=TimeoutError()),
          pytest.raises(TimeoutError)):
        mail.deliver.call(fields, attempt=len(mail.RETRY_DELAYS))
    assert queue.results == []


def test_an_address_the_server_refuses_is_not_tried_again(queue):
    refused = smtplib.SMTPRecipientsRefused({"alice@example.com": (550, b"no such user")})
    with (mock.patch.object(EmailMessage, "send", side_effect=refused),
          pytest.raises(smtplib.SMTPRecipientsRefused)):
        mail.deliver.call(mail.message_fields(_html_mail()))
    assert queue.results == []


def test_a_receipt_is_tried_again_while_the_mail_server_is_down(alice, queue, mailoutbox):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url="https://t/{purchase}/", cancel_url="https://t/{purchase}/"
    )
    purchases.do_sandbox_checkout(SandboxSession.objects.get(purchase=purchase), "success")
    [first] = queue.results
    queue.clear()

    with (mock.patch.object(EmailMessage, "send", side_effect=ConnectionRefusedError(111)),
          pytest.raises(ConnectionRefusedError)):
        run([first])
    [again] = queue.results
    assert again.args == [purchase.pk] and again.kwargs == {"attempt": 1}
    run(queue.results)
    [receipt] = mailoutbox
    assert "Reçu de votre achat" in receipt.subject
