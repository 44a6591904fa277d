"""What a maître thinking costs the server's event loop; prints one JSON object.

    python bench/thinking.py [--decisions N] [--game ascenseur] [--processes K] [--seed S]

The server's event loop ticks every millisecond (as a daphne serving sockets would want
to) while its threads ask for N maître decisions, two at a time (the scheduler and a
« Conseil », say), through ``play.thinking``: with ``--processes 0`` the searches run in
those threads, in the server's process, and hold Python's global lock against the loop;
with ``--processes K`` they run in the thinking pool. Reported: the loop's lateness per
tick (p50, p99, max, in ms), the decisions' wall time, and the CPU time the server's own
process spent (its threads' searches, or only the hand-over to the pool).

The views are taken from real positions of the game (dealt by a seeded random
generator, played by the habitué up to a maître decision), the same for both settings.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from cardgames.core import CHANCE  # noqa: E402
from cardgames.registry import get_game  # noqa: E402
from play import thinking  # noqa: E402


def positions(slug: str, count: int, seed: int) -> list[dict]:
    """``count`` views of a seat facing a decision with more than one legal action."""
    game = get_game(slug)
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        state = game.new(game.default_seats, game.resolve_options({}))
        while state["actor"] is not None and len(views) < count:
            actor = state["actor"]
            if actor == CHANCE:
                state = game.apply(state, game.chance_action(state, rng))
                continue
            view = game.view(state, actor)
            if len(view["legal_actions"]) > 1 and rng.random() < 0.3:
                views.append(view)
            state = game.apply(state, game.bot_action(view, rng, "habitue"))
    return views


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(views, slug):
    lateness = []
    stop = asyncio.Event()

    async def ticker():
        while not stop.is_set():
            planned = time.perf_counter() + 0.001
            await asyncio.sleep(0.001)
            lateness.append((time.perf_counter() - planned) * 1000)

    walls = []

    def decide(view):
        started = time.perf_counter()
        thinking.decision(slug, view, "maitre")
        walls.append((time.perf_counter() - started) * 1000)

    tick = asyncio.ensure_future(ticker())
    thinking.pool_process_id()  # the pool started before the clock (its start is once a process)
    await asyncio.sleep(0.2)
    lateness.clear()
    cpu = time.process_time()
    started = time.perf_counter()
    loop = asyncio.get_running_loop()
    for first in range(0, len(views), 2):
        await asyncio.gather(*(loop.run_in_executor(None, decide, view)
                               for view in views[first:first + 2]))
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu
    stop.set()
    await tick
    return {
        "loop_lateness_ms": {"p50": round(statistics.median(lateness), 3),
                             "p99": round(percentile(lateness, 0.99), 3),
                             "max": round(max(lateness), 3), "ticks": len(lateness)},
        "decision_wall_ms": {"p50": round(statistics.median(walls), 2),
                             "p99": round(percentile(walls, 0.99), 2)},
        "server_process_cpu_s": round(cpu, 3),
        "elapsed_s": round(elapsed, 3),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ascenseur")
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    settings.THINKING_PROCESSES = args.processes
    views = positions(args.game, args.decisions, args.seed)
    result = asyncio.run(run(views, args.game))
    thinking.shutdown()
    print(json.dumps({"game": args.game, "decisions": len(views),
                      "processes": args.processes, **result}, indent=1))


if __name__ == "__main__":
    main()
