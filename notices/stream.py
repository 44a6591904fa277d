"""Sending to the account sockets: a lost event is no bug (the API reads it back)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

ACCOUNT_GROUP = "account.{user_id}"


def account_group(user_id: int) -> str:
    """The channel-layer group of one player's account sockets."""
    return ACCOUNT_GROUP.format(user_id=user_id)


def send_to_accounts(user_ids: list[int], message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for user_id in user_ids:
        try:
            async_to_sync(layer.group_send)(account_group(user_id), message)
        except Exception:  # Redis down: the stream is a hint, the API the record
            log.warning("account event for user %s lost", user_id, exc_info=True)
