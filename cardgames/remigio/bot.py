"""The Remigio bots, at three levels; each decides from one seat's view with the meld solver.

- débutant: takes the pile's top card when it joins a meld of its hand, throws the
  highest card left out of its melds, closes as soon as it can;
- habitué: takes the pile's top card when keeping it (and discarding the best card) lowers
  the hand's count by enough, or lets the hand close; otherwise draws from the stock.
  Discards the card whose removal leaves the lowest count; among equals, keeps jokers and
  cards with many neighbours (more ways to complete a meld), throws the highest value.
  Closes when possible, with the discard giving the highest multiplier; in elimination,
  past the opening turns, a closing held with jokers may wait for the natural cards that
  would double it (the seed's "waiting" tactic), since a player who is fully melded loses
  nothing if someone else closes first; while it waits, it draws from the stock (where
  the card that doubles the closing may be) unless the pile's top card is that card;
- maître: weighs draws and discards by what the unseen cards can do (``search``).
"""

from __future__ import annotations

import random

from . import search
from .hand import best_discard
from .tactics import beginner, no_joker_outs, regular

__all__ = ["best_discard", "choose", "no_joker_outs"]


def choose(view, rng=None, level: str = "habitue") -> dict:
    """The bot's action at ``level`` (débutant, habitué or maître)."""
    rng = rng or random.Random()
    if level == "maitre":
        return search.choose(view, rng)
    if level == "debutant":
        return beginner(view, rng)
    return regular(view, rng)
