"""The Ramponneau bot: decides from its seat's view only (it cannot see other hands).

Before the flop it reads a starting-hand chart (Bill Chen's point count); after it, it
estimates its equity by Monte Carlo against the players still in (``poker.equity``,
random hands for them, random cards to come), compares that to the pot odds, and sizes
its bets from the pot. It never bluffs, which is what beats calling stations and random
players. At showdown it mucks whenever the engine lets it (the engine offers the muck
only to a hand already beaten), and shows otherwise. Decisions take a few milliseconds.
"""

from __future__ import annotations

from .. import poker

TRIALS = 500
CHEN_HIGH = {"A": 10, "K": 8, "Q": 7, "J": 6, "T": 5}


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


def _pick(legal, kind):
    return next((entry for entry in legal if entry["type"] == kind), None)


def _sized(entry, amount) -> dict:
    return {"type": entry["type"], "amount": max(entry["min"], min(entry["max"], int(amount)))}


def decide(view, rng, level: str = "habitue") -> dict:
    legal = view["legal_actions"]
    if _pick(legal, "muck"):
        return {"type": "muck"}
    if _pick(legal, "show"):
        return {"type": "show"}
    me = view["you"]
    hole = view["hand"]
    board = view["board"]
    opponents = sum(1 for s in view["order"] if s != me and not view["folded"][s])
    to_call = view.get("to_call", 0)
    pot = view["total_pot"]
    top = max(view["bets"])
    raise_ = _pick(legal, "bet") or _pick(legal, "raise")
    call = _pick(legal, "call")
    check = _pick(legal, "check")
    big_blind = view["blinds"][1]

    if not board:
        strength = chen_score(hole) - 1.0 * max(0, opponents - 1) / 3
        if strength >= 10 and raise_:
            return _sized(raise_, max(top * 3, 3 * big_blind) + pot / 2)
        if strength >= 8:
            if raise_ and to_call <= 3 * big_blind:
                return _sized(raise_, max(top * 3, 3 * big_blind))
            if call and to_call <= 12 * big_blind + pot / 3:
                return call
        if strength >= 6 and call and to_call <= 3 * big_blind:
            return call
        if check:
            return check
        if strength >= 12 and call:
            return call
        return {"type": "fold"}

    share = poker.equity(hole, board, max(1, opponents), TRIALS, rng)
    fair = 1 / (opponents + 1)
    if raise_ and share > max(0.55, 1.6 * fair):
        fraction = 1.0 if share > 0.85 else 0.66
        if raise_["type"] == "bet":
            return _sized(raise_, pot * fraction)
        return _sized(raise_, top + (pot + to_call) * fraction)
    if check:
        return check
    if call and share > to_call / (pot + to_call) + 0.03:
        return call
    return {"type": "fold"}
