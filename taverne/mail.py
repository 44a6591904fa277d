"""Every e-mail the site sends leaves through the task queue, never inside a request.

A mail server that is slow or down must not hold a page, a payment or a socket message:
the request queues the message and `db_worker` sends it (settings' TASKS; embedded,
Django's immediate backend sends it at once).
The message is built in the request, in the reader's language, and queued as plain
JSON-safe fields, since a task's arguments are stored in the database.

Exactly once (issue 33): a task may run twice (its worker killed, taverne/task_recovery.py
queues it again), so every mail leaves through ``send_once``, which claims the mail's key,
sends it under a Message-ID made from that key and marks it sent in one transaction,
committed only after the mail server took the message. Cut off before the commit, the
task's next run sends it again under the same Message-ID (a mail server, or the reader's,
keeps one message per Message-ID); cut off after it, the next run sends nothing.
"""

from __future__ import annotations

import logging
import smtplib
import socket
import uuid
from collections.abc import Callable
from datetime import timedelta
from urllib.parse import urlsplit

from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.tasks import task
from django.utils import timezone

from taverne.models import SentMail
from taverne.site import site_url

log = logging.getLogger(__name__)

# The mail server did not answer (down, restarting, unreachable): worth trying again. A
# refusal of the message itself (a bad address) is not, and fails the task at once.
MAIL_SERVER_DOWN = (ConnectionError, TimeoutError, socket.gaierror,
                    smtplib.SMTPConnectError, smtplib.SMTPServerDisconnected)
# Seconds before each new try: a mail server back within about an hour and a half
# still delivers.
RETRY_DELAYS = (60, 300, 1200, 3600)


def retry_later(queued_task, args: tuple, attempt: int) -> bool:
    """Queue ``queued_task`` again, later, for its next attempt; False when the attempts
    are spent or the backend cannot defer (embedded: the immediate backend)."""
    if attempt >= len(RETRY_DELAYS) or not queued_task.get_backend().supports_defer:
        return False
    when = timezone.now() + timedelta(seconds=RETRY_DELAYS[attempt])
    queued_task.using(run_after=when).enqueue(*args, attempt=attempt + 1)
    log.warning("%s: the mail server did not answer; next try at %s",
                queued_task.module_path, when.isoformat())
    return True


def message_id(key: str) -> str:
    """The Message-ID of the mail ``key``: the same on every try and every run of its task
    (Django's own, ``make_msgid``, is new each time)."""
    return f"<{key}@{urlsplit(site_url()).hostname}>"


def send_once(key: str, message: EmailMessage, mark: Callable[[], object] | None = None
              ) -> bool:
    """Send ``message`` unless the mail ``key`` was sent already; returns whether it sent.

    One transaction: the claim (a ``SentMail`` row with the unique ``key``: a concurrent
    claimer waits on it), the send, then ``mark`` (the caller's own record of the mail),
    committed once the server took the message. ``key`` is made of letters, digits, dots
    and dashes: it is the left part of the Message-ID. An error, or the worker killed,
    before the commit leaves no mark, and the next try sends again under the same
    Message-ID."""
    message.extra_headers = {**message.extra_headers, "Message-ID": message_id(key)}
    with transaction.atomic():
        try:
            with transaction.atomic():
                SentMail.objects.create(key=key)
        except IntegrityError:
            return False  # sent already (or by a worker whose commit this one waited for)
        message.send()
        if mark is not None:
            mark()
    return True


def message_fields(message: EmailMessage) -> dict:
    """What a task needs to send ``message`` again: its text fields (no attachments: the
    site's mails have none)."""
    return {
        "subject": message.subject,
        "body": message.body,
        "from_email": message.from_email,
        "to": list(message.to),
        "cc": list(message.cc),
        "bcc": list(message.bcc),
        "reply_to": list(message.reply_to),
        "headers": dict(message.extra_headers),
        "content_subtype": message.content_subtype,
        "alternatives": [
            [alternative.content, alternative.mimetype]
            for alternative in getattr(message, "alternatives", [])
        ],
    }


def message_from(fields: dict) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        fields["subject"], fields["body"], fields["from_email"], fields["to"],
        cc=fields["cc"], bcc=fields["bcc"], reply_to=fields["reply_to"],
        headers=fields["headers"],
    )
    message.content_subtype = fields["content_subtype"]
    for content, mimetype in fields["alternatives"]:
        message.attach_alternative(content, mimetype)
    return message


@task
def deliver(fields: dict, attempt: int = 0) -> int:
    """The queued e-mail, sent by the task worker, once (under the key ``queue_email``
    gave it). The mail server down: tried again later (``RETRY_DELAYS``); this attempt
    still fails, so that its result keeps the error for the site's staff
    (docs/operations.md)."""
    try:
        if "key" not in fields:  # queued before mails had keys: sent as it was then
            return message_from(fields).send()
        return int(send_once(fields["key"], message_from(fields)))
    except MAIL_SERVER_DOWN:
        retry_later(deliver, (fields,), attempt)
        raise


def queue_email(message: EmailMessage) -> None:
    """Send ``message`` through the task queue.

    Queued in the current transaction: with the database queue the mail is stored with
    the change that caused it, and leaves only if that change commits (the worker cannot
    see it before). Its key, made here, goes with it to every try."""
    deliver.enqueue({**message_fields(message), "key": f"mail-{uuid.uuid4().hex}"})
