#!/usr/bin/env python3
"""The fault run (issue 21, item 7): the production topology on its own PostgreSQL and
Redis, games played by clients spread over two daphne processes, and mid-deal a daphne
and a play_worker killed, PostgreSQL and Redis restarted; then what must hold, checked.

    .venv/bin/python faults/run.py [--minutes 3] [--tables 6] [--strict] [--fatal NAME]

Prints a JSON summary on stdout (the progress on stderr) and exits with 0 when no fatal
check failed, 1 when one did, 2 when the run could not be set up. faults/README.md says
what each check means. Everything it starts is stopped and its folder removed at the end,
whether it passed, failed or was interrupted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from faults import checks, outages, routing  # noqa: E402
from faults.mail import MailScene, MailSink  # noqa: E402
from faults.memory import MemorySampler, memory_check  # noqa: E402
from faults.players import (  # noqa: E402
    DEFAULT_TABLES,
    HTTP_FAILURES,
    KINDS,
    PlayedTable,
    Recorder,
    RunFlags,
    close_seats,
    play_slot,
)
from faults.services import (  # noqa: E402
    ROOT,
    PostgresCluster,
    RedisServer,
    Supervisor,
    free_port,
    topology,
)


def fault_plan(worker_kills: int) -> list[tuple[float, str]]:
    """When each fault strikes, as a share of the playing time: one at a time, far enough
    apart that each one's effects can be told from the next's. A worker killed right
    after a move committed and before its notice went out is a matter of milliseconds:
    ``worker_kills`` > 1 kills more often (the two workers in turn) to try it more."""
    kills = [(0.30 + 0.15 * i / worker_kills, "kill_play_worker")
             for i in range(worker_kills)]
    return [(0.15, "kill_daphne"), *kills, (0.50, "restart_postgres"),
            (0.65, "stop_redis")]


PROBE_SECONDS = 12  # how long requests are watched after a restart
# The channel layer's group expiry (CHANNEL_GROUP_EXPIRY, config/settings.py; the run
# sets it in the processes' environment) and the time after it within which a killed
# daphne's channels must have left their groups.
GROUP_EXPIRY_SECONDS = 60
DEAD_CHANNEL_MARGIN_SECONDS = 15


class Overtime(Exception):
    """The run went past its budget: stopped, cleaned up, reported as a failure."""


def say(text: str) -> None:
    print(f"[faults {time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


# ----- setting up -----------------------------------------------------------------------


def site_env(database_url: str, redis_url: str, site_url: str, bot_delay: float) -> dict:
    """The site's environment: the production backends, but no TAVERNE_ENV (plain HTTP on
    the loopback, no HTTPS redirect) and bots quick, so that many moves fit in minutes."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("TAVERNE_ENV", "DEBUG", "DATABASE_URL", "REDIS_URL")}
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "DATABASE_URL": database_url,
                "REDIS_URL": redis_url, "SITE_URL": site_url, "PYTHONPATH": str(ROOT),
                "PLAY_BOT_DELAY": str(bot_delay), "CACHE_KEY_PREFIX": "faults",
                "CHANNEL_GROUP_EXPIRY": str(GROUP_EXPIRY_SECONDS), "PYTHONUNBUFFERED": "1"})
    return env


def manage(env: dict, *argv: str, stdin: str | None = None, timeout: float = 300
           ) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def prepare_site(env: dict, players: int) -> list[str]:
    """A fresh database migrated, and ``players`` players with a token each."""
    migrated = manage(env, "manage.py", "migrate", "--noinput")
    if migrated.returncode:
        raise RuntimeError(f"migrate failed: {migrated.stderr[-2000:]}")
    made = manage(env, "-m", "faults.database", "setup", str(players))
    if made.returncode:
        raise RuntimeError(f"setup failed: {made.stderr[-2000:]}")
    return [p["token"] for p in json.loads(made.stdout.splitlines()[-1])]


# ----- faults ---------------------------------------------------------------------------


class Faults:
    """The four faults, each recorded with when it struck and how many tables were then
    in the middle of a deal."""

    def __init__(self, supervisor, postgres, redis, servers, probe_tokens, played, recorder,
                 proxy=None):
        self.supervisor = supervisor
        self.proxy = proxy
        # The daphne killed, its port, and the tables played through the proxy it served.
        self.killed: dict = {}
        self.postgres = postgres
        self.redis = redis
        self.servers = servers
        self.probe_tokens = probe_tokens
        self.played = played
        self.recorder = recorder
        self.events: list[dict] = []
        self.sockets_opened: list[dict] = []  # opened while a service was down
        self.worker_kills = 0
        self.dead_channels_counted: asyncio.Task | None = None
        # "over capacity" lines in the logs once the killed daphne's channels expired
        # (None: the run ended before, and every line counts as expected).
        self.over_capacity_by_expiry: int | None = None

    async def strike(self, name: str) -> None:
        event = {"fault": name, "at_s": self.recorder.elapsed(),
                 "tables_mid_deal": self.tables_mid_deal()}
        say(f"fault: {name} ({event['tables_mid_deal']} tables mid-deal)")
        began = time.monotonic()
        probe = await getattr(self, name)()
        event["took_s"] = round(time.monotonic() - began, 1)
        if probe is not None:
            event["requests"] = probe
        self.events.append(event)

    def tables_mid_deal(self) -> int:
        return sum(1 for table in self.played if not all(s.closing.is_set() for s in table.seats)
                   and any(s.status == "playing" for s in table.seats))

    async def kill_daphne(self):
        self.killed = await asyncio.to_thread(self.busiest_daphne)
        name = self.killed["daphne"]
        say(f"killing {name}, which serves the routed tables {self.killed['routed_tables']}")
        self.supervisor.kill(name)
        self.dead_channels_counted = asyncio.create_task(self.count_dead_channels_later())
        await asyncio.sleep(1)
        await asyncio.to_thread(self.supervisor.restart, name)

    def busiest_daphne(self) -> dict:
        """The daphne the proxy sends most of the live routed tables to (daphne-1 on a tie
        or without a proxy): killing it moves tables, which the routing check follows."""
        daphnes = {entry.spec.port: name for name, entry in self.supervisor.procs.items()
                   if name.startswith("daphne-")}
        served = {}
        if self.proxy is not None:
            served = {table.id: self.proxy.upstream_of(table.id) for table in self.played
                      if table.routed and not all(s.closing.is_set() for s in table.seats)}
        counts = {port: list(served.values()).count(port) for port in daphnes}
        port = max(sorted(daphnes, key=lambda p: daphnes[p]), key=lambda p: counts[p])
        return {"daphne": daphnes[port], "port": port,
                "routed_tables": sorted(t for t, p in served.items() if p == port)}

    async def count_dead_channels_later(self) -> None:
        """The killed daphne's channels stay in their groups until the channel layer
        forgets them (CHANNEL_GROUP_EXPIRY after their last renewal), collecting notices
        ("over capacity") until then: what the logs hold by that time plus a margin is
        expected; any later line is a channel the site never let go of."""
        await asyncio.sleep(GROUP_EXPIRY_SECONDS + DEAD_CHANNEL_MARGIN_SECONDS)
        self.over_capacity_by_expiry = over_capacity_count(self.supervisor.logs)

    async def kill_play_worker(self):
        name = f"play_worker-{1 + self.worker_kills % 2}"
        self.worker_kills += 1
        self.supervisor.kill(name)
        await asyncio.sleep(1)
        await asyncio.to_thread(self.supervisor.restart, name)

    async def restart_postgres(self):
        async def outage():
            await asyncio.to_thread(self.postgres.halt)
            opening = asyncio.create_task(self.open_sockets("restart_postgres"))
            await asyncio.sleep(outages.POSTGRES_DOWN_SECONDS)
            await asyncio.to_thread(self.postgres.resume)
            await opening

        return await self.watched(outage)

    async def stop_redis(self):
        async def outage():
            await asyncio.to_thread(self.redis.shutdown)
            opening = asyncio.create_task(self.open_sockets("stop_redis"))
            await asyncio.sleep(outages.REDIS_DOWN_SECONDS)
            await asyncio.to_thread(self.redis.start)
            await opening

        return await self.watched(outage)

    async def open_sockets(self, fault: str) -> None:
        """A second into the outage, a new socket to each daphne, as a page reloaded then
        would open (the run's spare players', at the first table played); their answers
        are awaited after the outage, which they do not lengthen."""
        await asyncio.sleep(1)
        self.sockets_opened += await asyncio.gather(*(
            outages.open_socket_during(server, token, self.played[0].id, fault,
                                       self.recorder.began)
            for server, token in zip(self.servers, self.probe_tokens, strict=True)))

    async def watched(self, fault) -> dict:
        """Run ``fault`` while both daphnes are asked, from just before it until
        PROBE_SECONDS after the service is back."""
        outage = Outage()
        probe = asyncio.create_task(probe_requests(self.servers, self.probe_tokens, outage))
        await asyncio.sleep(0.5)
        try:
            await fault()
        finally:
            outage.over_at = time.monotonic()
            outage.over_at_s = self.recorder.elapsed()
        return await probe | {"back_at_s": outage.over_at_s}


class Outage:
    """When a fault's service was back (None while it is not)."""

    over_at: float | None = None
    over_at_s: float | None = None  # the same, in seconds into the run


async def probe_requests(servers: list[str], tokens: list[str], outage: Outage) -> dict:
    """Each daphne asked every 0.4 s (an API call that reads the token in the database and
    counts it in the Redis cache), while the fault lasts and PROBE_SECONDS after: what it
    answered during the outage (503 is the only right refusal then), and after it."""
    results: list[tuple] = []  # (phase, sent at, status, seconds taken)

    async def ask(server, token):
        while outage.over_at is None or time.monotonic() - outage.over_at < PROBE_SECONDS:
            sent = time.monotonic()
            phase = "during" if outage.over_at is None else "after"
            status = await asyncio.to_thread(api_status, server, token)
            results.append((phase, sent, status, time.monotonic() - sent))
            await asyncio.sleep(0.4)

    await asyncio.gather(*(ask(s, t) for s, t in zip(servers, tokens, strict=True)))
    # Times from the moment the service was back: negative during the outage.
    timed = [(phase, sent - outage.over_at, status, took)
             for phase, sent, status, took in results]
    return {"during": statuses([r for r in timed if r[0] == "during"], allowed=(200, 503)),
            "after": statuses([r for r in timed if r[0] == "after"], allowed=(200,))}


def statuses(results: list, allowed: tuple) -> dict:
    answered: dict[str, int] = {}
    for _phase, _at, status, _took in results:
        answered[str(status)] = answered.get(str(status), 0) + 1
    oks = [at for _phase, at, status, _took in results if status == 200]
    failed = [at for _phase, at, status, _took in results if status not in allowed]
    return {"requests": len(results), "answers": answered, "failures": len(failed),
            "last_failure_s": round(max(failed), 1) if failed else None,
            "first_ok_s": round(min(oks), 1) if oks else None,
            "slowest_s": round(max((took for *_, took in results), default=0), 1)}


def api_status(server: str, token: str) -> int | str:
    request = urllib.request.Request(f"{server}/api/v1/games",
                                     headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=15) as answer:
            return answer.status
    except urllib.error.HTTPError as refusal:
        return refusal.code
    except (urllib.error.URLError, OSError) as failure:
        return type(getattr(failure, "reason", failure)).__name__


# ----- playing --------------------------------------------------------------------------


async def play_with_faults(args, supervisor, postgres, redis, servers, tokens,
                           mail: MailScene, proxy=None) -> dict:
    recorder = Recorder()
    flags = RunFlags(idle=args.idle)
    played: list[PlayedTable] = []
    probe_tokens = tokens[-2:]
    faults = Faults(supervisor, postgres, redis, servers, probe_tokens, played, recorder,
                    proxy)
    seconds = args.minutes * 60
    # The last ``--routed`` tables' seats connect through the proxy (faults/routing.py).
    first_routed = len(args.tables) - (args.routed if proxy else 0)
    slots = [asyncio.create_task(play_slot(kind, tokens[2 * i:2 * i + 2], servers, recorder,
                                           flags, played, seed=args.seed + i,
                                           proxy=proxy if i >= first_routed else None))
             for i, kind in enumerate(args.tables)]
    watchdog = asyncio.create_task(watch_processes(supervisor, recorder, flags))
    mailing = asyncio.create_task(mail.play(supervisor, servers[1]))
    memory = MemorySampler(supervisor, recorder.elapsed)  # play_worker's, while it plays
    sampling = asyncio.create_task(memory.run())
    try:
        for share, name in fault_plan(args.worker_kills):
            await asyncio.sleep(max(0.0, share * seconds - recorder.elapsed()))
            await faults.strike(name)
        await asyncio.sleep(max(0.0, seconds - recorder.elapsed()))
        say(f"stop: {recorder.acts} acts sent, {len(recorder.acks)} acknowledged")
        sampling.cancel()
        flags.stopping.set()
        await mailing  # done long before, but for a very short run
        slot_failures = [repr(r) for r in await asyncio.gather(*slots, return_exceptions=True)
                         if isinstance(r, BaseException)]
        open_tables = [t for t in played if not all(s.closing.is_set() for s in t.seats)]
        behind = await wait_for_final_states(open_tables, args.catch_up)
        absent = await presence_while_connected(open_tables)
        for table in open_tables:
            await close_seats(table.seats, table.tasks)
        ghosts = await presence_after_close(played, args.presence_timeout)
    finally:
        flags.stopping.set()
        watchdog.cancel()
        sampling.cancel()
        for task in slots:
            task.cancel()
        for table in played:
            await close_seats(table.seats, table.tasks)
    if faults.dead_channels_counted is not None:
        faults.dead_channels_counted.cancel()
    return {"recorder": recorder, "played": played, "faults": faults.events, "mail": mail,
            "sockets_opened": faults.sockets_opened,
            "over_capacity_by_expiry": faults.over_capacity_by_expiry,
            "behind": behind, "absent": absent, "ghosts": ghosts,
            "slot_failures": slot_failures, "memory": memory, "killed": faults.killed}


async def watch_processes(supervisor: Supervisor, recorder: Recorder, flags: RunFlags) -> None:
    """A restart policy: a process that exits on its own is started again (and counted)."""
    while True:
        await asyncio.to_thread(supervisor.check_deaths, recorder.elapsed())
        await asyncio.sleep(1)


# ----- after the play: what every seat was sent, who is shown connected ---------------


def table_frame(table: PlayedTable) -> dict:
    """The table as it stands, as its first player reads it through the API."""
    return table.seats[0].clients[0].state(table.id)


def final_of(frame: dict) -> tuple:
    return (frame.get("sequence") or 0, frame.get("game_id") or 0, frame.get("version") or 0)


async def wait_for_final_states(tables: list[PlayedTable], timeout: float) -> list[dict]:
    """Within ``timeout`` seconds of the stop, every connected seat holds the table's
    latest state, sent by the server unasked (the seats no longer sync). Answers the
    seats still behind."""
    deadline = time.monotonic() + timeout
    behind: list[dict] = []
    stable_rounds = 0
    while True:
        behind = []
        for table in tables:
            try:
                final = final_of(await asyncio.to_thread(table_frame, table))
            except HTTP_FAILURES as failure:
                behind.append({"table_id": table.id, "error": repr(failure)})
                continue
            for seat in table.seats:
                if seat.last != final:
                    behind.append({"table_id": table.id, "game": table.kind,
                                   "seat_server": seat.home + 1, "connected": seat.connected,
                                   "seat_last": seat.last, "table_final": final})
        stable_rounds = stable_rounds + 1 if not behind else 0
        if stable_rounds >= 2 or time.monotonic() > deadline:
            return behind
        await asyncio.sleep(1)


def shown_connected(client, table_id: int) -> set[int]:
    """The seats the site shows connected at a table (``seating[].connected``, read through
    the API): the ONE place the run reads presence, whatever keeps it (today the
    ``Seat.connections`` counter, tomorrow live presence rows)."""
    seating = client.state(table_id)["view"].get("seating") or []
    return {entry["position"] for entry in seating if entry.get("connected")}


async def presence_while_connected(tables: list[PlayedTable]) -> list[dict]:
    """Every seated client with an open socket is shown connected."""
    absent = []
    for table in tables:
        for seat in table.seats:
            if not seat.connected:
                continue
            try:
                frame = await asyncio.to_thread(seat.clients[0].state, table.id)
                you = frame["view"].get("you")
                shown = await asyncio.to_thread(shown_connected, seat.clients[0], table.id)
            except HTTP_FAILURES as failure:
                absent.append({"table_id": table.id, "error": repr(failure)})
                continue
            if you is not None and you not in shown:
                absent.append({"table_id": table.id, "game": table.kind, "position": you})
    return absent


async def presence_after_close(tables: list[PlayedTable], timeout: float) -> list[dict]:
    """Once every client closed its socket, within ``timeout`` seconds no seat of any
    table the run played is shown connected."""
    deadline = time.monotonic() + timeout
    while True:
        ghosts = []
        for table in tables:
            try:
                shown = await asyncio.to_thread(shown_connected, table.seats[0].clients[0],
                                                table.id)
            except HTTP_FAILURES as failure:
                ghosts.append({"table_id": table.id, "error": repr(failure)})
                continue
            if shown:
                ghosts.append({"table_id": table.id, "game": table.kind,
                               "shown_connected": sorted(shown)})
        if not ghosts or time.monotonic() > deadline:
            return ghosts
        await asyncio.sleep(2)


# ----- the database's side, and the summary --------------------------------------------


def verify_ledgers(env: dict) -> dict:
    done = manage(env, "manage.py", "verify_ledgers")
    return {"ok": done.returncode == 0,
            "output": (done.stdout + done.stderr).strip().splitlines()[-10:]}


def site_report(env: dict, tables: list[int], acks: list[dict]) -> dict:
    done = manage(env, "-m", "faults.database", "report",
                  stdin=json.dumps({"tables": tables, "acks": acks}))
    if done.returncode:
        raise RuntimeError(f"report failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def late_over_capacity(outcome: dict, logs: Path) -> int:
    """The "over capacity" lines logged after the killed daphne's channels should have
    left their groups (0 when the run ended before that time)."""
    by_expiry = outcome["over_capacity_by_expiry"]
    return 0 if by_expiry is None else over_capacity_count(logs) - by_expiry


def over_capacity_count(logs: Path) -> int:
    return sum(log.read_text(errors="replace").count("over capacity")
               for log in logs.glob("*.log"))


def log_findings(logs: Path) -> dict:
    """What the processes' logs say of themselves: tracebacks, and the channel layer's
    "over capacity" (dead channels left in groups)."""
    found = {}
    for log in sorted(logs.glob("*.log")):
        text = log.read_text(errors="replace")
        counts = {"tracebacks": text.count("Traceback (most recent call last)"),
                  "over_capacity": text.count("over capacity"),
                  "operational_errors": text.count("OperationalError")}
        if any(counts.values()):
            found[log.stem] = counts
    return found


# Seconds after Redis is back during which sockets still close because it was gone.
REDIS_SETTLING_SECONDS = 5


def closes_outside_redis_outage(recorder: Recorder, faults: list[dict]) -> dict:
    """When the server closed sockets (seconds into the run), by close code, leaving out
    those closed while Redis was down: a socket cannot live without the channel layer,
    and its client reconnects."""
    down = [(e["at_s"], e["requests"]["back_at_s"] + REDIS_SETTLING_SECONDS)
            for e in faults if e["fault"] == "stop_redis" and "requests" in e]
    closes: dict[str, list[float]] = {}
    for at, code in recorder.closed_at:
        if not any(start <= at <= end for start, end in down):
            closes.setdefault(code, []).append(round(at, 1))
    return closes


def tables_moved_with_their_process(proxy, killed: dict) -> checks.Check:
    """The routed tables of the killed daphne: at least one had a socket there, closed by
    the kill, followed by one on the other process (the proxy's log); nothing of theirs
    was lost (the data checks cover every table)."""
    name = "tables_moved_with_their_process"
    if proxy is None:
        return checks.Check(name, False, "no proxy: nginx or openssl is missing, so no "
                                         "table was played through it")
    port = killed.get("port")
    sockets = {table: proxy.sockets_of(table) for table in killed.get("routed_tables", [])}
    moved = [table for table, ports in sockets.items()
             if port in ports and any(p != port for p in ports[ports.index(port):])]
    return checks.Check(name, bool(moved), {"daphne": killed.get("daphne"),
                                            "sockets_by_table": sockets, "moved": moved})


def summarise(args, outcome: dict, report: dict, ledgers: dict, supervisor: Supervisor,
              logs: Path, began: float, proxy=None) -> dict:
    recorder: Recorder = outcome["recorder"]
    deaths = {name: entry.deaths for name, entry in supervisor.procs.items() if entry.deaths}
    found = (checks.data_checks(report, recorder.acts, ledgers)
             + checks.service_checks(
                 behind=outcome["behind"], recovered=recorder.recovered_by_sync,
                 timer_moves=report["timer_moves_at_players"], absent=outcome["absent"],
                 ghosts=outcome["ghosts"],
                 probes=[e["requests"] | {"fault": e["fault"]}
                         for e in outcome["faults"] if "requests" in e],
                 socket_errors=dict(recorder.errors),
                 closes=closes_outside_redis_outage(recorder, outcome["faults"]),
                 over_capacity=late_over_capacity(outcome, logs),
                 deaths=deaths))
    playing_on, pace = outages.play_through_redis_outage(
        [ack["at_s"] for ack in recorder.acks], outcome["faults"])
    found.append(checks.Check("play_goes_on_while_redis_is_down", playing_on, pace))
    answered, opened = outages.sockets_answered(outcome["sockets_opened"], logs)
    found.append(checks.Check("socket_opened_in_outage_answered", answered, opened))
    found.append(outcome["mail"].check())
    found.append(memory_check(outcome["memory"], [e["at_s"] for e in outcome["faults"]]))
    found.append(tables_moved_with_their_process(proxy, outcome["killed"]))
    if outcome["slot_failures"]:
        found.append(checks.Check("tables_played_to_the_stop", False, outcome["slot_failures"]))
    result = checks.verdict(found, args.strict, set(args.fatal))
    by_game: dict[str, int] = {}
    for table in outcome["played"]:
        by_game[table.kind] = by_game.get(table.kind, 0) + 1
    return {
        "ok": result["ok"], "strict": args.strict, "failed": result["failed"],
        "warnings": result["warnings"], "minutes": args.minutes,
        "duration_s": round(time.monotonic() - began, 1),
        "played": {"tables": len(outcome["played"]), "by_game": by_game,
                   "acts_sent": recorder.acts, "acks": len(recorder.acks),
                   "actions_logged": report["games"]["actions"],
                   "games": report["games"]["checked"]},
        "faults": outcome["faults"],
        "clients": {"drops": recorder.drops, "connections_opened": recorder.reconnections,
                    "acts_resent": recorder.resent, "close_codes": dict(recorder.closes),
                    "stuck": recorder.stuck,
                    "socket_errors": dict(recorder.errors),
                    "http_failures": dict(recorder.http_failures)},
        "processes": {"unexpected_exits": {n: len(d) for n, d in deaths.items()},
                      "restarts": {n: e.restarts for n, e in supervisor.procs.items()
                                   if e.restarts},
                      "logs": log_findings(logs)},
        "connections_counter": report["connections_counter"],
        "checks": result["checks"],
    }


# ----- the run --------------------------------------------------------------------------


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3,
                        help="playing time; setup and checks add about a minute")
    parser.add_argument("--tables", type=lambda s: s.split(","), default=DEFAULT_TABLES,
                        help=f"the games played at once, comma-separated, among {sorted(KINDS)}")
    parser.add_argument("--strict", action="store_true",
                        help="every check is fatal, the known defects' too")
    parser.add_argument("--fatal", action="append", default=[], metavar="CHECK",
                        help="make one known defect's check fatal (repeatable)")
    parser.add_argument("--bot-delay", type=float, default=0.2, help="PLAY_BOT_DELAY")
    parser.add_argument("--idle", type=float, default=20,
                        help="seconds of silence before a seat asks for the state (sync)")
    parser.add_argument("--catch-up", type=float, default=20,
                        help="seconds after the stop for every seat to hold the final state")
    # Live presence rows expire 30 s after their last heartbeat (6 × the 5 s re-check of
    # issue 21's item 2); a sweep then removes them.
    parser.add_argument("--presence-timeout", type=float, default=45,
                        help="seconds after the clients close for no seat to show connected")
    parser.add_argument("--worker-kills", type=int, default=1,
                        help="play_worker kills (the two in turn), between 30%% and 45%% "
                             "of the playing time")
    parser.add_argument("--routed", type=int, default=2,
                        help="how many of the tables (the last ones) are played through "
                             "nginx, each on the process its id is routed to")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--keep-logs", type=Path,
                        help="copy the processes' logs there before the run's folder goes")
    args = parser.parse_args(argv)
    unknown = [k for k in args.tables if k not in KINDS]
    if unknown:
        parser.error(f"unknown games {unknown}: among {sorted(KINDS)}")
    unknown = [n for n in args.fatal if n not in checks.KNOWN_DEFECTS]
    if unknown:
        parser.error(f"--fatal: no such check {unknown}: among {sorted(checks.KNOWN_DEFECTS)}")
    return args


def interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def overtime(signum, frame):
    raise Overtime("the run went past its budget")


def run(args) -> tuple[dict, int]:
    began = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="taverne-faults-"))
    folder.chmod(0o755)  # the postgres user goes through it to its data folder
    logs = folder / "logs"
    logs.mkdir()
    postgres = PostgresCluster(folder, free_port())
    redis = RedisServer(folder, free_port())
    web_ports = [free_port(), free_port()]
    servers = [f"http://127.0.0.1:{port}" for port in web_ports]
    sink = MailSink(free_port())  # the mail server, which stalls (faults/mail.py)
    env = site_env(postgres.url, redis.url, servers[0], args.bot_delay) | sink.env()
    specs, source = topology(sys.executable, str(Path(sys.executable).parent / "daphne"),
                             web_ports)
    proxy = None
    if args.routed and routing.available():
        proxy = routing.Proxy(folder, free_port(), web_ports)
        proxy.prepare()
        specs.append(proxy.spec())
    supervisor = Supervisor(specs, env, logs, say)
    stage = "setup"
    try:
        say(f"PostgreSQL on {postgres.port}, Redis on {redis.port}, in {folder}")
        postgres.start()
        redis.start()
        sink.start()
        tokens = prepare_site(env, 2 * len(args.tables) + 2)
        supervisor.start_all()
        say(f"started ({source}'s topology) {supervisor.pids()}; playing {len(args.tables)} tables "
            f"for {args.minutes} min")
        stage = "play"
        outcome = asyncio.run(play_with_faults(args, supervisor, postgres, redis, servers,
                                               tokens, MailScene(sink, manage, env, say),
                                               proxy))
        stage = "checks"
        say("checking the database")
        ledgers = verify_ledgers(env)
        report = site_report(env, [t.id for t in outcome["played"]], outcome["recorder"].acks)
        summary = summarise(args, outcome, report, ledgers, supervisor, logs, began, proxy)
        summary["topology"] = source
        return summary, 0 if summary["ok"] else 1
    except (Exception, KeyboardInterrupt) as failure:
        say(f"the run stopped in {stage}: {failure!r}")
        return {"ok": False, "stage": stage, "error": repr(failure),
                "processes": {"logs": log_findings(logs)},
                "duration_s": round(time.monotonic() - began, 1)}, 2
    finally:
        signal.alarm(0)
        if args.keep_logs:
            keep_logs(folder, logs, postgres, args.keep_logs, proxy)
        supervisor.stop_all()
        sink.stop()
        redis.stop()
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)
        say("stopped everything it started; removed " + str(folder))


def keep_logs(folder: Path, logs: Path, postgres: PostgresCluster, target: Path,
              proxy=None) -> None:
    target.mkdir(parents=True, exist_ok=True)
    proxied = [*(proxy.var / "log").glob("*.log")] if proxy else []
    for log in [*logs.glob("*.log"), folder / "redis.log", postgres.log, *proxied]:
        if log.exists():
            shutil.copy(log, target / log.name)


def main(argv=None) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGALRM, overtime)
    # Setup and checks take about a minute; five more are the margin of a loaded machine.
    signal.alarm(int(args.minutes * 60 + 360))
    summary, code = run(args)
    print(json.dumps(summary, indent=2, default=str))
    return code


if __name__ == "__main__":
    sys.exit(main())
