"""The example client's choices and socket loop, against a scripted socket: what it sends
on its turn, and how it copes with what a live server may send (views missing keys, new
keys, a gap in the frames, refusals, a dropped connection)."""

from __future__ import annotations

import ast
import asyncio
import importlib.util
import json
import random
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from websockets.asyncio.server import serve

from tests.play.conftest import ROOT

CLIENT = ROOT / "clients" / "python" / "taverne_client.py"
spec = importlib.util.spec_from_file_location("taverne_client", CLIENT)
taverne_client = importlib.util.module_from_spec(spec)
spec.loader.exec_module(taverne_client)

TOKEN = "tav_test"
MY_TURN = {"type": "state", "protocol": 3, "sequence": 1, "version": 7, "game_id": 3,
           "view": {"you": 0, "actor": 0, "status": "playing", "table_status": "playing",
                    "legal_actions": [{"type": "pass"}], "waiting": None,
                    "log": [{"text": "Alice passe.", "by": 1}]}}
OVER = {"type": "state", "protocol": 3, "version": 9, "game_id": 3,
        "view": {"you": 0, "actor": None, "status": "finished", "table_status": "finished",
                 "result": {"winners": [0]}}}


# ----- choices ------------------------------------------------------------------------


def test_a_raise_template_becomes_an_amount_within_its_bounds():
    rng = random.Random(1)
    for _ in range(50):
        action = taverne_client.build_action({"type": "raise", "min": 40, "max": 90}, rng)
        assert set(action) == {"type", "amount"} and 40 <= action["amount"] <= 90


def test_an_exchange_template_becomes_distinct_cards_of_its_pool():
    rng = random.Random(2)
    pool = ["2c", "As", "4h", "8d", "Kc"]
    for _ in range(50):
        action = taverne_client.build_action(
            {"type": "exchange", "choose": [1, 4], "from": pool}, rng)
        assert set(action) == {"type", "cards"}
        assert 1 <= len(action["cards"]) <= 4 and len(set(action["cards"])) == len(
            action["cards"]) and set(action["cards"]) <= set(pool)


def test_a_remigio_draw_is_sent_as_it_is():
    entry = {"type": "draw", "from": "stock"}
    assert taverne_client.build_action(entry, random.Random()) == entry


def test_it_is_nobodys_turn_in_a_view_without_actor_or_legal_actions():
    waiting = {"you": 0, "status": "waiting", "table_status": "waiting",
               "waiting": {"players_needed": 1}}
    spectator = {"you": None, "actor": None, "status": "playing"}
    over = {**MY_TURN["view"], "status": "finished"}
    assert not any(map(taverne_client.my_turn, (waiting, spectator, over)))
    assert taverne_client.my_turn(MY_TURN["view"])


def test_log_lines_are_read_as_strings_or_as_objects():
    assert taverne_client.last_line({"log": ["Bob passe."]}) == "Bob passe."
    assert taverne_client.last_line(MY_TURN["view"]) == "Alice passe."
    assert taverne_client.last_line({}) == ""


def test_the_excerpt_in_the_protocol_docs_is_the_clients_code():
    docs = (ROOT / "docs" / "protocol.md").read_text()
    section = docs[docs.index("## A bot client"):]
    excerpt = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    [documented] = ast.parse(excerpt).body
    [function] = [node for node in ast.parse(CLIENT.read_text()).body
                  if isinstance(node, ast.FunctionDef) and node.name == documented.name]
    function.body = function.body[1:]  # its docstring
    assert ast.dump(documented) == ast.dump(function)


# ----- the socket loop ----------------------------------------------------------------


class FakeApi(BaseHTTPRequestHandler):
    """The HTTP API's cave and cash-out, recording what they were sent."""

    calls: list = []

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.calls.append((self.path, body))
        answer = {"paid": 180} if self.path.endswith("/cash-out") else {"type": "state"}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def play_against(script, idle=5, chips=False, games=1):
    """Run one seat of the client against ``script(connection, number)``, a coroutine
    playing the server's side of each connection; answers the session and the handshakes'
    headers. At a table played for écus (``chips``) the API calls reach ``FakeApi``."""
    headers = []

    async def handler(connection):
        headers.append(connection.request.headers)
        await script(connection, len(headers))

    async def main():
        async with serve(handler, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            client = taverne_client.TaverneClient(f"http://127.0.0.1:{port}", TOKEN)
            if chips:
                api = ThreadingHTTPServer(("127.0.0.1", 0), FakeApi)
                threading.Thread(target=api.serve_forever, daemon=True).start()
                client.server = f"http://127.0.0.1:{api.server_port}"
                client.socket_url = lambda table_id: f"ws://127.0.0.1:{port}/ws/tables/3/"
            session = taverne_client.Session(chips, games, lambda text: None)
            seat = taverne_client.Seat(client, 3, session, random.Random(1), idle=idle)
            await asyncio.wait_for(seat.play(), 20)
            return session

    return asyncio.run(main()), headers


async def next_frame(connection) -> dict:
    return json.loads(await asyncio.wait_for(connection.recv(), 10))


def test_a_server_of_another_protocol_stops_the_client_before_it_acts():
    sent = []

    async def script(connection, number):
        await connection.send(json.dumps({**MY_TURN, "protocol": 2}))
        async for frame in connection:
            sent.append(json.loads(frame))

    with pytest.raises(taverne_client.Stuck, match="protocol 2"):
        play_against(script)
    assert sent == []


def test_a_move_sent_over_http_names_the_game_and_version_it_was_chosen_on():
    FakeApi.calls = []
    api = ThreadingHTTPServer(("127.0.0.1", 0), FakeApi)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    try:
        client = taverne_client.TaverneClient(f"http://127.0.0.1:{api.server_port}", TOKEN)
        client.act(42, MY_TURN, {"type": "pass"}, "m1")
    finally:
        api.shutdown()
    assert FakeApi.calls == [("/api/v1/tables/42/act", {
        "action": {"type": "pass"}, "game_id": 3, "version": 7, "id": "m1"})]


def test_it_acts_on_its_turn_with_the_views_version_and_stops_when_the_game_is_over():
    sent = []

    async def script(connection, number):
        await connection.send(json.dumps(MY_TURN))
        sent.append(await next_frame(connection))
        await connection.send(json.dumps({"type": "ack", "id": sent[0]["id"], "version": 8}))
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    session, headers = play_against(script)

    [act] = sent
    assert act["type"] == "act" and act["action"] == {"type": "pass"}
    assert (act["version"], act["game_id"]) == (7, 3) and act["id"]
    assert headers[0]["Authorization"] == f"Bearer {TOKEN}"
    assert headers[0]["Origin"].startswith("http://127.0.0.1:")
    assert session.finished == [3] and session.errors == []


def test_a_gap_in_the_sequence_asks_for_the_whole_view():
    sent = []

    async def script(connection, number):
        theirs = {**MY_TURN, "view": {**MY_TURN["view"], "actor": 1}}
        await connection.send(json.dumps(theirs))
        await connection.send(json.dumps({**theirs, "sequence": 3, "version": 8}))
        sent.append(await next_frame(connection))
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    play_against(script)

    assert sent == [{"type": "sync"}]


def test_rate_limited_waits_retry_after_then_asks_again_and_plays():
    sent = []

    async def script(connection, number):
        await connection.send(json.dumps(MY_TURN))
        sent.append((await next_frame(connection), time.monotonic()))
        await connection.send(json.dumps({"type": "error", "code": "rate_limited",
                                          "retry_after": 1, "message": "Doucement."}))
        sent.append((await next_frame(connection), time.monotonic()))
        await connection.send(json.dumps(MY_TURN))  # the answer to sync: the same view
        sent.append((await next_frame(connection), time.monotonic()))
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    session, _headers = play_against(script)

    (first, at), (sync, synced), (again, _) = sent
    assert sync == {"type": "sync"} and synced - at >= 0.9
    assert first["type"] == again["type"] == "act" and again["id"] != first["id"]
    assert session.errors == []


def test_a_stale_refusal_is_a_race_and_the_next_state_is_played():
    sent = []

    async def script(connection, number):
        await connection.send(json.dumps(MY_TURN))
        sent.append(await next_frame(connection))
        await connection.send(json.dumps({"type": "error", "code": "stale", "message": "…"}))
        moved = {**MY_TURN, "sequence": 2, "version": 8}
        await connection.send(json.dumps(moved))
        sent.append(await next_frame(connection))
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    session, _headers = play_against(script)

    assert [a["version"] for a in sent] == [7, 8]
    assert session.errors == []


def test_an_illegal_refusal_is_reported_and_the_view_asked_again():
    async def script(connection, number):
        await connection.send(json.dumps(MY_TURN))
        await next_frame(connection)
        await connection.send(json.dumps({"type": "error", "code": "illegal", "rule": "x.y",
                                          "message": "Non."}))
        assert await next_frame(connection) == {"type": "sync"}
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    session, _headers = play_against(script)

    assert [e["code"] for e in session.errors] == ["illegal"]


def test_a_dropped_socket_is_opened_again_and_the_unacknowledged_act_resent():
    sent = []

    async def script(connection, number):
        if number == 1:
            await connection.send(json.dumps(MY_TURN))
            sent.append(await next_frame(connection))
            await connection.close(code=1011)  # the server went away before its ack
            return
        sent.append(await next_frame(connection))
        await connection.send(json.dumps({"type": "ack", "id": sent[1]["id"], "version": 8,
                                          "duplicate": True}))
        await connection.send(json.dumps(OVER))
        await connection.wait_closed()

    session, headers = play_against(script)

    assert len(headers) == 2
    assert sent[0] == sent[1]  # the same id: the server applies it once
    assert session.finished == [3]


def test_a_table_that_never_answers_stops_the_client_instead_of_waiting_forever():
    syncs = []

    async def script(connection, number):
        waiting = {"type": "state", "protocol": 3, "version": 0, "game_id": None,
                   "view": {"you": 0, "status": "waiting", "table_status": "waiting"}}
        await connection.send(json.dumps(waiting))
        async for frame in connection:
            syncs.append(json.loads(frame))

    with pytest.raises(taverne_client.Stuck):
        play_against(script, idle=0.3)
    assert syncs == [{"type": "sync"}] * 2


def short_of_chips(reason, number=1):
    return {"type": "state", "protocol": 3, "version": 5, "game_id": 3, "sequence": number,
            "view": {"you": 0, "status": "finished", "table_status": "waiting",
                     "waiting": {"players_needed": 1, "ready": 1, "cave_min": 40,
                                 "missing": [{"position": 0, "reason": reason}]}}}


def test_a_seat_whose_chips_ran_out_caves_again_once_and_cashes_out_after_its_hands():
    FakeApi.calls = []

    async def script(connection, number):
        await connection.send(json.dumps(short_of_chips("must_recave")))
        await connection.send(json.dumps(short_of_chips("must_recave", 2)))  # sent before
        await asyncio.sleep(0.5)
        dealt = {**MY_TURN, "game_id": 4, "sequence": 3}
        await connection.send(json.dumps(dealt))  # the next hand
        await next_frame(connection)  # its move
        over = {**OVER, "game_id": 4, "sequence": 4,
                "view": {**OVER["view"], "table_status": "playing"}}  # it deals on
        await connection.send(json.dumps(over))
        # The finished hand's state comes first; the next hand's follows at once, and the
        # client decides on that one (cashing out in the hand it is dealt in).
        await asyncio.sleep(0.3)
        assert len(FakeApi.calls) == 1  # no cash-out on the finished hand's frame
        following = {**MY_TURN, "game_id": 5, "sequence": 5, "version": 1,
                     "view": {**MY_TURN["view"], "actor": 1, "legal_actions": []}}
        await connection.send(json.dumps(following))
        await connection.wait_closed()

    session, _headers = play_against(script, chips=True, games=2)

    cave, cash_out = FakeApi.calls
    assert cave == ("/api/v1/tables/3/cave",
                    {"amount": 80, "request_key": "recave-3-3-0"})
    assert cash_out[0] == "/api/v1/tables/3/cash-out"
    assert session.finished == [3, 4] and session.cashed_out == {TOKEN}


def test_a_table_waiting_for_what_a_client_cannot_bring_stops_the_client():
    async def script(connection, number):
        await connection.send(json.dumps(short_of_chips("no_hands")))
        await connection.wait_closed()

    with pytest.raises(taverne_client.Stuck, match="no_hands"):
        play_against(script, chips=True, games=2)
