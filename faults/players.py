"""The fault run's players: the example client (clients/python/taverne_client.py) at
tables of two of them plus bots, one seat on each daphne process, kept connected through
the faults and watched: every ack, every state's (sequence, game, version), every drop.

The client's own ``Seat`` chooses and sends the moves; ``FaultSeat`` adds what a run
needs around it: reconnecting for as long as it takes (the example client tries once),
its home server first and then the other, as a proxy would, and staying connected,
silent, once the run stops, so that the checks see what each seat was last sent.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import urllib.error
from collections import Counter
from dataclasses import dataclass, field

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from faults.services import ROOT

sys.path.insert(0, str(ROOT / "clients" / "python"))
import taverne_client  # noqa: E402  (a script beside the project, not a package)

ApiError = taverne_client.ApiError
# HTTP failures a client meets while the site's backends are down.
HTTP_FAILURES = (ApiError, urllib.error.URLError, OSError, TimeoutError)

# The tables the run plays: two clients each, bots in the places left where the game has
# them; Ambigu is played for écus (no bots there), so caves and cash-outs reach the
# ledgers that verify_ledgers checks.
KINDS = {
    "ascenseur": {"seats": 4, "options": {}},
    "all-fours": {"seats": 4, "options": {}},
    "remigio": {"seats": 3, "options": {"limit": 100}},
    "ambigu": {"seats": 2, "options": {}, "chips": True},
}
DEFAULT_TABLES = ["ascenseur", "all-fours", "remigio", "ambigu", "all-fours", "remigio"]
HOME_ATTEMPTS = 6  # reconnections tried at the seat's own server before the other one
# The tables' clock: the shortest a live table offers. Every turn a seat is not shown
# within it is played by the clock (``no_timer_move_at_a_connected_seat``), so the faults
# must never keep a connected seat from its turn for that long (issue 33: Redis's 20 s).
LIVE_MOVE_SECONDS = 30


@dataclass
class Recorder:
    """What every seat saw, for the checks and the summary."""

    acks: list[dict] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)  # socket error codes
    http_failures: Counter = field(default_factory=Counter)
    stuck: int = 0  # a seat that found its table waiting for what it cannot bring
    drops: int = 0
    reconnections: int = 0
    resent: int = 0
    closes: Counter = field(default_factory=Counter)  # close codes of dropped sockets
    closed_at: list[tuple] = field(default_factory=list)  # (seconds into the run, code)
    recovered_by_sync: list[dict] = field(default_factory=list)
    acts: int = 0
    began: float = field(default_factory=time.monotonic)

    def elapsed(self) -> float:
        return round(time.monotonic() - self.began, 1)


@dataclass
class RunFlags:
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    idle: float = 20.0  # seconds of silence before a seat asks again (sync)
    think: tuple[float, float] = (0.05, 0.4)


class FaultSeat(taverne_client.Seat):
    """One client's seat, on ``clients[home]``'s server first."""

    def __init__(self, clients, home: int, table_id: int, session, rng, recorder: Recorder,
                 flags: RunFlags, cave: int = 0, proxy=None):
        super().__init__(clients[home], table_id, session, rng, cave, flags.idle)
        # Through the proxy (faults/routing.py), the socket goes where the table's id
        # sends it; the HTTP calls still go to the seat's own server, then the other.
        self.proxy = proxy
        self.clients = clients
        self.home = home
        self.recorder = recorder
        self.flags = flags
        self.closing = asyncio.Event()
        self.last: tuple | None = None  # (sequence, game_id, version) of the newest state
        self.connected = False
        self.synced_from: tuple | None = None  # self.last when an idle sync was sent
        self.silent_since = time.monotonic()
        self.status: str | None = None  # the game's, in the newest state

    async def run(self) -> None:
        """Stay connected until ``closing``: every drop is followed by a reconnection."""
        attempts = 0
        while not self.closing.is_set():
            index = self.home if attempts < HOME_ATTEMPTS else self.home + attempts
            self.client = self.clients[index % len(self.clients)]
            try:
                await self._session()
                attempts = 0
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                self.recorder.closes[str(code)] += 1
                self.recorder.closed_at.append((self.recorder.elapsed(), str(code)))
                self.recorder.drops += 1
            except taverne_client.Stuck:
                self.recorder.stuck += 1
            except HTTP_FAILURES + (InvalidHandshake,) as failure:
                self.recorder.http_failures[type(failure).__name__] += 1
            finally:
                self.connected = False
            if self.closing.is_set():
                return
            attempts += 1
            await asyncio.sleep(min(0.5 * attempts, 2.0))

    async def _session(self) -> None:
        routed = self.proxy is not None
        async with websockets.connect(
            self.proxy.socket_url(self.table_id) if routed
            else self.client.socket_url(self.table_id),
            origin=self.client.server, proxy=None, ssl=self.proxy.ssl if routed else None,
            additional_headers={"Authorization": f"Bearer {self.client.token}"},
            open_timeout=10, close_timeout=2,
        ) as socket:
            self.socket = socket
            self.sequence = None
            self.connected = True
            self.recorder.reconnections += 1
            if self.pending is not None and not self.done:
                self.recorder.resent += 1  # no ack before the drop: the same id again
                await self.send(self.pending)
            await self._listen(socket)

    async def _listen(self, socket) -> None:
        self.silent_since = time.monotonic()
        while not self.closing.is_set():
            try:
                frame = await asyncio.wait_for(socket.recv(), timeout=0.5)
            except TimeoutError:
                await self._maybe_sync()
                continue
            self.silent_since = time.monotonic()
            await self.receive(json.loads(frame))

    async def _maybe_sync(self) -> None:
        """Silent for ``idle`` seconds while playing: ask again, as the example client
        does. Never once the run stops: the checks want what the server sends by itself."""
        if self.flags.stopping.is_set() or self.done:
            return
        if time.monotonic() - self.silent_since < self.flags.idle:
            return
        self.silent_since = time.monotonic()
        self.synced_from = self.last
        await self.send({"type": "sync"})

    async def receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "ack" and self.pending is not None and message.get("id") == self.pending["id"]:
            self.recorder.acks.append({"id": message["id"], "version": message.get("version"),
                                       "duplicate": bool(message.get("duplicate")),
                                       "game_id": self.pending.get("game_id"),
                                       "sent_on": self.pending.get("version"),
                                       "table_id": self.table_id,
                                       "at_s": self.recorder.elapsed()})
        elif kind == "error":
            self.recorder.errors[message.get("code", "?")] += 1
        await super().receive(message)

    async def on_state(self, message: dict) -> None:
        shown = (message.get("sequence") or 0, message.get("game_id") or 0,
                 message.get("version") or 0)
        if self.last is None or shown > self.last:
            self.last = shown
            self.status = (message.get("view") or {}).get("status")
        if self.synced_from is not None:
            if shown[0] > self.synced_from[0]:
                # The server had moved on and said nothing until asked: a lost notice.
                self.recorder.recovered_by_sync.append({
                    "table_id": self.table_id, "seat_home": self.home,
                    "had_sequence": self.synced_from[0], "got_sequence": shown[0],
                    "at_s": self.recorder.elapsed()})
            self.synced_from = None
        if self.done:
            return
        await super().on_state(message)

    async def on_waiting(self, view: dict) -> None:
        if self.flags.stopping.is_set():
            return  # cashing out: the table waits for this seat to leave, as it should
        # The example client gives up after three recaves (a player's écus are not
        # bottomless); here random play busts often and the table must go on: recave
        # until the écus run out (then the client says it is stuck, and the run counts it).
        self.recaves = 0
        await super().on_waiting(view)

    async def act(self, message: dict, view: dict) -> None:
        if self.flags.stopping.is_set() and not self.session.chips:
            return  # the run is over: leave the table as it stands for the checks
        await asyncio.sleep(self.rng.uniform(*self.flags.think))
        self.recorder.acts += 1
        await super().act(message, view)


@dataclass
class PlayedTable:
    """A table the run opened, and the seats that played it."""

    id: int
    kind: str
    seats: list[FaultSeat]
    tasks: list[asyncio.Task]

    @property
    def routed(self) -> bool:
        """Whether its seats connect through the proxy (faults/routing.py)."""
        return any(seat.proxy is not None for seat in self.seats)


def open_table(owner, kind: str) -> int:
    """A public table of ``kind``, empty but for its owner; answers its id."""
    spec = KINDS[kind]
    body = {"game": kind, "seats": spec["seats"], "options": spec["options"],
            "visibility": "public", "move_seconds": LIVE_MOVE_SECONDS}
    return owner.request("POST", "/tables", body)["view"]["table_id"]


def fill_table(owner, others, kind: str, table_id: int) -> None:
    """The other clients (and bots) seated at ``table_id``. Done again after a failure, it
    does only what is left: a retried open must not leave tables waiting behind it (a
    player may have three, then the site refuses a fourth)."""
    spec = KINDS[kind]
    if spec.get("chips"):
        for client in [owner, *others]:  # one key per player and table: a cave once
            client.cave(table_id, 2 * cave_min(owner, table_id),
                        request_key=f"fault-cave-{table_id}-{client.token[-8:]}")
        return
    for client in others:
        try:
            client.join(table_id)
        except ApiError as refusal:
            if refusal.code != "already_seated":  # joined before its answer was lost
                raise
    seating = owner.state(table_id)["view"]["seating"]  # every seat, empty ones unnamed
    seated = sum(1 for seat in seating if seat["name"] is not None)
    for _ in range(spec["seats"] - seated):
        owner.add_bot(table_id, "debutant")


def cave_min(client, table_id: int) -> int:
    waiting = client.state(table_id)["view"].get("waiting") or {}
    return int(waiting.get("cave_min") or 50)


async def with_retries(call, recorder: Recorder, *args, tries: int = 20):
    """An HTTP call through the faults: retried (each failure counted) for ~20 s."""
    for attempt in range(tries):
        try:
            return await asyncio.to_thread(call, *args)
        except HTTP_FAILURES as failure:
            code = getattr(failure, "status", None) or type(failure).__name__
            recorder.http_failures[str(code)] += 1
            if attempt == tries - 1:
                raise
            await asyncio.sleep(1)


async def play_slot(kind: str, tokens: list[str], servers: list[str], recorder: Recorder,
                    flags: RunFlags, played: list[PlayedTable], seed: int,
                    proxy=None) -> None:
    """Tables of ``kind`` one after the other for two players (one per server) until the
    run stops; the last one's seats stay connected for the checks. With ``proxy``, both
    seats' sockets go through it, to the process the table's id is routed to."""
    rng = random.Random(seed)
    clients = [[taverne_client.TaverneClient(server, token) for server in servers]
               for token in tokens]
    chips = bool(KINDS[kind].get("chips"))
    while not flags.stopping.is_set():
        owner, other = clients[0][0], clients[1][1]
        table_id = await with_retries(open_table, recorder, owner, kind)
        await with_retries(fill_table, recorder, owner, [other], kind, table_id)
        # A chip table deals hand after hand: one table for the whole run.
        session = taverne_client.Session(chips, 10**6 if chips else 1, lambda text: None)
        seats = [FaultSeat(clients[i], i % len(servers), table_id, session,
                           random.Random(rng.random()), recorder, flags, proxy=proxy)
                 for i in range(len(tokens))]
        tasks = [asyncio.create_task(seat.run()) for seat in seats]
        played.append(PlayedTable(table_id, kind, seats, tasks))
        while not flags.stopping.is_set() and not all(seat.done for seat in seats):
            await asyncio.sleep(0.5)
        if flags.stopping.is_set():
            if chips:
                session.games = 0  # enough: each seat cashes out on its next state
            return
        await close_seats(seats, tasks)


async def close_seats(seats: list[FaultSeat], tasks: list[asyncio.Task]) -> None:
    for seat in seats:
        seat.closing.set()
    await asyncio.gather(*tasks, return_exceptions=True)
