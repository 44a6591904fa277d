"""Benchmark of the Ramponneau bot against a calling station and a random player.

    python bench/poker_bot.py [--hands 2000] [--seed 1] [--level habitue]

Heads-up, 100 big blinds each at the start of every hand (blinds 10/20, no rake), the
button alternating; the bot plays at ``--level`` (one of ``BOT_LEVELS``). The arena
(``bench/arena.py``) measures the levels against each other and stronger baselines.
Prints one JSON object: the bot's result against each opponent in chips and big blinds
per 100 hands, and its decision time (p50, p99, max) in ms.
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

from cardgames.core import BOT_LEVELS, CHANCE, concrete  # noqa: E402
from cardgames.ramponneau.game import GAME  # noqa: E402

OPTIONS = {"small_blind": 10, "big_blind": 20, "starting_stack": 100, "rake_percent": 0}


def calling_station(state, rng):
    legal = GAME.legal_actions(state)
    for kind in ("check", "call", "show"):
        for entry in legal:
            if entry["type"] == kind:
                return dict(entry)
    return dict(legal[0])


def random_player(state, rng):
    return concrete(rng.choice(GAME.legal_actions(state)), rng)


def match(opponent, hands: int, rng, timings: list, level: str = "habitue") -> dict:
    net = 0
    for number in range(hands):
        bot = number % 2
        state = GAME.new(2, OPTIONS, {"stacks": [2000, 2000], "button": number % 2})
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action = GAME.chance_action(state, rng)
            elif actor == bot:
                started = time.perf_counter()
                action = GAME.bot_action(GAME.view(state, bot), rng, level)
                timings.append((time.perf_counter() - started) * 1000)
            else:
                action = opponent(state, rng)
            state = GAME.apply(state, action)
        net += GAME.result(state)["scores"][bot]
    big = OPTIONS["big_blind"]
    return {
        "hands": hands,
        "net_chips": net,
        "chips_per_100_hands": round(100 * net / hands, 1),
        "big_blinds_per_100_hands": round(100 * net / hands / big, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="habitue", choices=BOT_LEVELS)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    timings: list[float] = []
    results = {
        "level": args.level,
        "vs_calling_station": match(calling_station, args.hands, rng, timings, args.level),
        "vs_random_player": match(random_player, args.hands, rng, timings, args.level),
    }
    timings.sort()
    results["decisions"] = len(timings)
    results["decision_ms_p50"] = round(statistics.median(timings), 2)
    results["decision_ms_p99"] = round(timings[int(0.99 * (len(timings) - 1))], 2)
    results["decision_ms_max"] = round(timings[-1], 2)
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
