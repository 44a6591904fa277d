"""What the other rooms (play, pairing) call to reach a player outside a table.

Two doors, both to be called inside the transaction of the ``do_*`` service that caused
them; nothing leaves before that transaction commits, and a rollback sends nothing.

- ``announce``: an event on the player's account stream (the socket ``/ws/account/``,
  docs/protocol.md), nothing kept: a program or an open page reacts to it; what a
  program misses it reads back from the API.
- ``notify``: a notice kept for the player (the bell and its list), announced on the
  stream as ``notification``; then, in the worker, sent by push and e-mail as the
  player's preferences ask (notices/delivery.py). A move never waits for either.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from notices.models import Kind, Notice
from notices.services import do_mark_read
from notices.stream import account_group, send_to_accounts

__all__ = ["Kind", "account_group", "announce", "as_event", "mark_table_read", "notified_since",
           "notify"]


def announce(user_ids: Iterable[int], event: str, payload: dict) -> None:
    """After commit, ``{"type": event, **payload}`` on each player's account stream."""
    user_ids = list(dict.fromkeys(user_ids))
    message = {"type": "account.event", "event": {"type": event, **payload}}
    transaction.on_commit(lambda: send_to_accounts(user_ids, message))


def notify(user_id: int, kind: Kind | str, *, url: str = "", **data) -> Notice:
    """Keeps a notice for the player, announces it, and has it delivered after commit."""
    notice = Notice.objects.create(user_id=user_id, kind=Kind(kind), url=url, data=data)
    announce([user_id], "notification", {"notification": as_event(notice)})
    transaction.on_commit(lambda: _deliver_later(notice.pk))
    return notice


def notified_since(user_id: int, kind: Kind | str, table_id: int, since) -> bool:
    """Whether the player holds an unread notice of this kind for this table kept since
    ``since`` (one they read, at the table, does not count)."""
    return Notice.objects.filter(user_id=user_id, kind=Kind(kind), data__table=table_id,
                                 created_at__gte=since, read_at__isnull=True).exists()


def mark_table_read(user_id: int, table_id: int) -> int:
    """The player has the table before their eyes: its notices are read (announced, so
    that their other pages' bells follow). Returns how many were marked."""
    return do_mark_read(user_id, table_id=table_id)


def as_event(notice: Notice) -> dict:
    """A notice as the stream and the API give it (docs/schemas/)."""
    return {"id": notice.pk, "kind": notice.kind, "url": notice.url, "data": notice.data,
            "created_at": notice.created_at.isoformat(), "read": notice.read_at is not None}


def _deliver_later(notice_id: int) -> None:
    from notices.delivery import deliver_notice
    deliver_notice.enqueue(notice_id)
