"""Benchmark of the Remigio meld solver: median and 99th percentile time per hand.

    python bench/melds.py [--hands 1000] [--seed 1]

Random 10- and 11-card hands from two decks with 0, 1, 2 and 4 jokers. "cold" clears every
memo before each hand (the worst case); "warm" keeps them, as the bot and the engine do.
Prints one JSON object; the aim is a cold median under 1 ms and a p99 under 10 ms.
Times are the thread's CPU time (``time.thread_time``), so that other processes sharing the
two cores do not show up as solver time; the wall-clock figures are printed beside them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cardgames.cards import multi_deck  # noqa: E402
from cardgames.melds import DEFAULT_RULES, best_arrangement, clear_caches  # noqa: E402


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deck = multi_deck(2)
    naturals = [c for c in deck if c[0] != "X"]
    jokers = [c for c in deck if c[0] == "X"]
    report = {"hands_per_case": args.hands, "unit": "ms", "cases": {}}
    worst_median = worst_p99 = 0.0
    for size in (10, 11):
        for joker_count in (0, 1, 2, 4):
            hands = [
                rng.sample(naturals, size - joker_count) + rng.sample(jokers, joker_count)
                for _ in range(args.hands)
            ]
            case = {}
            for mode in ("cold", "warm"):
                times, walls = [], []
                for hand in hands:
                    if mode == "cold":
                        clear_caches()
                    wall = time.perf_counter()
                    started = time.thread_time()
                    best_arrangement(hand, DEFAULT_RULES)
                    times.append((time.thread_time() - started) * 1000)
                    walls.append((time.perf_counter() - wall) * 1000)
                case[mode] = {
                    "median": round(percentile(times, 0.5), 4),
                    "p99": round(percentile(times, 0.99), 4),
                    "max": round(max(times), 4),
                    "wall_median": round(percentile(walls, 0.5), 4),
                    "wall_p99": round(percentile(walls, 0.99), 4),
                }
            worst_median = max(worst_median, case["cold"]["median"])
            worst_p99 = max(worst_p99, case["cold"]["p99"])
            report["cases"][f"{size} cards, {joker_count} jokers"] = case
    report["worst_cold_median_ms"] = worst_median
    report["worst_cold_p99_ms"] = worst_p99
    report["aim_met"] = worst_median < 1 and worst_p99 < 10
    print(json.dumps(report))


if __name__ == "__main__":
    main()
