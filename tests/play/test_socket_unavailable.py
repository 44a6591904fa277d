"""PostgreSQL or Redis down while a player sends a message: the table socket answers a
structured ``unavailable`` error with ``retry_after`` (not ``server_error``), stays open,
and serves the next message once the service is back (docs/protocol.md)."""

import logging

import pytest
from channels.db import database_sync_to_async
from django.db.utils import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from play.models import ChatMessage
from play.socket import consumer as consumers
from tests.play.test_consumers import _play_settings, in_loop, make_table, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["_play_settings"]  # the autouse fixture, so this module gets the same settings


@pytest.mark.parametrize("outage", [
    OperationalError("server closed the connection unexpectedly"),
    RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused."),
])
@in_loop
async def test_a_message_during_an_outage_is_answered_unavailable_then_served(
    alice, bob, monkeypatch, caplog, outage
):
    chat = consumers._sync_chat

    def down(*args, **kwargs):
        raise outage

    monkeypatch.setattr(consumers, "_sync_chat", down)
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")

    with caplog.at_level(logging.WARNING, logger="play.socket.consumer"):
        await socket.send_json_to({"type": "chat", "text": "bonjour"})
        reply = await socket.receive_json_from()
    assert reply == {
        "type": "error", "code": "unavailable", "retry_after": 5,
        "message": "Service momentanément indisponible : réessayez dans un instant.",
    }
    # An outage is no bug: logged without a traceback.
    assert not any(record.exc_info for record in caplog.records)

    monkeypatch.setattr(consumers, "_sync_chat", chat)  # the service is back
    await socket.send_json_to({"type": "chat", "text": "bonjour"})
    line = await next_of(socket, "chat")
    assert line["message"]["text"] == "bonjour"
    assert await database_sync_to_async(ChatMessage.objects.filter(table=table).count)() == 1
    await socket.disconnect()
