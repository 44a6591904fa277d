"""Benchmark of the Ambigu engine; prints one JSON object.

- random selfplay throughput, a bare loop (chance_action / legal_actions / concrete /
  apply) over chained deals, without the selfplay checker;
- the median and p99 cost of legal_actions + apply per action, in microseconds;
- the bot against random players over chained deals (carry from deal to deal): net
  jetons per deal for the bot seat and for the random seats, and the bot's share of
  the deals won against its fair share.

    python bench/engine_ambigu.py [--deals 1000] [--seats 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from cardgames.core import CHANCE, concrete  # noqa: E402
from cardgames.registry import get_game  # noqa: E402

GAME = get_game("ambigu")


def random_throughput(deals: int, seed: int) -> dict:
    rng = random.Random(seed)
    costs = []
    actions = 0
    carry = None
    options = seats = None
    started = time.perf_counter()
    for _ in range(deals):
        if carry is None:
            options = GAME.random_options(rng)
            seats = rng.randint(2, 6)
        state = GAME.new(seats, options, carry)
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
            else:
                t0 = time.perf_counter_ns()
                legal = GAME.legal_actions(state)
                action = concrete(rng.choice(legal), rng)
                state = GAME.apply(state, action)
                costs.append((time.perf_counter_ns() - t0) / 1000)
            actions += 1
        carry = GAME.carry(state)
    seconds = time.perf_counter() - started
    costs.sort()
    return {
        "random_deals": deals,
        "random_actions": actions,
        "random_actions_per_second": round(actions / seconds),
        "legal_plus_apply_median_us": round(statistics.median(costs), 1),
        "legal_plus_apply_p99_us": round(costs[int(len(costs) * 0.99)], 1),
    }


def bot_against_random(deals: int, seats: int, seed: int, bot_seat: int = 0) -> dict:
    rng = random.Random(seed)
    options = GAME.resolve_options({})
    carry = None
    net = [0] * seats
    wins = [0] * seats
    decided = 0
    started = time.perf_counter()
    for _ in range(deals):
        state = GAME.new(seats, options, carry)
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            elif actor == bot_seat:
                action = GAME.bot_action(GAME.view(state, actor), rng)
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
            state = GAME.apply(state, action)
        result = GAME.result(state)
        for s in range(seats):
            net[s] += result["scores"][s]
        if result["winners"]:
            decided += 1
            for s in result["winners"]:
                wins[s] += 1
        carry = GAME.carry(state)
    others = [s for s in range(seats) if s != bot_seat]
    return {
        "bot_deals": deals,
        "bot_seats": seats,
        "bot_net_jetons_per_deal": round(net[bot_seat] / deals, 3),
        "random_net_jetons_per_deal": round(sum(net[s] for s in others) / len(others) / deals, 3),
        "bot_win_share": round(wins[bot_seat] / decided, 3) if decided else None,
        "fair_share": round(1 / seats, 3),
        "decided_deals": decided,
        "bot_seconds": round(time.perf_counter() - started, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    report = {"game": "ambigu"}
    report.update(random_throughput(args.deals * 3, args.seed))
    report.update(bot_against_random(args.deals, args.seats, args.seed))
    print(json.dumps(report))


if __name__ == "__main__":
    main()
