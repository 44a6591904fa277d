"""The maître's appraisal of a Ramponneau decision (``Game.appraise``): what it plays, and
the expected chips of each line it weighs, from the seat's view only.

Values are the chips the seat can expect to take from the pot from now on, less what it
puts in from now on (folding is 0), on the maître's own models:

- after the flop, its candidates as ``postflop.weigh`` values them (the same ranges and
  runouts the maître draws its action from), and a player's other bet size valued on
  those same runouts (``postflop._aggressive_value``);
- before the flop, where the maître plays by ranges and prices rather than values: a call
  of a raise as ``preflop.call_value`` counts it (or, when it commits the stack, its
  all-in equity against the price), a check or a limp by the hand's equity against the
  seats still in, and a raise by the chance everybody folds and, when somebody
  continues, the equity against what continues (``preflop_raise_value``).

The reason is the hand's equity against the ranges it faces (for the maître's raise
before the flop, against what continues) and, when there is a bet to call, the pot odds
(the share of the final pot the call pays for).
"""

from __future__ import annotations

from .. import poker
from ..core import to_json
from . import postflop, preflop, ranges
from .bot import is_legal
from .situation import Spot

# A loss smaller than one big blind is not marked by a game review (each appraisal gives
# its table's blind as its ``threshold``; REVIEW_THRESHOLD is the default blind's, 20).
# The maître itself mixes lines within a fortieth of the pot and its preflop values are
# coarse (its own choice is within a big blind of their best 96 % of the time), so only a
# decision that gives away more than a blind shows as a mistake.
REVIEW_THRESHOLD = 20.0
OPEN_SIZE = 2.5  # big blinds: the maître's own open (``preflop._unopened``)
RERAISE_FACTOR = 3.0  # times the last raise: the maître's re-raise in position
ALLIN_CALLERS_MARGIN = 0.0  # an all-in is called by the hands whose equity pays the price
SHORT_ALLIN = 25  # big blinds: an all-in this short is read as the raise it stands for


def appraise(view: dict, rng, also: dict | None = None) -> dict | None:
    """The maître's action, the options it weighed with their expected chips (``also``
    among them), and its equity against the pot odds; None without a choice."""
    legal = view.get("legal_actions") or []
    types = {entry["type"] for entry in legal}
    if len(legal) <= 1 or types & {"show", "muck"}:
        return None  # no choice, or the showdown's show or muck (the bot mucks what it may)
    if also is not None:
        if not is_legal(also, legal):
            raise ValueError(f"not a legal action here: {also!r}")
        if also["type"] == "call":
            also = next(dict(e) for e in legal if e["type"] == "call")
    spot = Spot(view)
    if spot.street == 0:
        action = preflop.decide_preflop(spot, rng)
        if not is_legal(action, legal):
            action = spot.fold()  # as ``bot.decide`` does with a level's mistake
        options, equity = preflop_options(spot, [action, also])
    else:
        evaluator, weighed, action = postflop.weigh(spot, rng)
        if not is_legal(action, legal):
            action = spot.fold()
        options = list(weighed)
        for extra in (action, also):
            if extra is not None and _raise_amount(extra) is not None:
                keep = postflop.realisation(spot)
                value = postflop._aggressive_value(spot, evaluator, extra["amount"], keep)
                options.append((value, {"type": extra["type"], "amount": extra["amount"]}))
        equity = evaluator.equity
    return {
        "action": action,
        "values": _listed(options, [action, also]),
        "threshold": float(spot.bb),
        "reason": {
            "code": "advice.equity",
            "equity": round(float(equity), 4),
            "pot_odds": round(float(spot.price), 4) if spot.to_call else None,
        },
    }


def _raise_amount(action: dict) -> int | None:
    return action.get("amount") if action.get("type") in ("bet", "raise") else None


def _listed(options, wanted) -> list[dict]:
    """Each distinct action once (its first value), ``wanted`` ones certainly included."""
    seen: dict[str, dict] = {}
    for value, action in options:
        seen.setdefault(to_json(action), {"action": dict(action), "value": round(float(value), 2)})
    for action in wanted:
        if action is not None and to_json(action) not in seen:
            raise AssertionError(f"{action!r} was not valued")  # every caller values them
    return list(seen.values())


# ----- before the flop ------------------------------------------------------------------------
def field_equity(name: str, opponents: int) -> float:
    """All-in equity of class ``name`` against ``opponents`` random hands, from the tables
    against one and against three (geometric between and beyond: each hand more takes a
    like share)."""
    one, three = ranges.VERSUS_RANDOM[name]
    return one * (three / one) ** ((max(1, opponents) - 1) / 2)


def preflop_equity(spot: Spot, name: str, raises: list[dict]) -> float:
    """The equity the maître reads before the flop: against the raiser's range and those
    who called it (``preflop._equity``), or against random hands in an unopened pot."""
    if raises:
        return preflop._equity(name, spot, raises)
    return field_equity(name, len(spot.opponents))


def preflop_options(spot: Spot, wanted) -> tuple[list[tuple[float, dict]], float]:
    """(expected chips, action) for folding or checking, calling, the maître's raise size
    and any raise in ``wanted``; and the equity behind the first of ``wanted`` (the
    maître's action): against the ranges it faces, or for a raise against what continues."""
    name = poker.hand_class(spot.hole)
    raises = ranges.preflop_raises(spot)
    equity = preflop_equity(spot, name, raises)
    # A hand that checks or limps plays the flop without the initiative, like a caller
    # (the discounts of ``preflop.call_value``).
    realised = preflop.playability(name) * (0.95 if spot.in_position() else 0.8)
    options: list[tuple[float, dict]] = []
    if "check" in spot.legal:
        options.append((equity * realised * spot.pot, {"type": "check"}))
    else:
        options.append((0.0, {"type": "fold"}))
        call = dict(spot.legal["call"])
        cost = call["amount"]
        committed = (
            cost >= preflop.COMMITTED * spot.stack
            or (raises and raises[-1].get("all_in"))
            or spot.raise_entry is None
            or cost == spot.stack
        )
        if committed:
            value = equity * (spot.pot + cost) - cost  # the rest of the stack follows
        elif raises:
            value = preflop.call_value(spot, name, equity, raises)
        else:
            value = equity * realised * (spot.pot + cost) - cost  # a limp
        options.append((value, call))
    entry = spot.raise_entry
    if entry is None:
        return options, equity
    amounts = {_standard_raise(spot, raises)}
    amounts.update(a for a in map(_maybe_amount, wanted) if a is not None)
    for amount in sorted(amounts):
        value, against = preflop_raise_value(spot, name, raises, amount)
        options.append((value, {"type": entry["type"], "amount": amount}))
        if amount == _maybe_amount(wanted[0]):
            equity = against
    return options, equity


def _maybe_amount(action) -> int | None:
    return None if action is None else _raise_amount(action)


def _standard_raise(spot: Spot, raises: list[dict]) -> int:
    """The size the maître raises to when it raises (its open, or its re-raise)."""
    if not raises:
        size = OPEN_SIZE + len(spot.limpers())
        return spot.sized(size * spot.bb)["amount"]
    return spot.sized(RERAISE_FACTOR * raises[-1]["amount"])["amount"]


def preflop_raise_value(
    spot: Spot, name: str, raises: list[dict], amount: int
) -> tuple[float, float]:
    """Expected chips of raising to ``amount`` before the flop, and the equity against
    what continues.

    The table reads the raise as the range a sound player raises there
    (``ranges._raise_width``). Against an open or a re-raise that leaves stacks deep, each
    opponent continues with what ``ranges`` says sound players call and re-raise with;
    against an all-in or a 4-bet, with the hands of its range whose equity against the
    raiser's range pays its price. Everybody folds: the pot. Somebody continues: the
    equity against what continues (several callers multiply it), on the pot they make.
    """
    all_in = amount >= spot.stack + spot.bet
    entry = {"seat": spot.me, "type": "raise", "amount": amount, "all_in": all_in}
    level = raises[-1]["amount"] if raises else spot.bb
    width = ranges._raise_width(spot, entry, raises, level)
    if all_in and amount > SHORT_ALLIN * spot.bb:
        # A deep all-in gets no more respect than the maître gives one: the table calls
        # it as the loose overshove it reads in others (``ranges.shove_width``).
        width = max(width, ranges.shove_width(amount / spot.bb, spot.behind_preflop(spot.me)))
    order = "allin" if all_in or raises else "play"
    put = amount - spot.bet
    everyone_folds, weighted, chances, matched = 1.0, 0.0, 0.0, 0.0
    for seat in spot.opponents:
        call = min(amount, spot.stacks[seat] + spot.bets[seat]) - spot.bets[seat]
        if spot.stacks[seat] == 0:
            chance, against = 1.0, ranges.equity_against_top(name, 1.0)  # already all-in
        else:
            price = call / (spot.pot + put + call)
            chance, kept = _continuing(spot, seat, width, order, raises, all_in, price)
            against = ranges.equity_against_top(name, kept, "allin" if all_in else order)
        everyone_folds *= 1.0 - chance
        weighted += chance * against
        chances += chance
        matched += chance * max(0, call)
    if everyone_folds >= 1.0 or chances <= 0:
        return float(spot.pot), 1.0
    callers = max(1.0, chances / (1.0 - everyone_folds))
    equity = (weighted / chances) ** callers
    # Called, an all-in plays for its whole equity; a raise keeps the initiative, so it
    # realises more of its equity than a call does (``preflop.call_value``).
    realised = 1.0 if all_in else preflop.playability(name) * (1.0 if spot.in_position() else 0.9)
    final = spot.pot + put + matched / chances * callers
    value = everyone_folds * spot.pot + (1.0 - everyone_folds) * (equity * realised * final - put)
    return value, equity


def _range_share(weights: dict[str, float]) -> float:
    """The share of all hands a class range holds."""
    return sum(w * len(poker.CLASS_COMBOS[n]) for n, w in weights.items()) / len(poker.HOLE_COMBOS)


def _continuing(spot, seat, width, order, raises, all_in, price) -> tuple[float, float]:
    """How often ``seat`` continues against the raise, and the width (share of all hands)
    it continues with."""
    weights = ranges.preflop_range(spot, seat)
    held = max(_range_share(weights), 1e-6)
    if all_in or len(raises) >= 2:
        total = kept = 0.0
        for cls, weight in weights.items():
            combos = weight * len(poker.CLASS_COMBOS[cls])
            total += combos
            if ranges.equity_against_top(cls, width, order) >= price + ALLIN_CALLERS_MARGIN:
                kept += combos
        share = kept / len(poker.HOLE_COMBOS)
        return (kept / total if total else 0.0), max(share, 0.01)
    three = max(0.03, min(0.1, 0.2 * width))  # ranges._raise_width's re-raise width
    if raises:  # my re-raise: calls of a 3-bet (ranges._call_range) and 4-bets
        wanted = min(0.2, 2 * width) + 0.035
    elif seat == spot.view["big_blind_seat"]:
        wanted = min(0.65, 1.6 * width + 0.1) + three
    else:
        wanted = min(0.3, width) + three
    kept = min(wanted, held)
    return kept / held, max(kept, 0.01)
