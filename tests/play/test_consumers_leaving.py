"""The socket's ways out (resign, abort, come_back) and presence reaching the table."""

import pytest
from channels.db import database_sync_to_async

from play.models import Game, Seat
from tests.play.test_consumers import in_loop, make_table, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def seating(message):
    return {p["position"]: p for p in message.get("view", message)["seating"]}


@in_loop
async def test_a_connect_and_a_disconnect_reach_the_other_connections(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    alice_socket = await open_socket(alice, table.pk)
    first = await next_of(alice_socket, "state")
    assert seating(first)[1]["connected"] is False

    bob_socket = await open_socket(bob, table.pk)
    await next_of(bob_socket, "state")
    came = await next_of(alice_socket, "presence")
    assert seating(came)[1]["connected"] is True
    assert "hand" not in came and "view" not in came  # nothing private in it

    await bob_socket.disconnect()
    went = await next_of(alice_socket, "presence")
    assert seating(went)[1]["connected"] is False
    await alice_socket.disconnect()


@in_loop
async def test_a_resign_message_ends_the_game_for_everyone(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    alice_socket = await open_socket(alice, table.pk)
    await next_of(alice_socket, "state")
    bob_socket = await open_socket(bob, table.pk)
    await next_of(bob_socket, "state")

    await bob_socket.send_json_to({"type": "resign"})

    state = await next_of(alice_socket, "state")
    while state["view"]["status"] != "finished":
        state = await next_of(alice_socket, "state")
    game = await database_sync_to_async(Game.objects.get)(table=table)
    assert game.ending == "resigned" and game.result["winners"] == [0, 2]
    assert state["view"]["log"][-1] == {"text": "Bob abandonne.", "by": "player", "seat": 1}
    await alice_socket.disconnect()
    await bob_socket.disconnect()


@in_loop
async def test_refused_exits_answer_a_structured_error(alice, bob, charlie):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")

    await socket.send_json_to({"type": "come_back"})
    error = await next_of(socket, "error")
    assert error["code"] == "not_absent"

    await database_sync_to_async(
        lambda: Seat.objects.filter(table=table, user=alice).update(sitting_out=True))()
    await socket.send_json_to({"type": "come_back"})
    await socket.send_json_to({"type": "come_back"})
    error = await next_of(socket, "error")
    assert error["code"] == "not_absent"  # the first came back; the second changed nothing
    seat = await database_sync_to_async(Seat.objects.get)(table=table, user=alice)
    assert not seat.sitting_out
    await socket.disconnect()
