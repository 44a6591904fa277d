"""Benchmark of the play platform: N tables of P websocket clients playing through the
protocol (docs/protocol.md) against ONE daphne process, side by side with a plain
Channels echo consumer served by the same process to the same number of clients.

    python bench/ws_tables.py [--tables 100] [--players 4] [--seconds 20] [--think-ms 250]
                              [--format json|html] [--processes 2]

Embedded backends by default (a fresh SQLite file, in-memory channel layer); with
DATABASE_URL and REDIS_URL set, PostgreSQL and Redis. Prints one JSON object:

- tables: moves per second, and the latency from an action sent to the moment the last
  seat of the table received the new state (p50, p99, ms);
- echo: the round trip of a message through the echo consumer (p50, p99, ms);
- server: the CPU time the daphne processes spent while the tables played (from
  /proc, user and system), and that time per move: the clients' load does not blur it.

``--routing table`` puts all of a table's seats on one process (``table_id`` modulo the
processes, as the proxy's consistent hash does: docs/operations.md); ``seat`` (the
default before) spreads them, so every move crosses processes through Redis.

Each client acts when its view says it is its turn, choosing a random legal action,
after a think time drawn uniformly in [0, 2 × think-ms] (0: as fast as possible).
``--format html`` makes the clients browsers: they ask for the htmx fragments and act by
submitting one of the buttons those fragments offer, as the table page does.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return round(ordered[index], 2)


def summary(latencies_ms):
    return {
        "samples": len(latencies_ms),
        "p50_ms": percentile(latencies_ms, 50),
        "p99_ms": percentile(latencies_ms, 99),
        "mean_ms": round(statistics.fmean(latencies_ms), 2) if latencies_ms else None,
    }


# ----- setup (in this process, through the services) ----------------------------------


def prepare(tables, players, game_slug):
    """Create the users, tables (dealt) and sessions; returns [[(position, cookie)]]."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from accounts.models import User
    from play.actions import do_create_table, do_join

    if not settings.DATABASE_URL:
        call_command("migrate", verbosity=0)
    run = uuid.uuid4().hex[:6]
    layout = []
    for t in range(tables):
        users = [
            User.objects.create_user(f"b{run}-{t}-{p}", display_name=f"J{p} {t}{run}")
            for p in range(players)
        ]
        table = do_create_table(users[0], game_slug, seat_count=players)
        for user in users[1:]:
            do_join(table, user)
        seats = []
        for position, user in enumerate(users):
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            seats.append((position, session.session_key))
        layout.append((table.pk, seats))
    return layout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    """User plus system CPU seconds a process has used so far (/proc/<pid>/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid):
    """Resident memory of a process, in MB (/proc/<pid>/status)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


async def sample_memory(pids, every, samples):
    """Every ``every`` seconds, [seconds since the start, RSS of each process]."""
    started = time.perf_counter()
    while True:
        samples.append([round(time.perf_counter() - started), *(rss_mb(pid) for pid in pids)])
        await asyncio.sleep(every)


def start_server(env, port):
    profile = ["-m", "cProfile", "-o", env["BENCH_PROFILE"]] if env.get("BENCH_PROFILE") else []
    server = subprocess.Popen(
        [sys.executable, *profile, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "bench.echo_consumer:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
        stderr=open(env["BENCH_SERVER_LOG"], "ab") if env.get("BENCH_SERVER_LOG")  # noqa: SIM115
        else subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("daphne did not start") from None
            time.sleep(0.1)


# ----- clients -----------------------------------------------------------------------


def choose(legal, rng):
    entry = dict(rng.choice(legal))
    if "min" in entry and "max" in entry:
        entry["amount"] = rng.randint(entry.pop("min"), entry.pop("max"))
    if "choose" in entry and "from" in entry:
        low, high = entry.pop("choose")
        entry["cards"] = rng.sample(entry.pop("from"), rng.randint(low, high))
    return entry


_opening = None

HTML_MARK = re.compile(r'id="turn"[^>]*data-game="(\d*)" data-version="(\d+)"')
HTML_BUTTON = re.compile(r'<button[^>]*name="action_json" value="([^"]*)"')


def read_json_frame(frame, position, rng):
    """(game_id, version, message to act with or None) from a JSON state frame."""
    message = json.loads(frame)
    if message["type"] == "error":
        return None, message["code"], None
    if message["type"] != "state":
        return None, None, None
    view = message["view"]
    key = (message["game_id"], message["version"])
    if view.get("actor") == position and view.get("legal_actions"):
        return key, None, {"type": "act", "action": choose(view["legal_actions"], rng),
                           "version": message["version"], "game_id": message["game_id"]}
    return key, None, None


def read_html_frame(frame, position, rng):
    """The same from the htmx fragments: the version marker and the buttons offered."""
    mark = HTML_MARK.search(frame)
    if mark is None:
        refused = frame.startswith('<div id="table-error"') and "<p>" in frame
        return None, ("refused" if refused else None), None
    game_id = int(mark.group(1)) if mark.group(1) else None
    key = (game_id, int(mark.group(2)))
    buttons = HTML_BUTTON.findall(frame)
    if not buttons:
        return key, None, None
    return key, None, {"type": "act", "action_json": html.unescape(rng.choice(buttons)),
                       "version": key[1], "game_id": game_id}


async def connect(url, origin, cookie):
    """Open a socket; at most 20 handshakes at a time, as a crowd arriving would not
    all click in the same millisecond (daphne drops handshakes not accepted in 5 s)."""
    import websockets

    global _opening
    if _opening is None:
        _opening = asyncio.Semaphore(20)
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    for attempt in range(20):
        try:
            async with _opening:
                return await websockets.connect(
                    url, origin=origin, additional_headers=headers, max_size=2**22,
                    open_timeout=30,
                )
        except (OSError, TimeoutError, websockets.exceptions.InvalidHandshake,
                websockets.exceptions.InvalidMessage):
            await asyncio.sleep(0.1 * (attempt + 1))
    raise SystemExit(f"could not connect to {url}")


class TablesRun:
    """Tables of clients playing until the clock stops; what they measured."""

    def __init__(self, bases, seconds, think_ms, rng, as_html, routing="seat"):
        # One address per daphne process: a table's seats are spread over them, or all on
        # the one its id chooses.
        self.bases = bases
        self.routing = routing
        self.seconds, self.think_ms, self.rng = seconds, think_ms, rng
        self.read = read_html_frame if as_html else read_json_frame
        self.query = "?format=html" if as_html else ""
        self.latencies, self.errors = [], []
        self.settled_at = []  # when each latency was measured (perf_counter)
        self.frames = self.frame_bytes = 0  # what the seats received, once the clock runs
        self.moves = self.opened = 0
        self.stop_at = None
        self.ready = asyncio.Event()

    async def table(self, table_id, seats):
        sockets = {}
        for position, cookie in seats:
            spread = 0 if self.routing == "table" else position
            base = self.bases[(table_id + spread) % len(self.bases)]
            ws_base = base.replace("http", "ws", 1)
            sockets[position] = await connect(
                f"{ws_base}/ws/tables/{table_id}/{self.query}", base, cookie
            )
            self.opened += 1
        pending = {}  # (game_id, version acted on) -> time sent, awaiting the last seat
        reached = {p: (None, -1) for p in sockets}
        await self.ready.wait()
        try:
            await asyncio.wait_for(
                asyncio.gather(*(self.seat(p, ws, pending, reached) for p, ws in sockets.items())),
                timeout=self.seconds + 10,
            )
        except TimeoutError:
            pass
        finally:
            for ws in sockets.values():
                await ws.close()

    async def seat(self, position, ws, pending, reached):
        import websockets

        try:
            await self.play_seat(position, ws, pending, reached)
        except websockets.exceptions.ConnectionClosed as closed:
            # The server closed a seat's socket before the end: an error of the run.
            self.errors.append(f"closed {closed.rcvd.code if closed.rcvd else 'abruptly'}")

    async def play_seat(self, position, ws, pending, reached):
        async for frame in ws:
            self.frames += 1
            self.frame_bytes += len(frame.encode() if isinstance(frame, str) else frame)
            key, error, act = self.read(frame, position, self.rng)
            if error is not None:
                self.errors.append(error)
            if key is None:
                continue
            reached[position] = key
            self.settle(pending, reached, time.perf_counter())
            if time.perf_counter() > self.stop_at:
                return
            if act is not None and key not in pending:
                if self.think_ms:
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think_ms) / 1000)
                pending[key] = time.perf_counter()
                await ws.send(json.dumps(act | {"id": uuid.uuid4().hex}))

    def settle(self, pending, reached, now):
        """A move is done when every seat shows a later version (or a later game)."""
        for (game_id, version), sent in list(pending.items()):
            if all(g == game_id and v > version for g, v in reached.values()) or all(
                g is not None and g != game_id for g, v in reached.values()
            ):
                self.latencies.append((now - sent) * 1000)
                self.settled_at.append(now)
                self.moves += 1
                del pending[(game_id, version)]


async def run_tables(bases, layout, seconds, think_ms, rng, as_html=False, routing="seat",
                     server_pids=(), memory_every=0):
    global _opening
    _opening = asyncio.Semaphore(20)
    run = TablesRun(bases, seconds, think_ms, rng, as_html, routing)
    tasks = [asyncio.create_task(run.table(t, seats)) for t, seats in layout]
    # Connections are opened first (each gets its initial state, which starts play as
    # soon as `ready` is set): wait for them all, then start the clock.
    while run.opened < sum(len(seats) for _, seats in layout):
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)
    run.stop_at = time.perf_counter() + seconds
    cpu_before = [cpu_seconds(pid) for pid in server_pids]
    started = time.perf_counter()
    memory = []
    sampler = (asyncio.create_task(sample_memory(server_pids, memory_every, memory))
               if memory_every else None)
    run.frames = run.frame_bytes = 0  # the initial states are not a move's
    run.ready.set()
    await asyncio.gather(*tasks)
    if sampler:
        sampler.cancel()
    elapsed = min(time.perf_counter() - started, seconds + 10)
    cpu = [cpu_seconds(pid) - before for pid, before in zip(server_pids, cpu_before,
                                                               strict=True)]
    return {
        "moves": run.moves,
        "moves_per_second": round(run.moves / elapsed, 1),
        **summary(run.latencies),
        "errors": {code: run.errors.count(code) for code in set(run.errors)},
        # What a move costs on the wire: the frames every seat received, per move.
        "frames_per_move": round(run.frames / run.moves, 2) if run.moves else None,
        "bytes_per_move": round(run.frame_bytes / run.moves) if run.moves else None,
        "server": {
            "cpu_seconds_per_process": [round(c, 2) for c in cpu],
            "cpu_ms_per_move": round(1000 * sum(cpu) / run.moves, 2) if run.moves else None,
            # [seconds into the run, RSS MB of each process], every --memory-every s.
            **({"rss_mb": memory} if memory_every else {}),
        },
        # The same windows: [seconds into the run at its end, moves, p50 ms, p99 ms].
        **({"windows": windows(run, started, memory_every)} if memory_every else {}),
    }


def windows(run, started, every):
    """Moves and latencies window by window: does the run hold its pace to the end?"""
    spans = {}
    for at, latency in zip(run.settled_at, run.latencies, strict=True):
        spans.setdefault(int((at - started) // every), []).append(latency)
    return [[round((index + 1) * every), len(spans[index]), percentile(spans[index], 50),
             percentile(spans[index], 99)] for index in sorted(spans)]


async def run_echo(base, clients, seconds, think_ms, cookie, rng):
    global _opening
    _opening = asyncio.Semaphore(20)
    ws_base = base.replace("http", "ws", 1)
    sockets = await asyncio.gather(
        *(connect(f"{ws_base}/ws/echo/", base, cookie) for _ in range(clients))
    )
    latencies = []
    stop_at = time.perf_counter() + seconds

    async def client(ws):
        while time.perf_counter() < stop_at:
            if think_ms:
                await asyncio.sleep(rng.uniform(0, 2 * think_ms) / 1000)
            sent = time.perf_counter()
            await ws.send('{"type": "echo", "payload": "x"}')
            await ws.recv()
            latencies.append((time.perf_counter() - sent) * 1000)
        await ws.close()

    started = time.perf_counter()
    await asyncio.gather(*(client(ws) for ws in sockets))
    elapsed = time.perf_counter() - started
    return {"round_trips": len(latencies),
            "round_trips_per_second": round(len(latencies) / elapsed, 1),
            **summary(latencies)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--think-ms", type=float, default=250)
    parser.add_argument("--game", default="ascenseur")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", choices=("json", "html"), default="json")
    parser.add_argument("--processes", type=int, default=1,
                        help="daphne processes (needs REDIS_URL: the in-memory layer is "
                             "one process's)")
    parser.add_argument("--routing", choices=("seat", "table"), default="seat",
                        help="with several processes: spread each table's seats over them "
                             "(seat) or keep a table on one (table, as the proxy routes)")
    parser.add_argument("--memory-every", type=float, default=0,
                        help="sample the daphne processes' resident memory every so many "
                             "seconds of the tables' run (the scale run: is it flat?)")
    parser.add_argument("--no-echo", action="store_true",
                        help="skip the echo consumer's phase (the scale run)")
    args = parser.parse_args()
    if args.processes > 1 and not os.environ.get("REDIS_URL"):
        raise SystemExit("--processes above 1 needs REDIS_URL (and DATABASE_URL)")

    tmp = tempfile.TemporaryDirectory(prefix="taverne-bench-")
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "bench.ws_settings",
           "BENCH_SQLITE": str(Path(tmp.name) / "bench.sqlite3"),
           "PYTHONPATH": str(ROOT)}
    os.environ.update(env)
    layout = prepare(args.tables, args.players, args.game)
    ports = [free_port() for _ in range(args.processes)]
    servers = [start_server(env, port) for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    base = bases[0]
    rng = random.Random(args.seed)
    try:
        clients = args.tables * args.players
        echo = None if args.no_echo else asyncio.run(
            run_echo(base, clients, min(args.seconds, 10), args.think_ms, layout[0][1][0][1],
                     rng))
        tables = asyncio.run(run_tables(bases, layout, args.seconds, args.think_ms, rng,
                                        as_html=args.format == "html", routing=args.routing,
                                        server_pids=[server.pid for server in servers],
                                        memory_every=args.memory_every))
    finally:
        for server in servers:
            server.send_signal(signal.SIGINT)  # lets cProfile write its file
        for server in servers:
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
        tmp.cleanup()
    from django.conf import settings

    print(json.dumps({
        "backends": {
            "database": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1],
            "channel_layer": settings.CHANNEL_LAYERS["default"]["BACKEND"].rsplit(".", 1)[-1],
        },
        "game": args.game,
        "tables": args.tables,
        "players_per_table": args.players,
        "clients": clients,
        "think_ms": args.think_ms,
        "format": args.format,
        "processes": args.processes,
        "routing": args.routing,
        "seconds": args.seconds,
        "table_moves": tables,
        "echo": echo,
    }, indent=2))


if __name__ == "__main__":
    main()
