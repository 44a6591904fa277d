"""Débutant: plays like a friendly beginner, plausible but loose and easy to read.

It sees many flops (any hand with a little promise, for a small price), raises only with
big pairs and big aces, and after the flop thinks in made hands: it bets two pair or
better, calls with any pair and with draws, folds nothing-hands to a bet, and bluffs now
and then. No simulation: a decision costs well under a millisecond.
"""

from __future__ import annotations

from .. import poker
from .habitue import chen_score
from .ranges import draws
from .situation import Spot

AIR, WEAK_PAIR, GOOD_PAIR, TWO_PAIR, MONSTER = range(5)


def decide_debutant(spot: Spot, rng) -> dict:
    """Débutant's action."""
    if spot.street == 0:
        return _preflop(spot, rng)
    return _postflop(spot, rng)


def _preflop(spot: Spot, rng) -> dict:
    points = chen_score(spot.hole)
    raised = any(e["type"] == "raise" for e in spot.actions(0))
    if spot.to_call >= 0.35 * spot.stack:
        return _call(spot) if points >= 10 else spot.fold()
    if points >= 12 and spot.raise_entry and (not raised or points >= 14):
        return spot.sized(max(3 * spot.bb, 3 * spot.top))
    if "check" in spot.legal:
        if points >= 10 and spot.raise_entry and rng.random() < 0.5:
            return spot.sized(3 * spot.bb)
        return {"type": "check"}
    price_bb = spot.to_call / spot.bb
    if points >= 4 and price_bb <= 1:
        return _call(spot)
    if points >= 6 and price_bb <= 5:
        return _call(spot)
    if points >= 8 and price_bb <= 12:
        return _call(spot)
    return spot.fold()


def _call(spot: Spot) -> dict:
    return dict(spot.legal["call"]) if "call" in spot.legal else spot.passive()


def strength(hole, board) -> int:
    """A beginner's reading: nothing, a weak pair, a good pair, two pair or trips, more."""
    value = poker.evaluate_fast(list(hole) + list(board))
    category = value >> 20
    if category >= poker.STRAIGHT:
        return MONSTER
    if category >= poker.TWO_PAIR:
        return TWO_PAIR
    if category == poker.PAIR:
        top = max(poker.RANK_ORDER.index(c[0]) for c in board)
        pair = poker.decode(value)[1][0]
        if poker.RANK_ORDER[pair] not in (hole[0][0], hole[1][0]):
            return AIR  # the pair is the board's: everyone has it
        return GOOD_PAIR if pair >= top else WEAK_PAIR
    return AIR


def _postflop(spot: Spot, rng) -> dict:
    hand = strength(spot.hole, spot.board)
    drawing = spot.street < 3 and draws(spot.board, [tuple(spot.hole)])[0]
    pot = spot.pot
    if "check" in spot.legal:
        if spot.raise_entry is None:
            return {"type": "check"}
        if hand >= TWO_PAIR or (hand == GOOD_PAIR and rng.random() < 0.5):
            return spot.sized(pot * (0.5 + 0.25 * rng.random()))
        if rng.random() < 0.08:
            return spot.sized(pot * 0.5)
        return {"type": "check"}
    share = spot.to_call / max(1, pot - spot.to_call)  # the bet against the pot before it
    if hand == MONSTER and spot.raise_entry:
        return spot.sized(spot.top * 2.5)
    if hand >= WEAK_PAIR and (hand >= GOOD_PAIR or share <= 1.0):
        return _call(spot)
    if drawing and share <= 0.75:
        return _call(spot)
    if rng.random() < 0.1 and share <= 0.5:
        return _call(spot)
    return {"type": "fold"}
