"""Every e-mail the site sends leaves through the task queue, never inside a request.

A mail server that is slow or down must not hold a page, a payment or a socket message:
the request queues the message and `db_worker` sends it (settings' TASKS; embedded,
Django's immediate backend sends it at once).
The message is built in the request, in the reader's language, and queued as plain
JSON-safe fields, since a task's arguments are stored in the database.
"""

from __future__ import annotations

from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.tasks import task


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
def deliver(fields: dict) -> int:
    """The queued e-mail: sent by the task worker (a failure is kept in the task's
    result for the site's staff, docs/operations.md)."""
    return message_from(fields).send()


def queue_email(message: EmailMessage) -> None:
    """Send ``message`` through the task queue.

    Queued in the current transaction: with the database queue the mail is stored with
    the change that caused it, and leaves only if that change commits (the worker cannot
    see it before)."""
    deliver.enqueue(message_fields(message))
