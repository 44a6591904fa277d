"""The habitué's arithmetic: the chance that a card takes a trick, from one seat's view.

A higher card of the suit that the seat has not seen beats a card only if an opponent
holds it (not the undealt rest of the pack) and plays it to the same trick. The first part
is the share of the unseen cards the opponents hold; the second falls with the length of
the suit: a king guarded by one small card meets the unseen ace on its own trick about
half the time, a bare king always. (The first bot counted every unseen higher card as
certain to be played on its card, so in the 13-card deal without trumps it gave every
card but an ace no chance at all, and bid 1 with hands that take 4 or 5 tricks.) Outside
trumps, a card also risks being trumped by an opponent void in its suit, more so on the
later rounds of a long suit.
"""

from __future__ import annotations

from .game import DECK, POWER


def unseen_set(view: dict) -> set[str]:
    seen = set(view["hand"]) | set(view["trick"]) | set(view.get("played") or ())
    if view["turnup"]:
        seen.add(view["turnup"])
    return set(DECK) - seen


# What a card is worth in tricks to a player who only counts honours and trumps.
NAIVE_TRUMP = {"A": 1.0, "K": 0.9, "Q": 0.75, "J": 0.6, "T": 0.45}
NAIVE_PLAIN = {"A": 0.85, "K": 0.5, "Q": 0.2}


def naive_tricks(hand: list[str], trump: str | None) -> float:
    """Tricks a hand looks worth to a player who counts honours, trumps and long suits."""
    lengths = {s: sum(1 for c in hand if c[1] == s) for s in "cdhs"}
    total = 0.0
    for card in hand:
        rank, suit = card[0], card[1]
        if suit == trump:
            total += NAIVE_TRUMP.get(rank, 0.3)
        elif rank == "A":
            total += 1.0 if trump is None else NAIVE_PLAIN["A"]
        elif rank == "K":
            total += NAIVE_PLAIN["K"] if lengths[suit] > 1 else 0.25
        elif rank == "Q":
            total += NAIVE_PLAIN["Q"] if lengths[suit] > 2 else 0.05
    if trump is None:
        total += sum(0.5 * (n - 4) for n in lengths.values() if n > 4)
    return total


def nearest_bid(legal: list[int], wanted: float) -> int:
    return min(legal, key=lambda k: (abs(k - wanted), k))


SURE = 0.95  # a chance above this is counted as a trick
# How fast a suit's length shields a card from the unseen higher ones: a higher card meets
# it on its trick with chance length ** -COVER_EXPONENT. Calibrated on the bot's own deals
# (4 players): 0.7 makes its bids add up to about the tricks in the deal without trumps
# and makes the most bids of the exponents tried (0.5, 0.7, 0.8, 1).
COVER_EXPONENT = 0.7


class Odds:
    """Rough chances that a card takes a trick, from what one seat has seen."""

    def __init__(self, view: dict):
        self.hand, self.trump = view["hand"], view["trump"]
        self.unseen = unseen_set(view)
        me = view["you"]
        self.opponents = view["seats"] - 1
        others = sum(n for s, n in enumerate(view["hand_sizes"]) if s != me)
        unseen = max(len(self.unseen), 1)
        self.held = min(1.0, others / unseen)  # share of the unseen cards in play
        self.cards_each = max(others / max(self.opponents, 1), 1)
        self.unseen_in = {s: sum(1 for c in self.unseen if c[1] == s) for s in "cdhs"}
        self.mine_in = {s: sum(1 for c in self.hand if c[1] == s) for s in "cdhs"}
        self.ruff = {}  # per suit: chance that one opponent is void in it and holds a trump
        for suit in "cdhs":
            share = self.unseen_in[suit] / unseen
            self.ruff[suit] = (1 - share) ** self.cards_each
        if self.trump:
            trumps = self.unseen_in[self.trump] / unseen
            has_trump = 1 - (1 - trumps) ** self.cards_each
            self.ruff = {s: v * has_trump for s, v in self.ruff.items()}

    def _opponent_length(self, suit: str) -> float:
        """An opponent's expected length in ``suit``, given that he holds one card of it."""
        return 1 + max(self.unseen_in[suit] - 1, 0) * self.held / self.opponents

    def chance(self, card: str, mine: bool = True) -> float:
        suit, power = card[1], POWER[card]
        above = sum(1 for c in self.unseen if c[1] == suit and POWER[c] > power)
        if mine:
            cover = max(self.mine_in[suit], 1) ** -COVER_EXPONENT
            chance = (1 - self.held * cover) ** above
        else:  # an opponent's card must get past the other unseen cards and my higher ones
            cover = 1 / self._opponent_length(suit)
            chance = (1 - self.held * cover) ** above
            my_above = sum(1 for c in self.hand if c[1] == suit and POWER[c] > power)
            chance *= (1 - 1 / max(self.mine_in[suit], 1)) ** my_above
        if self.trump is None or suit == self.trump:
            return chance
        # later cards of a long suit run into more voids: count my higher cards of the suit
        rank_in_hand = sum(1 for c in self.hand if c[1] == suit and POWER[c] > power) if mine else 0
        return chance * (1 - self.ruff[suit]) ** (self.opponents * (1 + rank_in_hand))

    def expected_tricks(self, size: int) -> float:
        """My expected tricks, scaled so that the whole table's expectation equals ``size``.

        Near-certain tricks (mine and the opponents') are counted as they are; the others
        share the tricks left in proportion to their chances.
        """
        chances = [self.chance(c) for c in self.hand]
        sure = sum(1 for p in chances if p > SURE)
        mine = sum(p for p in chances if p <= SURE)
        theirs = [self.chance(c, mine=False) for c in self.unseen]
        their_sure = self.held * sum(1 for p in theirs if p > SURE)
        their_rest = self.held * sum(p for p in theirs if p <= SURE)
        left = max(size - sure - their_sure, 0.0)
        total = mine + their_rest
        return sure + (mine * left / total if total > 0 else mine)
