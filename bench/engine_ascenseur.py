"""L'Ascenseur engine benchmark; prints one JSON object.

    python bench/engine_ascenseur.py [--games 200] [--bot-games 400] [--seed 1]

- random selfplay throughput (actions a second) with a bare loop: no checker;
- the cost of ``legal_actions`` + ``apply`` per action, median and p99 in microseconds
  (players' actions; the shuffles are reported apart, as they deal a whole deck);
- the bot in one seat against three random players over ``--bot-games`` four-player games
  (the bot's seat rotates): its win share against the fair share, ties split evenly.
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

from cardgames.ascenseur.game import GAME  # noqa: E402
from cardgames.core import CHANCE, concrete  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def throughput(games: int, rng: random.Random) -> dict:
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = GAME.new(rng.randint(3, 7), GAME.random_options(rng))
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                action = GAME.chance_action(state, rng)
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
            state = GAME.apply(state, action)
            actions += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds),
    }


def step_costs(games: int, rng: random.Random) -> dict:
    player, chance = [], []
    clock = time.perf_counter_ns
    for _ in range(games):
        state = GAME.new(4, {})
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                action = GAME.chance_action(state, rng)
                started = clock()
                state = GAME.apply(state, action)
                chance.append((clock() - started) / 1000)
                continue
            pick = rng.random()
            started = clock()
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[int(pick * len(legal))])
            player.append((clock() - started) / 1000)
    return {
        "actions_timed": len(player),
        "legal_plus_apply_median_us": round(statistics.median(player), 2),
        "legal_plus_apply_p99_us": round(percentile(player, 0.99), 2),
        "deal_median_us": round(statistics.median(chance), 2),
    }


def bot_versus_random(games: int, rng: random.Random, seats: int = 4) -> dict:
    share = 0.0
    made = deals = 0
    for number in range(games):
        bot = number % seats
        state = GAME.new(seats, {})
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            elif actor == bot:
                action = GAME.bot_action(GAME.view(state, actor), rng)
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
            state = GAME.apply(state, action)
        winners = state["result"]["winners"]
        if bot in winners:
            share += 1 / len(winners)
        for record in state["history"]:
            deals += 1
            made += record["bids"][bot] == record["won"][bot]
    return {
        "games": games,
        "seats": seats,
        "bot_seats": 1,
        "bot_win_share": round(share / games, 3),
        "fair_share": round(1 / seats, 3),
        "bot_exact_bid_rate": round(made / deals, 3),
    }


def bots_only(games: int, rng: random.Random, seats: int = 4) -> dict:
    """All seats played by the bot: how often it makes its bid against itself."""
    made = deals = 0
    for _ in range(games):
        state = GAME.new(seats, {})
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            else:
                action = GAME.bot_action(GAME.view(state, actor), rng)
            state = GAME.apply(state, action)
        for record in state["history"]:
            for bid, won in zip(record["bids"], record["won"], strict=True):
                deals += 1
                made += bid == won
    return {"games": games, "seats": seats, "exact_bid_rate": round(made / deals, 3)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    report = {
        "game": "ascenseur",
        "python": sys.version.split()[0],
        "random_selfplay": throughput(args.games, rng),
        "cost": step_costs(max(1, args.games // 4), rng),
        "bot_vs_random": bot_versus_random(args.bot_games, rng),
        "bots_only": bots_only(max(1, args.bot_games // 8), rng),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
