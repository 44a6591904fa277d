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

The work is bounded by a number of deals and a time budget, whichever ends first.
"""

from __future__ import annotations

import math
import time

from .game import deal_points, forbidden_bid
from .inference import HandSampler
from .odds import Odds, naive_tricks
from .playout import play_out

MIN_DEALS = 4  # even on a busy machine, a few deals before the clock is read
MAX_DEALS = 80
TIME_BUDGET = 0.06  # seconds a decision, checked between imagined deals
OPPONENT_WEIGHT = 0.3
BID_SPREAD = 2  # bids tried on each side of the habitué's estimate
BID_SIGMA = 1.2  # how far, in tricks, a bid strays from the counter's value


def guessed_bids(view: dict, hands: list) -> list[int]:
    """The bids made, and for the others what a plain counter would bid with its hand."""
    seats, size, dealer = view["seats"], view["size"], view["dealer"]
    bids = list(view["bids"])
    for offset in range(1, seats + 1):
        seat = (dealer + offset) % seats
        if bids[seat] is not None:
            continue
        guess = min(size, max(0, round(naive_tricks(hands[seat], view["trump"]))))
        if seat == dealer:
            made = [b if b is not None else 0 for b in bids]
            made[dealer] = None
            if guess == forbidden_bid(made, size, dealer, view["options"]):
                guess = guess + 1 if guess < size else guess - 1
        bids[seat] = guess
    return bids


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


def search(view: dict, rng, candidates: list, try_one, prepare=None) -> object:
    """The candidate with the best weighted mean score over the imagined deals.

    ``try_one(hands, candidate, bids)`` plays one candidate out on copies of ``hands``
    and returns the tricks won by each seat; ``prepare(hands)`` gives the bids to score
    with (the view's by default), once per imagined deal.
    """
    sampler = HandSampler(view)
    totals = dict.fromkeys(candidates, 0.0)
    weights = 0.0
    deadline = time.perf_counter() + TIME_BUDGET
    for done in range(MAX_DEALS):
        if done >= MIN_DEALS and time.perf_counter() > deadline:
            break
        hands, weight = imagined(view, sampler, rng)
        if weight < 1e-6:
            continue
        weights += weight
        bids = prepare(hands) if prepare else view["bids"]
        for candidate in candidates:
            won = try_one(hands, candidate, bids)
            if prepare:
                bids = bids[:]
                bids[view["you"]] = candidate
            totals[candidate] += weight * score(view, bids, won)
    return max(candidates, key=lambda c: totals[c])


def choose_card(view: dict, rng) -> dict:
    legal = [a["card"] for a in view["legal_actions"]]
    if len(legal) == 1:
        return {"type": "play", "card": legal[0]}
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

    return {"type": "play", "card": search(view, rng, legal, try_one)}


def choose_bid(view: dict, rng) -> dict:
    legal = [a["tricks"] for a in view["legal_actions"]]
    estimate = Odds(view).expected_tricks(view["size"])
    near = [k for k in legal if abs(k - estimate) <= BID_SPREAD]
    candidates = near or legal
    if len(candidates) == 1:
        return {"type": "bid", "tricks": candidates[0]}
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

    return {"type": "bid", "tricks": search(view, rng, candidates, try_one, prepare)}


def choose(view: dict, rng) -> dict:
    """The maître's action."""
    if view["phase"] == "bid":
        return choose_bid(view, rng)
    return choose_card(view, rng)
