"""The bot arena: two bot kinds play each other on duplicate deals; prints one JSON object.

    python bench/arena.py GAME KIND_A KIND_B [--deals N] [--seats K] [--seed S]
                          [--a-seats 1 | --a-seats 0,2] [--options JSON] [--jobs J]

A *kind* is a name that resolves to a function ``(view, rng) -> action``:

- ``random``: a legal action drawn at random (templates filled at random);
- ``bot:<level>``: the game's bot at that level (``bot`` alone is the default level);
- ``advice``: the maître's appraisal (``Game.appraise``) playing its action, the maître's
  own, where it has one (so its decision times are the appraisal's);
- a baseline from ``bench/baselines/<module>.py`` (module: the slug with ``-`` made ``_``),
  which exports ``KINDS: dict[str, Callable[[dict, random.Random], dict]]``; name it as it
  is in ``KINDS`` (``heuristic``) or with a prefix (``baseline:heuristic``).

Duplicate deals. Deal *d* is one engine game whose chance actions are drawn from seeds
derived from (``--seed``, *d*, the index of the chance action): replayed with the seats
rotated, every kind is dealt every seat's cards while later draws that depend on play
(a rebuilt stock) stay reproducible. Kind A sits in ``--a-seats`` (a count: that many
consecutive seats from seat 0; or a list of seats, e.g. ``0,2`` for a partnership) and kind
B in the others; each rotation shifts A's seats by one, over every distinct placement. One
sample per deal: the mean, over its rotations, of A's mean seat result less B's
(``a_minus_b``); ``a_result`` and ``b_result`` are each kind's mean seat result alone (at
a zero-sum table heads-up, A's result is half of A minus B: quote ``a_result`` for bb/100).
Intervals are normal 95 % intervals over the deals (1.96 standard errors).

Results are the engine's ``result["scores"]`` in the game's unit, signed so that more is
better (Remigio's elimination count is a penalty, so it is negated), scaled by a small
per-game table: Ramponneau in big blinds per 100 hands. Chained games (Ramponneau, Ambigu)
are dealt one hand per deal from fresh stacks (``new(..., carry=None)``), so every hand
starts from the same stacks and the seat rotation moves the button and the deal. A few
arena defaults make one deal a sensible unit (Remigio: one round a match; Ramponneau: no
rake); ``--options`` overrides them.

Decision times per call of each kind, p50 and p99 in milliseconds: wall-clock (what a
player waits, including the waits for a busy processor) and CPU time of the deciding thread
(the work alone, steadier on a shared machine).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cardgames.core import BOT_LEVELS, CHANCE, DEFAULT_BOT_LEVEL, concrete  # noqa: E402
from cardgames.registry import get_game  # noqa: E402

Kind = Callable[[dict, random.Random], dict]

# What one deal is, per game: table options the arena sets unless --options overrides them,
# and the unit results are reported in (a scale applied to result["scores"]).
ARENA_OPTIONS = {
    "remigio": {"max_rounds": 1},  # one round a deal: a match of rounds is far too long
    "ramponneau": {"rake_percent": 0},
}
UNITS = {
    "ramponneau": "bb/100 hands",
    "ascenseur": "points a game",
    "all-fours": "points a game (first to 7)",
    "ambigu": "jetons a deal",
    "remigio": "penalty points a round, negated (more is better)",
}


def scale(slug: str, options: dict) -> float:
    """The factor from ``result["scores"]`` to the reported unit."""
    if slug == "ramponneau":
        return 100 / options["big_blind"]
    return 1.0


# ----- kinds ---------------------------------------------------------------------------------
def random_kind(view: dict, rng: random.Random) -> dict:
    """A legal action at random."""
    return concrete(rng.choice(view["legal_actions"]), rng)


def resolve_kind(slug: str, name: str) -> Kind:
    """The function a kind's name stands for (see the module docstring)."""
    if name == "random":
        return random_kind
    if name == "bot" or name.startswith("bot:"):
        level = name.partition(":")[2] or DEFAULT_BOT_LEVEL
        if level not in BOT_LEVELS:
            raise SystemExit(f"unknown bot level {level!r}; levels: {', '.join(BOT_LEVELS)}")
        game = get_game(slug)
        return lambda view, rng: game.bot_action(view, rng, level)
    if name == "advice":
        game = get_game(slug)

        def advised(view, rng):
            appraisal = game.appraise(view, rng)
            return appraisal["action"] if appraisal else game.bot_action(view, rng, "maitre")

        return advised
    module_name = "bench.baselines." + slug.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError:
        raise SystemExit(f"unknown kind {name!r} (no {module_name})") from None
    key = name.removeprefix("baseline:")
    if key not in module.KINDS:
        known = ", ".join(sorted(module.KINDS))
        raise SystemExit(f"unknown kind {name!r}; {module_name} has: {known}")
    return module.KINDS[key]


# ----- seats ---------------------------------------------------------------------------------
def placements(a_seats: list[int], seats: int) -> list[frozenset]:
    """Kind A's seats in each rotation: the base seats shifted by 0..seats-1, deduplicated."""
    found = []
    for shift in range(seats):
        placed = frozenset((s + shift) % seats for s in a_seats)
        if placed not in found:
            found.append(placed)
    return found


def parse_a_seats(text: str, seats: int) -> list[int]:
    if "," in text:
        chosen = sorted({int(part) for part in text.split(",")})
    else:
        chosen = list(range(int(text)))
    if not chosen or len(chosen) >= seats or not all(0 <= s < seats for s in chosen):
        raise SystemExit(f"--a-seats must leave both kinds at least one of the {seats} seats")
    return chosen


# ----- one deal --------------------------------------------------------------------------------
def play_deal(game, seats: int, options: dict, deal_seed: str, kinds: dict, timings: dict):
    """Play one engine game; ``kinds`` maps each seat to (label, function). The result."""
    state = game.new(seats, options)
    chances = 0
    rngs = {seat: random.Random(f"{deal_seed}:bot:{seat}") for seat in range(seats)}
    clock, cpu = time.perf_counter, time.thread_time
    while state["actor"] is not None:
        actor = state["actor"]
        if actor == CHANCE:
            action = game.chance_action(state, random.Random(f"{deal_seed}:chance:{chances}"))
            chances += 1
        else:
            label, decide = kinds[actor]
            view = game.view(state, actor)
            started, cpu_started = clock(), cpu()
            action = decide(view, rngs[actor])
            timings[label].append((clock() - started, cpu() - cpu_started))
        state = game.apply(state, action)
    return game.result(state)


def signed_scores(result: dict) -> list[float]:
    scores = result["scores"]
    if result.get("lower_is_better"):
        return [-x for x in scores]
    return list(scores)


def duplicate_deal(job: tuple) -> dict:
    """All rotations of one deal: the A-minus-B sample, A's win share, decision times."""
    slug, names, seats, options, placed_sets, deal_seed = job
    game = get_game(slug)
    functions = {name: resolve_kind(slug, name) for name in names}
    labels = ("A", "B")
    timings = {label: [] for label in labels}
    diffs, a_means, b_means, shares = [], [], [], []
    factor = scale(slug, game.resolve_options(options))
    for a_placed in placed_sets:
        kinds = {
            seat: ("A", functions[names[0]]) if seat in a_placed else ("B", functions[names[1]])
            for seat in range(seats)
        }
        result = play_deal(game, seats, options, deal_seed, kinds, timings)
        scores = [x * factor for x in signed_scores(result)]
        a_mean = statistics.fmean(scores[s] for s in a_placed)
        b_mean = statistics.fmean(scores[s] for s in range(seats) if s not in a_placed)
        a_means.append(a_mean)
        b_means.append(b_mean)
        diffs.append(a_mean - b_mean)
        winners = result.get("winners") or []
        shares.append(sum(s in a_placed for s in winners) / len(winners) if winners else 0.0)
    return {
        "diff": statistics.fmean(diffs),
        "a": statistics.fmean(a_means),
        "b": statistics.fmean(b_means),
        "share": statistics.fmean(shares),
        "timings": timings,
    }


# ----- statistics -------------------------------------------------------------------------------
def interval(samples: list[float]) -> dict:
    """Mean and normal 95 % interval (1.96 standard errors) of per-deal samples."""
    mean = statistics.fmean(samples)
    half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else 0
    return {"mean": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)]}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def time_summary(pairs: list[tuple[float, float]]) -> dict:
    """Wall-clock and CPU (this thread's) time a decision, in ms: the wall clock counts the
    waits for a busy processor, the CPU time only the work."""
    if not pairs:
        return {"decisions": 0}
    wall = [w for w, _ in pairs]
    work = [c for _, c in pairs]
    return {
        "decisions": len(pairs),
        "p50_ms": round(percentile(wall, 0.5) * 1000, 3),
        "p99_ms": round(percentile(wall, 0.99) * 1000, 3),
        "max_ms": round(max(wall) * 1000, 3),
        "cpu_p50_ms": round(percentile(work, 0.5) * 1000, 3),
        "cpu_p99_ms": round(percentile(work, 0.99) * 1000, 3),
    }


# ----- the match ---------------------------------------------------------------------------------
def run(args) -> dict:
    game = get_game(args.game)
    seats = args.seats or game.default_seats
    options = dict(ARENA_OPTIONS.get(args.game, {}))
    options.update(json.loads(args.options) if args.options else {})
    game.check_seats(seats, game.resolve_options(options))
    a_seats = parse_a_seats(args.a_seats, seats)
    placed_sets = [sorted(p) for p in placements(a_seats, seats)]
    names = (args.kind_a, args.kind_b)
    for name in names:
        resolve_kind(args.game, name)  # fail early on an unknown kind
    jobs = [
        (args.game, names, seats, options, placed_sets, f"{args.seed}:{d}")
        for d in range(args.deals)
    ]
    started = time.perf_counter()
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            chunk = max(1, len(jobs) // (8 * args.jobs))
            outcomes = pool.map(duplicate_deal, jobs, chunksize=chunk)
    else:
        outcomes = [duplicate_deal(job) for job in jobs]
    timings = {"A": [], "B": []}
    for outcome in outcomes:
        for label in timings:
            timings[label].extend(outcome["timings"][label])
    return {
        "game": args.game,
        "kind_a": args.kind_a,
        "kind_b": args.kind_b,
        "seats": seats,
        "a_seats": a_seats,
        "rotations": len(placed_sets),
        "deals": args.deals,
        "seed": args.seed,
        "options": options,
        "unit": UNITS.get(args.game, "result scores"),
        "a_minus_b": interval([o["diff"] for o in outcomes]),
        "a_result": interval([o["a"] for o in outcomes]),
        "b_result": interval([o["b"] for o in outcomes]),
        "a_win_share": interval([o["share"] for o in outcomes]),
        "fair_win_share": round(len(a_seats) / seats, 4),
        "decision_time": {
            args.kind_a: time_summary(timings["A"]),
            args.kind_b if args.kind_b != args.kind_a else args.kind_b + " (B)": time_summary(
                timings["B"]
            ),
        },
        "jobs": args.jobs,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("kind_a")
    parser.add_argument("kind_b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-seats", default="1")
    parser.add_argument("--options", default=None, help="table options as JSON")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args(argv)
    print(json.dumps(run(args)))


if __name__ == "__main__":
    main()
