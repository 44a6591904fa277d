"""The changes of a player's notices and e-mail choices: one transaction each."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from notices.models import EMAIL_CHOICES, Notice
from notices.stream import account_group, send_to_accounts

__all__ = ["EMAIL_CHOICES", "account_group", "do_mark_read", "do_unsubscribe", "unread_count"]


def unread_count(user_id: int) -> int:
    return Notice.objects.filter(user_id=user_id, read_at__isnull=True).count()


def do_mark_read(user_id: int, *, ids=None, table_id: int | None = None, now=None) -> int:
    """Marks the player's unread notices read: all of them, those of ``ids``, or those of
    one table. The player's pages hear the new unread count (``notifications_read``).
    Returns how many were marked."""
    unread = Notice.objects.filter(user_id=user_id, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=list(ids))
    if table_id is not None:
        unread = unread.filter(data__table=table_id)
    with transaction.atomic():
        marked = unread.update(read_at=now or timezone.now())
        if marked:
            transaction.on_commit(lambda: send_to_accounts([user_id], {
                "type": "account.event",
                "event": {"type": "notifications_read", "unread": unread_count(user_id)}}))
    return marked


def do_unsubscribe(user_id: int, kind: str) -> bool:
    """Turns off the e-mail of one kind (one-click unsubscribe, RFC 8058). Returns whether
    it was on."""
    field = EMAIL_CHOICES[kind]
    with transaction.atomic():
        return bool(get_user_model().objects.filter(pk=user_id, **{field: True})
                    .update(**{field: False}))
