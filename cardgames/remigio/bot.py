"""The Remigio bot: decides from a seat's view with the meld solver.

- Draw: take the pile's top card when keeping it (and discarding the best card) lowers the
  hand's count by enough, or lets the hand close; otherwise draw from the stock.
- Discard: the card whose removal leaves the lowest count; among equals, keep jokers and
  cards with many neighbours (more ways to complete a meld), throw the highest value.
- Close when possible, with the discard giving the highest multiplier; in elimination,
  past the opening turns, a closing held with jokers may wait for the natural cards that
  would double it (the seed's "waiting" tactic), since a player who is fully melded loses
  nothing if someone else closes first.
"""

from __future__ import annotations

from ..melds import RANK_INDEX, Rules, leftover_count

DRAW_GAIN = 4  # count improvement that makes taking the (visible) discard worthwhile


def _neighbours(card, hand) -> int:
    """How many other cards could join this one in a meld (same rank, or close in suit)."""
    if card[0] == "X":
        return 99
    r, s = RANK_INDEX[card[0]], card[1]
    n = 0
    for other in hand:
        if other is card or other == card:
            continue
        if other[0] == "X":
            n += 1
        elif other[0] == card[0]:
            n += 2
        elif other[1] == s:
            d = abs(RANK_INDEX[other[0]] - r)
            if d == 12:
                d = 1
            if d <= 2:
                n += 3 - d
    return n


def best_discard(hand, rules: Rules):
    """(count after discarding, card) for the best discard of an eleven-card hand."""
    best = None
    seen = set()
    for card in hand:
        if card[:2] in seen:
            continue
        seen.add(card[:2])
        rest = list(hand)
        rest.remove(card)
        count = leftover_count(rest, rules)
        if card[0] == "X":
            count += 25  # a joker left over now is almost always melded later
        key = (count, _neighbours(card, rest), -rules.value(card))
        if best is None or key < best[0]:
            best = (key, card)
    return best[0][0], best[1]


def no_joker_outs(kept, rules: Rules) -> int:
    """How many faces, drawn in place of the one joker of ``kept``, would close without joker."""
    jokers = [c for c in kept if c[0] == "X"]
    if len(jokers) != 1:
        return 0
    naturals = [c for c in kept if c[0] != "X"]
    outs = 0
    for suit in "cdhs":
        for rank in "A23456789TJQK":
            if leftover_count(naturals + [f"{rank}{suit}.9"], rules) == 0:
                outs += 1
    return outs


def _waiting_pays(view, rng, closing, rules) -> bool:
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
    return no_joker_outs(kept, rules) >= 2 and rng.random() < 0.6


def choose(view, rng, level: str = "habitue"):
    legal = view["legal_actions"]
    rules = Rules.from_options(view["options"])
    hand = view["hand"]
    if view["phase"] == "draw":
        top = view["discard_top"]
        if top is not None:
            now = leftover_count(hand, rules)
            after, _ = best_discard(hand + [top], rules)
            if after == 0 or now - after >= DRAW_GAIN:
                return {"type": "draw", "from": "discard"}
        return {"type": "draw", "from": "stock"}
    closings = view.get("closings") or []
    if closings:
        best = max(closings, key=lambda c: (c["multiplier"], -rules.value(c["card"])))
        if not _waiting_pays(view, rng, best, rules):
            return {"type": "close", "card": best["card"]}
        # wait: throw the card that keeps the hand closable
        return {"type": "discard", "card": best["card"]}
    _, card = best_discard(hand, rules)
    action = {"type": "discard", "card": card}
    return action if action in legal else legal[0]
