"""Builds ``tables.py``, the preflop figures Ramponneau's bots read instead of simulating.

    python -m cardgames.ramponneau.tablegen --boards 3000 --seed 1 \
        > cardgames/ramponneau/tables.py

For every starting-hand class (169 of them) it measures, by exact evaluation on sampled
boards, its equity against every other class, heads-up and all-in. From that it ranks the
classes two ways and tabulates each class's equity against the top ``w`` of each ranking:

- ``ALLIN_ORDER``: by equity against a random hand, the order in which sensible players
  widen a range they are willing to put all in with (and to call such a shove);
- ``PLAY_ORDER``: the order in which players widen the range they open or call with,
  which also weighs how well a hand does against several opponents (suited and connected
  hands, small pairs) and less how often it is ahead of one random hand.

Sampling boards first and then counting every opposing combination not blocked by them
weighs each (combination, board) pair equally, which is exactly the all-in distribution.
Takes about five minutes; the output is deterministic for a given seed.
"""

from __future__ import annotations

import argparse
import random

from .. import poker

WIDTHS = (0.02, 0.03, 0.05, 0.07, 0.1, 0.13, 0.17, 0.22, 0.28, 0.35, 0.45, 0.6, 0.8, 1.0)
# How much the equity against three random hands counts in the play order, against
# one: multiway pots reward hands that make strong hands (pairs, suited, connected).
MULTIWAY_WEIGHT = 1.0


def representative(name: str) -> tuple[str, str]:
    """One combination of a class (the tables ignore the few suit-specific blockers)."""
    if len(name) == 2:
        return (name[0] + "s", name[1] + "h")
    return (name[0] + "s", name[1] + ("s" if name[2] == "s" else "h"))


def class_versus_classes(name: str, boards: int, rng) -> tuple[list[float], list[int]]:
    """Pots won (ties count half) and showdowns counted against each class, for one class."""
    hole = representative(name)
    index = {c: i for i, c in enumerate(poker.CLASS_NAMES)}
    combos = [c for c in poker.HOLE_COMBOS if c[0] not in hole and c[1] not in hole]
    owner = [index[poker.hand_class(c)] for c in combos]
    won = [0.0] * len(poker.CLASS_NAMES)
    met = [0] * len(poker.CLASS_NAMES)
    deck = [c for c in poker.CARDS if c not in hole]
    for _ in range(boards):
        board = rng.sample(deck, 5)
        used = set(board)
        mine = poker.evaluate_fast(list(hole) + board)
        live = [(i, c) for i, c in enumerate(combos) if c[0] not in used and c[1] not in used]
        values = poker.evaluate_holes(board, [c for _, c in live])
        for (i, _), value in zip(live, values, strict=True):
            cls = owner[i]
            met[cls] += 1
            if mine > value:
                won[cls] += 1.0
            elif mine == value:
                won[cls] += 0.5
    return won, met


def equity_against_top(order, won, met, width: float) -> float:
    """Equity against the top ``width`` of ``order`` (by combinations), the last class
    taken in part so the figure moves smoothly with the width."""
    index = {c: i for i, c in enumerate(poker.CLASS_NAMES)}
    room = width * len(poker.HOLE_COMBOS)
    wins = shows = 0.0
    for name in order:
        size = len(poker.CLASS_COMBOS[name])
        part = min(1.0, room / size)
        wins += part * won[index[name]]
        shows += part * met[index[name]]
        room -= size
        if room <= 0:
            break
    return wins / shows if shows else 0.5


def multiway_equities(trials: int, rng) -> dict[str, float]:
    return {
        name: poker.equity(representative(name), [], 3, trials, rng) for name in poker.CLASS_NAMES
    }


def build(boards: int, seed: int) -> str:
    rng = random.Random(seed)
    results = {name: class_versus_classes(name, boards, rng) for name in poker.CLASS_NAMES}
    heads_up = {n: equity_against_top(poker.CLASS_NAMES, *results[n], 1.0) for n in results}
    three_way = multiway_equities(boards * 2, rng)
    allin = sorted(poker.CLASS_NAMES, key=lambda n: -heads_up[n])
    play = sorted(poker.CLASS_NAMES, key=lambda n: -(heads_up[n] + MULTIWAY_WEIGHT * three_way[n]))
    grids = {
        title: {n: [equity_against_top(order, *results[n], w) for w in WIDTHS] for n in results}
        for title, order in (("ALLIN", allin), ("PLAY", play))
    }
    header = f"Boards sampled per class: {boards}; seed {seed}."
    return render(header, allin, play, heads_up, three_way, grids)


def _wrapped(names) -> list[str]:
    lines, line = [], ""
    for name in names:
        if len(line) + len(name) + 1 > 84:
            lines.append(line)
            line = ""
        line = f"{line} {name}" if line else name
    return lines + [line]


def _thousandths(values) -> str:
    return " ".join(f"{round(1000 * v):03d}" for v in values)


def render(header, allin, play, heads_up, three_way, grids) -> str:
    """The text of ``tables.py``: equities in thousandths, orders as words."""
    lines = [
        '"""Preflop tables for the Ramponneau bots, generated by ``tablegen.py`` (do not edit).',
        "",
        header,
        "Equities are in thousandths of the pot; ``ranges.py`` reads them.",
        '"""',
        "",
        f"WIDTHS = {WIDTHS!r}",
    ]
    for title, order in (("ALLIN", allin), ("PLAY", play)):
        lines += [f"{title}_ORDER = tuple(", '    """']
        lines += _wrapped(order)
        lines += ['""".split()', ")"]
    lines.append("# Equity heads-up against one random hand, and against three.")
    lines.append("VERSUS_RANDOM = {")
    lines += [f'    "{n}": "{_thousandths((heads_up[n], three_way[n]))}",' for n in heads_up]
    lines.append("}")
    for title, grid in grids.items():
        lines.append(f"# Equity against the top WIDTHS[i] of {title}_ORDER, all-in heads-up.")
        lines.append(f"VERSUS_{title}_TOP = {{")
        lines += [f'    "{n}": "{_thousandths(row)}",' for n, row in grid.items()]
        lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--boards", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(build(args.boards, args.seed), end="")


if __name__ == "__main__":
    main()
