"""How strong an Ambigu hand is, measured against the hands players actually show down.

Two tables, each sampled once with a fixed seed so every run decides alike:

- ``percentile(hand)``: the share of random four-card hands weaker than ``hand``;
- ``showdown_percentile(hand)``: the share of *exchanged* hands weaker than ``hand``: hands
  that went through a sensible exchange (keep the cards of the combination held, draw the
  rest). A player still in at the renvis has exchanged, so this is the yardstick there: a
  point of 20 beats most random hands but few exchanged ones. (The first bot measured its
  hand against random hands at the renvis and raised a point as if it were a flush.)

``rank_given_exchange[n]`` is the share of each combination rank (0: none, 1: point ...
10: fredon) among hands that exchanged ``n`` cards in that sample; the maître reads an
opponent's exchange count through it.
"""

from __future__ import annotations

import random
from bisect import bisect_left

from .game import DECK, PIPS, classify

TABLE_HANDS = 6000
SEED = 20240607
PRIME = 2


def keep_for_exchange(hand: list[str]) -> list[str]:
    """The cards a sensible player keeps: all of a prime or better, else the combination's
    cards, else a pair of one rank, else the highest card."""
    combo = classify(hand)
    if combo:
        return list(hand) if combo.rank >= PRIME and len(hand) == 4 else list(combo.cards)
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(card[0], []).append(card)
    pairs = [cards for cards in by_rank.values() if len(cards) >= 2]
    return pairs[0] if pairs else [max(hand, key=lambda c: PIPS[c[0]])]


def _key(hand) -> tuple:
    combo = classify(hand)
    return combo.key if combo else (0,)


class Tables:
    """The sampled tables (built on first use)."""

    def __init__(self):
        rng = random.Random(SEED)
        deck = list(DECK)
        dealt, exchanged = [], []
        counts = [[0] * 11 for _ in range(5)]
        for _ in range(TABLE_HANDS):
            cards = rng.sample(deck, 8)
            hand = cards[:4]
            dealt.append(_key(hand))
            kept = keep_for_exchange(hand)
            final = kept + cards[4 : 4 + 4 - len(kept)]
            exchanged.append(_key(final))
            counts[4 - len(kept)][exchanged[-1][0]] += 1
        self.random_keys = sorted(dealt)
        self.showdown_keys = sorted(exchanged)
        self.rank_given_exchange = [[n / max(sum(row), 1) for n in row] for row in counts]
        prior = [0] * 11
        for key in dealt:
            prior[key[0]] += 1
        self.rank_prior = [n / len(dealt) for n in prior]


_TABLES: list[Tables] = []


def tables() -> Tables:
    if not _TABLES:
        _TABLES.append(Tables())
    return _TABLES[0]


def percentile(hand) -> float:
    """Share of random four-card hands weaker than ``hand``."""
    keys = tables().random_keys
    return bisect_left(keys, _key(hand)) / len(keys)


def showdown_percentile(hand) -> float:
    """Share of exchanged four-card hands weaker than ``hand``."""
    keys = tables().showdown_keys
    return bisect_left(keys, _key(hand)) / len(keys)
