"""Maître's play after the flop: expected values against the ranges read from the betting.

Every decision compares a few candidate actions by their expected chips:

- checking or calling wins the pot in proportion to the equity against the opponents'
  ranges (``ranges.Field``), discounted before the river for the betting still to come,
  more out of position;
- a bet or raise of a given size wins the pot at once when every opponent folds (the
  range model says how often each would), and otherwise plays for the bigger pot against
  only the part of each range that continues.

So value bets appear when the hands that call are still behind, bluffs and semi-bluffs
when enough of the opposing range folds (more with a draw, which keeps equity when
called), and calls when the equity pays the price. The choice among candidates is drawn
with a preference for the best (``choose``), so near-equal lines are mixed rather than
always taken the same way, which keeps the bot from being read by its bet sizes.

The equity comes from exact showdowns against every combination of each range on
sampled runouts (``poker.showdowns``), the same runouts for every candidate, so the
comparisons are not blurred by independent noise.
"""

from __future__ import annotations

import math

from .. import poker
from . import ranges
from .situation import Spot

RUNOUTS = {1: 32, 2: 32, 3: 1}  # runouts sampled on the flop, the turn, the river
BET_SIZES = (0.33, 0.66, 1.0)
RAISE_SIZE = 0.8  # a raise adds this share of the pot once the raiser has called
MIX = 0.025  # near-equal lines (within a few hundredths of the pot) are mixed


def realisation(spot: Spot) -> float:
    """The share of its equity a hand keeps before the river, with betting to come."""
    if spot.street == 3:
        return 1.0
    if spot.in_position():
        return 0.95 if spot.street == 2 else 0.92
    return 0.9 if spot.street == 2 else 0.85


class Evaluator:
    """The ranges, the runouts and the equities shared by the candidates of one decision."""

    def __init__(self, spot: Spot, rng):
        self.spot = spot
        self.field = ranges.Field(spot)
        weights = self.field.weights
        seats = spot.opponents
        # Combinations no opponent plausibly holds are left out of the showdowns.
        floors = {s: 0.002 * max(weights[s], default=0.0) for s in seats}
        self.keep = [
            i
            for i in range(len(self.field.combos))
            if any(weights[s][i] > floors[s] for s in seats)
        ]
        combos = [self.field.combos[i] for i in self.keep]
        outs = poker.runouts(spot.hole, spot.board, RUNOUTS[spot.street], rng)
        self.records = poker.showdowns(spot.hole, spot.board, combos, outs)
        self.ranges = {s: self._trim(weights[s]) for s in seats}
        self.equity = poker.range_equity(self.records, list(self.ranges.values()))

    def _trim(self, weights):
        return [weights[i] for i in self.keep]

    def against_continuing(self, fraction: float) -> tuple[float, list[float], float]:
        """For a bet or raise of ``fraction`` of the pot: the chance that every opponent
        who can act folds, the equity against the ranges that continue, and the expected
        number of opponents who continue."""
        spot = self.spot
        everyone_folds = 1.0
        continuing = []
        callers = 0.0
        for seat in spot.opponents:
            if spot.stacks[seat] == 0:
                everyone_folds = 0.0  # an all-in player cannot fold
                continuing.append(self.ranges[seat])
                continue
            folds, kept = self.field.fold_share(seat, fraction)
            everyone_folds *= folds
            callers += 1.0 - folds
            continuing.append(self._trim(kept))
        equity = poker.range_equity(self.records, continuing)
        return everyone_folds, equity, callers


def candidates(spot: Spot, evaluator: Evaluator) -> list[tuple[float, dict]]:
    """(expected chips, action) for each line worth considering."""
    pot = spot.pot
    keep = realisation(spot)
    options: list[tuple[float, dict]] = []
    if "check" in spot.legal:
        options.append((evaluator.equity * pot * keep, {"type": "check"}))
    else:
        options.append((0.0, {"type": "fold"}))
        cost = spot.legal["call"]["amount"]
        options.append((evaluator.equity * (pot + cost) * keep - cost, dict(spot.legal["call"])))
    entry = spot.raise_entry
    if entry is None:
        return options
    for amount in _sizes(spot, entry):
        options.append((_aggressive_value(spot, evaluator, amount, keep), _raise(entry, amount)))
    return options


def _sizes(spot: Spot, entry: dict) -> list[int]:
    """Bet or raise totals to try: fractions of the pot, and all-in."""
    if spot.to_call == 0:
        wanted = [f * spot.pot for f in BET_SIZES]
    else:
        wanted = [spot.top + RAISE_SIZE * (spot.pot + spot.to_call)]
    sizes = {max(entry["min"], min(entry["max"], int(w))) for w in wanted}
    if entry["max"] <= 1.5 * (spot.pot + spot.to_call) or spot.to_call:
        sizes.add(entry["max"])
    # A size leaving less than a third of the pot behind is an all-in in all but name.
    return sorted(entry["max"] if entry["max"] - s < spot.pot / 3 else s for s in sizes)


def _aggressive_value(spot: Spot, evaluator: Evaluator, amount: int, keep: float) -> float:
    """Expected chips of betting or raising to ``amount``."""
    put = amount - spot.bet  # chips this action adds
    increase = amount - spot.top
    fraction = increase / max(1, spot.pot + spot.to_call)
    folds, equity, callers = evaluator.against_continuing(fraction)
    if folds >= 1.0:
        return spot.pot
    callers = max(1.0, callers / (1.0 - folds))
    # Each caller matches the new total from where their bet stands now.
    matched = sum(
        min(amount, spot.stacks[s] + spot.bets[s]) - spot.bets[s] for s in spot.active_opponents
    ) / max(1, len(spot.active_opponents))
    final = spot.pot + put + callers * matched
    return folds * spot.pot + (1.0 - folds) * (equity * final * keep - put)


def _raise(entry: dict, amount: int) -> dict:
    return {"type": entry["type"], "amount": amount}


def choose(options: list[tuple[float, dict]], pot: int, rng) -> dict:
    """Draw an action, the better ones far likelier: within ``MIX`` of the pot they mix."""
    best = max(value for value, _ in options)
    scale = max(1.0, MIX * pot)
    weights = [math.exp(max(-30.0, (value - best) / scale)) for value, _ in options]
    pick = rng.random() * sum(weights)
    for weight, (_, action) in zip(weights, options, strict=True):
        pick -= weight
        if pick <= 0:
            return action
    return options[-1][1]


def weigh(spot: Spot, rng) -> tuple[Evaluator, list[tuple[float, dict]], dict]:
    """The decision's evaluator, its candidates (expected chips, action) and the action
    drawn among them: what the maître plays and what the appraisal shows (``advice``)."""
    evaluator = Evaluator(spot, rng)
    options = candidates(spot, evaluator)
    return evaluator, options, choose(options, spot.pot, rng)


def decide_postflop(spot: Spot, rng) -> dict:
    """Maître's action after the flop."""
    return weigh(spot, rng)[2]
