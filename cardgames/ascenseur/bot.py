"""The L'Ascenseur bot: bids its expected tricks, then plays to make the bid exactly.

It decides from a seat's view only. A card's chance of taking a trick is estimated from the
unseen cards above it (each held by an opponent with the share of unseen cards they hold)
and, outside trumps, from the risk that an opponent is void in the suit and trumps it.
"""

from __future__ import annotations

from .game import DECK, POWER


def _unseen(view: dict) -> set[str]:
    seen = set(view["hand"]) | set(view["trick"]) | set(view.get("played") or ())
    if view["turnup"]:
        seen.add(view["turnup"])
    return set(DECK) - seen


class Odds:
    """Rough chances that a card takes a trick, from what one seat has seen."""

    def __init__(self, view: dict):
        self.hand, self.trump = view["hand"], view["trump"]
        self.unseen = _unseen(view)
        self.opponents = view["seats"] - 1
        self.cards_each = max(len(self.hand), 1)
        unseen = max(len(self.unseen), 1)
        self.held = min(1.0, self.opponents * self.cards_each / unseen)
        self.ruff = {}  # per suit: chance that one opponent is void in it and holds a trump
        for suit in "cdhs":
            share = sum(1 for c in self.unseen if c[1] == suit) / unseen
            self.ruff[suit] = (1 - share) ** self.cards_each
        if self.trump:
            trumps = sum(1 for c in self.unseen if c[1] == self.trump) / unseen
            has_trump = 1 - (1 - trumps) ** self.cards_each
            self.ruff = {s: v * has_trump for s, v in self.ruff.items()}

    def chance(self, card: str, mine: bool = True) -> float:
        suit = card[1]
        above = sum(1 for c in self.unseen if c[1] == suit and POWER[c] > POWER[card])
        chance = (1 - self.held) ** above
        if not mine:  # an opponent's card must also get past my higher cards of its suit
            chance *= 0.3 ** sum(1 for c in self.hand if c[1] == suit and POWER[c] > POWER[card])
        if self.trump is None or suit == self.trump:
            return chance
        # later cards of a long suit run into more voids: count my higher cards of the suit
        rank_in_hand = (
            sum(1 for c in self.hand if c[1] == suit and POWER[c] > POWER[card]) if mine else 0
        )
        return chance * (1 - self.ruff[suit]) ** (self.opponents * (1 + rank_in_hand))

    def expected_tricks(self, size: int) -> float:
        """My expected tricks, scaled so that the whole table's expectation equals ``size``."""
        chances = [self.chance(c) for c in self.hand]
        sure = sum(1 for p in chances if p > 0.95)  # near-certain tricks are not scaled
        mine = sum(p for p in chances if p <= 0.95)
        theirs = self.held * sum(self.chance(c, mine=False) for c in self.unseen)
        total = mine + theirs
        return sure + (mine * (size - sure) / total if total > 0 else mine)


def choose_bid(view: dict) -> dict:
    legal = [a["tricks"] for a in view["legal_actions"]]
    expected = Odds(view).expected_tricks(view["size"])
    return {"type": "bid", "tricks": min(legal, key=lambda k: (abs(k - expected), k))}


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return POWER[card] > POWER[best]
    return card[1] == trump


def choose_card(view: dict) -> dict:
    legal = [a["card"] for a in view["legal_actions"]]
    me, trick, trump, seats = view["you"], view["trick"], view["trump"], view["seats"]
    need = view["bids"][me] - view["won"][me]
    if not trick:
        odds = Odds(view)
        chances = {c: odds.chance(c) for c in legal}
        pick = max if need > 0 else min
        return {"type": "play", "card": pick(legal, key=lambda c: (chances[c], POWER[c]))}
    best = trick[0]
    for card in trick[1:]:
        if _beats(card, best, trump):
            best = card
    last = len(trick) == seats - 1
    winners = [c for c in legal if _beats(c, best, trump)]
    losers = [c for c in legal if c not in winners]

    def strength(c):
        return (c[1] == trump, POWER[c])

    if need > 0:
        if winners:
            if last:
                pick = min(winners, key=strength)
            else:  # the cheapest card likely to hold against the players still to come
                odds = Odds(view)
                safe = [c for c in winners if odds.chance(c) >= 0.6]
                pick = min(safe, key=strength) if safe else max(winners, key=strength)
        else:
            pick = min(losers, key=strength)
    elif losers:
        pick = max(losers, key=strength)  # shed a high card that can no longer win
    else:
        pick = max(winners, key=strength) if last else min(winners, key=strength)
    return {"type": "play", "card": pick}


def choose(view: dict, rng=None, level: str = "habitue") -> dict:
    if view["phase"] == "bid":
        return choose_bid(view)
    return choose_card(view)
