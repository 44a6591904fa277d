"""The channel-layer group of a player's sockets, and the message that makes each of them
check what it was opened with (accounts/socket_credentials.py says why and how)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

# The channel-layer message, handled by each consumer's ``credentials_check``.
CHECK = "credentials.check"
# A group forgets a member CHANNEL_GROUP_EXPIRY seconds after it joined (Redis): a socket
# renews its membership more often than that.
RENEW_SECONDS = 20.0


def group_name(user_id: int) -> str:
    """The channel-layer group of every socket of one player, whatever opened it."""
    return f"credentials.{user_id}"


def announce(user_id: int) -> None:
    """After the current transaction commits, every socket of ``user_id`` checks what it
    was opened with (a token revoked, a password changed, a session ended)."""
    transaction.on_commit(lambda: _send(user_id))


def _send(user_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(user_id), {"type": CHECK})
    except Exception:  # Redis down: the table sockets' re-check still ends a token's
        log.warning("the sockets of user %s were not asked to check their credentials",
                    user_id, exc_info=True)
