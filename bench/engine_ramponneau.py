"""Benchmark of the Ramponneau engine.

    python bench/engine_ramponneau.py [--hands 2000] [--bot-hands 1000] [--seed 1]

Prints one JSON object: random selfplay throughput with a bare loop (chance action,
legal actions, a concrete random choice, apply; none of selfplay's checks), the median
and p99 cost of ``legal_actions`` + ``apply`` per action in microseconds, and the bot in
seat 0 against five random players at six seats (100 big blinds each every hand): its
share of hands won against the fair share, and its chips per 100 hands.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from cardgames.core import CHANCE, concrete  # noqa: E402
from cardgames.ramponneau.game import GAME  # noqa: E402


def throughput(hands: int, rng) -> dict:
    costs = []
    actions = 0
    started = time.perf_counter()
    for _ in range(hands):
        seats = rng.randint(2, 10)
        state = GAME.new(seats, GAME.random_options(rng))
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
                continue
            t0 = time.perf_counter()
            legal = GAME.legal_actions(state)
            action = concrete(rng.choice(legal), rng)
            state = GAME.apply(state, action)
            costs.append((time.perf_counter() - t0) * 1e6)
            actions += 1
    seconds = time.perf_counter() - started
    costs.sort()
    return {
        "hands": hands,
        "actions": actions,
        "actions_per_second": round(actions / seconds),
        "hands_per_second": round(hands / seconds),
        "legal_plus_apply_us_median": round(statistics.median(costs), 1),
        "legal_plus_apply_us_p99": round(costs[int(0.99 * (len(costs) - 1))], 1),
    }


def bot_vs_random(hands: int, rng, seats: int = 6) -> dict:
    options = {"small_blind": 10, "big_blind": 20, "rake_percent": 0}
    won = net = 0
    for number in range(hands):
        state = GAME.new(seats, options, {"stacks": [2000] * seats, "button": number % seats})
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            elif actor == 0:
                action = GAME.bot_action(GAME.view(state, 0), rng)
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
            state = GAME.apply(state, action)
        result = GAME.result(state)
        won += 0 in result["winners"]
        net += result["scores"][0]
    return {
        "seats": seats,
        "hands": hands,
        "bot_share_of_hands_won": round(won / hands, 3),
        "fair_share": round(1 / seats, 3),
        "bot_chips_per_100_hands": round(100 * net / hands, 1),
        "bot_big_blinds_per_100_hands": round(100 * net / hands / options["big_blind"], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--bot-hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results = {"selfplay": throughput(args.hands, rng)}
    results["bot_vs_random"] = bot_vs_random(args.bot_hands, rng)
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
