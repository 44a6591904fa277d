"""The site-wide records that belong to no app: the ledger of e-mails sent."""

from __future__ import annotations

from django.db import models


class SentMail(models.Model):
    """An e-mail the mail server took: one row per mail, never changed.

    Written in the transaction that sends the mail and committed only once the server
    accepted it (taverne/mail.py, ``send_once``): a task run again finds it and sends
    nothing; a task cut off before the commit left none and sends again, under the same
    Message-ID. Its unique key is also the claim: a second worker inserting the same key
    waits for the first one's transaction, then finds the mail sent (or sends it, if the
    first one was cut off)."""

    key = models.CharField(max_length=120, unique=True)
    sent_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.key
