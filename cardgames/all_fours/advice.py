"""The maître's appraisal of an All-fours decision (``Game.appraise``), from the seat's view.

It is the maître's own search (``search.weigh``), run once: the action is the one the
maître plays with the same rng, and every candidate's value is what the search measures,
the seat's chance of winning the game once the deal is played out from that action
(``advice.win_chance``). An action asked about (``also``) that the maître would not weigh,
a discard of cards it would keep, is played out on the same imagined deals.
"""

from __future__ import annotations

from math import comb

from . import search

# The smallest loss of winning chance a review marks as a mistake. A point at 0-0 is worth
# 0.11 of the game (``estimate.win_chance``), more near the end; two candidates valued on
# the same imagined deals differ by chance alone by 0.01–0.035 (the standard deviation of
# the difference over repeated appraisals of one position, measured on twelve decisions).
# 0.05, half a point at the start of a game, stays clear of that noise.
REVIEW_THRESHOLD = 0.05


def choices(legal: list[dict]) -> int:
    """How many different actions the legal entries stand for (a discard's are many)."""
    total = 0
    for entry in legal:
        if "choose" in entry:
            low, high = entry["choose"]
            total += sum(comb(len(entry["from"]), k) for k in range(low, high + 1))
        else:
            total += 1
    return total


def same(a: dict, b: dict) -> bool:
    """The same action: a discard's cards in any order."""
    if a.get("type") == "discard" and b.get("type") == "discard":
        return sorted(a.get("cards") or []) == sorted(b.get("cards") or [])
    return a == b


def legal_also(view: dict, also) -> dict | None:
    """``also`` when it is a legal action here, else None."""
    if not isinstance(also, dict):
        return None
    for entry in view["legal_actions"]:
        if "choose" in entry:
            cards = also.get("cards")
            low, high = entry["choose"]
            if (
                also.get("type") == entry["type"]
                and set(also) == {"type", "cards"}
                and isinstance(cards, list)
                and low <= len(cards) <= high
                and len(set(cards)) == len(cards)
                and set(cards) <= set(entry["from"])
            ):
                return {"type": entry["type"], "cards": list(cards)}
        elif also == entry:
            return dict(also)
    return None


def appraise(view: dict, rng, also: dict | None = None) -> dict | None:
    """The maître's action, the values of the actions weighed (``also`` among them when it
    is legal here), and the reason; None when the seat has no choice to make."""
    legal = view.get("legal_actions") or []
    if choices(legal) < 2:
        return None
    candidates = search.candidates(view)
    asked = legal_also(view, also)
    extra = [asked] if asked and not any(same(asked, c) for c in candidates) else []
    weighed = search.weigh(view, rng, candidates, extra)
    best = weighed.best()
    order = sorted(range(len(weighed.actions())), key=lambda i: -weighed.totals[i])
    values = [{"action": weighed.actions()[i], "value": weighed.mean(i)} for i in order]
    chance = weighed.mean(weighed.candidates.index(best))
    reason = {"code": "advice.win_chance", "chance": round(chance, 3)}
    return {"action": best, "values": values, "reason": reason}
