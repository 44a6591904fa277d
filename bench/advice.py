"""What the maître's advice costs: a « Conseil » answer, and a whole game's review.

    python bench/advice.py [--game ascenseur] [--games 3] [--processes 2] [--seed 5]

Plays ``--games`` whole games between habitué bots (the game's default seats), seat 0
standing for the player. For each of seat 0's decisions with a choice, the maître's
appraisal is asked as the « Conseil » button asks it (``play.thinking.appraisal``: in the
pool of ``--processes`` processes, the caller's thread waiting) and worded as the page
words it; then the game's review is computed as the background task computes it
(``play.review.review_moves``: one replay of the log, every decision of seat 0 appraised
with the move played). Prints one JSON object: per kind of decision the Conseil's
milliseconds (median, p90, max), the pool's first answer (its processes starting), and per
game the review's seconds, decisions appraised and decisions marked.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="ascenseur")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["THINKING_PROCESSES"] = str(args.processes)
    import django

    django.setup()
    from cardgames.core import CHANCE
    from cardgames.registry import get_game
    from play import thinking
    from play.presentation.advice import advice_sentence
    from play.review import has_a_choice, review_moves

    engine = get_game(args.game)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    thinking.pool_process_id()
    first = time.perf_counter() - started
    conseil, reviews = {}, []
    for _ in range(args.games):
        state = engine.new(engine.default_seats, engine.resolve_options({}))
        moves = []
        while state["actor"] is not None:
            actor = state["actor"]
            if actor == CHANCE:
                action, source = engine.chance_action(state, rng), "chance"
            else:
                view = engine.view(state, actor)
                action = engine.bot_action(view, rng, "habitue")
                source = "player" if actor == 0 else "bot"
                if actor == 0 and has_a_choice(view):
                    asked = time.perf_counter()
                    appraisal = thinking.appraisal(args.game, view)
                    if appraisal is not None:
                        advice_sentence(engine, appraisal)
                    kind = action.get("type", "?")
                    conseil.setdefault(kind, []).append(time.perf_counter() - asked)
            moves.append((len(moves) + 1, None if actor == CHANCE else actor, source, action))
            state = engine.apply(state, action)
        began = time.perf_counter()
        found = review_moves(engine, engine.default_seats, state["options"], None, moves, [0])
        reviews.append({
            "seconds": round(time.perf_counter() - began, 2),
            "log": len(moves),
            "appraised": found[0].appraised,
            "marked": len(found[0].decisions),
        })
    thinking.shutdown()
    print(json.dumps({
        "game": args.game,
        "processes": args.processes,
        "pool_first_answer_ms": round(first * 1000, 1),
        "conseil_ms": {
            kind: {"n": len(times),
                   "median": round(statistics.median(times) * 1000, 1),
                   "p90": round(quantile(times, 0.9) * 1000, 1),
                   "max": round(max(times) * 1000, 1)}
            for kind, times in sorted(conseil.items())
        },
        "reviews": reviews,
    }, indent=1))


if __name__ == "__main__":
    main()
