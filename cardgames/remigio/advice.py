"""The maître's appraisal of a Remigio decision (``Game.appraise``): what it plays, and the
worth of each option it weighs, from the seat's view only.

Values are points on the maître's own scale (``search``): minus the count the hand can
expect to be left with, a closing counting as ``CLOSE_VALUE`` points times its multiplier.

- Draw: the pile's top card is worth minus the count it leaves after the best discard
  (less ``DRAW_MARGIN``: taking it shows the table what one collects), the stock minus
  its mean over the unseen faces (``search.stock_value``); a melded hand waiting for a
  bigger closing weighs the closings each source can make.
- Discard: each discard the maître scores (``search.discard_score``: the count kept,
  less what the draws to come can take off it, plus what the card may feed the next
  player), negated; a closing ``CLOSE_VALUE`` times its multiplier; keeping a closing
  hand to wait for a doubled closing its closing plus the chance that the natural card
  comes, when waiting pays (``search.waiting_pays``), else half its closing, since anyone
  may close first. A discard that leaves no closing is worth at most that half.

The reason is the melds the hand keeps after the maître's move (with the pairs and
two-card runs of its leftover cards it still hopes to meld), as faces, and the count
left in it.
"""

from __future__ import annotations

from ..core import to_json
from ..melds import RANK_INDEX, best_arrangement, leftover_count
from . import search
from .hand import JOKER_KEEP, best_discard
from .rules import closing_discards, closing_kind, multiplier

CLOSE_VALUE = search.CLOSE_VALUE
DRAW_MARGIN = search.DRAW_MARGIN
PUT_OFF = 0.5  # what a closing put off is worth, as a share of closing now
# A loss smaller than this, in points of count, is not marked by a game review: the
# maître's own discards differ by up to ``search.SLACK`` (3) points of count on its
# estimates of what the stock brings, so a mistake shown is one that keeps at least a
# middling card too many (5 points) on the maître's measure.
REVIEW_THRESHOLD = 5.0


def appraise(view: dict, rng, also: dict | None = None) -> dict | None:
    """The maître's action, the options it weighed with their worth in points (``also``
    among them), and the melds its move keeps; None without a choice."""
    legal = view.get("legal_actions") or []
    if len(legal) <= 1:
        return None
    if also is not None and to_json(also) not in {to_json(entry) for entry in legal}:
        raise ValueError(f"not a legal action here: {also!r}")
    notes: dict = {}
    action = search.choose(view, rng, notes)
    if view["phase"] == "draw":
        values = draw_values(view, notes)
    else:
        values = discard_values(view, notes, [action, also])
    listed = {to_json(a): {"action": a, "value": round(float(v), 2)} for a, v in values}
    return {
        "action": action,
        "values": list(listed.values()),
        "reason": {"code": "advice.meld", **kept_melds(view, action, notes["rules"])},
    }


# ----- draw ------------------------------------------------------------------------------------
def draw_values(view, notes) -> list[tuple[dict, float]]:
    rules, unseen, budget = notes["rules"], notes["unseen"], notes["budget"]
    hand, top = list(view["hand"]), view["discard_top"]
    stock, pile = {"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}
    if top is None:
        return [(stock, -notes.get("count", 0))]
    if notes.get("count") == 0:  # melded, waiting for a bigger closing: closings compared
        kind = closing_kind(hand, rules, view["options"]["special"])
        now = max(multiplier(kind, hand) if kind else 1, 1)
        made = closing_discards(hand + [top], rules, view["options"]["special"])
        bigger = max((m for _, _, m in made), default=0)
        taken = CLOSE_VALUE * bigger if bigger > now else CLOSE_VALUE * now - DRAW_MARGIN
        return [(stock, CLOSE_VALUE * now), (pile, taken)]
    after = notes["after"]
    mean = notes.get("stock")
    if mean is None:  # the maître did not need it: weighed now, on what its budget left
        mean = search.stock_value(hand, unseen, rules, budget)
    taken = CLOSE_VALUE if after == 0 else -(after + DRAW_MARGIN)
    return [(stock, -mean), (pile, taken)]


# ----- discard ---------------------------------------------------------------------------------
def discard_values(view, notes, wanted) -> list[tuple[dict, float]]:
    closings = view.get("closings") or []
    # Nothing that leaves the hand open is worth a closing put off, when one is there.
    ceiling = max((CLOSE_VALUE * c["multiplier"] * PUT_OFF for c in closings), default=None)
    values = [
        ({"type": "close", "card": c["card"]}, CLOSE_VALUE * c["multiplier"]) for c in closings
    ]
    weighed = {card: -score for card, score in (notes.get("scores") or {}).items()}
    others = {}
    for action in wanted:
        if action is None or action["type"] != "discard" or action["card"] in weighed:
            continue
        if not any(c["card"] == action["card"] for c in closings):  # those are valued below
            others[action["card"]] = _other_discard(view, action["card"], notes, weighed)
    for card, value in {**weighed, **others}.items():
        values.append(
            ({"type": "discard", "card": card}, value if ceiling is None else min(value, ceiling))
        )
    if closings:
        values += [_waiting(view, closing, notes) for closing in closings]
    return values


def _other_discard(view, card, notes, weighed) -> float:
    """A discard the maître did not weigh: scored as it scores its own, a joker's penalty
    added (``hand.JOKER_KEEP``); and when it leaves a count beyond the maître's slack,
    worth no more than the maître's choice less the count it keeps over the best (the
    maître does not trust the draws to come to take off more than ``search.SLACK``)."""
    rules = notes["rules"]
    rest = list(view["hand"])
    rest.remove(card)
    count = leftover_count(rest, rules)
    penalty = JOKER_KEEP if card[0] == "X" else 0
    score = search.discard_score(view, card, count, rules, notes["unseen"], notes["budget"])
    value = -(score + penalty)
    counts = notes.get("counts") or {}
    if weighed and counts:
        value = min(value, max(weighed.values()) - (count + penalty - min(counts.values())))
    return value


def _waiting(view, closing, notes) -> tuple[dict, float]:
    """Discarding a closing's card without closing: the ten kept still close."""
    best = max(view["closings"], key=lambda c: (c["multiplier"], -notes["rules"].value(c["card"])))
    value = CLOSE_VALUE * closing["multiplier"] * PUT_OFF
    if closing is best and search.waiting_pays(view, closing, notes["unseen"], notes["rules"]):
        kept = list(view["hand"])
        kept.remove(closing["card"])
        outs = search.natural_outs(kept, notes["unseen"], notes["rules"])
        unseen = max(sum(notes["unseen"].values()), 1)
        coming = 1.0 - (1.0 - outs / unseen) ** search.horizon(view)
        value = CLOSE_VALUE * (1.0 + coming)  # doubled if the card comes, else closed alike
    return {"type": "discard", "card": closing["card"]}, value


# ----- the reason ------------------------------------------------------------------------------
def kept_melds(view, action, rules) -> dict:
    """The melds the hand keeps after ``action`` and the pairs and short runs of its
    leftover cards (faces), and the count left in it."""
    hand = list(view["hand"])
    if action["type"] == "draw":
        top = view["discard_top"]
        if action["from"] == "discard" and top is not None:
            _, thrown = best_discard(hand + [top], rules)
            hand = hand + [top]
            hand.remove(thrown)
    else:
        hand.remove(action["card"])
    arrangement = best_arrangement(hand, rules)
    groups = [[c[:2] for c in meld] for meld in arrangement.melds]
    groups += [[c[:2] for c in group] for group in _hopes(arrangement.leftover)]
    count = 0 if action["type"] == "close" else arrangement.count
    return {"cards": groups, "count": count}


def _hopes(leftover) -> list[list[str]]:
    """Leftover cards that could meld together: two or more of a rank, or of a suit within
    two ranks of each other (jokers left over join the first group)."""
    naturals = sorted((c for c in leftover if c[0] != "X"), key=lambda c: (c[1], RANK_INDEX[c[0]]))
    groups: list[list[str]] = []
    used: set[str] = set()
    for card in naturals:
        if card in used:
            continue
        group = [card] + [
            other
            for other in naturals
            if other not in used and other != card and _partners(card, other)
        ]
        if len(group) >= 2:
            groups.append(group)
            used.update(group)
    jokers = [c for c in leftover if c[0] == "X"]
    if jokers and groups:
        groups[0] += jokers
    return groups


def _partners(a: str, b: str) -> bool:
    if a[0] == b[0]:
        return True
    if a[1] != b[1]:
        return False
    gap = abs(RANK_INDEX[a[0]] - RANK_INDEX[b[0]])
    return gap <= 2 or gap >= 11
