"""A sixth game takes its own files and one registration: the duel of tests/games/duel.py,
registered here and nowhere else, is listed, seated, dealt, played through the socket
with each seat seeing only its own cards, and archived like the house games."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import translation

import cardgames
from cardgames import selfplay
from config.asgi import application
from play.actions import do_create_table, do_join
from play.models import Game
from play.presentation.messages import say, sentences

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def duel(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    cardgames.register("duel", "tests.games.duel")
    yield cardgames.get_game("duel")
    cardgames.unregister("duel")


def test_the_duel_keeps_the_engine_contract(duel):
    summary = selfplay.run("duel", 300, seed=5)
    assert summary["violations"] == 0, summary["first_violations"]


def test_the_duels_log_is_worded_by_the_shared_words_without_a_module_of_its_own(duel):
    deal = {"type": "deal", "deck": ["Ks", "7s", "As", "8s", "9s", "Ts", "Js", "Qs"]}
    state = duel.apply(duel.new(2), deal)
    dealt = duel.describe(duel.new(2), deal)
    played = duel.describe(state, {"type": "play", "card": "Ks"})

    assert say("duel", played, ["Alice", "Bob"]) == "Alice : le roi de pique."
    assert sentences("duel", [dealt, played], ["Alice", "Bob"]) == ["Alice : le roi de pique."]
    with translation.override("en"):
        assert say("duel", played, ["Alice", "Bob"]) == "Alice: the king of spades."


def test_the_lobby_lists_the_duel_with_its_player_count(alice):
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("play:lobby")).content.decode()
    assert "Duel" in page
    assert reverse("play:create", args=["duel"]) in page


async def _socket(user, table_id):
    client = Client()
    await database_sync_to_async(client.force_login)(user)
    headers = [(b"origin", b"http://localhost"),
               (b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode())]
    communicator = WebsocketCommunicator(application, f"/ws/tables/{table_id}/", headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _latest_state(communicator):
    """The newest state frame waiting on the socket."""
    state = None
    while not await communicator.receive_nothing(timeout=0.1):
        message = await communicator.receive_json_from()
        if message["type"] == "state":
            state = message
    return state


def test_alice_and_bob_play_a_duel_through_the_socket(alice, bob):
    async def play():
        table = await database_sync_to_async(do_create_table)(alice, "duel", seat_count=2)
        await database_sync_to_async(do_join)(table, bob)
        sockets = [await _socket(alice, table.pk), await _socket(bob, table.pk)]
        frames = 0
        for _move in range(4):
            states = [await _latest_state(socket) for socket in sockets]
            frames += sum(1 for s in states if s)
            game = await database_sync_to_async(table.current_game)()
            seat = game.state["actor"]
            mine = states[seat]["view"]
            other_hand = game.state["hands"][1 - seat]
            assert all(f'"{card}"' not in json.dumps(states[seat]) for card in other_hand)
            card = mine["hand"][0]
            await sockets[seat].send_json_to({"type": "act", "version": game.version,
                                              "game_id": game.pk, "id": f"m{_move}",
                                              "action": {"type": "play", "card": card}})
            while (await sockets[seat].receive_json_from())["type"] != "ack":
                pass
        for socket in sockets:
            await socket.disconnect()
        return table, frames

    table, frames = async_to_sync(play)()
    game = Game.objects.filter(table=table).latest("pk")
    assert game.state["actor"] is None
    assert sorted(game.state["result"]["scores"]) in ([0, 2], [1, 1])
    assert frames >= 8

    client = Client()
    client.force_login(alice)
    archive = client.get(reverse("play:archive", args=[game.pk]))
    assert archive.status_code == 200
    assert "Duel" in archive.content.decode()
    table_page = client.get(table.get_absolute_url())
    assert table_page.status_code == 200
