"""Benchmark of the Remigio engine and its bot; prints one JSON object.

    python bench/engine_remigio.py [--games 60] [--rounds 500] [--seed 1]

- throughput: random selfplay with a bare loop (chance_action / legal_actions / concrete /
  apply, no checks), options drawn by ``random_options``;
- per action: median and 99th percentile of ``legal_actions`` + ``apply``, in µs of the
  thread's CPU time (the machine is shared; wall-clock p99 is printed too);
- the bot: seat 0 played by ``bot_action`` against random players at 4 seats, over
  ``--rounds`` rounds (matches in elimination at 500 played one after another): the share
  of the decided rounds the bot closes against the fair share, and the mean points it and
  the random players take per round.
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
from cardgames.remigio.game import GAME  # noqa: E402


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def throughput(games, rng):
    costs, walls = [], []
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        options = GAME.random_options(rng)
        low, high = GAME.seat_range(options)
        state = GAME.new(rng.randint(low, high), options)
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                action = GAME.chance_action(state, rng)
                t0, w0 = time.thread_time(), time.perf_counter()
                state = GAME.apply(state, action)
            else:
                t0, w0 = time.thread_time(), time.perf_counter()
                legal = GAME.legal_actions(state)
                action = concrete(rng.choice(legal), rng)
                state = GAME.apply(state, action)
            costs.append((time.thread_time() - t0) * 1e6)
            walls.append((time.perf_counter() - w0) * 1e6)
            actions += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "actions_per_second": round(actions / seconds),
        "legal_plus_apply_median_us": round(percentile(costs, 0.5), 1),
        "legal_plus_apply_p99_us": round(percentile(costs, 0.99), 1),
        "legal_plus_apply_wall_p99_us": round(percentile(walls, 0.99), 1),
    }


def bot_versus_random(rounds, rng, seats=4):
    closed = [0] * seats
    points = [[] for _ in range(seats)]
    void = five_pairs = matches = match_wins = 0
    played = 0
    bot_seconds = []
    while played < rounds:
        state = GAME.new(seats, {"scoring": "elimination", "limit": 500})
        matches += 1
        current_round = 1
        while state["actor"] is not None and played < rounds:
            actor = state["actor"]
            if actor == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
            elif actor == 0:
                t0 = time.thread_time()
                action = GAME.bot_action(GAME.view(state, 0), rng)
                bot_seconds.append(time.thread_time() - t0)
                state = GAME.apply(state, action)
            else:
                state = GAME.apply(state, concrete(rng.choice(GAME.legal_actions(state)), rng))
            last = state["last"]
            if last is not None and last["round"] == current_round:
                current_round += 1
                played += 1
                if last["kind"] == "void":
                    void += 1
                    continue
                if last["kind"] == "five_pairs":
                    five_pairs += 1
                closed[last["closer"]] += 1
                for seat in range(seats):
                    if last["hands"][seat] is not None:
                        points[seat].append(last["hands"][seat]["points"])
        if state["actor"] is None and 0 in state["result"]["winners"]:
            match_wins += 1
    decided = sum(closed)
    return {
        "rounds": played,
        "seats": seats,
        "void_rounds": void,
        "five_pairs_rounds": five_pairs,
        "bot_round_wins": closed[0],
        "random_round_wins": decided - closed[0],
        "bot_share_of_decided_rounds": round(closed[0] / decided, 3) if decided else None,
        "fair_share": round(1 / seats, 3),
        "bot_mean_points_per_round": round(statistics.mean(points[0]), 2) if points[0] else None,
        "random_mean_points_per_round": round(
            statistics.mean([p for seat in range(1, seats) for p in points[seat]]), 2
        )
        if decided
        else None,
        "matches_finished": matches - (1 if state["actor"] is not None else 0),
        "bot_match_wins": match_wins,
        "bot_ms_per_decision_median": round(percentile(bot_seconds, 0.5) * 1000, 3),
    }


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    report = {"game": "remigio", "random_selfplay": throughput(args.games, rng)}
    report["bot_vs_random"] = bot_versus_random(args.rounds, rng)
    print(json.dumps(report))


if __name__ == "__main__":
    main()
