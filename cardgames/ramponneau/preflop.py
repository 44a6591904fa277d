"""Maître's play before the flop: ranges by position, prices, and all-ins by equity.

Unopened pots are opened by position from the play order (``ranges.open_width``), or
pushed all-in when stacks are short. Facing a raise, the raiser's range is read from the
betting (``ranges.preflop_raises``); a hand near the top of it re-raises for value, a
few suited hands re-raise as bluffs, and the rest calls when its equity, discounted for
how well it plays after the flop, pays the price. When calling would commit most of the
stack (an all-in, or a raise that leaves little behind) the bot compares its all-in equity
against that range with the pot odds: deep, a loose all-in gets a wide call; against a
4-bet, only what beats a 4-betting range.
"""

from __future__ import annotations

from .. import poker
from . import ranges
from .situation import Spot

# Hands that re-raise as bluffs: they block strong hands or play well when called.
BLUFF_RAISES = frozenset("A5s A4s A3s A2s K9s Q9s J9s T8s 98s 87s 76s 65s KTs QTs".split())
COMMITTED = 0.35  # a call of this share of the stack or more is a decision to go all-in
# Maître's own opening widths by seats left to speak: wider than it assumes others open
# from the late seats, where blinds fold more often than they should.
OPEN_WIDTH = {1: 0.6, 2: 0.65, 3: 0.35, 4: 0.24, 5: 0.18, 6: 0.15, 7: 0.13, 8: 0.12, 9: 0.11}


def playability(name: str) -> float:
    """How much of its all-in equity a hand keeps when the pot goes to the flop."""
    if len(name) == 2:
        return 0.93
    ranks = poker.RANK_ORDER
    high, low = ranks.index(name[0]), ranks.index(name[1])
    factor = 1.0
    if name[2] == "s":
        factor += 0.06
    if high - low <= 2 and low >= 3:
        factor += 0.04
    if name[2] == "o" and low < ranks.index("T"):
        factor -= 0.1
    return factor


def decide_preflop(spot: Spot, rng) -> dict:
    """Maître's action before the flop."""
    name = poker.hand_class(spot.hole)
    raises = ranges.preflop_raises(spot)
    if not raises:
        return _unopened(spot, name, rng)
    return _facing_raise(spot, name, raises, rng)


def _unopened(spot: Spot, name: str, rng) -> dict:
    behind = spot.behind_preflop(spot.me)
    limpers = spot.limpers()
    dealt = len(spot.order)
    share = ranges.rank_share(name)
    width = ranges.HEADS_UP_OPEN if dealt == 2 else OPEN_WIDTH.get(behind, 0.11)
    if spot.effective_bb <= 13 and not limpers and spot.raise_entry:
        push = ranges.push_width(spot.effective_bb, max(1, behind))
        if ranges.rank_share(name, "allin") < push:
            return spot.all_in()
        return spot.fold()
    if limpers or "check" in spot.legal:
        width *= 0.55  # raising over limpers, or from the big blind: a strong range
    # Near the edge of the range, mix: nobody can read the boundary exactly.
    edge = width + 0.04 * (rng.random() - 0.5)
    if share < edge and spot.raise_entry:
        size = 2.5
        if dealt == 2:
            size = 2.2  # heads-up the button opens often: a smaller raise risks less
        elif spot.me == spot.view["small_blind_seat"]:
            size = 3.0
        size += len(limpers)
        return spot.sized(size * spot.bb)
    if "check" in spot.legal:
        return spot.passive()
    if limpers and share < width / 0.55 and (len(name) == 2 or name[-1] == "s"):
        return spot.passive()  # a cheap look at a flop with a hand that can hit it hard
    if spot.me == spot.view["small_blind_seat"] and limpers and share < 0.5:
        return spot.passive()
    return spot.fold()


def _equity(name: str, spot: Spot, raises: list[dict]) -> float:
    """All-in equity against the last raiser's range and anyone who called or moved in
    before (the shares multiplied: a close, cautious estimate for several)."""
    last = raises[-1]
    equity = ranges.equity_against_top(name, last["width"], last["order"])
    for seat in _others_in(spot, last["seat"]):
        weights = ranges.preflop_range(spot, seat)
        width = sum(w * len(poker.CLASS_COMBOS[n]) for n, w in weights.items()) / 1326
        equity *= ranges.equity_against_top(name, width)
    return equity


def _others_in(spot: Spot, raiser: int) -> list[int]:
    """Opponents besides the raiser who put money in voluntarily and are still in."""
    acted = {e["seat"] for e in spot.actions(0) if e["type"] in ("call", "raise")}
    return [s for s in spot.opponents if s != raiser and s in acted]


def _facing_raise(spot: Spot, name: str, raises: list[dict], rng) -> dict:
    last = raises[-1]
    equity = _equity(name, spot, raises)
    to_call = spot.to_call
    total = spot.stack + spot.bet
    waiting = [s for s in spot.active_opponents if s not in _others_in(spot, last["seat"])]
    waiting = [s for s in waiting if s != last["seat"]]
    if to_call >= COMMITTED * spot.stack or last.get("all_in") or spot.raise_entry is None:
        # Whoever has yet to speak may still wake up with a hand: ask for a little more.
        margin = 0.01 + 0.02 * len(waiting)
        if equity >= spot.price + margin:
            return spot.all_in() if not last.get("all_in") and spot.raise_entry else _call(spot)
        return spot.fold()
    share = ranges.rank_share(name, "allin")
    value = (0.35 if len(raises) == 1 else 0.45) * last["width"]
    bluff = (
        len(raises) == 1
        and last["width"] >= 0.2
        and name in BLUFF_RAISES
        and (spot.in_position() or spot.is_blind(spot.me))
        and rng.random() < 0.6
    )
    if len(raises) >= 3 and share >= value:
        return spot.fold()  # a 4-bet is called only by going all-in, with what beats it
    if (share < value or bluff) and spot.raise_entry:
        factor = 3.0 if spot.in_position() else 3.8
        if len(raises) >= 2:
            factor = 2.3
        amount = factor * last["amount"] + spot.bb * len(_others_in(spot, last["seat"]))
        if amount >= 0.33 * total:
            if bluff and share >= value:
                return _call_or_fold(spot, name, equity, raises)
            return spot.all_in()
        return spot.sized(amount)
    return _call_or_fold(spot, name, equity, raises)


def _call_or_fold(spot: Spot, name: str, equity: float, raises: list[dict]) -> dict:
    if call_value(spot, name, equity, raises) > 0:
        return _call(spot)
    return spot.fold()


def call_value(spot: Spot, name: str, equity: float, raises: list[dict]) -> float:
    """Expected chips of calling a raise that leaves the stack deep (folding: 0): the
    equity, discounted for how the hand plays after the flop, against the price."""
    realised = playability(name)
    if spot.me == spot.view["big_blind_seat"] and len(raises) == 1:
        realised *= 0.86  # out of position, but closing the action at a good price
    elif spot.in_position():
        realised *= 0.95
    else:
        realised *= 0.8
    if len(raises) >= 2:
        realised *= 0.85  # against a re-raiser's strong range the flop rarely goes well
    value = equity * realised * (spot.pot + spot.to_call) - spot.to_call
    # A pair hoping to flop a set wants the stacks behind to pay it off.
    if len(name) == 2 and spot.effective() >= 15 * spot.to_call:
        value += 0.08 * spot.to_call * min(3.0, spot.effective() / (15 * spot.to_call))
    return value


def _call(spot: Spot) -> dict:
    return dict(spot.legal["call"]) if "call" in spot.legal else spot.passive()
