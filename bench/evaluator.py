"""Benchmark of the Ramponneau hand evaluator against treys, phevaluator and PokerKit.

    python bench/evaluator.py [--hands 50000] [--seed 1]

Every library evaluates the same random 7-card hands through its public single-hand
function, in two settings: fed its own native card form prepared beforehand (treys ints,
phevaluator ids, PokerKit strings, our indices), and fed the engine's card strings ("Ah"),
converting them itself as a caller holding those cards must. Prints one JSON object:
evaluations per second of each, of our single-hand and batch entry points, and the
ratios to the fastest library in each setting.

phevaluator's public function wraps a C core; that core called directly (a private
module) is reported apart, for information, and not counted in the ratio.
The comparison libraries are development requirements only (requirements-dev.txt).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from cardgames import poker  # noqa: E402


def rate(fn, hands, repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in evaluations per second."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        fn(hands)
        best = min(best, time.perf_counter() - started)
    return len(hands) / best


def measure_ours(hands, rng) -> dict:
    """Our evaluator: single hands (ids, strings), batches, and many holes on one board."""
    ours = [[poker.CARDS.index(c) for c in hand] for hand in hands]
    evaluate_fast = poker.evaluate_fast

    def ours_single(hs):
        for h in hs:
            evaluate_fast(h)

    # The bot's pattern: a board shared by many holes.
    boards = [
        (
            h[:5],
            [h[5:7]]
            + [tuple(rng.sample([c for c in range(52) if c not in h], 2)) for _ in range(9)],
        )
        for h in ours[:5000]
    ]

    def ours_holes(bs):
        for board, holes in bs:
            poker.evaluate_holes(board, holes)

    return {
        "ours_single_per_s": round(rate(ours_single, ours)),
        "ours_single_from_str_per_s": round(rate(ours_single, hands)),
        "ours_evaluate_many_per_s": round(rate(poker.evaluate_many, ours)),
        "ours_evaluate_holes_per_s": round(rate(ours_holes, boards) * 10),
    }


def measure_treys(hands, libraries: dict, from_str: dict) -> None:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    treys_hands = [([Card.new(c) for c in h[:5]], [Card.new(c) for c in h[5:]]) for h in hands]

    def treys_run(hs):
        ev = evaluator.evaluate
        for board, hole in hs:
            ev(board, hole)

    def treys_from_str(hs):
        ev, new = evaluator.evaluate, Card.new
        for h in hs:
            ev([new(c) for c in h[:5]], [new(c) for c in h[5:]])

    libraries["treys"] = rate(treys_run, treys_hands)
    from_str["treys"] = rate(treys_from_str, hands)


def measure_phevaluator(hands, libraries: dict, from_str: dict, results: dict) -> None:
    from phevaluator import evaluate_cards
    from phevaluator.card import Card as PhCard

    ph_hands = [[PhCard.to_id(c) for c in h] for h in hands]

    def ph_run(hs):
        for h in hs:
            evaluate_cards(*h)

    libraries["phevaluator"] = rate(ph_run, ph_hands)
    from_str["phevaluator"] = rate(ph_run, hands)
    try:
        from phevaluator import _pheval
    except ImportError:
        return

    def ph_core(hs):
        ev = _pheval.evaluate_7cards
        for h in hs:
            ev(*h)

    results["phevaluator_c_core_direct_per_s"] = round(rate(ph_core, ph_hands))


def measure_pokerkit(hands, libraries: dict, from_str: dict) -> None:
    from pokerkit import StandardHighHand

    pk_hands = [("".join(h[:2]), "".join(h[2:])) for h in hands[:3000]]

    def pk_run(hs):
        for hole, board in hs:
            StandardHighHand.from_game(hole, board)

    libraries["pokerkit"] = rate(pk_run, pk_hands, repeat=1)
    from_str["pokerkit"] = libraries["pokerkit"]  # it parses strings anyway


def compare(results: dict, libraries: dict, from_str: dict) -> None:
    """Each library's rate, and ours against the fastest, in both card forms."""
    for name, value in libraries.items():
        results[f"{name}_per_s"] = round(value)
    for name, value in from_str.items():
        results[f"{name}_from_str_per_s"] = round(value)
    if from_str:
        fastest = max(from_str, key=from_str.get)
        results["ratio_from_str_vs_fastest"] = round(
            results["ours_single_from_str_per_s"] / from_str[fastest], 2
        )
    if libraries:
        fastest = max(libraries, key=libraries.get)
        results["fastest_library"] = fastest
        results["ratio_single_vs_fastest"] = round(
            results["ours_single_per_s"] / libraries[fastest], 2
        )
        results["ratio_holes_vs_fastest"] = round(
            results["ours_evaluate_holes_per_s"] / libraries[fastest], 2
        )
        results["goal_3x_met_native_forms"] = results["ratio_single_vs_fastest"] >= 3
        results["goal_3x_met_from_str"] = results.get("ratio_from_str_vs_fastest", 0) >= 3


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = [rng.sample(poker.CARDS, 7) for _ in range(args.hands)]
    results: dict = {"hands": len(hands), "cards": 7}
    results.update(measure_ours(hands, rng))
    libraries = {}  # each library fed its own card form, converted beforehand
    from_str = {}  # each library fed the engine's card strings, converting them itself
    for measure in (measure_treys, measure_pokerkit):
        try:
            measure(hands, libraries, from_str)
        except ImportError:
            pass  # that library is not installed: compared with the others only
    try:
        measure_phevaluator(hands, libraries, from_str, results)
    except ImportError:
        pass
    compare(results, libraries, from_str)
    print(json.dumps(results, sort_keys=True))


if __name__ == "__main__":
    main()
