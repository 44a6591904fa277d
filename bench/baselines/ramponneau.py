"""Independent Ramponneau baselines for the bot arena, each deciding from its seat's view.

``KINDS`` maps a name to ``decide(view, rng) -> action``:

- ``shover``: all-in every hand (raises all-in when it may, calls an all-in otherwise);
- ``calling_station``: checks or calls whatever the bet, never raises, never folds;
- ``equity``: a plain equity bot: Monte Carlo equity against random hands for the players
  still in, raises by the pot when far ahead, calls when the equity pays the pot odds;
- ``tag``: a tight-aggressive chart player: opening charts by position, re-raises with
  the premium pairs and big aces, calls all-ins with a premium hand (wider when short);
  after the flop it bets its strong made hands and, as the raiser, continuation-bets the
  flop; it calls with a pair or a draw at a fair price and folds the rest;
- ``maniac``: raises and bets the pot with any two cards most of the time.

They use nothing from the bots (only the hand evaluator, ``cardgames.poker``), so their
results say how the bots fare against play they were not written against.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardgames import poker

RANKS = poker.RANK_ORDER


def _legal(view) -> dict:
    return {entry["type"]: entry for entry in view["legal_actions"]}


def _showdown(legal) -> dict | None:
    if "muck" in legal:
        return {"type": "muck"}
    if "show" in legal:
        return {"type": "show"}
    return None


def _raise_to(legal, amount) -> dict | None:
    entry = legal.get("bet") or legal.get("raise")
    if entry is None:
        return None
    return {"type": entry["type"], "amount": max(entry["min"], min(entry["max"], int(amount)))}


def _passive(legal) -> dict:
    if "check" in legal:
        return {"type": "check"}
    return dict(legal["call"])


def _fold(legal) -> dict:
    return {"type": "check"} if "check" in legal else {"type": "fold"}


def shover(view, rng) -> dict:
    legal = _legal(view)
    done = _showdown(legal)
    if done:
        return done
    entry = legal.get("bet") or legal.get("raise")
    if entry:
        return {"type": entry["type"], "amount": entry["max"]}
    return _passive(legal)


def calling_station(view, rng) -> dict:
    legal = _legal(view)
    return _showdown(legal) or _passive(legal)


def equity_player(view, rng) -> dict:
    legal = _legal(view)
    done = _showdown(legal)
    if done:
        return done
    me = view["you"]
    opponents = sum(1 for s in view["order"] if s != me and not view["folded"][s])
    share = poker.equity(view["hand"], view["board"], max(1, opponents), 300, rng)
    pot = view["total_pot"]
    to_call = view.get("to_call", 0)
    if share > 1.6 / (opponents + 1) and share > 0.5:
        raised = _raise_to(legal, max(view["bets"]) + pot + to_call)
        if raised:
            return raised
    if to_call == 0:
        return {"type": "check"}
    if share >= to_call / (pot + to_call):
        return dict(legal["call"])
    return {"type": "fold"}


# ----- the tight-aggressive chart player ------------------------------------------------------
def _expand(text: str) -> frozenset[str]:
    """Hand classes from chart shorthand: "77+", "22-JJ", "A9s+", "KTo+", "QJs"."""
    hands = set()
    for item in text.split():
        if "-" in item:  # a run of pairs
            low, high = item.split("-")
            hands.update(r + r for r in RANKS[RANKS.index(low[0]) : RANKS.index(high[0]) + 1])
            continue
        plus = item.endswith("+")
        item = item.rstrip("+")
        if item[0] == item[1]:
            hands.update(r + r for r in (RANKS[RANKS.index(item[0]) :] if plus else item[0]))
            continue
        high, low, kind = item
        start = RANKS.index(low)
        stop = RANKS.index(high) if plus else start + 1
        hands.update(high + RANKS[i] + kind for i in range(start, stop))
    return frozenset(hands)


# Opening charts by seats left to speak (1: small blind, 2: button, 3: cutoff...).
OPEN = {
    1: _expand("22+ A2s+ K6s+ Q8s+ J8s+ T8s+ 97s+ 87s 76s A7o+ KTo+ QTo+ JTo"),
    2: _expand("22+ A2s+ K5s+ Q8s+ J8s+ T8s+ 97s+ 86s+ 76s 65s A5o+ K9o+ QTo+ JTo"),
    3: _expand("22+ A2s+ K9s+ QTs+ JTs T9s 98s A9o+ KJo+ QJo"),
    4: _expand("44+ A8s+ KTs+ QTs+ JTs ATo+ KJo+"),
    5: _expand("66+ A9s+ KTs+ QJs AJo+ KQo"),
}
HEADS_UP_OPEN = _expand("22+ A2s+ K2s+ Q5s+ J7s+ T7s+ 97s+ 86s+ 75s+ 65s A2o+ K7o+ Q9o+ J9o+ T9o")
THREE_BET = _expand("QQ+ AKs AKo")
CALL_RAISE = _expand("22-JJ AQs AJs ATs KQs KJs QJs JTs T9s AQo")
CALL_THREE_BET = _expand("TT JJ AQs")
CALL_ALL_IN = _expand("QQ+ AKs AKo")
CALL_ALL_IN_SHORT = _expand("77+ ATs+ AJo+ KQs")


def _name(hole) -> str:
    return poker.hand_class(hole)


def _seats_behind(view, seat) -> int:
    order = view["order"]
    sequence = [order[1], order[0]] if len(order) == 2 else order[2:] + order[:2]
    return len(sequence) - 1 - sequence.index(seat)


def tag(view, rng) -> dict:
    legal = _legal(view)
    done = _showdown(legal)
    if done:
        return done
    if not view["board"]:
        return _tag_preflop(view, legal, rng)
    return _tag_postflop(view, legal, rng)


def _tag_preflop(view, legal, rng) -> dict:
    me, bb = view["you"], view["blinds"][1]
    name = _name(view["hand"])
    top = max(view["bets"])
    to_call = view.get("to_call", 0)
    stack = view["stacks"][me]
    depth = (stack + view["bets"][me]) / bb
    if to_call >= 0.35 * stack or (to_call and not (legal.get("raise"))):
        chart = CALL_ALL_IN_SHORT if depth <= 40 else CALL_ALL_IN
        return dict(legal["call"]) if name in chart else _fold(legal)
    if top <= bb:  # nobody has raised
        if depth <= 12:
            chart = CALL_ALL_IN_SHORT | _expand("22+ A2s+ A7o+ KTs+ KJo+ QJs")
            shove = _raise_to(legal, stack + view["bets"][me])
            return shove if name in chart and shove else _fold(legal)
        behind = _seats_behind(view, me)
        chart = HEADS_UP_OPEN if len(view["order"]) == 2 else OPEN.get(behind, OPEN[5])
        if behind == 0:
            chart = THREE_BET | _expand("TT+ AQs+ AQo+")
        if name in chart:
            limpers = sum(1 for b in view["bets"] if b == bb) - 1
            raised = _raise_to(legal, (2.5 + max(0, limpers)) * bb)
            if raised:
                return raised
        return _fold(legal)
    if name in THREE_BET:
        raised = _raise_to(legal, 3 * top)
        if raised and raised["amount"] >= 0.33 * (stack + view["bets"][me]):
            raised = _raise_to(legal, stack + view["bets"][me])
        if raised:
            return raised
        return dict(legal["call"])
    facing_reraise = sum(1 for b in view["bets"] if b > bb) >= 2 and view["bets"][me] > bb
    if facing_reraise:
        if name in CALL_THREE_BET and to_call <= 0.15 * stack:
            return dict(legal["call"])
    elif name in CALL_RAISE and to_call <= 0.1 * stack:
        return dict(legal["call"])
    return _fold(legal)


def _made(hole, board) -> int:
    """0 nothing, 1 weak pair, 2 top pair or an overpair, 3 two pair or trips, 4 more."""
    value = poker.evaluate_fast(list(hole) + list(board))
    category = value >> 20
    if category >= poker.STRAIGHT:
        return 4
    if category >= poker.TWO_PAIR:
        board_only = poker.evaluate_fast(list(board)) >> 20 if len(board) >= 5 else -1
        return 3 if category != board_only else 1
    if category == poker.PAIR:
        pair = poker.decode(value)[1][0]
        if RANKS[pair] not in (hole[0][0], hole[1][0]):
            return 0
        top = max(RANKS.index(c[0]) for c in board)
        return 2 if pair >= top else 1
    return 0


def _drawing(hole, board) -> bool:
    if len(board) >= 5:
        return False
    cards = list(hole) + list(board)
    for suit in {hole[0][1], hole[1][1]}:
        if sum(1 for c in cards if c[1] == suit) == 4:
            return True
    ranks = {RANKS.index(c[0]) for c in cards} | (
        {-1} if any(c[0] == "A" for c in cards) else set()
    )
    return any(all(r + i in ranks for i in range(4)) for r in range(-1, 10))


def _tag_postflop(view, legal, rng) -> dict:
    hole, board = view["hand"], view["board"]
    made = _made(hole, board)
    drawing = _drawing(hole, board)
    pot = view["total_pot"]
    to_call = view.get("to_call", 0)
    me = view["you"]
    raiser = any(
        e["seat"] == me and e["type"] == "raise" and e["street"] == "preflop"
        for e in view.get("history", [])
    )
    if to_call == 0:
        if made >= 2:
            return _raise_to(legal, 0.66 * pot) or {"type": "check"}
        if len(board) == 3 and raiser and rng.random() < 0.6:
            return _raise_to(legal, 0.5 * pot) or {"type": "check"}
        return {"type": "check"}
    if made >= 3:
        return _raise_to(legal, max(view["bets"]) * 3) or dict(legal["call"])
    if made == 2 and to_call <= pot:
        return dict(legal["call"])
    if (made == 1 or drawing) and to_call <= 0.5 * (pot - to_call):
        return dict(legal["call"])
    return {"type": "fold"}


def maniac(view, rng) -> dict:
    legal = _legal(view)
    done = _showdown(legal)
    if done:
        return done
    if rng.random() < 0.7:
        raised = _raise_to(legal, max(view["bets"]) + view["total_pot"])
        if raised:
            return raised
    return _passive(legal)


KINDS: dict[str, Callable[[dict, random.Random], dict]] = {
    "shover": shover,
    "calling_station": calling_station,
    "equity": equity_player,
    "tag": tag,
    "maniac": maniac,
}
