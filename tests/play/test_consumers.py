"""The table socket, end to end through config.asgi.application (auth, origin, routing)."""

import asyncio
import functools
import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from cardgames import replay
from config.asgi import application
from play.actions import do_add_bot, do_create_table, do_join
from play.clock.scheduler import run_due
from play.models import Game, Presence
from play.socket.protocol import MAX_MESSAGE_BYTES

pytestmark = pytest.mark.django_db(transaction=True)


def in_loop(test):
    """Run an async test in an event loop (no pytest-asyncio needed); the database calls
    of the consumer run in asgiref's thread, as under daphne."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return async_to_sync(test)(*args, **kwargs)

    return run


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    # In-process groups even when CI sets REDIS_URL: parallel test workers share one
    # Redis and their tables' ids (hence group names) collide.
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def session_cookie(user):
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def open_socket(user, table_id, query="", origin=b"http://localhost"):
    headers = [(b"origin", origin)]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    path = f"/ws/tables/{table_id}/" + (f"?{query}" if query else "")
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def next_of(communicator, kind, timeout=2):
    while True:
        message = await communicator.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message


def make_table(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return table


async def human_turn(table, alice, bob):
    """Let the bot play until alice or bob is to act; returns (game, user)."""
    for _ in range(20):
        game = await database_sync_to_async(table.current_game)()
        actor = game.state["actor"]
        if actor in (0, 1):
            return game, (alice, bob)[actor]
        await database_sync_to_async(run_due)()
    raise AssertionError("no human turn")


def hand_of(game_id, position):
    return list(Game.objects.get(pk=game_id).state["hands"][position])


@in_loop
async def test_an_anonymous_socket_is_closed_with_4401(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table.pk}/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await communicator.connect()
    assert connected
    error = await communicator.receive_json_from()
    assert error == {"type": "error", "code": "not_authenticated",
                     "message": "Connectez-vous d'abord."}
    closed = await communicator.receive_output()
    assert closed == {"type": "websocket.close", "code": 4401}


@in_loop
async def test_a_foreign_origin_is_refused(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    cookie = await database_sync_to_async(session_cookie)(alice)
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table.pk}/",
        headers=[(b"origin", b"http://evil.example"), (b"cookie", f"sessionid={cookie}".encode())],
    )
    connected, _ = await communicator.connect()
    assert not connected


@in_loop
async def test_each_seat_sees_its_own_hand_and_never_the_others(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    sockets = {0: await open_socket(alice, table.pk), 1: await open_socket(bob, table.pk)}
    received = {0: [], 1: []}

    async def drain():
        for seat, socket in sockets.items():
            while not await socket.receive_nothing(timeout=0.05):
                received[seat].append(await socket.receive_json_from())

    for _ in range(12):  # bids and cards of the first deals, bots in between
        game, user = await human_turn(table, alice, bob)
        position = 0 if user == alice else 1
        action = (await database_sync_to_async(table.engine.legal_actions)(game.state))[0]
        await sockets[position].send_json_to(
            {"type": "act", "action": action, "version": game.version, "game_id": game.pk,
             "id": f"m{game.version}"}
        )
        await next_of(sockets[position], "ack")
        await drain()

    def hands_at(game_id, version):
        game = Game.objects.get(pk=game_id)
        actions = [a.action for a in game.actions.filter(seq__lte=version).order_by("seq")]
        return replay(table.engine, 3, game.table.options, None, actions)["hands"]

    states = 0
    for seat in (0, 1):
        for message in received[seat]:
            text = json.dumps(message)
            assert '"deck"' not in text
            if message["type"] != "state":
                continue
            states += 1
            hands = await database_sync_to_async(hands_at)(message["game_id"],
                                                           message["version"])
            assert message["view"]["hand"] == hands[seat]
            for other in {0, 1, 2} - {seat}:
                for card in hands[other]:
                    assert f'"{card}"' not in text, (seat, other, card)
    assert states >= 12
    for socket in sockets.values():
        await socket.disconnect()


@in_loop
async def test_the_acting_socket_gets_an_ack_and_everyone_the_new_version(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    actor = await open_socket(user, table.pk)
    other = await open_socket(bob if user == alice else alice, table.pk)
    await next_of(actor, "state")
    await next_of(other, "state")
    action = table.engine.legal_actions(game.state)[0]

    await actor.send_json_to({"type": "act", "action": action, "version": game.version,
                              "game_id": game.pk, "id": "abc"})

    ack = await next_of(actor, "ack")
    assert ack["id"] == "abc" and ack["version"] == game.version + 1 and not ack["duplicate"]
    state = await next_of(other, "state")
    assert state["version"] >= game.version + 1
    await actor.disconnect()
    await other.disconnect()


@in_loop
async def test_errors_are_structured_and_change_nothing(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    state = await next_of(socket, "state")

    async def error_for(raw):
        await socket.send_to(text_data=raw)
        message = await socket.receive_json_from()
        assert message["type"] == "error" and message["message"]
        return message["code"]

    assert await error_for("{not json") == "bad_json"
    assert await error_for("[1, 2]") == "bad_message"
    assert await error_for('{"type": "dance"}') == "unknown_type"
    assert await error_for('{"no": "type"}') == "unknown_type"
    assert await error_for('{"type": "act", "version": 1}') == "bad_message"
    assert await error_for('{"type": "act", "action": {"type": "bid"}}') == "bad_message"
    assert await error_for('{"type": "chat"}') == "bad_message"
    assert await error_for(json.dumps({"type": "chat", "text": "x" * (MAX_MESSAGE_BYTES + 1)})) \
        == "too_large"
    await socket.send_to(bytes_data=b"\x00\x01")
    assert (await socket.receive_json_from())["code"] == "binary_unsupported"
    # The socket is still open and serves a sync.
    await socket.send_json_to({"type": "sync"})
    again = await next_of(socket, "state")
    assert again["version"] == state["version"]
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


@in_loop
async def test_a_flood_is_rate_limited_without_closing(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    await next_of(socket, "state")

    for _ in range(40):
        await socket.send_json_to({"type": "ping"})
    replies = []
    while len([r for r in replies if r["type"] != "state"]) < 40:
        replies.append(await socket.receive_json_from())

    assert replies.count({"type": "pong"}) <= 21
    limited = [r for r in replies if r["type"] == "error"]
    assert limited and all(r["code"] == "rate_limited" for r in limited)
    # the first refusal of the run is followed by the current state; the others are not
    first = replies.index(limited[0])
    assert replies[first + 1]["type"] == "state"
    assert [r["type"] for r in replies].count("state") == 1
    await asyncio.sleep(0.3)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


@in_loop
async def test_refusals_from_the_rules_come_back_as_errors(alice, bob, charlie):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    other_user = bob if user == alice else alice
    actor = await open_socket(user, table.pk)
    other = await open_socket(other_user, table.pk)
    await next_of(actor, "state")
    await next_of(other, "state")

    await actor.send_json_to({"type": "act", "action": {"type": "bid", "tricks": 42},
                              "version": game.version, "game_id": game.pk})
    illegal = await next_of(actor, "error")
    assert illegal["code"] == "illegal" and illegal["rule"].startswith("ascenseur.")

    await actor.send_json_to({"type": "act", "action": {"type": "bid", "tricks": 0},
                              "version": game.version - 1, "game_id": game.pk})
    assert (await next_of(actor, "error"))["code"] == "stale"
    fresh = await next_of(actor, "state")
    assert fresh["version"] == game.version

    await other.send_json_to({"type": "act", "action": {"type": "bid", "tricks": 0},
                              "version": game.version, "game_id": game.pk})
    assert (await next_of(other, "error"))["code"] == "not_your_turn"

    refreshed = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert refreshed.version == game.version
    await actor.disconnect()
    await other.disconnect()


@in_loop
async def test_a_spectator_sees_no_hand_and_cannot_act(alice, bob, charlie):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, _ = await human_turn(table, alice, bob)
    socket = await open_socket(charlie, table.pk)

    state = await next_of(socket, "state")
    assert state["view"]["you"] is None and state["view"]["hand"] is None
    hands = game.state["hands"]
    text = json.dumps(state)
    for hand in hands:
        for card in hand:
            assert f'"{card}"' not in text
    await socket.send_json_to({"type": "act", "action": {"type": "bid", "tricks": 0},
                               "version": game.version, "game_id": game.pk})
    assert (await next_of(socket, "error"))["code"] == "not_seated"
    await socket.disconnect()


@in_loop
async def test_an_unlisted_table_needs_the_invitation_token(alice, bob, charlie):
    def unlisted():
        table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
        return table

    table = await database_sync_to_async(unlisted)()
    refused = await open_socket(charlie, table.pk)
    missing = await open_socket(charlie, table.pk + 1000)
    # As a missing table answers: an outsider is not told that a private one exists.
    hidden, absent = await refused.receive_json_from(), await missing.receive_json_from()
    assert hidden == absent and hidden["code"] == "not_found"
    assert (await refused.receive_output())["code"] == (await missing.receive_output())["code"]

    welcome = await open_socket(charlie, table.pk, query=f"token={table.invite_token}")
    state = await next_of(welcome, "state")
    assert state["view"]["status"] == "waiting"
    await welcome.disconnect()


@in_loop
async def test_a_reconnecting_player_gets_the_full_view_and_duplicates_apply_once(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    action = table.engine.legal_actions(game.state)[0]
    message = {"type": "act", "action": action, "version": game.version, "game_id": game.pk,
               "id": "retry-me"}
    first = await open_socket(user, table.pk)
    await next_of(first, "state")
    await first.send_json_to(message)
    await next_of(first, "ack")
    await first.disconnect()  # the connection drops before the client saw the result

    second = await open_socket(user, table.pk)
    view = await next_of(second, "state")
    assert view["version"] > game.version and view["view"]["hand"] is not None
    await second.send_json_to(message)  # the client resends what it was not sure about
    ack = await next_of(second, "ack")
    assert ack["duplicate"] is True
    state = await next_of(second, "state")
    assert state["version"] == view["version"]
    count = await database_sync_to_async(
        lambda: Game.objects.get(pk=game.pk).actions.filter(client_id="retry-me").count())()
    assert count == 1
    await second.disconnect()


@in_loop
async def test_each_open_socket_of_a_seat_is_a_presence_row_until_it_closes(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)

    def connections():
        return Presence.objects.filter(seat__table=table, seat__user=alice).count()

    one = await open_socket(alice, table.pk)
    await next_of(one, "state")
    two = await open_socket(alice, table.pk)
    await next_of(two, "state")
    assert await database_sync_to_async(connections)() == 2
    await one.disconnect()
    await two.disconnect()
    assert await database_sync_to_async(connections)() == 0


@in_loop
async def test_chat_reaches_the_table_unless_muted(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    talker = await open_socket(alice, table.pk)
    listener = await open_socket(bob, table.pk)
    await next_of(talker, "state")
    await next_of(listener, "state")

    await talker.send_json_to({"type": "chat", "text": "<b>Bonjour</b>"})
    heard = await next_of(listener, "chat")
    assert heard["message"]["text"] == "<b>Bonjour</b>"  # raw text: clients escape it
    assert heard["message"]["user"] == "Alice"

    await listener.send_json_to({"type": "mute", "muted": True})
    muted = await next_of(listener, "state")
    assert muted["view"]["chat_muted"] and muted["view"]["chat"] == []
    await talker.send_json_to({"type": "chat", "text": "encore"})
    await next_of(talker, "chat")
    assert await listener.receive_nothing(timeout=0.3)

    await talker.send_json_to({"type": "chat", "text": "x" * 301})
    assert (await next_of(talker, "error"))["code"] == "chat_too_long"
    await talker.disconnect()
    await listener.disconnect()


@in_loop
async def test_html_connections_fall_back_or_get_fragments(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk, query="format=html")

    output = await socket.receive_output(timeout=2)

    assert output["type"] == "websocket.send"
    text = output["text"]
    if text.lstrip().startswith("{"):  # play.presentation.table not there yet: JSON state
        assert json.loads(text)["type"] == "state"
    else:
        assert 'hx-swap-oob' in text
    await socket.send_to(text_data="{oops")
    error = await socket.receive_output(timeout=2)
    assert 'id="table-error"' in error["text"] and "JSON" in error["text"]
    await socket.disconnect()


def test_a_change_landing_while_a_socket_opens_still_reaches_it(alice, bob, monkeypatch):
    # A page swapped by a boosted form reconnects while its own POST (here: the bot that
    # fills the table) commits. Whatever commits after the socket read the table must
    # still arrive, or the page stays on "waiting for players" until the next move.
    from play.socket import consumer

    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    read_table = consumer._sync_open

    def read_then_a_bot_sits_down(*args):
        opened = read_table(*args)
        do_add_bot(table, alice)  # commits, and broadcasts, before this call returns
        return opened

    monkeypatch.setattr(consumer, "_sync_open", read_then_a_bot_sits_down)

    async def first_views():
        socket = await open_socket(alice, table.pk)
        waiting = await next_of(socket, "state")
        dealt = await next_of(socket, "state")
        await socket.disconnect()
        return waiting["view"], dealt["view"]

    waiting, dealt = async_to_sync(first_views)()
    assert waiting["game_id"] is None
    assert dealt["game_id"] is not None and dealt["hand"] is not None
