"""PostgreSQL or Redis down while a player sends a message: the table socket answers a
structured ``unavailable`` error with ``retry_after`` (not ``server_error``), stays open,
and serves the next message once the service is back (docs/protocol.md)."""

import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction
from django.db.utils import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from play.actions.broadcast import group_name, next_sequence
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


@in_loop
async def test_a_socket_opening_during_an_outage_is_told_to_try_again(alice, bob, monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("the database system is starting up")

    table = await database_sync_to_async(make_table)(alice, bob)
    monkeypatch.setattr(consumers, "_sync_open", down)

    socket = await open_socket(alice, table.pk)

    assert (await socket.receive_json_from())["code"] == "unavailable"
    closed = await socket.receive_output()
    assert closed == {"type": "websocket.close", "code": consumers.CLOSE_TRY_AGAIN}


@in_loop
async def test_a_notice_that_cannot_be_read_leaves_the_socket_open_and_is_made_good(
    alice, bob, monkeypatch, settings, caplog
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.2
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    first = await next_of(socket, "state")

    def down(*args, **kwargs):
        raise OperationalError("terminating connection due to administrator command")

    # The notice of a change arrives while the database restarts: reading it fails.
    monkeypatch.setattr(consumers, "_render_snapshot", down)
    sequence = await database_sync_to_async(bump_sequence)(table.pk)
    with caplog.at_level(logging.WARNING, logger="play.socket.consumer"):
        await get_channel_layer().group_send(group_name(table.pk), {
            "type": "table.changed", "version": first["view"]["version"],
            "game_id": first["view"]["game_id"], "sequence": sequence, "refresh": False})
        caught_up = await next_of(socket, "state", timeout=3)  # the re-check's

    assert caught_up["sequence"] == sequence
    assert any("could not be read, a service is down" in r.getMessage()
               for r in caplog.records)
    await socket.send_json_to({"type": "ping"})
    assert (await next_of(socket, "pong"))["type"] == "pong"  # the socket lives on
    await socket.disconnect()


def bump_sequence(table_id):
    with transaction.atomic():
        return next_sequence(table_id)


@in_loop
async def test_a_redis_restart_under_an_open_socket_leaves_it_open_and_caught_up(
    alice, bob, monkeypatch, settings, caplog
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.2
    layer = get_channel_layer()
    receive = layer.receive
    failures = {"left": 2}

    async def restarting(channel):
        if failures["left"]:
            failures["left"] -= 1
            raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")
        return await receive(channel)

    monkeypatch.setattr(consumers.Backoff, "failed", lambda backoff: 0.05)
    table = await database_sync_to_async(make_table)(alice, bob)
    with caplog.at_level(logging.WARNING, logger="play.socket.consumer"):
        monkeypatch.setattr(layer, "receive", restarting)
        socket = await open_socket(alice, table.pk)
        await next_of(socket, "state")
        # a change while the layer was failing: its notice is lost with Redis
        sequence = await database_sync_to_async(bump_sequence)(table.pk)
        caught_up = await next_of(socket, "state", timeout=3)  # the re-check's

    assert failures["left"] == 0
    assert caught_up["sequence"] == sequence
    assert sum("the channel layer failed" in r.getMessage() for r in caplog.records) == 2
    assert not any(record.exc_info for record in caplog.records)
    await socket.send_json_to({"type": "ping"})
    assert (await next_of(socket, "pong"))["type"] == "pong"  # never closed with 1011
    await socket.disconnect()
