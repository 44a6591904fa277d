"""All-fours baseline for the arena, independent of the game's bot (own seat's view only).

``heuristic``: stands with three trumps, the trump ace or king, or the Jack, a two or a
three with another trump; as dealer gives on the same rule unless the gift would bring the
eldest within a point of the game; discards its lowest plain cards; leads a top trump when
it holds the trump ace or king and another trump, else its lowest plain card; takes a trick
with points in it (or as last to play) with its cheapest winning card, saves tens and the
Jack, and otherwise plays its lowest card.
"""

from __future__ import annotations

from cardgames.all_fours.game import CARD_POINTS, HAND_SIZE, POWER, side_of, trick_winner

TARGET = 7


def _trumps(hand, suit):
    return [c for c in hand if c[1] == suit]


def strong_in(hand, suit) -> bool:
    trumps = _trumps(hand, suit)
    ranks = {c[0] for c in trumps}
    if len(trumps) >= 3 or ranks & {"A", "K"}:
        return True
    return len(trumps) >= 2 and bool(ranks & {"J", "2", "3"})


def _cheap(card, trump) -> tuple:
    """Cheapest first: plain before trump, no points before points, low before high."""
    return (card == "J" + trump, card[1] == trump, CARD_POINTS.get(card[0], 0), POWER[card[0]])


def _beats(card, best, trump) -> bool:
    if card[1] == best[1]:
        return POWER[card[0]] > POWER[best[0]]
    return card[1] == trump


def play(view) -> str:
    legal = [a["card"] for a in view["legal_actions"]]
    trump, trick = view["trump"], view["trick"]
    if not trick:
        trumps = _trumps(legal, trump)
        if len(trumps) >= 2 and {c[0] for c in trumps} & {"A", "K"}:
            return max(trumps, key=lambda c: POWER[c[0]])
        return min(legal, key=lambda c: _cheap(c, trump))
    seats = view["seats"]
    winner = trick_winner(trick, trump)
    best = next(c for s, c in trick if s == winner)
    last = len(trick) == seats - 1
    if seats == 4 and side_of(winner, seats) == side_of(view["you"], seats) and last:
        return max(legal, key=lambda c: (c[1] != trump, CARD_POINTS.get(c[0], 0)))
    points = sum(CARD_POINTS.get(c[0], 0) for _, c in trick)
    winners = [c for c in legal if _beats(c, best, trump)]
    if winners and (points or last):
        return min(winners, key=lambda c: (c == "J" + trump, POWER[c[0]]))
    return min(legal, key=lambda c: _cheap(c, trump))


def heuristic(view, rng) -> dict:
    phase, hand = view["phase"], view["hand"]
    if phase == "beg":
        return {"type": "stand" if strong_in(hand, view["turnup"][1]) else "beg"}
    if phase == "dealer":
        eldest_score = view["scores"][side_of(view["eldest"], view["seats"])]
        give = view["gift_allowed"] and strong_in(hand, view["turnup"][1])
        give = give and eldest_score + 2 < TARGET
        return {"type": "give" if give else "run"}
    if phase == "discard":
        trump = view["trump"]
        ranked = sorted(hand, key=lambda c: (c[1] == trump, c[0] in "TA", POWER[c[0]]))
        return {"type": "discard", "cards": ranked[: len(hand) - HAND_SIZE]}
    return {"type": "play", "card": play(view)}


KINDS = {"heuristic": heuristic}
