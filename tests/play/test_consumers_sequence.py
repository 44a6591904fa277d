"""Nothing lost on the socket: the table's sequence in every state, a cash table's finished
hand before the next, a rate limit that never strands a client at its turn, and the
refusals docs/protocol.md lists (unknown game, reused id, a missing table's address)."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from economy.chips import caves
from play.actions import do_act, do_create_table, do_join
from play.models import Game, Table
from play.socket import consumer
from play.socket.protocol import TokenBucket
from tests.conftest import create_player
from tests.play.test_consumers import (
    human_turn,
    in_loop,
    make_table,
    next_of,
    open_socket,
    session_cookie,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def small_bucket(monkeypatch):
    """Each connection may send 2 messages at once, then 1 a second: a fast table goes
    far beyond it in a few seconds."""
    monkeypatch.setattr(consumer, "TokenBucket", lambda: TokenBucket(rate=1, burst=2))


def chosen(view):
    """A legal action that goes to the showdown when it can (check, call), else the first;
    a template filled with its least amount."""
    legal = view["legal_actions"]
    entry = next((a for a in legal if a["type"] in ("check", "call")), legal[0])
    entry = dict(entry)
    if "min" in entry:
        entry["amount"] = entry.pop("min")
        entry.pop("max")
    return entry


async def play_turns(sockets, until, timeout=3):
    """Every socket answers each state where it is to act, at once, as a bot does; the
    frames each received, until ``until(frames)`` holds (or a frame stops coming)."""
    frames = {name: [] for name in sockets}
    pending = {name: asyncio.ensure_future(s.receive_json_from(timeout=timeout))
               for name, s in sockets.items()}
    try:
        while not until(frames):
            done, _ = await asyncio.wait(pending.values(), return_when=asyncio.FIRST_COMPLETED)
            for name, task in list(pending.items()):
                if task not in done:
                    continue
                frame = task.result()
                frames[name].append(frame)
                view = frame.get("view") or {}
                if (frame["type"] == "state" and view.get("status") == "playing"
                        and view.get("you") is not None and view.get("actor") == view["you"]):
                    await sockets[name].send_json_to({
                        "type": "act", "action": chosen(view), "version": frame["version"],
                        "game_id": frame["game_id"], "id": f"{frame['game_id']}-{frame['version']}",
                    })
                pending[name] = asyncio.ensure_future(
                    sockets[name].receive_json_from(timeout=timeout))
    finally:
        for task in pending.values():
            task.cancel()
        await asyncio.gather(*pending.values(), return_exceptions=True)
    return frames


def states(frames):
    return [f for f in frames if f["type"] == "state"]


@in_loop
async def test_every_state_frame_carries_the_table_sequence_one_step_per_change(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    other = bob if user == alice else alice
    acting = await open_socket(user, table.pk)
    watching = await open_socket(other, table.pk)
    first = await next_of(acting, "state")
    seen = await next_of(watching, "state")
    assert first["sequence"] == seen["sequence"] > 0

    await acting.send_json_to({"type": "act", "action": first["view"]["legal_actions"][0],
                               "version": first["version"], "game_id": first["game_id"],
                               "id": "one"})

    after = await next_of(watching, "state")
    assert after["sequence"] == first["sequence"] + 1
    assert (await next_of(acting, "state"))["sequence"] == first["sequence"] + 1
    await acting.send_json_to({"type": "sync"})
    assert (await next_of(acting, "state"))["sequence"] == after["sequence"]  # no change
    await acting.disconnect()
    await watching.disconnect()


def cash_table(alice, bob):
    table = do_create_table(alice, "ramponneau", seat_count=2,
                            options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})
    caves.do_cave(table, alice, 200, request_key="a")
    caves.do_cave(table, bob, 200, request_key="b", may_sit=True)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    return table


@in_loop
async def test_a_cash_table_sends_each_seat_the_finished_hand_before_the_next(alice, bob):
    table = await database_sync_to_async(cash_table)(alice, bob)
    first_game = await database_sync_to_async(table.current_game)()
    sockets = {"alice": await open_socket(alice, table.pk),
               "bob": await open_socket(bob, table.pk)}

    def next_hand_reached(frames):
        return all(any(f["type"] == "state" and f["game_id"] != first_game.pk for f in seen)
                   for seen in frames.values())

    frames = await play_turns(sockets, next_hand_reached)

    for name, seen in frames.items():
        shown = states(seen)
        finished = [f for f in shown if f["game_id"] == first_game.pk
                    and f["view"]["status"] == "finished"]
        assert len(finished) == 1, name
        end = finished[0]
        assert end["view"]["result"]["winners"], name
        assert "awards" in end["view"] and "shown" in end["view"]
        following = shown[shown.index(end) + 1]
        assert following["game_id"] != first_game.pk  # the next hand, right after
        assert following["sequence"] == end["sequence"] + 1
        steps = [f["sequence"] for f in shown]
        assert steps == sorted(set(steps)), name  # one frame per step, in order
    # each seat's finished hand is its own seat's view: the other's cards only if shown
    final = await database_sync_to_async(Game.objects.get)(pk=first_game.pk)
    for position, name in enumerate(("alice", "bob")):
        end = next(f for f in states(frames[name]) if f["game_id"] == first_game.pk
                   and f["view"]["status"] == "finished")
        other = 1 - position
        hidden = final.state["hole"][other]
        if not final.state["shown"][other]:
            assert not set(hidden) & set(str(end["view"]).split("'"))
    for s in sockets.values():
        await s.disconnect()


def next_hand(table, alice, bob):
    """The first hand folded at once: (the ended hand, the next one, who acts in it)."""
    first = table.current_game()
    do_act(first, {0: alice, 1: bob}[first.state["actor"]], {"type": "fold"}, first.version)
    second = Table.objects.get(pk=table.pk).current_game()
    assert second.pk != first.pk
    return first, second, {0: alice, 1: bob}[second.state["actor"]]


@in_loop
async def test_an_act_for_a_hand_that_ended_is_game_over_and_lands_in_no_other(alice, bob):
    table = await database_sync_to_async(cash_table)(alice, bob)
    first, second, player = await database_sync_to_async(next_hand)(table, alice, bob)
    socket = await open_socket(player, table.pk)
    await next_of(socket, "state")

    await socket.send_json_to({"type": "act", "action": {"type": "fold"}, "id": "late",
                               "version": second.version, "game_id": first.pk})

    assert (await next_of(socket, "error"))["code"] == "game_over"
    fresh = await next_of(socket, "state")
    assert (fresh["game_id"], fresh["version"]) == (second.pk, second.version)
    after = await database_sync_to_async(Game.objects.get)(pk=second.pk)
    assert after.version == second.version
    await socket.disconnect()


@in_loop
async def test_an_act_that_names_no_game_is_a_bad_message_and_changes_nothing(alice, bob):
    table = await database_sync_to_async(cash_table)(alice, bob)
    game = await database_sync_to_async(table.current_game)()
    player = {0: alice, 1: bob}[game.state["actor"]]
    socket = await open_socket(player, table.pk)
    state = await next_of(socket, "state")

    await socket.send_json_to({"type": "act", "action": state["view"]["legal_actions"][0],
                               "version": state["version"], "id": "nameless"})

    refused = await next_of(socket, "error")
    assert refused["code"] == "bad_message" and "game_id" in refused["message"]
    after = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert after.version == game.version
    await socket.disconnect()


def three_players(alice, bob):
    dave = create_player("dave", verified=True)
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_join(table, dave)
    return table, dave


@in_loop
async def test_a_bot_answering_its_turns_at_once_is_never_rate_limited(alice, bob,
                                                                       small_bucket):
    table, dave = await database_sync_to_async(three_players)(alice, bob)
    sockets = {"alice": await open_socket(alice, table.pk),
               "bob": await open_socket(bob, table.pk),
               "dave": await open_socket(dave, table.pk)}
    started = time.monotonic()

    def enough(frames):
        return sum(1 for f in frames["alice"] if f["type"] == "ack") >= 8

    frames = await play_turns(sockets, enough)

    elapsed = time.monotonic() - started
    for seen in frames.values():
        acks = sum(1 for f in seen if f["type"] == "ack")
        assert acks >= 7 and acks > 2 + elapsed  # beyond a bucket of 2 and 1 a second
    errors = [f for seen in frames.values() for f in seen if f["type"] == "error"]
    assert errors == []
    for s in sockets.values():
        await s.disconnect()


@in_loop
async def test_a_flood_is_told_when_to_retry_then_gets_the_current_state(alice, bob,
                                                                         small_bucket):
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(alice, table.pk)
    first = await next_of(socket, "state")

    for _ in range(4):
        await socket.send_json_to({"type": "ping"})
    replies = [await socket.receive_json_from() for _ in range(5)]

    assert [r["type"] for r in replies] == ["pong", "pong", "error", "state", "error"]
    limited = replies[2]
    assert limited["code"] == "rate_limited"
    assert isinstance(limited["retry_after"], float) and 0 < limited["retry_after"] <= 1
    assert replies[3]["sequence"] == first["sequence"]
    await asyncio.sleep(limited["retry_after"] + 0.05)
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


@in_loop
async def test_an_act_naming_another_tables_game_is_an_unknown_game(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    other = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    elsewhere = await database_sync_to_async(other.current_game)()
    socket = await open_socket(user, table.pk)
    state = await next_of(socket, "state")

    await socket.send_json_to({"type": "act", "action": state["view"]["legal_actions"][0],
                               "version": state["version"], "game_id": elsewhere.pk})

    assert (await socket.receive_json_from())["code"] == "unknown_game"
    assert (await socket.receive_json_from())["type"] == "state"  # and the socket stays
    await socket.send_json_to({"type": "ping"})
    assert await socket.receive_json_from() == {"type": "pong"}
    await socket.disconnect()


@in_loop
async def test_an_id_reused_for_another_action_is_refused(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    socket = await open_socket(user, table.pk)
    state = await next_of(socket, "state")
    legal = state["view"]["legal_actions"]
    assert len(legal) >= 2
    message = {"type": "act", "action": legal[0], "version": state["version"],
               "game_id": state["game_id"], "id": "mine"}
    await socket.send_json_to(message)
    assert (await next_of(socket, "ack"))["duplicate"] is False

    await socket.send_json_to({**message, "action": legal[1]})
    assert (await next_of(socket, "error"))["code"] == "id_reused"
    await socket.send_json_to(message)
    assert (await next_of(socket, "ack"))["duplicate"] is True
    count = await database_sync_to_async(
        lambda: Game.objects.get(pk=game.pk).actions.filter(client_id="mine").count())()
    assert count == 1
    await socket.disconnect()


@in_loop
async def test_a_player_leaving_is_shown_disconnected_at_once(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    staying = await open_socket(alice, table.pk)
    await next_of(staying, "state")
    leaving = await open_socket(bob, table.pk)
    await next_of(leaving, "state")
    came = await next_of(staying, "presence")
    assert came["seating"][1]["connected"] is True

    await leaving.disconnect()

    went = await next_of(staying, "presence", timeout=1)
    assert went["seating"][1]["connected"] is False
    await staying.disconnect()


@in_loop
async def test_a_player_with_another_socket_open_stays_connected(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    staying = await open_socket(alice, table.pk)
    await next_of(staying, "state")
    one = await open_socket(bob, table.pk)
    two = await open_socket(bob, table.pk)
    await next_of(staying, "presence")

    await one.disconnect()
    await staying.send_json_to({"type": "sync"})

    state = await next_of(staying, "state")
    assert state["view"]["seating"][1]["connected"] is True
    await two.disconnect()
    assert (await next_of(staying, "presence"))["seating"][1]["connected"] is False
    await staying.disconnect()


@pytest.mark.parametrize("path", ["/ws/tables/abc/", "/ws/tables/", "/ws/nothing/",
                                  "/ws/tables/99999999999999999999999/"])
@in_loop
async def test_an_address_that_is_no_table_is_refused_with_4404(alice, path):
    cookie = await database_sync_to_async(session_cookie)(alice)
    socket = WebsocketCommunicator(application, path, headers=[
        (b"origin", b"http://localhost"), (b"cookie", f"sessionid={cookie}".encode())])
    connected, _ = await socket.connect()
    assert connected
    error = await socket.receive_json_from()
    assert error["type"] == "error" and error["code"] == "not_found"
    assert (await socket.receive_output())["code"] == 4404


@in_loop
async def test_the_invitation_parameter_of_the_pages_opens_an_unlisted_table(alice, charlie):
    table = await database_sync_to_async(
        lambda: do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted"))()

    socket = await open_socket(charlie, table.pk, query=f"invitation={table.invite_token}")

    assert (await next_of(socket, "state"))["view"]["status"] == "waiting"
    await socket.disconnect()
