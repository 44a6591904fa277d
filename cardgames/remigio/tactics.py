"""The habitué's and the débutant's Remigio (the maître shares its closing rule)."""

from __future__ import annotations

from ..melds import Rules, best_arrangement, leftover_count
from .hand import best_discard, connected, count_after_drawing
from .rules import closing_discards, closing_kind, multiplier

DRAW_GAIN = 4  # count improvement that makes taking the (visible) discard worthwhile


def current_count(view, rules: Rules) -> int:
    """The count of the seat's ten cards (the view's proposed arrangement when it has one)."""
    return current_arrangement(view, rules)[0]


def current_arrangement(view, rules: Rules) -> tuple[int, list[str]]:
    """(count, leftover cards) of the seat's hand: the view's proposed arrangement when it
    has one (the engine computed it), else the solver's."""
    proposed = view.get("proposed")
    if proposed and len(proposed["leftover"]) + sum(map(len, proposed["melds"])) == len(
        view["hand"]
    ):
        return proposed["count"], proposed["leftover"]
    found = best_arrangement(view["hand"], rules)
    return found.count, list(found.leftover)


def no_joker_outs(kept, rules: Rules, enough: int | None = None) -> int:
    """How many faces, drawn in place of the one joker of ``kept``, would close without joker
    (counting stops at ``enough``). Only a face that could share a meld with one of the
    naturals is worth asking the solver about: any other is left over."""
    jokers = [c for c in kept if c[0] == "X"]
    if len(jokers) != 1:
        return 0
    naturals = [c for c in kept if c[0] != "X"]
    outs = 0
    for suit in "cdhs":
        for rank in "A23456789TJQK":
            face = f"{rank}{suit}.9"
            if connected(face, naturals) and leftover_count(naturals + [face], rules) == 0:
                outs += 1
                if enough is not None and outs >= enough:
                    return outs
    return outs


def waiting_pays(view, rng, closing, rules) -> bool:
    """Wait for a no-joker closing (x2) rather than close with a joker (x1)?

    Only in elimination (in payment, closing now collects), past the opening turns (early
    closings catch the others with their big cards), when at least two faces would do, and
    not for ever: each turn the bot waits again with some probability only.
    """
    if view["options"]["scoring"] != "elimination" or closing["multiplier"] != 1:
        return False
    players = sum(1 for o in view["out"] if not o)
    if view["turns"] < 3 * players or view["stock_count"] < 2 * players:
        return False
    kept = list(view["hand"])
    kept.remove(closing["card"])
    return no_joker_outs(kept, rules, enough=2) >= 2 and rng.random() < 0.6


def better_closing(hand, card: str, view, rules: Rules) -> bool:
    """Does drawing ``card`` let ten melded cards ``hand`` close for a bigger multiplier?"""
    special = view["options"]["special"]
    kind = closing_kind(hand, rules, special)
    now = multiplier(kind, hand) if kind else 0
    found = closing_discards(list(hand) + [card], rules, special)
    return max((m for _, _, m in found), default=0) > now


def best_closing(view, rules: Rules):
    closings = view.get("closings") or []
    if not closings:
        return None
    return max(closings, key=lambda c: (c["multiplier"], -rules.value(c["card"])))


def regular(view, rng) -> dict:
    """The habitué."""
    rules = Rules.from_options(view["options"])
    hand = view["hand"]
    if view["phase"] == "draw":
        top = view["discard_top"]
        if top is not None:
            now, left = current_arrangement(view, rules)
            if now == 0:
                # Melded already, waiting for a bigger closing: any top card would be
                # kept and thrown back, never giving the stock its chance to bring the
                # card that doubles the closing. Take the top only when it is that card.
                doubles = better_closing(hand, top, view, rules)
                return {"type": "draw", "from": "discard" if doubles else "stock"}
            worst = max((rules.value(c) for c in left if c[0] != "X"), default=0)
            after = count_after_drawing(hand, now, worst, top, rules)
            if after == 0 or now - after >= DRAW_GAIN:
                return {"type": "draw", "from": "discard"}
        return {"type": "draw", "from": "stock"}
    closing = best_closing(view, rules)
    if closing:
        if not waiting_pays(view, rng, closing, rules):
            return {"type": "close", "card": closing["card"]}
        return {"type": "discard", "card": closing["card"]}  # wait, still closable
    _, card = best_discard(hand, rules)
    action = {"type": "discard", "card": card}
    return action if action in view["legal_actions"] else view["legal_actions"][0]


def beginner(view, rng) -> dict:
    """The débutant: the melds it sees, nothing more."""
    rules = Rules.from_options(view["options"])
    hand = view["hand"]
    if view["phase"] == "draw":
        top = view["discard_top"]
        if top is not None:
            # the top card joins a meld of the hand (the eleven cards count less)
            if leftover_count(hand + [top], rules) < current_count(view, rules):
                return {"type": "draw", "from": "discard"}
        return {"type": "draw", "from": "stock"}
    closing = best_closing(view, rules)
    if closing:
        return {"type": "close", "card": closing["card"]}
    proposed = view.get("proposed") or {}
    left = [c for c in hand if c in (proposed.get("leftover") or ()) and c[0] != "X"]
    pool = left or [c for c in hand if c[0] != "X"] or hand
    return {"type": "discard", "card": max(pool, key=rules.value)}
