"""Every frame the socket sends, in real games of the five games, is valid against the
committed JSON Schemas (docs/schemas/, docs/protocol.md): states at each step of a game
(waiting, playing, finished, a spectator's), acks, errors, chat, presence, pong and the
rematch replies."""

import json
import random
from pathlib import Path

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from cardgames.core import concrete
from economy.chips import caves
from play.actions import do_act, do_create_table, do_join, do_resign
from play.models import Game, Table
from play.socket.schema import GAME_KEYS, PLATFORM_KEYS
from tests.play.test_consumers import in_loop, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

SCHEMAS = Path(settings.BASE_DIR) / "docs" / "schemas"
# Moves played through the sockets at a chip table, hands chained.
SOCKET_MOVES = 120


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads((SCHEMAS / name).read_text(encoding="utf-8")))


SERVER = validator("server.json")


def assert_valid(frame: dict, schema: Draft202012Validator = SERVER) -> None:
    error = best_match(schema.iter_errors(frame))
    assert error is None, f"{error.message} at {list(error.absolute_path)} in {frame}"


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


class Client:
    """A JSON socket whose every frame is checked against the schema as it arrives."""

    def __init__(self, socket):
        self.socket = socket
        self.frames: list[dict] = []
        self.state: dict | None = None

    @classmethod
    async def open(cls, user, table_id, query=""):
        return cls(await open_socket(user, table_id, query))

    async def receive(self, timeout=10) -> dict:
        # A frame arrives within milliseconds; the bound only ends a test whose frame never
        # comes, and is wide because a loaded machine (two workers, the browsers) can stall.
        frame = await self.socket.receive_json_from(timeout=timeout)
        assert_valid(frame)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    async def next_of(self, kind: str) -> dict:
        while (frame := await self.receive())["type"] != kind:
            pass
        return frame

    async def until(self, key) -> dict:
        """Frames until this socket shows the table at ``key`` (game id, version) or past
        it: on a loaded machine the next hand of a chip table may be dealt between reading
        the key and its frames, and a socket skips what it is already past."""
        while self.state is None or _position(self.state) < _position_of(key):
            await self.receive()
        return self.state

    async def send(self, message: dict) -> None:
        await self.socket.send_json_to(message)

    async def close(self):
        await self.socket.disconnect()


def _position(state) -> tuple:
    return _position_of((state["game_id"], state["version"]))


def _position_of(key) -> tuple:
    game_id, version = key
    return (game_id or 0, version)  # no game yet comes first


def current_key(table_id):
    game = Game.objects.filter(table_id=table_id).order_by("-number").first()
    return (game.pk, game.version) if game else (None, 0)


async def settle(table_id, clients):
    """Every socket up to the table's current position."""
    key = await database_sync_to_async(current_key)(table_id)
    for client in clients:
        await client.until(key)
    return key


async def play_through_sockets(table_id, clients, moves, rng, stop=None):
    """The actor's socket sends a random legal action, ``moves`` times or until the table
    is over (or ``stop(view)``); every socket follows."""
    for _ in range(moves):
        await settle(table_id, clients.values())
        view = next(iter(clients.values())).state["view"]
        if view["table_status"] != "playing" or (stop and stop(view)):
            return
        actor = clients.get(view["actor"])
        assert actor is not None, view
        mine = actor.state
        assert mine["view"]["actor"] == mine["view"]["you"]
        action = concrete(rng.choice(mine["view"]["legal_actions"]), rng)
        await actor.send({"type": "act", "action": action, "version": mine["version"],
                          "game_id": mine["game_id"], "id": f"m{mine['version']}"})
        assert (await actor.next_of("ack"))["version"] > mine["version"]  # chance may deal


def finish_through_services(table_id):
    """Default moves until the table's game is over (a chained table: its current hand)."""
    table = Table.objects.get(pk=table_id)
    number = table.current_game().number
    while (game := Game.objects.get(table=table, number=number)).status == Game.Status.PLAYING:
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, table.engine.default_action(game.state), game.version)


def resign_if_playing(table, user):
    """The user resigns, unless the game already ended in the moves played."""
    if table.current_game().status == Game.Status.PLAYING:
        do_resign(table, user)


def seen_keys(clients) -> set[str]:
    return {key for client in clients for frame in client.frames if frame["type"] == "state"
            for key in frame["view"]}


def game_table(slug, owner, others, seats, options=None):
    table = do_create_table(owner, slug, seat_count=seats, options=options or {})
    for user in others:
        do_join(table, user)
    return table


async def play_a_game(slug, users, seats, options, spectator, moves, played_out):
    """A table of ``slug`` played by ``users`` over their sockets (the first waits alone,
    then the others sit down), then the last resigns, or (``played_out``) the game is
    played to its end through the services; the finished game seen again on new sockets,
    a spectator's included. The table and every socket (with its frames)."""
    rng = random.Random(slug)
    table = await database_sync_to_async(game_table)(slug, users[0], [], seats, options)
    first = await Client.open(users[0], table.pk)
    waiting = (await first.next_of("state"))["view"]
    assert waiting["status"] == "waiting" and waiting["waiting"]["reasons"] == ["seats_free"]
    for user in users[1:]:
        await database_sync_to_async(do_join)(table, user)
    clients = {0: first}
    for position, user in enumerate(users[1:], start=1):
        clients[position] = await Client.open(user, table.pk)
    await play_through_sockets(table.pk, clients, moves, rng)
    for client in clients.values():  # the rest is quicker without sockets to serve
        await client.close()
    if played_out:
        await database_sync_to_async(finish_through_services)(table.pk)
    else:
        await database_sync_to_async(resign_if_playing)(table, users[-1])
    again = [await Client.open(user, table.pk) for user in [*users, spectator] if user]
    for client in again:
        await client.next_of("state")  # the first frame: the finished game
    return table, [*clients.values(), *again]


# (game, seats, options, moves through the sockets): Remigio's views weigh more (each
# seat's hand arranged in melds), so fewer of its moves.
GAMES = [("ascenseur", 3, {}, 40), ("all-fours", 2, {}, 40),
         ("remigio", 3, {"max_rounds": 1}, 15)]


async def check_a_whole_game(slug, seats, options, moves, users, played_out):
    users, spectator = users[:seats], (users[2] if seats < 3 else None)
    table, clients = await play_a_game(slug, users, seats, options, spectator, moves,
                                       played_out)

    finished = clients[seats:]
    for client in finished:
        view = client.state["view"]
        assert view["status"] == "finished" and view["actor"] is None
        assert view["legal_actions"] == [] and view["result"] is not None
        assert view["game"] == view["game_slug"] == slug
        assert view["ending"] in (("",) if played_out else ("", "resigned"))
    assert finished[-1].state["view"]["you"] == (None if seats < 3 else 2)
    keys = seen_keys(clients)
    assert set(PLATFORM_KEYS) <= keys
    assert keys - set(PLATFORM_KEYS) <= set(GAME_KEYS[slug])
    await finished[0].send({"type": "sync"})
    await finished[0].next_of("state")
    for client in finished:
        await client.close()


@pytest.mark.parametrize("slug, seats, options, moves", GAMES)
@in_loop
async def test_every_frame_of_a_game_until_a_resignation_is_valid(
    slug, seats, options, moves, alice, bob, charlie
):
    await check_a_whole_game(slug, seats, options, moves, [alice, bob, charlie],
                             played_out=False)


@pytest.mark.slow
@pytest.mark.parametrize("slug, seats, options, moves", GAMES)
@in_loop
async def test_every_frame_of_a_game_played_to_its_end_is_valid(
    slug, seats, options, moves, alice, bob, charlie
):
    await check_a_whole_game(slug, seats, options, moves, [alice, bob, charlie],
                             played_out=True)


@pytest.mark.parametrize("slug, options", [
    ("ramponneau", {"small_blind": 2, "big_blind": 4, "rake_percent": 0}),
    ("ambigu", {}),
])
@in_loop
async def test_every_frame_at_a_table_played_for_ecus_is_valid(slug, options, alice, bob,
                                                               charlie):
    """Hands chained at a chip table, then the table waiting after the last one: why it
    waits says who left and who must cave."""
    rng = random.Random(slug)
    table = await database_sync_to_async(game_table)(slug, alice, [], 3, options)
    first = await Client.open(alice, table.pk)
    view = (await first.next_of("state"))["view"]
    assert view["waiting"]["reasons"] == ["seats_free", "cave_needed"]
    assert view["waiting"]["missing"] == [{"position": 0, "reason": "not_caved",
                                           "busted": False}]
    await database_sync_to_async(caves.do_cave)(table, alice, 100, request_key="a")
    view = (await first.next_of("state"))["view"]
    assert view["waiting"]["reasons"] == ["seats_free"]
    await database_sync_to_async(caves.do_cave)(table, bob, 100, request_key="b",
                                                may_sit=True)
    clients = {0: first, 1: await Client.open(bob, table.pk)}
    spectator = await Client.open(charlie, table.pk)
    everyone = [*clients.values(), spectator]

    game_ids = set()

    def one_hand_more(view):
        game_ids.add(view["game_id"])
        return len(game_ids) > 2

    await play_through_sockets(table.pk, clients, SOCKET_MOVES, rng, stop=one_hand_more)
    await database_sync_to_async(caves.do_cash_out)(table, bob)
    await database_sync_to_async(finish_through_services)(table.pk)
    await settle(table.pk, everyone)

    waiting = first.state["view"]
    assert waiting["table_status"] == "waiting" and waiting["actor"] is None
    assert waiting["legal_actions"] == [] and waiting["result"] is not None  # the last hand
    # bob left, unless one of them lost every chip first (random moves): either says why
    reasons = waiting["waiting"]["reasons"]
    assert ("seats_free" in reasons) == (waiting["waiting"]["players_needed"] == 1)
    assert ("players_busted" in reasons) == any(m["busted"]
                                                for m in waiting["waiting"]["missing"])
    assert {"seats_free", "players_busted"} & set(reasons)
    assert spectator.state["view"]["you"] is None
    keys = seen_keys(everyone)
    assert keys - set(PLATFORM_KEYS) <= set(GAME_KEYS[slug])
    for client in everyone:
        await client.close()


@in_loop
async def test_acks_errors_chat_presence_and_pong_are_valid(alice, bob, charlie):
    table = await database_sync_to_async(game_table)("ascenseur", alice, [bob, charlie], 3)
    sockets = [await Client.open(user, table.pk) for user in (alice, bob)]
    for client in sockets:
        await client.next_of("state")
    charlie_socket = await Client.open(charlie, table.pk)
    while not (await sockets[0].next_of("presence"))["seating"][2]["connected"]:
        pass  # bob's arrival first
    state = (await charlie_socket.next_of("state"))
    actor = {0: sockets[0], 1: sockets[1], 2: charlie_socket}[state["view"]["actor"]]
    idle = next(s for s in (*sockets, charlie_socket) if s is not actor)

    await actor.send({"type": "ping"})
    assert (await actor.next_of("pong")) == {"type": "pong"}
    game_id = state["game_id"]
    await idle.send({"type": "act", "action": {"type": "pass"}, "version": state["version"],
                     "game_id": game_id})
    assert (await idle.next_of("error"))["code"] == "not_your_turn"
    await actor.send({"type": "act", "action": {"type": "nonsense"},
                      "version": state["version"], "game_id": game_id})
    assert (await actor.next_of("error"))["code"] == "illegal"
    await actor.send({"type": "act", "action": {"type": "nonsense"}, "version": 10**6,
                      "game_id": game_id})
    assert (await actor.next_of("error"))["code"] == "stale"
    await actor.socket.send_to(text_data="{not json")
    assert (await actor.next_of("error"))["code"] == "bad_json"
    await actor.send({"type": "dance"})
    assert (await actor.next_of("error"))["code"] == "unknown_type"
    legal = actor.state["view"]["legal_actions"][0]
    act = {"type": "act", "action": legal, "version": actor.state["version"],
           "game_id": actor.state["game_id"], "id": "one"}
    await actor.send(act)
    assert (await actor.next_of("ack"))["duplicate"] is False
    await actor.send(act)
    assert (await actor.next_of("ack"))["duplicate"] is True
    await actor.send({"type": "chat", "text": "Bonne chance !"})
    assert (await idle.next_of("chat"))["message"]["text"] == "Bonne chance !"
    await actor.send({"type": "mute", "muted": True})
    while not (await actor.next_of("state"))["view"]["chat_muted"]:
        pass  # the broadcast of the move first
    await idle.close()
    for client in (*sockets, charlie_socket):
        if client is not idle:
            await client.close()


@in_loop
async def test_a_resigned_game_and_its_rematch_send_valid_frames(alice, bob):
    table = await database_sync_to_async(game_table)("all-fours", alice, [bob], 2)
    alice_socket, bob_socket = (await Client.open(alice, table.pk),
                                await Client.open(bob, table.pk))
    await alice_socket.next_of("state")
    await bob_socket.next_of("state")

    await bob_socket.send({"type": "resign"})
    over = (await alice_socket.next_of("state"))["view"]
    assert over["ending"] == "resigned" and over["actor"] is None
    assert over["legal_actions"] == [] and over["result"]["resigned"] == [1]
    await alice_socket.send({"type": "rematch"})
    reply = await alice_socket.next_of("rematch")
    while (offer := (await bob_socket.next_of("state"))["view"]["rematch"]) is None:
        pass  # the resignation's state first
    assert offer["table_id"] == reply["table_id"] and offer["invited"][0]["answer"] == "waiting"
    rematch = await Client.open(alice, reply["table_id"])
    kept = (await rematch.next_of("state"))["view"]["waiting"]
    assert kept["reasons"] == ["rematch_invites"] and kept["kept"] == [1]
    await bob_socket.send({"type": "decline_rematch"})
    assert (await bob_socket.next_of("decline_rematch"))["table_id"] == reply["table_id"]
    while (freed := (await rematch.next_of("state"))["view"]["waiting"])["kept"]:
        pass
    assert freed["reasons"] == ["seats_free"] and freed["kept"] == []
    for client in (alice_socket, bob_socket, rematch):
        await client.close()
