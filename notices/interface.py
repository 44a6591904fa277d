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
from notices.stream import account_group, send_each, then_send
from taverne.queueing import enqueue_with_transaction

__all__ = ["Kind", "account_group", "announce", "announce_each", "as_event", "mark_table_read",
           "notified_since", "notify", "notify_each", "then_send"]


def announce(user_ids: Iterable[int], event: str, payload: dict) -> None:
    """After commit, ``{"type": event, **payload}`` on each player's account stream."""
    announce_each([(user_id, event, payload) for user_id in dict.fromkeys(user_ids)])


def announce_each(events: Iterable[tuple[int, str, dict]]) -> None:
    """After commit, each (user id, event, payload) on that player's account stream, all
    sent at once."""
    messages = [(user_id, {"type": "account.event", "event": {"type": event, **payload}})
                for user_id, event, payload in events]
    if messages:
        transaction.on_commit(lambda: send_each(messages))


def notify(user_id: int, kind: Kind | str, *, url: str = "", **data) -> Notice:
    """Keeps a notice for the player, announces it, and has it delivered after commit."""
    return notify_each([(user_id, kind, url, data)])[0]


def notify_each(items: Iterable[tuple[int, Kind | str, str, dict]]) -> list[Notice]:
    """``notify`` for each (user id, kind, url, data), written at once; their deliveries
    are one task in the worker (a pairing tells three players: one task, not three)."""
    notices = Notice.objects.bulk_create([
        Notice(user_id=user_id, kind=Kind(kind), url=url, data=data)
        for user_id, kind, url, data in items])
    if notices:
        announce_each([(notice.user_id, "notification", {"notification": as_event(notice)})
                       for notice in notices])
        _deliver_later([notice.pk for notice in notices])
    return notices


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


def _deliver_later(notice_ids: list[int]) -> None:
    """One task for the notices, in the worker once the transaction commits (queued with
    it: taverne/queueing.py)."""
    from notices.delivery import deliver_notices
    enqueue_with_transaction(deliver_notices, notice_ids)
