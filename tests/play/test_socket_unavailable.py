"""PostgreSQL or Redis down while a player sends a message: the table socket answers a
structured ``unavailable`` error with ``retry_after`` (not ``server_error``), stays open,
and serves the next message once the service is back (docs/protocol.md)."""

import asyncio
import json
import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.db.utils import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from config.asgi import application
from play.actions.broadcast import group_name, next_sequence
from play.models import ChatMessage
from play.socket import consumer as consumers
from play.socket import inbox, watch
from tests.play.test_consumers import (
    _play_settings,
    human_turn,
    in_loop,
    make_table,
    next_of,
    open_socket,
    session_cookie,
)

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

    monkeypatch.setattr(inbox.Backoff, "failed", lambda backoff: 0.05)
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


async def redis_down(*args, **kwargs):
    raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")


@in_loop
async def test_a_socket_refused_in_an_outage_closes_with_a_code_daphne_can_send(
    alice, bob, monkeypatch
):
    # autobahn, under daphne, sends 1000 or 3000-4999 and fails on any other code (1013
    # included) with 1011 and an error in the log.
    layer = get_channel_layer()
    monkeypatch.setattr(layer, "group_add", redis_down)
    table = await database_sync_to_async(make_table)(alice, bob)

    socket = await open_socket(alice, table.pk)

    assert (await socket.receive_json_from())["code"] == "unavailable"
    closed = await socket.receive_output()
    assert closed["type"] == "websocket.close"
    assert closed["code"] == 1000 or 3000 <= closed["code"] <= 4999


@pytest.mark.parametrize("query", ["", "format=html&lang=en"])
@in_loop
async def test_a_socket_whose_session_cannot_be_read_is_answered_unavailable(
    alice, bob, monkeypatch, caplog, query
):
    # PostgreSQL down: channels' authentication fails before the consumer runs.
    import channels.auth

    async def database_down(scope):
        raise OperationalError("connection failed: Connection refused")

    table = await database_sync_to_async(make_table)(alice, bob)
    cookie = await database_sync_to_async(session_cookie)(alice)
    monkeypatch.setattr(channels.auth, "get_user", database_down)
    path = f"/ws/tables/{table.pk}/" + (f"?{query}" if query else "")
    socket = WebsocketCommunicator(application, path, headers=[
        (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())])

    with caplog.at_level(logging.WARNING):
        connected, _ = await socket.connect(timeout=3)
        assert connected
        answer = await socket.receive_from()
        closed = await socket.receive_output()

    if query:
        assert "Service temporarily unavailable" in answer  # the page's fragment, in English
    else:
        assert json.loads(answer)["code"] == "unavailable"
        assert json.loads(answer)["retry_after"] == 5
    assert closed == {"type": "websocket.close", "code": consumers.CLOSE_TRY_AGAIN}
    assert any("a service is down" in r.getMessage() and r.levelno == logging.WARNING
               for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)


@in_loop
async def test_with_redis_down_the_recheck_still_reaches_the_socket(
    alice, bob, monkeypatch, settings
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.2
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")
    layer = get_channel_layer()
    for method in ("send", "group_send", "group_add"):
        monkeypatch.setattr(layer, method, redis_down)

    sequence = await database_sync_to_async(bump_sequence)(table.pk)  # a notice lost

    caught_up = await next_of(socket, "state", timeout=3)
    assert caught_up["sequence"] == sequence
    await socket.disconnect()


@in_loop
async def test_with_redis_down_a_move_reaches_the_sockets_of_its_process_at_once(
    alice, bob, monkeypatch, settings
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 60  # no re-check during the test
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    actor = await open_socket(user, table.pk)
    other = await open_socket(bob if user == alice else alice, table.pk)
    await next_of(actor, "state")
    await next_of(other, "state")
    layer = get_channel_layer()
    monkeypatch.setattr(layer, "group_send", redis_down)
    action = table.engine.legal_actions(game.state)[0]

    await actor.send_json_to({"type": "act", "action": action, "version": game.version,
                              "game_id": game.pk, "id": "abc"})

    assert (await next_of(actor, "ack"))["version"] == game.version + 1
    assert (await next_of(other, "state", timeout=2))["version"] >= game.version + 1
    await actor.disconnect()
    await other.disconnect()


@in_loop
async def test_while_redis_is_down_the_sockets_are_rechecked_more_often(
    alice, bob, monkeypatch, settings
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 5
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")
    watcher = watch.watcher()
    assert watcher.period() == 5

    layer = get_channel_layer()
    group_add = layer.group_add
    monkeypatch.setattr(layer, "group_add", redis_down)
    await watcher.beat()
    assert watcher.period() == watch.OUTAGE_RECHECK_SECONDS

    monkeypatch.setattr(layer, "group_add", group_add)  # Redis is back
    await watcher.beat()
    assert watcher.period() == 5
    await socket.disconnect()


@in_loop
async def test_a_socket_closing_while_redis_is_down_closes_quietly(
    alice, bob, monkeypatch, caplog
):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")

    def counts_down(*args):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379.")

    monkeypatch.setattr(consumers.limits, "close_socket", counts_down)
    with caplog.at_level(logging.WARNING):
        await socket.disconnect()  # raises if the consumer failed

    assert any("left its counts to expire" in r.getMessage() for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)


@in_loop
async def test_a_socket_opening_that_waits_behind_a_database_outage_is_answered_at_once(
    alice, bob, monkeypatch
):
    # Every database call of a daphne process goes through one thread: in an outage an
    # opening waits behind the pool timeouts of all the other callers.
    import channels.auth

    from play.socket import outages

    async def queued_behind_the_outage(scope):
        await asyncio.sleep(30)

    table = await database_sync_to_async(make_table)(alice, bob)
    cookie = await database_sync_to_async(session_cookie)(alice)
    monkeypatch.setattr(channels.auth, "get_user", queued_behind_the_outage)
    monkeypatch.setattr(outages, "HANDSHAKE_PATIENCE", 0.2)
    monkeypatch.setattr(outages, "database_answers", lambda: False)
    socket = WebsocketCommunicator(application, f"/ws/tables/{table.pk}/", headers=[
        (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())])

    connected, _ = await socket.connect(timeout=2)

    assert connected
    assert (await socket.receive_json_from(timeout=1))["code"] == "unavailable"
    assert await socket.receive_output() == {"type": "websocket.close",
                                             "code": consumers.CLOSE_TRY_AGAIN}
