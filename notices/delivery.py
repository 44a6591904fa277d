"""Delivering a kept notice outside the site, in the worker (after commit).

Each way out (push, e-mail) decides by the player's preferences whether it sends; the
task is queued once per notice and each way sends at most once (taverne.mail.send_once
for e-mail; the push sender keeps its own record)."""

from __future__ import annotations

import logging

from django.tasks import task

from notices.mail import send_notice_mail
from notices.models import Notice
from notices.push.sender import send_push

log = logging.getLogger(__name__)


@task()
def deliver_notice(notice_id: int) -> None:
    notice = Notice.objects.filter(pk=notice_id).select_related("user").first()
    if notice is None:
        return
    failed = None
    for way in _ways():
        # One way failing (the mail server down) does not keep the other from sending;
        # the task still fails, so its failure is seen.
        try:
            way(notice)
        except Exception as error:
            log.exception("notice %s: %s failed", notice_id, way.__name__)
            failed = failed or error
    if failed is not None:
        raise failed


def _ways():
    """The ways a notice leaves the site: e-mail, then push; each decides by the player's
    preferences whether it sends."""
    return [send_notice_mail, send_push]
