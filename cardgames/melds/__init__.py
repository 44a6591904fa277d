"""The Remigio meld solver: the best arrangement of a hand into melds.

Cards use the multi-deck notation of ``cards.py``: ``"Th.1"`` and ``"Th.2"`` are the two
tens of hearts of a two-deck game, ``"Xr.1"`` and ``"Xb.1"`` the red and black jokers of
deck 1. The solver only looks at faces (rank and suit); the copy suffix keeps every
physical card distinct.

A meld holds at least three cards: a run (one suit, consecutive ranks; the ace below the
two or above the king, and K-A-2 when ``Rules.wrap``) or a group (three or four cards of
one rank; suits may repeat unless ``Rules.distinct_group_suits``). Jokers stand for any
card, but no meld may hold more jokers than natural cards.

``best_arrangement(cards, rules)`` returns the melds and the leftover cards whose value
(jokers included) is the lowest possible. The search is exact:

- each rank holding two natural cards or more may give some of them to groups; every way
  of doing so is enumerated (few per hand), with the joker counts each group can take;
- what is left of each suit goes to runs: a memoised search over the suit's ranks, lowest
  rank first, where the lowest card either stays out or starts a run; it returns, for
  every number ``u`` of jokers the suit's runs absorb, the least value left over;
- the groups' and suits' tables are combined by a min-plus convolution over the joker
  count, and the jokers not absorbed count at their value.

Aces that may be high are placed low or high (each copy); with K-A-2 runs the ranks form a
cycle, and since a hand of at most 13 cards always leaves a gap between two ranks that no
run crosses, cutting the cycle at each of the 13 gaps and keeping the best is exact.
"""

from .arrange import best_arrangement, clear_caches
from .count import (
    DEFAULT_RULES,
    RANK_INDEX,
    Arrangement,
    Rules,
    can_close,
    is_valid_meld,
    leftover_count,
)

__all__ = [
    "DEFAULT_RULES",
    "RANK_INDEX",
    "Arrangement",
    "Rules",
    "best_arrangement",
    "can_close",
    "clear_caches",
    "is_valid_meld",
    "leftover_count",
]
