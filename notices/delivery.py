"""Delivering a kept notice outside the site, in the worker (after commit).

Each way out (push, e-mail) decides by the player's preferences whether it sends; the
task is queued once per notice and each way sends at most once (taverne.mail.send_once
for e-mail; the push sender keeps its own record)."""

from __future__ import annotations

import logging

from django.tasks import task

from notices.mail import send_notice_mail
from notices.models import Notice

log = logging.getLogger(__name__)


@task()
def deliver_notice(notice_id: int) -> None:
    notice = Notice.objects.filter(pk=notice_id).select_related("user").first()
    if notice is None:
        return
    for way in _ways():
        way(notice)


def _ways():
    """The ways a notice leaves the site (filled in by the push and e-mail senders)."""
    return [send_notice_mail]
