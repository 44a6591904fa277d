"""The L'Ascenseur bots, at three levels; each decides from one seat's view only.

- débutant: counts its high cards and trumps for its bid (give or take a trick now and
  then), and plays the plain bid-seeking card (``playout.simple_card``) without counting
  what has been played;
- habitué: bids the trick count worth the most points over a few dozen imagined deals
  of the cards it has not seen, played out fast (``bidding``: about 3 ms a bid), and
  plays to make the bid exactly, counting the cards seen (``odds.Odds``): the cheapest
  card likely to hold when it needs a trick, the highest card that loses when it does not;
- maître: bids and plays by searching imagined deals (``search``).
"""

from __future__ import annotations

import random

from . import bidding, search
from .game import POWER
from .odds import Odds, naive_tricks, nearest_bid
from .playout import beats, simple_card, strength, winning_card


# ----- débutant ---------------------------------------------------------------------------
def beginner(view: dict, rng) -> dict:
    legal = view["legal_actions"]
    if view["phase"] == "bid":
        bids = [a["tricks"] for a in legal]
        wanted = naive_tricks(view["hand"], view["trump"])
        if rng.random() < 0.3:  # a beginner's hunch: a trick more or less
            wanted += rng.choice((-1, 1))
        return {"type": "bid", "tricks": nearest_bid(bids, wanted)}
    me = view["you"]
    cards = [a["card"] for a in legal]
    need = view["bids"][me] - view["won"][me]
    last = len(view["trick"]) == view["seats"] - 1
    return {"type": "play", "card": simple_card(cards, view["trick"], view["trump"], need, last)}


# ----- habitué ------------------------------------------------------------------------------
def choose_bid(view: dict, rng) -> dict:
    return {"type": "bid", "tricks": bidding.choose_bid(view, rng)}


def choose_card(view: dict) -> dict:
    legal = [a["card"] for a in view["legal_actions"]]
    me, trick, trump, seats = view["you"], view["trick"], view["trump"], view["seats"]
    need = view["bids"][me] - view["won"][me]
    if len(legal) == 1:
        return {"type": "play", "card": legal[0]}
    if not trick:
        odds = Odds(view)
        chances = {c: odds.chance(c) for c in legal}
        pick = max if need > 0 else min
        return {"type": "play", "card": pick(legal, key=lambda c: (chances[c], POWER[c]))}
    best = winning_card(trick, trump)
    last = len(trick) == seats - 1
    winners = [c for c in legal if beats(c, best, trump)]
    losers = [c for c in legal if c not in winners]

    def key(c):
        return strength(c, trump)

    if need > 0:
        if winners:
            if last:
                pick = min(winners, key=key)
            else:  # the cheapest card likely to hold against the players still to come
                odds = Odds(view)
                safe = [c for c in winners if odds.chance(c) >= bidding.SAFE]
                pick = min(safe, key=key) if safe else max(winners, key=key)
        else:
            pick = min(losers, key=key)
    elif losers:
        pick = max(losers, key=key)  # shed a high card that can no longer win
    else:
        pick = max(winners, key=key) if last else min(winners, key=key)
    return {"type": "play", "card": pick}


def regular(view: dict, rng=None) -> dict:
    if view["phase"] == "bid":
        return choose_bid(view, rng or random.Random())
    return choose_card(view)


def choose(view: dict, rng=None, level: str = "habitue") -> dict:
    """The bot's action at ``level`` (débutant, habitué or maître)."""
    rng = rng or random.Random()
    if level == "maitre":
        return search.choose(view, rng)
    if level == "debutant":
        return beginner(view, rng)
    return regular(view, rng)
