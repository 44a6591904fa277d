"""The maître of Remigio: draws and discards weighed by what the unseen cards can do.

It counts the cards it has not seen by face: the packs less its hand and the faces in
the discard pile (dead cards: nobody will draw them before the pile is shuffled again).
A ten-card hand is judged by what the next card from the stock does to it on average over
those unseen cards: the count it leaves after the best discard, or a closing (worth
``CLOSE_VALUE``), which weighs the hand's outs and its chances to improve in one number.

- Draw: the pile's top card is taken when it lets the hand close, or when the count it
  leaves is lower than what a card from the stock is worth on average; a hand already
  melded (waiting for a bigger closing) takes it only when it makes that closing, and
  otherwise draws from the stock, where the card that does may be;
- Discard: among the discards leaving a count near the best, the one whose kept hand is
  worth most by that measure, a little less for a card that would feed the next player (a
  card with many live partners, same rank or close in its suit, is likely to fit his
  melds; one whose partners are dead is safe);
- Close: at once, unless waiting for a doubled closing (without joker) pays: only in
  elimination, past the opening turns, with enough live natural cards that would do it.
"""

from __future__ import annotations

from collections import Counter

from ..budget import Budget
from ..cards import multi_deck
from ..melds import RANK_INDEX, Rules, best_arrangement, leftover_count
from .hand import connected, count_after_drawing, discard_counts
from .tactics import best_closing, better_closing

CLOSE_VALUE = 30  # what being able to close is worth, in points of count
DRAW_MARGIN = 1  # taking the visible top card tells the table what one collects
SLACK = 3  # discards tried: those leaving at most this much more than the best
HORIZON_START = 4.0  # draws counted on at the start of a round
HORIZON_DECAY = 3.0  # turns each player takes for one draw less to count on
WAIT_OUTS = 4  # live natural cards (copies) that make waiting for a doubled closing pay
FEED_WEIGHT = 0.5  # points of count a live partner card in the next hand costs
HAND_SIZE = 10
# The work budget, in cards tried with the meld solver (a drawn face that could join the
# hand's melds), not a clock, so a decision is the same on a busy server as on a quiet one
# (``cardgames.budget``); past it, the faces not yet tried count as no change. A discard
# tries up to a few hundred (0.2–0.3 ms of CPU each): 300 lets 99 % of the decisions that
# try a card try every face, as the former 60 ms clock did on a quiet machine (1.1 % of 450
# over 60 rounds were cut), and bounds the others.
TRY_BUDGET = 300


def unseen_faces(view) -> Counter:
    """Faces not seen by this seat, with the number of copies unseen."""
    decks = 3 if view["seats"] > 6 else 2
    faces = Counter(card[:2] for card in multi_deck(decks))
    pile = view.get("pile_faces") or ([view["discard_top"]] if view["discard_top"] else [])
    for card in list(view["hand"]) + list(pile):
        if faces[card[:2]] > 0:
            faces[card[:2]] -= 1
    return +faces


def stock_value(hand, unseen: Counter, rules: Rules, budget: Budget) -> float:
    """The mean quality (count, or -CLOSE_VALUE when closable) of ten cards ``hand`` after
    the next card from the stock and the best discard.

    Only the faces that could meld with a card left out of the hand's melds need the
    solver (others are thrown again, or kept for a higher leftover card); once the
    decision's ``budget`` of cards tried is spent, those not yet tried count as no change.
    """
    arrangement = best_arrangement(hand, rules)
    count, left = arrangement.count, arrangement.leftover
    worst = max((rules.value(c) for c in left if c[0] != "X"), default=0)
    total = weight = 0.0
    for face, copies in unseen.items():
        if connected(face, left) and budget.left():
            budget.spend()
            after = count_after_drawing(hand, count, worst, face + ".9", rules)
        else:
            after = min(count, count - worst + rules.value(face))
        total += copies * (-CLOSE_VALUE if after == 0 else after)
        weight += copies
    return total / weight if weight else count


def choose_draw(view, rules: Rules, unseen: Counter, budget: Budget, notes=None) -> dict:
    """Take the pile's top card or draw from the stock; ``notes`` (a dict), when given,
    receives the counts weighed: ``count`` now, ``after`` taking the top card and the
    ``stock``'s mean quality when it came to be compared (``advice``)."""
    notes = {} if notes is None else notes
    notes.update(rules=rules, unseen=unseen, budget=budget)
    top = view["discard_top"]
    if top is None:
        return {"type": "draw", "from": "stock"}
    hand = list(view["hand"])
    arrangement = best_arrangement(hand, rules)
    worst = max((rules.value(c) for c in arrangement.leftover if c[0] != "X"), default=0)
    notes["count"] = arrangement.count
    if arrangement.count == 0:
        # Melded already (waiting for a bigger closing): the stock may bring the card that
        # doubles it; the top card is worth taking only when it is that card.
        source = "discard" if better_closing(hand, top, view, rules) else "stock"
        return {"type": "draw", "from": source}
    after = notes["after"] = count_after_drawing(hand, arrangement.count, worst, top, rules)
    if after == 0:
        return {"type": "draw", "from": "discard"}
    if after >= arrangement.count:  # the top card would be thrown again: no gain
        return {"type": "draw", "from": "stock"}
    notes["stock"] = stock_value(hand, unseen, rules, budget)
    if after + DRAW_MARGIN < notes["stock"]:
        return {"type": "draw", "from": "discard"}
    return {"type": "draw", "from": "stock"}


def natural_outs(kept, unseen: Counter, rules: Rules) -> int:
    """Unseen natural cards (copies) that, drawn in place of the one joker of the ten
    cards ``kept``, would close without a joker (and so double the closing); counting
    stops at ``WAIT_OUTS``."""
    naturals = [c for c in kept if c[0] != "X"]
    if len(naturals) != len(kept) - 1:
        return 0
    outs = 0
    for face, copies in unseen.items():
        # a face that can share no meld with the naturals is left over: no solver needed
        if face[0] == "X" or not connected(face, naturals):
            continue
        if leftover_count(naturals + [face + ".9"], rules) == 0:
            outs += copies
            if outs >= WAIT_OUTS:
                return outs  # enough to wait: the exact number is not needed
    return outs


def waiting_pays(view, closing, unseen: Counter, rules: Rules) -> bool:
    """Wait for a closing without joker (x2) rather than close with one (x1)?

    In elimination only (in payment, closing now collects), past the opening turns and with
    stock enough for a few more turns, when enough natural cards that would do it are still
    live (a dead card, in the pile, will not come).
    """
    if view["options"]["scoring"] != "elimination" or closing["multiplier"] != 1:
        return False
    players = sum(1 for o in view["out"] if not o)
    if view["turns"] < 3 * players or view["stock_count"] < 2 * players:
        return False
    kept = list(view["hand"])
    kept.remove(closing["card"])
    return natural_outs(kept, unseen, rules) >= WAIT_OUTS


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


def horizon(view) -> float:
    """How many draws a hand can still count on before someone closes: several early in
    the round (a partial meld is worth keeping), one late (only the count matters)."""
    players = max(sum(1 for o in view["out"] if not o), 1)
    return max(1.0, HORIZON_START - view["turns"] / players / HORIZON_DECAY)


def discard_score(view, card: str, count: int, rules: Rules, unseen: Counter,
                  budget: Budget) -> float:
    """How the maître scores discarding ``card`` (lower is better), ``count`` being the
    count of the ten cards kept: that count, less what the draws to come can be expected
    to take off it, plus what the card may feed the next player."""
    rest = list(view["hand"])
    rest.remove(card)
    # the count now, less what the draws to come can be expected to take off it
    gain = count - stock_value(rest, unseen, rules, budget)
    feed = live_partners(card, unseen) * HAND_SIZE / max(sum(unseen.values()), 1)
    return count - horizon(view) * gain + FEED_WEIGHT * feed


def choose_discard(view, rules: Rules, unseen: Counter, budget: Budget, notes=None) -> dict:
    """The discard scored best among those leaving a count near the best; ``notes`` (a
    dict), when given, receives the ``counts`` and the ``scores`` (``advice``)."""
    hand = list(view["hand"])
    counts = discard_counts(hand, rules, SLACK)
    best = min(counts.values())

    # the lowest counts first, so that the budget cuts the least promising
    candidates = sorted((c for c, n in counts.items() if n <= best + SLACK), key=counts.get)
    scores = {c: discard_score(view, c, counts[c], rules, unseen, budget) for c in candidates}
    card = min(candidates, key=lambda c: (scores[c], counts[c], -rules.value(c)))
    if notes is not None:
        notes.update(counts=counts, scores=scores)
    return {"type": "discard", "card": card}


def choose(view, rng, notes: dict | None = None) -> dict:
    """The maître's action; ``notes`` (a dict), when given, receives what it weighed, with
    the ``rules``, the ``unseen`` faces and the ``budget`` it weighed them by, so that
    the appraisal (``advice``) shares the search rather than running its own."""
    rules = Rules.from_options(view["options"])
    unseen = unseen_faces(view)
    budget = Budget(TRY_BUDGET)
    if view["phase"] == "draw":
        return choose_draw(view, rules, unseen, budget, notes)
    closing = best_closing(view, rules)
    if notes is not None:
        notes.update(rules=rules, unseen=unseen, budget=budget)
    if closing:
        if waiting_pays(view, closing, unseen, rules):
            return {"type": "discard", "card": closing["card"]}
        return {"type": "close", "card": closing["card"]}
    action = choose_discard(view, rules, unseen, budget, notes)
    return action if action in view["legal_actions"] else view["legal_actions"][0]
