"""The maître's appraisal of a L'Ascenseur decision (``Game.appraise``), from the seat's view.

It is the maître's own search (``search.weigh_bids`` and ``search.weigh_cards``), run once:
the action is the one the maître plays with the same rng, every candidate's value is its
mean score over the imagined deals (the seat's deal points, less a part of the opponents'
mean: the measure the maître maximises), and an action asked about (``also``) that the
maître would not weigh, a bid far from its estimate, is played out on the same deals.

The reason: for a bid, the tricks the seat makes on average with the bid advised
(``advice.bid_tricks``); for a card, the share of the imagined deals in which the seat makes
its bid exactly once that card is played (``advice.exact_bid``).
"""

from __future__ import annotations

from . import search

# The smallest loss, in the points of ``values``, that a review marks as a mistake. At the
# default scoring a bid made is worth 10 + 2 a trick and one missed by a trick -5, so a bid
# kept or lost is a swing of 15 points or more; but two candidates valued on the same few
# dozen imagined deals differ by chance alone by 0.6–2 points (the standard deviation of
# the difference over repeated appraisals of one position, measured on twelve bids and
# cards). 3 points stays clear of that noise and is a fifth of a bid kept or lost.
REVIEW_THRESHOLD = 3.0


def appraise(view: dict, rng, also: dict | None = None) -> dict | None:
    """The maître's action, the values of the actions weighed (``also`` among them when it
    is legal here), and the reason; None when the seat has no choice to make."""
    legal = view.get("legal_actions") or []
    if len(legal) < 2:
        return None
    bidding = view["phase"] == "bid"
    kind, key = ("bid", "tricks") if bidding else ("play", "card")
    extra = [also[key]] if isinstance(also, dict) and also in legal else []
    if bidding:
        weighed = search.weigh_bids(view, rng, search.bid_candidates(view), extra)
    else:
        weighed = search.weigh_cards(view, rng, extra)
    best = weighed.best()
    if bidding:
        tricks = weighed.mean(weighed.tricks, best)
        reason = {"code": "advice.bid_tricks", "bid": best, "tricks": round(tricks, 3)}
    else:
        chance = weighed.mean(weighed.exact, best)
        reason = {"code": "advice.exact_bid", "chance": round(chance, 3)}
    weighed_all = weighed.candidates + [k for k in extra if k not in weighed.candidates]
    # best first; ordered by the sums the choice compares, so the advised action leads
    weighed_all.sort(key=lambda k: -weighed.score[k])
    values = [
        {"action": {"type": kind, key: k}, "value": weighed.mean(weighed.score, k)}
        for k in weighed_all
    ]
    return {"action": {"type": kind, key: best}, "values": values, "reason": reason}
