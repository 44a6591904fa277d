"""The maître of L'Ascenseur: bids and cards chosen by playing imagined deals out.

Each imagined deal gives the cards the seat has not seen to the other hands and the undealt
pack, consistently with the play so far (``inference.HandSampler``), and is weighted by how
well it explains the bids already made: a hand that a plain counter of honours and trumps
would value near the bid its owner made weighs more. The bids still to come are what
such a counter would say (the dealer shifted off the forbidden total). Every candidate
(each legal card, or the bids near the habitué's estimate) is then played out on the same
deals by the plain bid-seeking card play (``playout``), and the candidate with the best
mean score wins: the deal's points for the seat, less a part of the opponents' mean (a
missed bid next door is worth something too).

The work is bounded by a budget of cards played out (``WORK_BUDGET``), not by the clock, so
a decision is the same on a busy server as on a quiet one (``cardgames.budget``). The
search returns every candidate's sums (``Weighed``), which the maître's choice and its
appraisal (``advice``) both read: one search for both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..budget import Budget
from .bidding import completed_bids
from .game import deal_points
from .inference import HandSampler
from .odds import Odds, naive_tricks
from .playout import play_out

# The work is counted in cards played out, since a playout's cost is its number of cards: a
# 13-card deal at four seats plays 52 cards a candidate, a 1-card deal 4, so counting deals
# would make the first decision of a game a dozen times the cost of the last. Imagining one
# deal (sampling the hidden hands, weighing them against the bids) costs about what
# DEAL_COST cards do. A card costs about 0.0025 ms of CPU, so the budget buys about 60 ms,
# what the former 60 ms clock gave the largest decisions on a quiet machine.
WORK_BUDGET = 24_000
DEAL_COST = 30
MAX_DEALS = 80  # past this many deals the choice hardly changes: small deals stop here
OPPONENT_WEIGHT = 0.3
BID_SPREAD = 2  # bids tried on each side of the habitué's estimate
BID_SIGMA = 1.2  # how far, in tricks, a bid strays from the counter's value


def guessed_bids(view: dict, hands: list) -> list[int]:
    """The bids made, and for the others what a plain counter would bid with its hand."""
    trump = view["trump"]
    return completed_bids(view, list(view["bids"]),
                          lambda seat: naive_tricks(hands[seat], trump))


def bid_likelihood(view: dict, hands: list) -> float:
    """How well the imagined hands explain the bids the others already made."""
    me, trump = view["you"], view["trump"]
    logw = 0.0
    for seat, bid in enumerate(view["bids"]):
        if seat == me or bid is None:
            continue
        miss = max(bid - view["won"][seat], 0) - naive_tricks(hands[seat], trump)
        logw -= miss * miss / (2 * BID_SIGMA * BID_SIGMA)
    return math.exp(logw)


def imagined(view: dict, sampler: HandSampler, rng) -> tuple[list, float]:
    """One imagined set of hands (every seat's) and its weight."""
    deal = sampler.sample(rng)
    hands = [deal.get(seat, []) for seat in range(view["seats"])]
    hands[view["you"]] = list(view["hand"])
    return hands, bid_likelihood(view, hands)


def score(view: dict, bids: list, won: list) -> float:
    me, scoring = view["you"], view["options"]["scoring"]
    mine = deal_points(bids[me], won[me], scoring)
    others = [deal_points(bids[s], won[s], scoring) for s in range(view["seats"]) if s != me]
    return mine - OPPONENT_WEIGHT * sum(others) / len(others)


@dataclass
class Weighed:
    """Each candidate's weighted sums over the same imagined deals: the search's score, the
    seat's tricks, and the deals where the seat made its bid exactly."""

    candidates: list  # the maître's own candidates, in the order it breaks ties
    score: dict = field(default_factory=dict)
    tricks: dict = field(default_factory=dict)
    exact: dict = field(default_factory=dict)
    weight: float = 0.0

    def best(self):
        """The maître's choice: its candidate with the best score (the first on a tie)."""
        return max(self.candidates, key=lambda c: self.score[c])

    def mean(self, table: dict, candidate) -> float:
        return table[candidate] / self.weight if self.weight else 0.0


def weigh(view: dict, rng, candidates: list, try_one, prepare=None, extra=()) -> Weighed:
    """Every candidate, and each of ``extra``, played out on the same imagined deals.

    ``try_one(hands, candidate, bids)`` plays one candidate out on copies of ``hands``
    and returns the tricks won by each seat; ``prepare(hands)`` gives the bids to score
    with (the view's by default), once per imagined deal. Only ``candidates`` are charged
    to the budget: ``extra`` (an action an appraisal is asked about) is valued on the deals
    the maître imagines for its own choice, which therefore stays what it would be alone.
    """
    me = view["you"]
    sampler = HandSampler(view)
    everyone = list(candidates) + [c for c in extra if c not in candidates]
    found = Weighed(list(candidates))
    for table in (found.score, found.tricks, found.exact):
        table.update(dict.fromkeys(everyone, 0.0))
    budget = Budget(WORK_BUDGET)
    for _ in range(MAX_DEALS):
        if not budget.left():
            break
        hands, weight = imagined(view, sampler, rng)
        budget.spend(DEAL_COST)
        if weight < 1e-6:
            continue
        budget.spend(len(candidates) * sum(len(hand) for hand in hands))
        found.weight += weight
        bids = prepare(hands) if prepare else view["bids"]
        for candidate in everyone:
            won = try_one(hands, candidate, bids)
            if prepare:
                bids = bids[:]
                bids[me] = candidate
            found.score[candidate] += weight * score(view, bids, won)
            found.tricks[candidate] += weight * won[me]
            found.exact[candidate] += weight * (won[me] == bids[me])
    return found


def weigh_cards(view: dict, rng, extra=()) -> Weighed:
    """Each legal card played out on the same imagined deals."""
    legal = [a["card"] for a in view["legal_actions"]]
    seats, me, trump = view["seats"], view["you"], view["trump"]

    def try_one(hands, card, bids):
        copies = [list(h) for h in hands]
        copies[me].remove(card)
        return play_out(
            copies,
            view["trick"] + [card],
            view["leader"],
            list(view["won"]),
            bids,
            trump,
            view["options"],
            seats,
        )

    return weigh(view, rng, legal, try_one, extra=extra)


def bid_candidates(view: dict) -> list[int]:
    """The bids the maître weighs: the legal ones near the habitué's estimate."""
    legal = [a["tricks"] for a in view["legal_actions"]]
    estimate = Odds(view).expected_tricks(view["size"])
    near = [k for k in legal if abs(k - estimate) <= BID_SPREAD]
    return near or legal


def weigh_bids(view: dict, rng, candidates: list[int], extra=()) -> Weighed:
    """Each bid of ``candidates`` (and ``extra``) played out on the same imagined deals, the
    others' bids still to come guessed from their imagined hands."""
    seats, me, trump = view["seats"], view["you"], view["trump"]
    leader = (view["dealer"] + 1) % seats

    def try_one(hands, bid, bids):
        bids = bids[:]
        bids[me] = bid
        return play_out(
            [list(h) for h in hands],
            [],
            leader,
            [0] * seats,
            bids,
            trump,
            view["options"],
            seats,
        )

    def prepare(hands):
        return guessed_bids(view, hands)

    return weigh(view, rng, candidates, try_one, prepare, extra)


def choose_card(view: dict, rng) -> dict:
    legal = [a["card"] for a in view["legal_actions"]]
    if len(legal) == 1:
        return {"type": "play", "card": legal[0]}
    return {"type": "play", "card": weigh_cards(view, rng).best()}


def choose_bid(view: dict, rng) -> dict:
    candidates = bid_candidates(view)
    if len(candidates) == 1:
        return {"type": "bid", "tricks": candidates[0]}
    return {"type": "bid", "tricks": weigh_bids(view, rng, candidates).best()}


def choose(view: dict, rng) -> dict:
    """The maître's action."""
    if view["phase"] == "bid":
        return choose_bid(view, rng)
    return choose_card(view, rng)
