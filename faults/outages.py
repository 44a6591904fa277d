"""The fault run's outages seen from the players' side (issue 33): does play go on while
Redis is down, and what does a socket opened during an outage get?

- ``open_socket_during``: a fresh socket opened to each daphne while a service is down
  (as a page reloaded or a client reconnecting then would), with what it was sent and
  how it was closed;
- ``play_through_redis_outage``: the acts acknowledged before, during and after Redis's
  outage, as rates, for ``play_goes_on_while_redis_is_down``;
- ``sockets_answered``: for ``socket_opened_in_outage_answered``.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

# How long Redis stays down (a real outage: longer than every retry of the sockets and
# the workers, and four periods of the sockets' re-check) and PostgreSQL (long enough to
# open sockets while it is down).
REDIS_DOWN_SECONDS = 20
POSTGRES_DOWN_SECONDS = 5
# The answer a socket opened during an outage must get (docs/protocol.md, "Close codes").
TRY_AGAIN_CLOSE = 4503
# Within this many seconds: the database pool's wait (DATABASE_POOL_TIMEOUT, 5 s) and a
# margin for a loaded machine.
ANSWER_WITHIN_SECONDS = 10
# Play while Redis is down must keep at least this share of the run's usual pace (acts
# acknowledged per second): a move made by another process (the other daphne's player,
# play_worker's bots) reaches a seat at its process's next re-check instead of at once,
# which slows a quick table, not a human one. Main before issue 33 kept a tenth.
PACE_KEPT = 0.3
# ... and once Redis is back, at least this share: play is back as it was.
PACE_BACK = 0.5
# "Play is back within one re-check of Redis returning" (PLAY_SOCKET_RECHECK_SECONDS,
# 5 s): the pace after the outage is measured over the first seconds after it.
BACK_WITHIN_SECONDS = 5
# Lines in the processes' logs that mean a socket was answered by a failure.
FAILED_ANSWERS = ("invalid close code", "Exception inside application")


async def open_socket_during(server: str, token: str, table_id: int, fault: str,
                             began: float) -> dict:
    """Open a socket to ``server``'s table ``table_id`` and read until it closes: its first
    frame's type and code, its close code, and how long the answer took."""
    url = server.replace("http", "ws", 1) + f"/ws/tables/{table_id}/"
    seen = {"fault": fault, "server": server, "at_s": round(time.monotonic() - began, 1)}
    started = time.monotonic()
    try:
        async with asyncio.timeout(ANSWER_WITHIN_SECONDS + 5):
            async with websockets.connect(
                url, origin=server, proxy=None, open_timeout=ANSWER_WITHIN_SECONDS + 5,
                additional_headers={"Authorization": f"Bearer {token}"},
            ) as socket:
                try:
                    while True:
                        frame = json.loads(await socket.recv())
                        seen.setdefault("first", {"type": frame.get("type"),
                                                  "code": frame.get("code")})
                        if "opened" not in seen and frame.get("type") == "state":
                            seen["opened"] = True  # the service answered after all
                            break
                except ConnectionClosed as closed:
                    seen["close"] = closed.rcvd.code if closed.rcvd else None
    except (TimeoutError, OSError, InvalidHandshake) as failure:
        seen["failure"] = type(failure).__name__
    seen["took_s"] = round(time.monotonic() - started, 1)
    return seen


def answered(seen: dict) -> bool:
    """A socket opened during an outage is told ``unavailable`` and closed with 4503 in
    time, or (the service answering again by then) opened normally."""
    if seen.get("opened"):
        return True
    return (seen.get("first", {}).get("code") == "unavailable"
            and seen.get("close") == TRY_AGAIN_CLOSE
            and seen["took_s"] <= ANSWER_WITHIN_SECONDS)


def sockets_answered(opened: list[dict], logs: Path) -> tuple[bool, dict]:
    """``socket_opened_in_outage_answered``: every probe socket answered, at least one
    of them during each outage, and no process logged a socket answered by a failure."""
    failed_lines = {
        log.stem: count for log in sorted(logs.glob("daphne-*.log"))
        if (count := sum(log.read_text(errors="replace").count(line)
                         for line in FAILED_ANSWERS))
    }
    wrong = [s for s in opened if not answered(s)]
    refused = {s["fault"] for s in opened if not s.get("opened")}
    faults = {s["fault"] for s in opened}
    ok = bool(opened) and not wrong and not failed_lines and refused == faults
    detail = {"sockets": [{k: s.get(k) for k in ("fault", "at_s", "first", "close", "opened",
                                                 "took_s")} for s in opened],
              "wrong": wrong[:10],
              "faults_without_a_refused_socket": sorted(faults - refused),
              "failures_logged": failed_lines}
    return ok, detail


def pace(acks_at: list[float], start: float, end: float) -> float:
    """Acts acknowledged per second between ``start`` and ``end`` (seconds into the run)."""
    if end <= start:
        return 0.0
    return sum(1 for at in acks_at if start <= at < end) / (end - start)


def usual_pace(acks_at: list[float], leave_out: tuple[float, float], bin_s: float = 10.0
               ) -> float:
    """The run's usual pace: the median of its 10-second paces from its 10th second to its
    last ack, leaving out the window ``leave_out``. The median, because the other faults
    make dips (a service down) and bursts (the acts resent once it is back)."""
    if not acks_at:
        return 0.0
    paces = []
    start = 10.0
    while start + bin_s <= max(acks_at):
        end = start + bin_s
        if end <= leave_out[0] or start >= leave_out[1]:
            paces.append(pace(acks_at, start, end))
        start = end
    paces.sort()
    return paces[len(paces) // 2] if paces else 0.0


def play_through_redis_outage(acks_at: list[float], faults: list[dict]) -> tuple[bool, dict]:
    """``play_goes_on_while_redis_is_down``: while Redis is down acts are acknowledged at
    least at PACE_KEPT of the run's usual pace (``usual_pace``, outside the outage and
    the BACK_WITHIN_SECONDS after it), and in those seconds at least at PACE_BACK."""
    outage = next((e for e in faults if e["fault"] == "stop_redis" and "requests" in e), None)
    if outage is None:
        return False, {"error": "no Redis outage in this run"}
    down_at, back_at = outage["at_s"] + 0.5, outage["requests"]["back_at_s"]
    usual = usual_pace(acks_at, (down_at, back_at + BACK_WITHIN_SECONDS))
    during = pace(acks_at, down_at, back_at)
    after = pace(acks_at, back_at, back_at + BACK_WITHIN_SECONDS)
    ok = usual > 0 and during >= PACE_KEPT * usual and after >= PACE_BACK * usual
    return ok, {"usual_acks_per_s": round(usual, 2), "during": round(during, 2),
                "first_5_s_after": round(after, 2), "redis_down_s": round(back_at - down_at, 1),
                "during_at_least": PACE_KEPT, "after_at_least": PACE_BACK}
