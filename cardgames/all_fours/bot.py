"""The All-fours bots, at three levels; each decides from one seat's view only.

- débutant: stands with two trumps or a trump honour, gives with two trumps, keeps its
  trumps and high cards, and plays the plain game: win a trick with points in it when it
  can, else throw its cheapest card;
- habitué: stands or begs, gives or runs on a weighed sum of its hand in the turned suit
  and the score (``bidding``: weights fitted to counterfactual deals); after a run it
  discards plain tens first, then its weakest cards, and keeps trumps; it leads a plain
  ace, king or queen before a low card, plays the trump Jack as soon as it surely wins,
  wins tricks holding tens cheaply and feeds points to a partner who is sure to win;
- maître: searches imagined deals (``search``).

(The first bot begged on 81 % of its decisions, even with four trumps or the trump ace and
three side aces: it counted only the strength of its trumps against a high bar.)
"""

from __future__ import annotations

import random

from . import search
from .bidding import should_give, should_stand
from .game import CARD_POINTS, HAND_SIZE, POWER, pack, side_of, trick_winner
from .playout import beats, keep_value, lead_card, throw_away

LOOSE_HONOURS = "AKQJ"


def discard(view: dict) -> dict:
    hand = view["hand"]
    k = len(hand) - HAND_SIZE
    ranked = sorted(hand, key=lambda c: keep_value(c, view["trump"]))
    return {"type": "discard", "cards": ranked[:k]}


def regular(view: dict, rng) -> dict:
    """The habitué."""
    phase = view["phase"]
    if phase == "beg":
        return {"type": "stand" if should_stand(view) else "beg"}
    if phase == "dealer":
        return {"type": "give" if should_give(view) else "run"}
    if phase == "discard":
        return discard(view)
    return {"type": "play", "card": choose_card(view, rng)}


def beginner(view: dict, rng) -> dict:
    """The débutant: rules of thumb, no card counting."""
    phase = view["phase"]
    if phase in ("beg", "dealer"):
        suit = view["turnup"][1]
        trumps = [c for c in view["hand"] if c[1] == suit]
        strong = len(trumps) >= 2 or any(c[0] in LOOSE_HONOURS for c in trumps)
        if phase == "beg":
            return {"type": "stand" if strong else "beg"}
        give = view["gift_allowed"] and len(trumps) >= 2
        return {"type": "give" if give else "run"}
    if phase == "discard":
        hand, trump = view["hand"], view["trump"]
        ranked = sorted(hand, key=lambda c: (c[1] == trump, POWER[c[0]]))
        return {"type": "discard", "cards": ranked[: len(hand) - HAND_SIZE]}
    legal = [a["card"] for a in view["legal_actions"]]
    trick, trump = view["trick"], view["trump"]
    if trick:
        best = next(c for s, c in trick if s == trick_winner(trick, trump))
        points = sum(CARD_POINTS.get(c[0], 0) for _, c in trick)
        winners = [c for c in legal if beats(c, best, trump)]
        if winners and points:
            return {"type": "play", "card": min(winners, key=lambda c: POWER[c[0]])}
    elif rng.random() < 0.5:  # leads its best card half the time
        return {"type": "play", "card": max(legal, key=lambda c: POWER[c[0]])}
    return {"type": "play", "card": throw_away(legal, trump)}


def choose(view: dict, rng=None, level: str = "habitue") -> dict:
    """The bot's action at ``level`` (débutant, habitué or maître)."""
    rng = rng or random.Random()
    if level == "maitre":
        return search.choose(view, rng)
    if level == "debutant":
        return beginner(view, rng)
    return regular(view, rng)


def unseen_cards(view: dict) -> set[str]:
    """Cards this seat has not seen: in other hands, the stock or others' discards."""
    seen = set(view["hand"]) | set(view["discarded"]) | set(view["set_aside"])
    if view["turnup"]:
        seen.add(view["turnup"])
    for cards in view["won"]:
        seen.update(cards)
    seen.update(c for _, c in view["trick"])
    return set(pack(view["options"]["deck"])) - seen


def is_sure(card: str, view: dict, unseen: set[str], last: bool) -> bool:
    """Will ``card`` surely win the trick if it is the best card now?"""
    if last:
        return True
    trump = view["trump"]
    higher = [u for u in unseen if u[1] == card[1] and POWER[u[0]] > POWER[card[0]]]
    if card[1] == trump:
        return not higher
    return not higher and not any(u[1] == trump for u in unseen)


def choose_card(view: dict, rng) -> str:
    me, n, trump = view["you"], view["seats"], view["trump"]
    legal = [a["card"] for a in view["legal_actions"]]
    if len(legal) == 1:
        return legal[0]
    jack = "J" + trump
    unseen = unseen_cards(view)
    trick = view["trick"]
    if not trick:
        return lead(view, legal)

    last = len(trick) == n - 1
    winner_seat = trick_winner(trick, trump)
    best = next(c for s, c in trick if s == winner_seat)
    partner_winning = (
        n == 4
        and side_of(winner_seat, n) == side_of(me, n)
        and (last or is_sure(best, view, unseen, False))
    )
    at_stake = sum(CARD_POINTS.get(c[0], 0) for _, c in trick) + (
        10 if any(c == jack for _, c in trick) else 0
    )

    if partner_winning:
        # feed the partner's trick: a ten first, never a trump worth keeping
        return max(
            legal,
            key=lambda c: (c != jack, CARD_POINTS.get(c[0], 0) * (c[1] != trump), -POWER[c[0]]),
        )

    winners = [c for c in legal if beats(c, best, trump)]
    sure = [c for c in winners if is_sure(c, view, unseen, last)]
    if sure:
        # the Jack that surely wins now is a point made: kept, it may meet a higher trump
        if jack in sure:
            return jack
        tens = [c for c in sure if c[0] == "T"]
        if tens:
            return tens[0]
        if at_stake > 0 or last:
            return min(sure, key=lambda c: POWER[c[0]])
    if winners and at_stake >= 10:
        risky = [c for c in winners if c != jack] or winners
        return min(risky, key=lambda c: POWER[c[0]])
    return throw_away(legal, trump)


def lead(view: dict, legal: list[str]) -> str:
    # The habitué no longer leads its master trump to draw the others' trumps: on
    # counterfactual deals (each legal lead played to the end of the deal on the same
    # cards), leading a trump cost more than it saved; a plain honour gained most.
    return lead_card(legal, view["trump"])
