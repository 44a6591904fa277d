"""Sending to the account sockets: a lost event is no bug (the API reads it back)."""

from __future__ import annotations

import logging
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

ACCOUNT_GROUP = "account.{user_id}"

# Set by ``then_send`` around a service run in a worker thread for a coroutine: the
# account events its commit sends wait there, and the coroutine sends them on its event
# loop once the thread is done. Otherwise each send hops from the thread to the loop and
# holds the thread (which runs every socket's database work) until the loop has sent.
_WAITING: ContextVar[list | None] = ContextVar("account_events_waiting", default=None)


def account_group(user_id: int) -> str:
    """The channel-layer group of one player's account sockets."""
    return ACCOUNT_GROUP.format(user_id=user_id)


def send_to_accounts(user_ids: list[int], message: dict) -> None:
    send_each([(user_id, message) for user_id in user_ids])


def send_each(messages: list[tuple[int, dict]]) -> None:
    """Each (user id, message) to that player's account sockets: one trip into the event
    loop for them all (``async_to_sync`` costs a thread hop each: a pairing tells three
    players twice)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return
    waiting = _WAITING.get()
    if waiting is not None:
        waiting.extend(messages)
        return
    async_to_sync(_send_all)(layer, messages)


async def then_send(call):
    """Awaits ``call`` (a service run in a worker thread: ``database_sync_to_async``),
    then sends from here the account events its commits sent (``_WAITING``). Returns what
    ``call`` returned."""
    waiting = []
    token = _WAITING.set(waiting)
    try:
        return await call
    finally:
        _WAITING.reset(token)
        layer = get_channel_layer()
        if waiting and layer is not None:
            await _send_all(layer, waiting)


async def _send_all(layer, messages) -> None:
    for user_id, message in messages:
        try:
            await layer.group_send(account_group(user_id), message)
        except Exception:  # Redis down: the stream is a hint, the API the record
            log.warning("account event for user %s lost", user_id, exc_info=True)
