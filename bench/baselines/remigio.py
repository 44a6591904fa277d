"""Remigio baseline for the arena, independent of the game's bot (own seat's view only).

``greedy``: minimises its deadwood (the value of the cards left out of melds, from the
meld solver). It takes the discard pile's top card when keeping it lowers its deadwood,
else draws from the stock; it closes whenever it can (the closing paying most), and
otherwise discards the card that leaves the least deadwood (the highest card among equals).
"""

from __future__ import annotations

from cardgames.melds import Rules, leftover_count


def least_deadwood(hand, rules) -> tuple[int, str]:
    """(deadwood, card) for the discard leaving the least deadwood."""
    best = None
    for card in sorted(set(hand), key=lambda c: -rules.value(c)):
        rest = list(hand)
        rest.remove(card)
        count = leftover_count(rest, rules)
        if best is None or count < best[0]:
            best = (count, card)
    return best


def greedy(view, rng) -> dict:
    rules = Rules.from_options(view["options"])
    hand = view["hand"]
    if view["phase"] == "draw":
        top = view["discard_top"]
        if top is not None:
            after, _ = least_deadwood(hand + [top], rules)
            if after < leftover_count(hand, rules):
                return {"type": "draw", "from": "discard"}
        return {"type": "draw", "from": "stock"}
    closings = view.get("closings") or []
    if closings:
        best = max(closings, key=lambda c: c["multiplier"])
        return {"type": "close", "card": best["card"]}
    _, card = least_deadwood(hand, rules)
    return {"type": "discard", "card": card}


KINDS = {"greedy": greedy}
