"""L'Ascenseur bids by deal size: how often each kind makes its exact bid, on the arena's deals.

    python bench/ascenseur_bids.py KIND_A KIND_B [--deals N] [--seed S] [--a-seats K]

Plays the same games as ``bench/arena.py ascenseur KIND_A KIND_B`` with the same arguments
(the same duplicate deals, seatings and random generators, 4 seats) and prints one JSON
object: per kind and per band of deal sizes (1–4, 5–9 and 10–13 cards), the share of its
bids made exactly, the mean bid less the tricks taken (below zero: it underbid) and its
mean points a deal; and A minus B a game, as the arena's ``a_minus_b`` (its mean only).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.arena import parse_a_seats, placements, resolve_kind  # noqa: E402
from cardgames.core import CHANCE  # noqa: E402
from cardgames.registry import get_game  # noqa: E402

SEATS = 4
BANDS = ((1, 4), (5, 9), (10, 13))


def played_game(game, deal_seed: str, kinds: dict) -> dict:
    """One game as the arena plays it (bench/arena.py, play_deal); its final state."""
    state = game.new(SEATS, {})
    chances = 0
    rngs = {seat: random.Random(f"{deal_seed}:bot:{seat}") for seat in range(SEATS)}
    while state["actor"] is not None:
        actor = state["actor"]
        if actor == CHANCE:
            action = game.chance_action(state, random.Random(f"{deal_seed}:chance:{chances}"))
            chances += 1
        else:
            action = kinds[actor](game.view(state, actor), rngs[actor])
        state = game.apply(state, action)
    return state


def run(args) -> dict:
    game = get_game("ascenseur")
    names = {"A": args.kind_a, "B": args.kind_b}
    functions = {label: resolve_kind("ascenseur", name) for label, name in names.items()}
    placed_sets = placements(parse_a_seats(args.a_seats, SEATS), SEATS)
    # per kind and band: deals, exact bids, bid less tricks, points
    tally = {label: {band: [0, 0, 0, 0] for band in BANDS} for label in names}
    diffs = []
    for d in range(args.deals):
        for a_placed in placed_sets:
            kinds = {seat: functions["A" if seat in a_placed else "B"] for seat in range(SEATS)}
            state = played_game(game, f"{args.seed}:{d}", kinds)
            scores = state["result"]["scores"]
            a_mean = statistics.fmean(scores[s] for s in a_placed)
            b_mean = statistics.fmean(scores[s] for s in range(SEATS) if s not in a_placed)
            diffs.append(a_mean - b_mean)
            for record in state["history"]:
                band = next(b for b in BANDS if b[0] <= record["size"] <= b[1])
                for seat in range(SEATS):
                    row = tally["A" if seat in a_placed else "B"][band]
                    bid, won = record["bids"][seat], record["won"][seat]
                    row[0] += 1
                    row[1] += bid == won
                    row[2] += bid - won
                    row[3] += record["points"][seat]
    report = {}
    for label, name in names.items():
        report[label] = {"kind": name}
        for band, (deals, exact, over, points) in tally[label].items():
            report[label][f"{band[0]}-{band[1]} cards"] = {
                "bids": deals,
                "exact": round(exact / deals, 3),
                "bid_less_won": round(over / deals, 3),
                "points_a_deal": round(points / deals, 2),
            }
    return {
        "kind_a": args.kind_a,
        "kind_b": args.kind_b,
        "a_seats": args.a_seats,
        "deals": args.deals,
        "seed": args.seed,
        "a_minus_b_mean": round(statistics.fmean(diffs), 4),
        "bids": report,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind_a")
    parser.add_argument("kind_b")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--a-seats", default="1")
    print(json.dumps(run(parser.parse_args(argv))))


if __name__ == "__main__":
    main()
