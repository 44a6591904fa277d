"""All-fours engine benchmark: prints one JSON object.

    python bench/engine_all_fours.py [--games 2000] [--bot-games 400] [--seed 1]

- random selfplay throughput, a bare loop without the selfplay checker's per-step checks;
- the median and p99 cost of ``legal_actions`` + ``apply`` per action, in microseconds;
- the bot's win share against random players, with the fair share, for 2 and 3 players
  (the bot at seat 0) and 4 players (the bots as partners at seats 0 and 2).
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

from cardgames.all_fours.game import GAME  # noqa: E402
from cardgames.core import CHANCE, concrete  # noqa: E402


def random_throughput(games: int, seed: int) -> dict:
    rng = random.Random(seed)
    costs = []
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = GAME.new(rng.randint(2, 4), GAME.random_options(rng))
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
                actions += 1
                continue
            t0 = time.perf_counter_ns()
            legal = GAME.legal_actions(state)
            t1 = time.perf_counter_ns()
            action = concrete(rng.choice(legal), rng)
            t2 = time.perf_counter_ns()
            state = GAME.apply(state, action)
            t3 = time.perf_counter_ns()
            costs.append((t1 - t0) + (t3 - t2))
            actions += 1
    seconds = time.perf_counter() - started
    costs.sort()
    return {
        "games": games,
        "actions": actions,
        "actions_per_second": round(actions / seconds),
        "legal_plus_apply_us_median": round(statistics.median(costs) / 1000, 2),
        "legal_plus_apply_us_p99": round(costs[int(len(costs) * 0.99)] / 1000, 2),
    }


def bot_share(seats: int, bot_seats: set[int], games: int, seed: int) -> dict:
    rng = random.Random(seed)
    wins = 0
    for _ in range(games):
        state = GAME.new(seats, {})
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            elif actor in bot_seats:
                action = GAME.bot_action(GAME.view(state, actor), rng)
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
            state = GAME.apply(state, action)
        if set(GAME.result(state)["winners"]) & bot_seats:
            wins += 1
    fair = len(bot_seats) / seats if seats != 4 else 0.5
    return {
        "seats": seats,
        "bot_seats": sorted(bot_seats),
        "games": games,
        "bot_win_share": round(wins / games, 3),
        "fair_share": round(fair, 3),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--bot-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = {"game": "all-fours", "random_selfplay": random_throughput(args.games, args.seed)}
    report["bot_vs_random"] = [
        bot_share(2, {0}, args.bot_games, args.seed),
        bot_share(3, {0}, args.bot_games, args.seed),
        bot_share(4, {0, 2}, args.bot_games, args.seed),
    ]
    print(json.dumps(report, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
