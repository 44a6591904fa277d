"""What one seat of All-fours knows about the hidden cards, from its view only.

The view lists the cards each seat played this deal, in order, so the tricks (and who led
each) follow from the eldest's lead. A seat that did not follow the suit led is void in it;
under the "follow suit, else trump" rule, one that neither followed nor trumped holds no
trump either. The eldest's stand or beg and the dealer's give or run say something too:
``speech_weight`` favours imagined hands that would have spoken as these players did.

``imagined_state`` builds a whole engine state from the view and one consistent deal of
the hidden cards (the other hands, their discards, the stock), ready to be played on.
"""

from __future__ import annotations

import math

from ..determinize import deal_hidden
from .game import pack, trick_winner

HONOUR_STRENGTH = {"A": 3.0, "K": 2.5, "Q": 2.0, "J": 2.5, "T": 1.5, "2": 1.5, "3": 1.2}
SPEECH_PIVOT = 3.0  # trump strength around which a player stands (or a dealer gives)
SPEECH_SLOPE = 1.2


def tricks_so_far(view: dict) -> list[list[list]]:
    """Every trick of the deal as [[seat, card], ...] in the order played, the current last."""
    seats, played, trump = view["seats"], view["played"], view["trump"]
    current = view["trick"]
    done = (sum(len(p) for p in played) - len(current)) // seats
    tricks = []
    leader = view["eldest"]
    for i in range(done):
        trick = [[(leader + k) % seats, played[(leader + k) % seats][i]] for k in range(seats)]
        tricks.append(trick)
        leader = trick_winner(trick, trump)
    if current:
        tricks.append([list(x) for x in current])
    return tricks


def voids(view: dict) -> list[set[str]]:
    """The suits each seat has shown it cannot hold any more."""
    found = [set() for _ in range(view["seats"])]
    trump, must = view["trump"], view["options"]["trumping"] == "must"
    for trick in tricks_so_far(view):
        led = trick[0][1][1]
        for seat, card in trick[1:]:
            if card[1] == led or (card[1] == trump and not must):
                continue
            found[seat].add(led)
            if must and card[1] != trump:
                found[seat].add(trump)
    return found


def unseen_cards(view: dict) -> list[str]:
    seen = set(view["hand"]) | set(view["discarded"]) | set(view["set_aside"])
    if view["turnup"]:
        seen.add(view["turnup"])
    for cards in view["played"]:
        seen.update(cards)
    return [c for c in pack(view["options"]["deck"]) if c not in seen]


def trump_strength(cards, suit: str) -> float:
    return sum(HONOUR_STRENGTH.get(c[0], 0.7) for c in cards if c[1] == suit)


def _squash(x: float) -> float:
    return 1 / (1 + math.exp(-SPEECH_SLOPE * x))


def speech_weight(view: dict, hands: dict) -> float:
    """How well imagined hands explain the eldest's stand or beg and the dealer's answer.

    Only before the pack is run: after it, new cards and discards blur what was said.
    """
    current = view["current"] or {}
    if current.get("runs") or view["trump"] is None:
        return 1.0
    me, eldest, dealer = view["you"], view["eldest"], view["dealer"]
    suit = view["trump"]
    weight = 1.0

    def held(seat):  # the seat's six cards when it spoke
        return list(hands.get(seat, ())) + list(view["played"][seat])

    if eldest != me:
        strength = trump_strength(held(eldest), suit) - SPEECH_PIVOT
        weight *= _squash(-strength if view["begged"] else strength)
    if view["begged"] and dealer != me:  # the dealer gave: he liked his trumps
        weight *= _squash(trump_strength(held(dealer), suit) - SPEECH_PIVOT)
    return weight


class DealSampler:
    """Deals the cards hidden from a seat to their holders, again and again."""

    def __init__(self, view: dict):
        self.view = view
        me, seats = view["you"], view["seats"]
        self.unseen = unseen_cards(view)
        self.sizes = {}
        for seat in range(seats):
            if seat != me:
                self.sizes[("hand", seat)] = view["hand_counts"][seat]
                self.sizes[("discard", seat)] = view["discard_counts"][seat]
        self.sizes["stock"] = view["stock_count"]
        self.consistent = sum(self.sizes.values()) == len(self.unseen)
        self.voids = voids(view) if view["trump"] else [set() for _ in range(seats)]

    def allowed(self, holder, card: str) -> bool:
        return holder == "stock" or holder[0] == "discard" or card[1] not in self.voids[holder[1]]

    def sample(self, rng) -> tuple[dict, float]:
        """One deal of the hidden cards by holder, and its weight."""
        dealt = deal_hidden(self.unseen, self.sizes, rng, self.allowed)
        rng.shuffle(dealt["stock"])
        hands = {h[1]: cards for h, cards in dealt.items() if h != "stock" and h[0] == "hand"}
        return dealt, speech_weight(self.view, hands)


def imagined_state(view: dict, dealt: dict) -> dict:
    """The engine state of the view with the hidden cards as ``dealt``."""
    me, seats = view["you"], view["seats"]
    hands, discards = [], []
    for seat in range(seats):
        if seat == me:
            hands.append(list(view["hand"]))
            discards.append(list(view["discarded"]))
        else:
            hands.append(list(dealt[("hand", seat)]))
            discards.append(list(dealt[("discard", seat)]))
    state = {key: view[key] for key in STATE_KEYS}
    state.update(
        game="all-fours",
        hands=hands,
        discards=discards,
        stock=list(dealt["stock"]),
        last_hands=None,
    )
    return state


STATE_KEYS = (
    "seats", "options", "actor", "result", "phase", "cut", "dealer", "scores", "turnup",
    "set_aside", "begged", "trump", "trick", "leader", "won", "played", "last_trick",
    "deal_no", "current", "deals",
)  # fmt: skip
