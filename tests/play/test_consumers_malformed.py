"""Malformed frames get a structured error and never kill the socket (docs/protocol.md)."""

import json
import logging

import pytest
from channels.db import database_sync_to_async

from play.models import ChatMessage
from play.socket import consumer as consumers
from play.socket.protocol import ProtocolError, parse_message
from tests.play.test_consumers import _play_settings, in_loop, make_table, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["_play_settings"]  # the autouse fixture, so this module gets the same settings

# An act naming its game (protocol 3): each message below is refused for its other field.
ACT = '{"type": "act", "game_id": 1, '


@pytest.mark.parametrize(
    "raw",
    [
        ACT + '"action": {"type": "pass"}, "version": "\u00b2"}',
        ACT + '"action": {"type": "pass"}, "version": "\u0661"}',
        ACT + '"action": {"type": "pass"}, "version": "1234567890123456789"}',
        ACT + '"action": {"type": "pass"}, "version": 12345678901234567890}',
        '{"type": "chat", "text": "\\ud800"}',
        '{"type": "chat", "text": "a\\u0000b"}',
        ACT + '"action": {"type": "pass"}, "version": 1, "id": "\\udfff"}',
        ACT + '"action": {"type": "pass"}, "version": 1, "id": "x\\u0000"}',
        ACT + '"action": {"type": "play", "card": "\\ud83d"}, "version": 1}',
        ACT + '"action": {"type": "play", "deep": [{"x": "\\u0000"}]}, "version": 1}',
        ACT + '"action": {"type": "play", "\\ud800": 1}, "version": 1}',
        ACT + '"action_json": "{\\"type\\": \\"play\\", \\"c\\": \\"\\\\u0000\\"}",'
        ' "version": "1"}',
        ACT + '"action": {"type": "fold", "x": NaN}, "version": 1}',
        ACT + '"action": {"type": "fold"}, "version": Infinity}',
        ACT + '"action_json": "{\\"type\\": \\"fold\\", \\"x\\": -Infinity}",'
        ' "version": "1"}',
    ],
)
def test_unstorable_or_non_ascii_digit_messages_are_bad_messages(raw):
    with pytest.raises(ProtocolError) as refused:
        parse_message(raw)
    assert refused.value.code in ("bad_message", "bad_json")
    assert refused.value.as_dict()["message"]


def test_nan_and_infinity_are_refused_as_bad_json():
    with pytest.raises(ProtocolError) as refused:
        parse_message('{"type": "ping", "x": NaN}')
    assert refused.value.code == "bad_json"


def test_ascii_digit_versions_still_parse():
    message = parse_message(ACT + '"action": {"type": "pass"}, "version": " 17 "}')
    assert message["version"] == 17
    assert parse_message('{"type": "chat", "text": "\\u00e9t\\u00e9 \\ud83c\\udf89"}')["text"] \
        == "été 🎉"


@in_loop
async def test_malformed_frames_get_bad_message_and_the_socket_stays_open(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    state = await next_of(socket, "state")
    frames = [
        {"type": "act", "action": {"type": "pass"}, "version": "²",
         "game_id": state["game_id"]},
        '{"type": "chat", "text": "\\ud800"}',
        '{"type": "chat", "text": "nul\\u0000"}',
        {"type": "act", "action": {"type": "bid", "tricks": 1}, "version": state["version"],
         "game_id": state["game_id"], "id": "a\x00b"},
        ACT + '"action": {"type": "bid", "tricks": 1}, "version": 1, "id": "\\udc00"}',
        ACT + '"action": {"type": "play", "card": "\\ud800"}, "version": 1}',
        ACT + '"action": {"type": "fold", "x": NaN}, "version": 1}',
    ]
    for frame in frames:
        await socket.send_to(text_data=frame if isinstance(frame, str) else json.dumps(frame))
        reply = await socket.receive_json_from()
        assert reply["type"] == "error", frame
        assert reply["code"] in ("bad_message", "bad_json"), (frame, reply)
        assert reply["message"]
    assert not await database_sync_to_async(ChatMessage.objects.filter(table=table).exists)()
    await socket.send_json_to({"type": "sync"})
    again = await next_of(socket, "state")
    assert again["version"] == state["version"]
    await socket.disconnect()


@in_loop
async def test_an_unexpected_failure_is_logged_and_answered_with_server_error(
    alice, bob, monkeypatch, caplog
):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(consumers, "_sync_chat", broken)
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk, query="lang=en")
    state = await next_of(socket, "state")

    with caplog.at_level(logging.ERROR, logger="play.socket.consumer"):
        await socket.send_json_to({"type": "chat", "text": "hello"})
        reply = await socket.receive_json_from()
    assert reply["type"] == "error" and reply["code"] == "server_error"
    assert reply["message"] == "Server error: the message was not handled."
    assert any("unexpected error" in r.getMessage() and r.exc_info for r in caplog.records)
    # Still open and serving.
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.send_json_to({"type": "sync"})
    assert (await next_of(socket, "state"))["version"] == state["version"]
    await socket.disconnect()
