"""Habitué: the original Ramponneau bot (starting-hand points, then Monte Carlo equity
against random hands and the pot odds), with the defects players laughed at fixed, and a
regular's reading of the people at the table (``view["stats"]``: ``reads``, ``exploits``).

- It opens by position: the later it speaks, the wider (the button no longer folds four
  hands in five for half a big blind); against players left to speak whom the table saw
  fold to most opens it steals wider, and against players who move in over most opens
  it plays only the hands that call them (``ranges.open_against_shoves``).
- Facing an all-in, or a bet that commits its stack, it calls by pot odds against the
  range the all-in implies: the frequency the table saw that player move in with (an
  all-in every hand: any two cards), a stranger's assumed from the depth, never narrower
  than the push-or-fold equilibrium (``ranges.preflop_raises``, ``reads``), so AK, 99 or
  AJ call a stranger's shove, and QJo or A2o call a player who shoves every hand.
- Facing one open from a player the table watched, it folds, calls or re-raises by
  expected chips against the opener's observed width and how often it gives up to a
  re-raise (``exploits.facing_open``); otherwise by starting-hand points.
- After the flop it bets medium hands for thin value some of the time, semi-bluffs its
  draws, continuation-bets most flops heads-up after raising before the flop, and
  bluffs now and then when checked to in position, more against a player the table saw
  fold to bets; facing one player's bet it reads the bet by how often that player bets
  (``exploits.against_the_bet``), a bet from a player who rarely bets being strong.

Every decision costs a millisecond or two: one small equity simulation and one pass of
evaluations over the opponent's possible hands at most.
"""

from __future__ import annotations

from .. import poker
from . import exploits, ranges, reads
from .situation import Spot

TRIALS = 80  # equity simulations, shared among the opponents (fewer each when many)
CHEN_HIGH = {"A": 10, "K": 8, "Q": 7, "J": 6, "T": 5}
# Chen points needed to open, by the number of seats left to speak (heads-up: 1.5, three
# hands in four): about 40 % of hands from the button and the small blind, 10 % early.
OPEN_POINTS = {1: 5, 2: 5, 3: 6, 4: 7, 5: 7.5}


def chen_score(hole) -> float:
    """Bill Chen's starting-hand points (from -1 for 7-2 offsuit to 20 for aces)."""
    ranks = sorted((poker.RANK_ORDER.index(c[0]) for c in hole), reverse=True)
    high = poker.RANK_ORDER[ranks[0]]
    score = CHEN_HIGH.get(high, (ranks[0] + 2) / 2)
    if ranks[0] == ranks[1]:
        return max(5.0, score * 2)
    if hole[0][1] == hole[1][1]:
        score += 2
    gap = ranks[0] - ranks[1] - 1
    score -= (0, 1, 2, 4)[gap] if gap < 3 else 5
    if gap <= 1 and ranks[0] < 10:  # connected below a queen: straights come easier
        score += 1
    return score


def decide_habitue(spot: Spot, rng) -> dict:
    """Habitué's action."""
    if spot.street == 0:
        return _preflop(spot, rng)
    return _postflop(spot, rng)


def _preflop(spot: Spot, rng) -> dict:
    points = chen_score(spot.hole)
    raises = ranges.preflop_raises(spot)
    if not raises:
        return _unopened(spot, points)
    last = raises[-1]
    if spot.to_call >= 0.35 * spot.stack or last.get("all_in") or spot.raise_entry is None:
        return _all_in_or_fold(spot, last)
    name = poker.hand_class(spot.hole)
    if points >= 12 or name == "AKo":
        amount = (2.3 if len(raises) >= 2 else 3.0) * last["amount"]
        if amount >= 0.33 * (spot.stack + spot.bet):
            return spot.all_in()
        return spot.sized(amount)
    if spot.to_call > 0.12 * spot.stack:
        return spot.fold()
    if len(raises) == 1:
        read = _facing_open(spot, name, last)
        if read is not None:
            return read
    big_blind = spot.me == spot.view["big_blind_seat"]
    needed = 6 if big_blind and spot.to_call <= 2 * spot.bb else 8
    if len(raises) >= 2:
        needed = 10
    if points >= needed:
        return dict(spot.legal["call"])
    return spot.fold()


def _facing_open(spot: Spot, name: str, opener: dict) -> dict | None:
    """Call, re-raise or fold one open, whichever the reads make worth most (``None``:
    the opener is a stranger)."""
    amount = 3.0 * opener["amount"]
    values = exploits.facing_open(spot, name, opener, amount)
    if values is None:
        return None
    call, reraised = values
    if amount >= 0.33 * (spot.stack + spot.bet):
        reraised = -1.0  # a re-raise that commits the stack is a value hand's only
    if reraised > max(0.0, call):
        return spot.sized(amount)
    if call > 0:
        return dict(spot.legal["call"])
    return spot.fold()


def _unopened(spot: Spot, points: float) -> dict:
    behind = spot.behind_preflop(spot.me)
    limpers = spot.limpers()
    if spot.effective_bb <= 12 and not limpers and spot.raise_entry:
        push = ranges.push_width(spot.effective_bb, max(1, behind))
        name = poker.hand_class(spot.hole)
        return spot.all_in() if ranges.rank_share(name, "allin") < push else spot.fold()
    needed = 1.5 if len(spot.order) == 2 else OPEN_POINTS.get(behind, 8)
    if behind == 0:
        needed = 10  # the big blind raises limpers only with a strong hand
    if limpers:
        needed += 2
    size = 3.0 if spot.me == spot.view["small_blind_seat"] and len(spot.order) > 2 else 2.5
    amount = (size + len(limpers)) * spot.bb
    if spot.raise_entry and "check" not in spot.legal:
        # Players behind who move in over most opens: play the hands that call them.
        value = ranges.open_against_shoves(spot, poker.hand_class(spot.hole), amount)
        if value is not None:
            return spot.sized(amount) if value > 0 else spot.fold()
    if points >= needed and spot.raise_entry:
        return spot.sized(amount)
    if spot.raise_entry and not limpers and "check" not in spot.legal:
        # Players left to speak the table watched fold to opens: steal when worth it.
        value = exploits.open_value(spot, poker.hand_class(spot.hole), amount)
        if value is not None and value > 0:
            return spot.sized(amount)
    if "check" in spot.legal:
        return {"type": "check"}
    if limpers and points >= needed - 2:
        return dict(spot.legal["call"])
    return spot.fold()


def _all_in_or_fold(spot: Spot, last: dict) -> dict:
    """Go with the hand when its equity against the all-in range pays the price."""
    name = poker.hand_class(spot.hole)
    equity = ranges.equity_against_top(name, last["width"], last["order"])
    others = sum(1 for e in spot.actions(0) if e["type"] == "call" and e["seat"] != spot.me)
    equity *= 0.8**others  # callers before: a rough discount for each
    if equity >= spot.price + reads.margin(last["seen"]):
        if last.get("all_in") or spot.raise_entry is None:
            return dict(spot.legal["call"])
        return spot.all_in()
    return spot.fold()


def _draw(spot: Spot) -> bool:
    if spot.street == 3:
        return False
    return ranges.draws(spot.board, [tuple(spot.hole)])[0]


def _postflop(spot: Spot, rng) -> dict:
    opponents = max(1, len(spot.opponents))
    trials = max(20, TRIALS // opponents)
    equity = poker.equity(spot.hole, spot.board, opponents, trials, rng)
    fair = 1.0 / (opponents + 1)
    pot = spot.pot
    draw = _draw(spot)
    heads_up_in_position = opponents == 1 and spot.in_position()
    if "check" in spot.legal:
        if spot.raise_entry is None:
            return {"type": "check"}
        if equity > max(0.6, 1.7 * fair):
            return spot.sized(pot * (1.0 if equity > 0.85 else 0.66))
        if equity > max(0.5, 1.3 * fair) and rng.random() < 0.5:
            return spot.sized(pot * 0.5)
        if draw and rng.random() < 0.45:
            return spot.sized(pot * 0.6)
        raiser = spot.last_aggressor(0) == spot.me
        if raiser and spot.street == 1 and opponents == 1 and rng.random() < 0.6:
            return spot.sized(pot * 0.5)  # the raiser's continuation bet
        if heads_up_in_position and equity < 0.3 and rng.random() < 0.2:
            return spot.sized(pot * 0.6)
        if opponents == 1:
            # A player the table saw fold to bets often enough: bet what checking loses.
            bet = exploits.bet_value(spot, equity, rng)
            if bet is not None:
                return bet
        return {"type": "check"}
    price = spot.price
    if opponents == 1 and not draw:
        # One player bet into this hand: read the bet by how often that player bets.
        read = exploits.against_the_bet(spot, equity)
        if spot.raise_entry and read > 0.75:
            return spot.sized(spot.top + 0.8 * (pot + spot.to_call))
        return dict(spot.legal["call"]) if read > price + 0.03 else {"type": "fold"}
    if spot.raise_entry and equity > max(0.7, 1.9 * fair):
        return spot.sized(spot.top + 0.8 * (pot + spot.to_call))
    if spot.raise_entry and draw and spot.street == 1 and rng.random() < 0.15:
        return spot.sized(spot.top + 0.8 * (pot + spot.to_call))
    # The equity is against random hands, but a bet says the hand is better than that:
    # the bigger the bet, the more equity the call asks for (draws keep their outs).
    share = spot.to_call / max(1, pot - spot.to_call)
    needed = price + (0.0 if draw else 0.05 + 0.1 * min(1.0, share))
    if equity > needed:
        return dict(spot.legal["call"])
    return {"type": "fold"}
