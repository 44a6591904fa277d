"""Counterfactual deals for the All-fours habitué: what each answer would have been worth.

    python bench/all_fours_counterfactual.py OPPONENT [OPPONENT ...] --deals N --seed S [--fit]

Heads-up games of the habitué against each OPPONENT (an arena kind: ``heuristic``,
``bot:debutant``...), dealt as the arena deals them; the decisions are pooled. At every
stand-or-beg and give-or-run decision of the habitué, each answer is applied and the deal
played to its end by the same two players on the same cards (the hidden cards are the
real ones: averaged over many decisions, what a rule reading only the seat's view would
gain is measured without bias). An answer's worth is the seat's chance of winning the game
from the score the deal leaves (``estimate.win_chance``; 1 or 0 when the game ended).
Prints how often each answer was chosen and was the better one; with ``--fit``, the
least-squares weights of ``bidding.features`` for the difference stand less beg and give
less run, the form of ``bidding.STAND_WEIGHTS`` and ``GIVE_WEIGHTS``. Those were fitted on
15,000 deals against each of ``heuristic`` and ``bot:debutant`` (seed 41), with the
habitué of commit b85fe5e (before its own bidding and discard changed); run today, the
figures move a little.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.arena import resolve_kind  # noqa: E402
from cardgames.all_fours.bidding import features  # noqa: E402
from cardgames.all_fours.estimate import win_chance  # noqa: E402
from cardgames.all_fours.game import GAME  # noqa: E402
from cardgames.core import CHANCE  # noqa: E402

PAIRS = {"beg": ("stand", "beg"), "dealer": ("give", "run")}


def finish_deal(state: dict, players: dict, rng) -> dict:
    """The state once the deal is over, or the game (a redeal's shuffle is drawn here)."""
    while state["actor"] is not None:
        if state["actor"] == CHANCE:
            if state["current"] is None:  # the deal is over
                break
            state = GAME.apply(state, GAME.chance_action(state, rng))
            continue
        seat = state["actor"]
        state = GAME.apply(state, players[seat](GAME.view(state, seat), rng))
    return state


def worth(state: dict, seat: int) -> float:
    if state["actor"] is None:
        return 1.0 if seat in state["result"]["winners"] else 0.0
    return win_chance(state["scores"][seat], state["scores"][1 - seat])


def decisions(opponent: str, deals: int, seed: int) -> list[tuple[dict, dict]]:
    """(view, worth of each answer) at every two-answer bidding decision of the habitué."""
    habitue, other = resolve_kind("all-fours", "bot:habitue"), resolve_kind("all-fours", opponent)
    found = []
    for deal in range(deals):
        for seat in (0, 1):
            players = {seat: habitue, 1 - seat: other}
            state, chances = GAME.new(2, {}), 0
            rng = random.Random(f"{seed}:{deal}:{seat}")
            while state["actor"] is not None:
                actor = state["actor"]
                if actor == CHANCE:
                    chance_rng = random.Random(f"{seed}:{deal}:chance:{chances}")
                    action = GAME.chance_action(state, chance_rng)
                    chances += 1
                else:
                    view = GAME.view(state, actor)
                    action = players[actor](view, rng)
                    legal = GAME.legal_actions(state)
                    if actor == seat and state["phase"] in PAIRS and len(legal) == 2:
                        rollout = f"{seed}:{deal}:{chances}:rollout"
                        worths = {
                            a["type"]: worth(
                                finish_deal(GAME.apply(state, a), players, random.Random(rollout)),
                                seat,
                            )
                            for a in legal
                        }
                        found.append((view, worths))
                state = GAME.apply(state, action)
    return found


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Weights minimising the squared error (normal equations, a tiny ridge for safety)."""
    n = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) + (1e-3 if i == j else 0) for j in range(n)]
        for i in range(n)
    ]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(n)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda k: abs(a[k][i]))
        a[i], a[pivot], b[i], b[pivot] = a[pivot], a[i], b[pivot], b[i]
        for k in range(n):
            if k != i:
                f = a[k][i] / a[i][i]
                a[k] = [x - f * y for x, y in zip(a[k], a[i], strict=True)]
                b[k] -= f * b[i]
    return [b[i] / a[i][i] for i in range(n)]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("opponents", nargs="+")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args(argv)
    found = [d for name in args.opponents for d in decisions(name, args.deals, args.seed)]
    for phase, (yes, no) in PAIRS.items():
        rows = [(v, w) for v, w in found if v["phase"] == phase]
        if not rows:
            continue
        better = sum(w[yes] > w[no] for _, w in rows)
        chosen = sum(1 for v, w in rows if GAME.bot_action(v, random.Random(0))["type"] == yes)
        print(f"{phase}: {len(rows)} decisions; {yes} chosen {chosen}, better {better}")
        if args.fit:
            weights = least_squares(
                [features(v) for v, _ in rows], [w[yes] - w[no] for _, w in rows]
            )
            print("  weights:", ", ".join(f"{x:.4f}" for x in weights))


if __name__ == "__main__":
    main()
