#!/usr/bin/env python3
"""A small Taverne client: it opens tables through the HTTP API and plays them over the
table's socket with random legal moves (clients/python/README.md; docs/api.md and
docs/protocol.md describe what it speaks).

    python clients/python/taverne_client.py --server http://127.0.0.1:8000 \\
        --token tav_... --game all-fours --games 2

Standard library plus ``websockets`` (the project pins 17.4). Tested in CI by
tests/clients/test_python_client.py against a live server, for the five games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import websockets
from websockets.exceptions import ConnectionClosed, WebSocketException

# The socket protocol this client speaks (docs/protocol.md): the first frame says the
# server's, and another version may mean fields this client reads differently.
PROTOCOL = 3
# Refusals that a live table makes normal: someone (a bot, the clock) moved between the
# view we acted on and our action, or the hand we acted in ended. The server sends a fresh
# `state` after each of them.
RACES = {"stale", "not_your_turn", "game_over"}
# Close codes after which reconnecting cannot help (docs/protocol.md, "Close codes").
FATAL_CLOSES = {4401, 4403, 4404}
# Waiting reasons (view.waiting.missing) that bringing chips again answers.
CAVE_REASONS = {"not_caved", "must_recave"}


class ApiError(Exception):
    """A refusal of the HTTP API: its stable ``code``, ``message`` and HTTP status."""

    def __init__(self, status: int, body: dict):
        self.status = status
        self.code = body.get("code", "http_error")
        self.retry_after = body.get("retry_after")
        super().__init__(f"{status} {self.code}: {body.get('message', '')}")


class Stuck(Exception):
    """The table stopped answering, waits for something this client cannot give, or speaks
    another protocol."""


# ----- the HTTP API -----------------------------------------------------------------


class TaverneClient:
    """The HTTP API (``/api/v1/``) for one token; every call answers the decoded JSON."""

    def __init__(self, server: str, token: str, lang: str = "en", timeout: float = 30):
        self.server = server.rstrip("/")
        self.token = token
        self.lang = lang
        self.timeout = timeout

    def request(self, method: str, path: str, body: dict | None = None, tries: int = 3):
        """One API call; a ``rate_limited`` refusal is waited out (``retry_after``)."""
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Bearer {self.token}", "Accept-Language": self.lang,
                   "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(f"{self.server}/api/v1{path}", data=data,
                                         headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as refusal:
            try:
                answer = json.loads(refusal.read() or b"{}")
            except ValueError:
                answer = {}
            error = ApiError(refusal.code, answer if isinstance(answer, dict) else {})
        if error.code == "rate_limited" and tries > 1:
            time.sleep(min(float(error.retry_after or 1), 60))
            return self.request(method, path, body, tries - 1)
        raise error

    def games(self) -> list[dict]:
        return self.request("GET", "/games")

    def create_table(self, game: str, seats: int | None = None, options: dict | None = None,
                     visibility: str = "unlisted") -> dict:
        """Open a table, seated at place 0: its ``state`` (the socket's frame)."""
        body = {"game": game, "options": options or {}, "visibility": visibility}
        if seats is not None:
            body["seats"] = seats
        return self.request("POST", "/tables", body)

    def add_bot(self, table_id: int, level: str = "") -> dict:
        return self.request("POST", f"/tables/{table_id}/bots", {"level": level})

    def join(self, table_id: int, invitation: str = "") -> dict:
        return self.request("POST", f"/tables/{table_id}/join", {"invitation": invitation})

    def cave(self, table_id: int, amount: int, request_key: str = "") -> dict:
        """Bring ``amount`` écus as chips to a table played for écus (sits down if needed)."""
        body = {"amount": amount, "request_key": request_key or uuid.uuid4().hex}
        return self.request("POST", f"/tables/{table_id}/cave", body)

    def cash_out(self, table_id: int) -> int | None:
        """Chips back into écus; ``None``: paid when the hand being played ends."""
        return self.request("POST", f"/tables/{table_id}/cash-out", {})["paid"]

    def state(self, table_id: int) -> dict:
        return self.request("GET", f"/tables/{table_id}")

    def act(self, table_id: int, state: dict, action: dict, move_id: str = "") -> dict:
        """Play ``action`` on the ``state`` it was chosen from: its game and version (a
        move for a hand that has ended is refused as game_over, never played in the next)."""
        body = {"action": action, "game_id": state["game_id"], "version": state["version"],
                "id": move_id or uuid.uuid4().hex}
        return self.request("POST", f"/tables/{table_id}/act", body)

    def archive(self, game_id: int) -> dict:
        return self.request("GET", f"/archives/{game_id}")

    # Coming back after a stop (docs/api.md, "Coming back").

    def account(self) -> dict:
        """Who the token is, its scopes, this minute's rate limit, the player's purse."""
        return self.request("GET", "/account")

    def my_tables(self, turn_mine: bool = False) -> list[dict]:
        """The tables the player sits at or owns, their turns first; ``turn_mine``: only
        those waiting on the player's move."""
        return self.request("GET", "/account/tables" + ("?turn=mine" if turn_mine else ""))[
            "tables"]

    def games_since(self, table_id: int, since: int = 0, invitation: str = "",
                    page: int = 100) -> list[dict]:
        """Every game of the table with an id above ``since`` (the last one seen), newest
        first, with its result and archive: the hands that ended while the client was
        away. Reads the pages (``page`` games each) to the end."""
        found, before = [], None
        while True:
            query = {"since": since, "limit": page}
            if before is not None:
                query["before"] = before
            if invitation:
                query["invitation"] = invitation
            answer = self.request(
                "GET", f"/tables/{table_id}/games?" + urllib.parse.urlencode(query))
            found += answer["games"]
            if not answer["more"] or not answer["games"]:
                return found
            before = answer["games"][-1]["game_id"]

    def socket_url(self, table_id: int) -> str:
        scheme, rest = self.server.split("://", 1)
        ws = "wss" if scheme == "https" else "ws"
        return f"{ws}://{rest}/ws/tables/{table_id}/?" + urllib.parse.urlencode(
            {"lang": self.lang})


# ----- choosing a move --------------------------------------------------------------


def build_action(entry: dict, rng: random.Random) -> dict:
    """An action to send from an entry of ``view.legal_actions`` (docs/protocol.md,
    "Building an action"): concrete entries as they are; a ``min``/``max`` template gets
    an ``amount`` (raise, bet, vade, renvi, recave), a ``choose``/``from`` one ``cards``
    (exchange, discard)."""
    action = dict(entry)
    if "min" in action and "max" in action:
        low, high = action.pop("min"), action.pop("max")
        action["amount"] = rng.randint(low, high)
    if "choose" in action and isinstance(action.get("from"), list):
        (low, high), pool = action.pop("choose"), action.pop("from")
        action["cards"] = rng.sample(pool, rng.randint(low, min(high, len(pool))))
    return action


def my_turn(view: dict) -> bool:
    """Whether this seat is to act now (any key may be missing: a waiting table has no
    ``actor``, a spectator's view no ``legal_actions``)."""
    you = view.get("you")
    return (you is not None and view.get("actor") == you and view.get("status") == "playing"
            and bool(view.get("legal_actions")))


def last_line(view: dict) -> str:
    """The newest log line: a string, or an object with its ``text``."""
    log = view.get("log") or [""]
    line = log[-1]
    return line.get("text", "") if isinstance(line, dict) else str(line)


# ----- one seat on the socket -------------------------------------------------------


class Session:
    """What the seats this client plays at one table share: the games seen finished."""

    def __init__(self, chips: bool, games: int, say):
        self.chips = chips
        self.games = games
        self.finished: list[int] = []  # game ids, in the order they ended
        self.cashed_out: set[str] = set()  # the tokens whose chips went back into écus
        self.errors: list[dict] = []  # refusals no race explains
        self.say = say

    def game_ended(self, game_id) -> None:
        if game_id is not None and game_id not in self.finished:
            self.finished.append(game_id)
            self.say(f"game {game_id} over ({len(self.finished)} played)")

    @property
    def enough(self) -> bool:
        return len(self.finished) >= self.games


class Seat:
    """One player's socket at a table: answers every ``state`` where it is to act."""

    def __init__(self, client: TaverneClient, table_id: int, session: Session,
                 rng: random.Random, cave: int = 0, idle: float = 60):
        self.client = client
        self.table_id = table_id
        self.session = session
        self.rng = rng
        self.cave_amount = cave
        self.idle = idle
        self.socket = None
        self.latest: tuple = (-1, -1)  # (game_id, version) of the newest state shown
        self.sequence: int | None = None
        self.acted_on: tuple | None = None  # the (game_id, version) we last acted on
        self.pending: dict | None = None  # the act sent and not yet acknowledged
        self.game_id = None
        self.recaves = 0
        self.recaved_after = None  # the hand after which this seat caved again
        self.cashing_out: int | None = None  # the game id being played at cash-out
        self.done = False

    async def play(self) -> None:
        """Play until the session has its games; reconnect once if the socket drops."""
        for attempt in range(2):
            try:
                await self._connect_and_play()
                return
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                if code in FATAL_CLOSES or attempt:
                    raise
                self.session.say(f"socket dropped ({code}); reconnecting")
                await asyncio.sleep(1)

    async def _connect_and_play(self) -> None:
        async with websockets.connect(
            self.client.socket_url(self.table_id), origin=self.client.server, proxy=None,
            additional_headers={"Authorization": f"Bearer {self.client.token}"},
        ) as socket:
            self.socket = socket
            self.sequence = None  # numbered again from what this connection receives
            if self.pending is not None:  # unacknowledged before the drop: resend as is
                await self.send(self.pending)
            quiet = 0
            while not self.done:
                try:
                    frame = await asyncio.wait_for(socket.recv(), timeout=self.idle)
                except TimeoutError:
                    quiet += 1
                    if quiet >= 3:
                        raise Stuck(f"table {self.table_id}: silent for "
                                    f"{3 * self.idle}s") from None
                    await self.send({"type": "sync"})
                    continue
                quiet = 0
                await self.receive(json.loads(frame))

    async def send(self, message: dict) -> None:
        await self.socket.send(json.dumps(message))

    async def receive(self, message: dict) -> None:
        kind = message.get("type")
        if kind == "state":
            await self.on_state(message)
        elif kind == "ack":
            self.pending = None
        elif kind == "error":
            await self.on_error(message)
        # presence, chat, pong: nothing to do (the next state carries the same)

    async def on_state(self, message: dict) -> None:
        if message.get("protocol") != PROTOCOL:
            raise Stuck(f"the server speaks protocol {message.get('protocol')}, this client "
                        f"{PROTOCOL}: update it (docs/protocol.md)")
        sequence = message.get("sequence")
        if isinstance(sequence, int):
            gap = self.sequence is not None and sequence > self.sequence + 1
            self.sequence = max(sequence, self.sequence or 0)
            if gap:  # frames were lost: ask for the whole view again (it follows)
                await self.send({"type": "sync"})
        view = message.get("view") or {}
        game_id = message.get("game_id", view.get("game_id"))
        version = message.get("version", view.get("version", 0))
        shown = (game_id or 0, version or 0)
        if shown < self.latest:
            return  # older than what we already acted on
        self.latest = shown
        if self.game_id is not None and game_id != self.game_id:
            self.session.game_ended(self.game_id)  # a chip table dealt its next hand
        self.game_id = game_id
        if view.get("status") == "finished" or view.get("result") is not None:
            self.session.game_ended(game_id)
        if (self.session.chips and view.get("status") == "finished"
                and view.get("table_status") == "playing"):
            return  # a finished hand's state: the next hand's follows at once, decide then
        if await self.should_stop(view):
            self.done = True
            return
        if self.session.chips and view.get("status") != "playing":
            await self.on_waiting(view)
        elif my_turn(view) and self.acted_on != shown:
            await self.act(message, view)

    async def should_stop(self, view: dict) -> bool:
        if view.get("table_status") in ("finished", "closed"):
            return True
        if not self.session.chips:
            return self.session.enough
        if self.cashing_out is None:
            if not self.session.enough:
                return False
            paid = await asyncio.to_thread(self.client.cash_out, self.table_id)
            self.session.cashed_out.add(self.client.token)
            self.session.say(f"cashed out at table {self.table_id}: "
                             + ("paid when the hand ends" if paid is None else f"{paid} écus"))
            if paid is not None:
                return True
            self.cashing_out = self.game_id  # still dealt in: play this hand to its end
        return (self.game_id != self.cashing_out or view.get("status") != "playing"
                or view.get("you") is None)

    async def on_waiting(self, view: dict) -> None:
        """A table played for écus with no hand running: cave again when that is what
        this seat lacks; give up when it lacks something a client cannot bring."""
        waiting = view.get("waiting") or {}
        you = view.get("you")
        reasons = {m.get("reason") for m in waiting.get("missing") or []
                   if m.get("position") == you}
        if reasons - CAVE_REASONS or (reasons and self.recaves >= 3):
            raise Stuck(f"table {self.table_id} waits for seat {you}: {sorted(reasons)}")
        if reasons and self.recaved_after != self.game_id:
            # Once per hand: a state sent before the cave may still show the seat short.
            # The request key makes a repeated cave count once all the same.
            self.recaves += 1
            self.recaved_after = self.game_id
            amount = self.cave_amount or int(waiting.get("cave_min") or 0) * 2 or 100
            key = f"recave-{self.table_id}-{self.game_id}-{you}"
            await asyncio.to_thread(self.client.cave, self.table_id, amount, key)
            self.session.say(f"seat {you}: caved {amount} écus again")

    async def act(self, message: dict, view: dict) -> None:
        action = build_action(self.rng.choice(view["legal_actions"]), self.rng)
        self.acted_on = self.latest
        self.pending = {"type": "act", "action": action, "version": message.get("version"),
                        "game_id": message.get("game_id"), "id": uuid.uuid4().hex}
        await self.send(self.pending)

    async def on_error(self, error: dict) -> None:
        code = error.get("code")
        self.pending = None
        if code in RACES:
            return  # a fresh state follows
        if code == "rate_limited":
            await asyncio.sleep(min(float(error.get("retry_after") or 1), 60))
        else:
            self.session.errors.append(error)
            self.session.say(f"refused: {code} {error.get('rule') or ''} "
                             f"{error.get('message', '')}")
        self.acted_on = None  # choose again on the fresh view
        await self.send({"type": "sync"})


# ----- a whole game -----------------------------------------------------------------


def setup_table(clients: list[TaverneClient], game: dict, seats: int | None, options: dict,
                bots: str, cave: int, say) -> tuple[int, int]:
    """Open a table of ``game`` and fill it: the other tokens sit down, bots take the
    places left, or, at a table played for écus (no bots there), every player caves in.
    Answers the table's id and the cave brought."""
    owner = clients[0]
    if game["chips"]:
        if len(clients) < 2:
            raise SystemExit(f"{game['slug']} is played for écus, where bots never sit: "
                             "give two --token (two accounts) to play each other")
        seats = seats or max(game["min_seats"], len(clients))
    # Public at a table played for écus: the other accounts sit without an invitation
    # (the API does not give the owner an unlisted table's invitation token).
    state = owner.create_table(game["slug"], seats, options,
                               visibility="public" if game["chips"] else "unlisted")
    table_id = state["view"]["table_id"]
    total = len(state["view"].get("seating") or []) or seats or game["default_seats"]
    say(f"table {table_id}: {game['slug']}, {total} seats")
    if game["chips"]:
        least = (state["view"].get("waiting") or {}).get("cave_min") or 50
        cave = cave or 2 * least
        caved = []
        try:
            for client in clients:
                client.cave(table_id, cave)
                caved.append(client)
        except ApiError:
            for client in caved:  # take back the chips brought before the refusal
                client.cash_out(table_id)
            raise
        return table_id, cave
    for client in clients[1:]:
        client.join(table_id)
    for _ in range(total - len(clients)):
        owner.add_bot(table_id, bots)
    return table_id, cave


async def play_session(clients, table_id: int, session: Session, rng, cave: int,
                       idle: float, timeout: float) -> None:
    seats = [Seat(client, table_id, session, random.Random(rng.random()), cave, idle)
             for client in clients]
    await asyncio.wait_for(asyncio.gather(*(seat.play() for seat in seats)), timeout)


def cash_out_all(clients, table_id: int, session: Session, say) -> None:
    for client in clients:
        if client.token not in session.cashed_out:
            try:
                paid = client.cash_out(table_id)
                say(f"cashed out: {'paid when the hand ends' if paid is None else paid}")
            except ApiError as refusal:
                say(f"cash-out refused: {refusal}")


def results_of(client: TaverneClient, game_ids: list[int]) -> list[dict]:
    """Each finished game's archive: how it ended and its result."""
    found = []
    for game_id in game_ids:
        archive = client.archive(game_id)
        found.append({"game_id": game_id, "ending": archive.get("ending"),
                      "result": archive.get("result")})
    return found


def play(args, say) -> dict:
    clients = [TaverneClient(args.server, token, args.lang) for token in args.token]
    games = {game["slug"]: game for game in clients[0].games()}
    if args.game not in games:
        raise SystemExit(f"unknown game {args.game!r}: one of {', '.join(games)}")
    game = games[args.game]
    rng = random.Random(args.seed)
    report = {"game": args.game, "tables": [], "errors": []}
    # A table played for écus deals hand after hand (one game each) at one table; any
    # other table plays one game.
    tables = 1 if game["chips"] else args.games
    for _ in range(tables):
        table_id, cave = setup_table(clients, game, args.seats, args.options, args.bots,
                                     args.cave, say)
        session = Session(game["chips"], args.games if game["chips"] else 1, say)
        try:
            asyncio.run(play_session(clients, table_id, session, rng, cave, args.idle,
                                     args.timeout))
        finally:  # never leave chips on a table, even when something failed
            if game["chips"]:
                cash_out_all(clients, table_id, session, say)
        results = results_of(clients[0], session.finished)
        for finished in results:
            say(f"game {finished['game_id']}: {json.dumps(finished['result'])}")
        report["tables"].append({"table_id": table_id, "games": results})
        report["errors"].extend(session.errors)
    return report


def parse_option(text: str) -> tuple[str, object]:
    key, _sign, value = text.partition("=")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=os.environ.get("TAVERNE_SERVER",
                                                           "http://127.0.0.1:8000"))
    parser.add_argument("--token", action="append",
                        help="a personal access token (scopes play and tables); repeat it "
                             "to play several seats; default: $TAVERNE_TOKEN")
    parser.add_argument("--game", required=True, help="a game's slug (GET /api/v1/games)")
    parser.add_argument("--games", type=int, default=1,
                        help="games to play (at a table played for écus: hands)")
    parser.add_argument("--seats", type=int, help="the table's seats (default: the game's)")
    parser.add_argument("--option", dest="options", action="append", default=[],
                        type=parse_option, metavar="KEY=VALUE", help="a table option")
    parser.add_argument("--bots", default="debutant",
                        help="the bots' level: debutant, habitue or maitre")
    parser.add_argument("--cave", type=int, default=0,
                        help="écus brought at a table played for écus (default: twice the "
                             "least cave)")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--seed", type=int)
    parser.add_argument("--idle", type=float, default=60,
                        help="seconds without a frame before asking again (3 times: stuck)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds per table")
    parser.add_argument("--json", action="store_true", help="end with a JSON report")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    args.options = dict(args.options)
    args.token = args.token or [t for t in [os.environ.get("TAVERNE_TOKEN")] if t]
    if not args.token:
        parser.error("give --token or set TAVERNE_TOKEN")

    def say(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr, flush=True)

    try:
        report = play(args, say)
    except (ApiError, Stuck, OSError, WebSocketException, TimeoutError) as failure:
        say(f"failed: {failure!r}")
        report = {"game": args.game, "tables": [], "errors": [{"code": "client",
                                                               "message": repr(failure)}]}
    if args.json:
        print(json.dumps(report))
    played = [g for table in report["tables"] for g in table["games"]]
    return 0 if played and not report["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
