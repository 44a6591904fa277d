"""The maître of Remigio: draws and discards weighed by what the unseen cards can do.

It counts the cards it has not seen by face: the packs less its hand and the faces in
the discard pile (dead cards: nobody will draw them before the pile is shuffled again).

- Draw: the pile's top card is taken when the count it leaves (after the best discard) is
  lower than what a card from the stock leaves on average over the unseen cards, or when
  it lets the hand close; a card from the stock may close too, which is worth a lot.
- Discard: among the discards leaving a count near the best, the one that keeps the most
  outs (unseen cards that would let the ten kept cards close next turn) and feeds the next
  player least (a card with many live partners, same rank or close in its suit, is likely
  to fit his melds; a card whose partners are dead is safe).
- Close: as the habitué, waiting for a doubled closing only when enough natural cards that
  would do it are still unseen.
"""

from __future__ import annotations

from collections import Counter

from ..cards import multi_deck
from ..melds import RANK_INDEX, Rules, best_arrangement
from .hand import closes_with, connected, count_after_drawing, discard_counts
from .tactics import best_closing, waiting_pays

CLOSE_VALUE = 30  # what being able to close is worth, in points of count
DRAW_MARGIN = 1  # taking the visible top card tells the table what one collects
SLACK = 4  # discards tried: those leaving at most this much more than the best
OUTS_FROM = 30  # outs are counted only for hands this close to closing
OUT_WEIGHT = 3.0  # points of count an out is worth
FEED_WEIGHT = 1.5  # points of count a live partner card in the next hand costs
HAND_SIZE = 10


def unseen_faces(view) -> Counter:
    """Faces not seen by this seat, with the number of copies unseen."""
    decks = 3 if view["seats"] > 6 else 2
    faces = Counter(card[:2] for card in multi_deck(decks))
    pile = view.get("pile_faces") or ([view["discard_top"]] if view["discard_top"] else [])
    for card in list(view["hand"]) + list(pile):
        if faces[card[:2]] > 0:
            faces[card[:2]] -= 1
    return +faces


def stock_value(hand, unseen: Counter, rules: Rules) -> float:
    """The mean quality (count, or -CLOSE_VALUE when closable) after a card from the stock."""
    arrangement = best_arrangement(hand, rules)
    count = arrangement.count
    worst = max((rules.value(c) for c in arrangement.leftover), default=0)
    total = weight = 0.0
    for face, copies in unseen.items():
        after = count_after_drawing(hand, count, worst, face + ".9", rules)
        total += copies * (-CLOSE_VALUE if after == 0 else after)
        weight += copies
    return total / weight if weight else count


def choose_draw(view, rules: Rules, unseen: Counter) -> dict:
    top = view["discard_top"]
    if top is None:
        return {"type": "draw", "from": "stock"}
    hand = list(view["hand"])
    arrangement = best_arrangement(hand, rules)
    worst = max((rules.value(c) for c in arrangement.leftover), default=0)
    after = count_after_drawing(hand, arrangement.count, worst, top, rules)
    if after == 0:
        return {"type": "draw", "from": "discard"}
    if after + DRAW_MARGIN < stock_value(hand, unseen, rules):
        return {"type": "draw", "from": "discard"}
    return {"type": "draw", "from": "stock"}


def outs(rest, unseen: Counter, rules: Rules) -> int:
    """Unseen cards (copies) that would let the ten cards ``rest`` close next turn."""
    return sum(
        copies
        for face, copies in unseen.items()
        if connected(face, rest) and closes_with(rest, face + ".9", rules)
    )


def live_partners(card: str, unseen: Counter) -> int:
    """Unseen copies of the cards that could share a meld with ``card``."""
    if card[0] == "X":
        return sum(unseen.values())
    rank, suit = RANK_INDEX[card[0]], card[1]
    found = unseen.get("Xr", 0) + unseen.get("Xb", 0)
    for face, copies in unseen.items():
        if face[0] == "X":
            continue
        if face[0] == card[0] and face[1] != suit:
            found += copies
        elif face[1] == suit and 0 < abs(RANK_INDEX[face[0]] - rank) <= 2:
            found += copies
    return found


def choose_discard(view, rules: Rules, unseen: Counter) -> dict:
    hand = list(view["hand"])
    counts = discard_counts(hand, rules, SLACK)
    best = min(counts.values())
    unseen_total = max(sum(unseen.values()), 1)

    def score(card):
        rest = list(hand)
        rest.remove(card)
        value = counts[card]
        if counts[card] <= OUTS_FROM:
            value -= OUT_WEIGHT * outs(rest, unseen, rules) * HAND_SIZE / unseen_total
        feed = live_partners(card, unseen) * HAND_SIZE / unseen_total
        return value + FEED_WEIGHT * feed

    candidates = [c for c, n in counts.items() if n <= best + SLACK]
    card = min(candidates, key=lambda c: (score(c), -rules.value(c)))
    return {"type": "discard", "card": card}


def choose(view, rng) -> dict:
    """The maître's action."""
    rules = Rules.from_options(view["options"])
    unseen = unseen_faces(view)
    if view["phase"] == "draw":
        return choose_draw(view, rules, unseen)
    closing = best_closing(view, rules)
    if closing:
        if waiting_pays(view, rng, closing, rules):
            return {"type": "discard", "card": closing["card"]}
        return {"type": "close", "card": closing["card"]}
    action = choose_discard(view, rules, unseen)
    return action if action in view["legal_actions"] else view["legal_actions"][0]
