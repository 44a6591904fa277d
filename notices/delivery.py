"""Delivering a kept notice outside the site, in the worker (after commit).

Each way out (push, e-mail) decides by the player's preferences whether it sends; one
task is queued per transaction for its notices, and each way sends a notice at most once
(taverne.mail.send_once for e-mail; the push sender keeps its own record)."""

from __future__ import annotations

import logging

from django.tasks import task

from notices.mail import send_notice_mail
from notices.models import Notice
from notices.push.sender import send_push

log = logging.getLogger(__name__)


@task()
def deliver_notices(notice_ids: list[int]) -> None:
    """The notices one transaction kept (a pairing's players, a game's end), each by
    every way. One failing does not keep the others from leaving; the task still fails
    then, so that the failure is seen, and a run again sends nothing twice."""
    failed = None
    notices = Notice.objects.filter(pk__in=notice_ids).select_related("user").order_by("pk")
    for notice in notices:
        failed = _deliver(notice) or failed
    if failed is not None:
        raise failed


@task()
def deliver_notice(notice_id: int) -> None:
    """One notice (the tasks queued before ``deliver_notices`` took over)."""
    notice = Notice.objects.filter(pk=notice_id).select_related("user").first()
    failed = _deliver(notice) if notice is not None else None
    if failed is not None:
        raise failed


def _deliver(notice: Notice) -> Exception | None:
    """Sends ``notice`` every way; the first error, or None."""
    failed = None
    for way in _ways():
        # One way failing (the mail server down) does not keep the other from sending.
        try:
            way(notice)
        except Exception as error:
            log.exception("notice %s: %s failed", notice.pk, way.__name__)
            failed = failed or error
    return failed


def _ways():
    """The ways a notice leaves the site: e-mail, then push; each decides by the player's
    preferences whether it sends."""
    return [send_notice_mail, send_push]
