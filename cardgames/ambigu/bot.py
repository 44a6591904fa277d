"""The Ambigu bots, at three levels; each decides from one seat's view only.

- débutant: exchanges for the best mean hand (its kept cards completed at random, which
  breaks made hands to chase), says "battez" on a promising pair of cards, opens and
  follows on strength, and in the renvis weighs its hand against random hands (so it
  bets a point as if it were a flush: loose);
- habitué: keeps what it holds at the exchange (a prime or better whole, else its
  combination's cards), and in the renvis weighs its hand against the hands players show
  down after exchanging (``strength.showdown_percentile``), expects more from the last
  player who raised, raises only a hand likely to win and calls when the pot pays;
- maître: opens the vade only with a near-certain winner, follows with the better half,
  and judges its chance against hands consistent with what each opponent did
  (``search``).
"""

from __future__ import annotations

import random

from . import search
from .tactics import play


def bot_action(view, rng=None, level: str = "habitue") -> dict:
    """The bot's action at ``level`` (débutant, habitué or maître)."""
    rng = rng or random.Random()
    if level == "maitre":
        return search.choose(view, rng)
    return play(view, rng, level)
