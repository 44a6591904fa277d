"""Builds ``nash.py``: push-or-fold equilibrium widths the Ramponneau bots use as a floor.

    python -m cardgames.ramponneau.nashgen --boards 2000 --seed 7 \
        > cardgames/ramponneau/nash.py

The game solved is the short-stack endgame every poker player knows: the first player
to speak in an unopened pot either moves all in for ``depth`` big blinds or folds, and
each player left to speak either calls or folds; every stack is ``depth`` big blinds.
For each number of players left to speak (1: the small blind against the big blind, or
heads-up the button; 2: the button against both blinds...) and each depth it finds the
equilibrium by fictitious play: each side's best answer to the other's average strategy,
averaged over the rounds, which converges to the equilibrium of the two-sided game.

The hands are the 169 starting-hand classes, their all-in equities measured as
``tablegen.py`` does (exact evaluation on sampled boards) and weighed by how many
combinations of two classes can be dealt together (card removal). With several players
to speak, two simplifications keep it small: a player who calls ends the hand heads-up
(nobody overcalls), and a caller decides as if the pusher's range were not narrowed by
those who folded before. What ``nash.py`` keeps is each range's width (the share of all
hands, by combinations) per depth: the pusher's, and the big blind's call when everyone
else folded.

Takes about twenty minutes; deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import random
from operator import mul

from .. import poker
from . import tablegen

DEPTHS = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 25, 30, 35, 40, 50, 60, 80, 100)
BEHIND = (1, 2, 3, 4, 5)
ROUNDS = 400
BLINDS = 1.5  # small and big blind, in big blinds


def class_matrix(boards: int, seed: int) -> tuple[list[list[float]], list[list[float]]]:
    """``W[i][j]``: how many pairs of disjoint combinations of classes i and j there are;
    ``WE[i][j]``: the same weighted by class i's all-in equity against class j."""
    names = poker.CLASS_NAMES
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    pairs = [[0] * n for _ in range(n)]
    combos = [(index[poker.hand_class(c)], set(c)) for c in poker.HOLE_COMBOS]
    for i, (ci, a) in enumerate(combos):
        for cj, b in combos[i + 1 :]:
            if not a & b:
                pairs[ci][cj] += 1
                pairs[cj][ci] += 1
    rng = random.Random(seed)
    weighted = [[0.0] * n for _ in range(n)]
    for i, name in enumerate(names):
        won, met = tablegen.class_versus_classes(name, boards, rng)
        for j in range(n):
            equity = won[j] / met[j] if met[j] else 0.5
            weighted[i][j] = pairs[i][j] * equity
    return [[float(x) for x in row] for row in pairs], weighted


def _dot(a, b) -> float:
    return sum(map(mul, a, b))


def solve(depth: float, behind: int, W, WE, rounds: int = ROUNDS) -> tuple[float, float]:
    """The equilibrium push width with ``behind`` players to speak at ``depth`` big
    blinds, and the big blind's call width (everyone before it folded)."""
    n = len(W)
    sizes = [len(poker.CLASS_COMBOS[name]) for name in poker.CLASS_NAMES]
    posted = [0.0] * (behind - 2) + [0.5, 1.0] if behind >= 2 else [1.0]
    mine = 0.5 if behind == 1 else 0.0  # the pusher's own blind
    dead = [BLINDS - p - mine for p in posted]  # others' blinds a caller plays for
    push = [0.5] * n
    calls = [[0.5] * n for _ in posted]
    totals = [sum(row) for row in W]
    for t in range(1, rounds + 1):
        # The callers' best answers to the pusher's average range (one equity for all).
        reach = [_dot(W[x], push) for x in range(n)]
        equity = [_dot(WE[x], push) / reach[x] if reach[x] else 0.0 for x in range(n)]
        call_br = [
            [1.0 if e * (2 * depth + d) - depth > -p else 0.0 for e in equity]
            for p, d in zip(posted, dead, strict=True)
        ]
        # The pusher's best answer to the callers' average ranges.
        push_br = []
        for h in range(n):
            value, still = 0.0, 1.0
            for call, d in zip(calls, dead, strict=True):
                met = _dot(W[h], call)
                if met:
                    chance = met / totals[h]
                    won = _dot(WE[h], call) / met
                    value += still * chance * (won * (2 * depth + d) - depth)
                    still *= 1.0 - chance
            value += still * (BLINDS - mine)
            push_br.append(1.0 if value > -mine else 0.0)
        step = 1.0 / (t + 1)
        push = [p + step * (b - p) for p, b in zip(push, push_br, strict=True)]
        calls = [
            [c + step * (b - c) for c, b in zip(call, br, strict=True)]
            for call, br in zip(calls, call_br, strict=True)
        ]
    total = sum(sizes)
    width = sum(p * s for p, s in zip(push, sizes, strict=True)) / total
    called = sum(c * s for c, s in zip(calls[-1], sizes, strict=True)) / total
    return width, called


def build(boards: int, seed: int) -> str:
    W, WE = class_matrix(boards, seed)
    pushes, calls = {}, {}
    for behind in BEHIND:
        solved = [solve(depth, behind, W, WE) for depth in DEPTHS]
        pushes[behind] = [w for w, _ in solved]
        calls[behind] = [c for _, c in solved]
    return render(boards, seed, pushes, calls)


def _row(values) -> str:
    return " ".join(f"{round(1000 * v):03d}" for v in values)


def render(boards, seed, pushes, calls) -> str:
    lines = [
        '"""Push-or-fold equilibrium widths, generated by ``nashgen.py`` (do not edit).',
        "",
        f"Boards sampled per class: {boards}; seed {seed}; {ROUNDS} rounds of fictitious play.",
        "Widths are in thousandths of all hands, one per depth of DEPTHS (big blinds), keyed",
        "by the number of players left to speak after the pusher; ``reads.py`` reads them.",
        '"""',
        "",
        f"DEPTHS = {DEPTHS!r}",
        "# The pusher's range.",
        "PUSH = {",
    ]
    lines += [f'    {k}: "{_row(v)}",' for k, v in pushes.items()]
    lines += ["}", "# The big blind's call, everyone else having folded.", "CALL = {"]
    lines += [f'    {k}: "{_row(v)}",' for k, v in calls.items()]
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(build(args.boards, args.seed), end="")


if __name__ == "__main__":
    main()
