"""A correspondence game survives a server restart in the middle of a deal.

Alice and Bob, two outside clients speaking the websocket protocol (docs/protocol.md,
with the `websockets` client), play a two-seat All-fours table by correspondence on a
real daphne process. In the middle of the first deal daphne is killed (SIGKILL: no
orderly shutdown) and a new process is started on the same database. Both reconnect,
receive the same view at the same version, and play on until the deal is scored.

The database is a SQLite file, or DATABASE_URL's when it is set (CI's PostgreSQL).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import urllib.parse
import urllib.request
import uuid
from html.parser import HTMLParser

import pytest

# It reaches the backends itself: its daphne serves DATABASE_URL's database when set. Two
# servers started and a deal played through the socket: with the slow checks (both runs).
pytestmark = [pytest.mark.backend, pytest.mark.slow]


class FormFields(HTMLParser):
    """The fields of the page's main form with their default values (a browser's submit)."""

    def __init__(self):
        super().__init__()
        self.fields: dict[str, str] = {}
        self._select = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.fields[name] = a.get("value", "on")
            elif kind != "submit":
                self.fields[name] = a.get("value", "")
        elif tag == "select" and name:
            self._select = name
        elif tag == "option" and self._select:
            if "selected" in a or self._select not in self.fields:
                self.fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


class Client:
    """One player over HTTP (login, forms) with their cookies."""

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path) -> str:
        return self.opener.open(f"{self.base}{path}").read().decode()

    def post(self, path, fields) -> str:
        fields = dict(fields, csrfmiddlewaretoken=self.cookie("csrftoken"))
        request = urllib.request.Request(
            f"{self.base}{path}", data=urllib.parse.urlencode(fields).encode(),
            headers={"Referer": f"{self.base}{path}"},
        )
        with self.opener.open(request) as response:
            self.last_url = response.geturl()
            return response.read().decode()

    def cookie(self, name):
        return next((c.value for c in self.jar if c.name == name), None)

    def log_in(self, username, password):
        self.get("/compte/login/")
        self.post("/compte/login/", {"login": username, "password": password})
        assert self.cookie("sessionid"), "login refused"


def choose(legal):
    """The protocol's minimal bot: the first legal action, templates at their smallest."""
    entry = dict(legal[0])
    if "min" in entry and "max" in entry:
        entry["amount"] = entry.pop("min")
        entry.pop("max")
    if "choose" in entry and "from" in entry:
        low, _high = entry.pop("choose")
        entry["cards"] = entry.pop("from")[:low]
    return entry


class Player:
    def __init__(self, name, client, base, table_id):
        self.name, self.client, self.base, self.table_id = name, client, base, table_id
        self.socket = None
        self.state = None

    async def connect(self, base=None):
        import websockets

        self.base = base or self.base
        url = self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}/"
        self.socket = await websockets.connect(
            url, origin=self.base,
            additional_headers={"Cookie": f"sessionid={self.client.cookie('sessionid')}"},
        )
        return await self.next_state()

    async def next_state(self, timeout=10):
        while True:
            message = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
            assert message["type"] != "error", message
            if message["type"] == "state":
                self.state = message
                return message

    async def drain(self):
        """Read the states already sent, keeping the newest."""
        while True:
            try:
                await self.next_state(timeout=0.3)
            except TimeoutError:
                return self.state

    async def close(self):
        if self.socket is not None:
            await self.socket.close()


async def play_moves(players, count=None, until=None):
    """Whoever is to act plays; ``count`` moves, or until ``until(view)`` holds."""
    moves = 0
    while True:
        states = [await p.drain() for p in players]
        view = states[0]["view"]
        if until is not None and until(view):
            return moves
        if count is not None and moves >= count:
            return moves
        actor = next((p for p in players if p.state["view"]["actor"] == p.state["view"]["you"]),
                     None)
        assert actor is not None, f"nobody to act: {view.get('phase')}"
        await actor.socket.send(json.dumps({
            "type": "act", "action": choose(actor.state["view"]["legal_actions"]),
            "version": actor.state["version"], "game_id": actor.state["game_id"],
            "id": uuid.uuid4().hex,
        }))
        await actor.next_state()
        moves += 1
        assert moves < 200, "the deal never ended"


def test_a_correspondence_game_survives_a_server_restart(tmp_path, ui):
    pytest.importorskip("websockets")
    on_postgres = bool(os.environ.get("DATABASE_URL"))
    database = "-" if on_postgres else str(tmp_path / "db.sqlite3")
    # unique names, so that a shared PostgreSQL never holds them already
    suffix = uuid.uuid4().hex[:6]
    names = (f"alice{suffix}", f"bob{suffix}")
    log = tmp_path / "daphne.log"
    port = ui.free_port()
    base = f"http://127.0.0.1:{port}"
    process = ui.start_daphne(database, port, log, users=names, keep_db_url=on_postgres)
    try:
        alice, bob = Client(base), Client(base)
        alice.log_in(names[0], ui.password)
        bob.log_in(names[1], ui.password)

        # Alice opens a two-seat All-fours table by correspondence (1 day a move).
        fields = FormFields()
        fields.feed(alice.get("/jouer/creer/all-fours/"))
        form = dict(fields.fields)
        form.pop("csrfmiddlewaretoken", None)
        form.update(seat_count="2", pace="correspondence", correspondence_days="1",
                    visibility="public", name="Par correspondance")
        alice.post("/jouer/creer/all-fours/", form)
        table_id = int(re.search(r"/jouer/tables/(\d+)/$", alice.last_url).group(1))
        bob.post(f"/jouer/tables/{table_id}/rejoindre/", {})

        players = [Player("alice", alice, base, table_id), Player("bob", bob, base, table_id)]

        async def first_half():
            for p in players:
                await p.connect()
            view = players[0].state["view"]
            assert view["pace"] == "correspondence" and view["status"] == "playing"
            # into the deal: past the beg, a few cards played
            await play_moves(players, until=lambda v: v["phase"] == "play"
                             and sum(len(c) for c in v["played"]) >= 3)
            before = {p.name: (p.state["game_id"], p.state["version"], p.state["view"]["hand"],
                               p.state["view"]["deadline"]) for p in players}
            for p in players:
                await p.close()
            return before

        before = asyncio.run(first_half())
        assert all(v[1] > 0 for v in before.values())

        # The server dies in the middle of the deal, and a new one starts.
        process.kill()
        process.wait(timeout=10)
        port = ui.free_port()
        base = f"http://127.0.0.1:{port}"
        process = ui.start_daphne(database, port, log, users=names, keep_db_url=on_postgres)

        async def second_half():
            for p in players:
                state = await p.connect(base)
                game_id, version, hand, deadline = before[p.name]
                assert (state["game_id"], state["version"]) == (game_id, version)
                assert state["view"]["hand"] == hand
                assert state["view"]["deadline"] == deadline
                assert state["view"]["phase"] == "play"
            deals = len(players[0].state["view"]["deals"])
            await play_moves(players, until=lambda v: len(v["deals"]) > deals
                             or v["actor"] is None)
            view = players[0].state["view"]
            for p in players:
                await p.close()
            return view, deals

        view, deals = asyncio.run(second_half())
        assert len(view["deals"]) > deals or view["result"] is not None
        scored = view["deals"][0]
        assert {e["kind"] for e in scored["events"]} & {"high", "low", "game"}
    finally:
        process.kill()
        process.wait(timeout=10)
