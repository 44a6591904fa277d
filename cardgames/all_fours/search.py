"""The maître of All-fours: every choice tried on imagined deals played to the end.

Each imagined deal gives the cards the seat has not seen to the other hands, their
discards and the stock, consistently with the play (``knowledge``), and weighs it by how
well it explains what the eldest and the dealer said. Each candidate (stand or beg, give
or run, a few discards, each legal card) is applied to the same imagined deals and the
deal is played to its end by plain rules of thumb (``playout``); the engine scores it. A
deal's worth is the seat's chance of winning the game from the score it leaves
(``estimate.win_chance``), so a point matters more at 5-6 than at 0-0, and a gift that
would put the opponents one point from the game is weighed as such.

The work is bounded by a number of deals and a time budget, whichever ends first.
"""

from __future__ import annotations

import time
from itertools import combinations

from .estimate import win_chance
from .game import GAME, HAND_SIZE, side_count, side_of
from .knowledge import DealSampler, imagined_state
from .playout import keep_value, play_to_end

MIN_DEALS = 4  # even on a busy machine, a few deals before the clock is read
MAX_DEALS = 300
TIME_BUDGET = 0.08  # seconds a decision, checked between imagined deals
SPARE_DISCARDS = 2  # discards tried: from the weakest cards and this many more


def worth(state: dict, me: int) -> float:
    """The chance that ``me``'s side wins the game from ``state`` (a deal just ended)."""
    seats = state["seats"]
    mine = side_of(me, seats)
    if state["actor"] is None:
        return 1.0 if me in state["result"]["winners"] else 0.0
    scores = state["scores"]
    theirs = max(scores[side] for side in range(side_count(seats)) if side != mine)
    return win_chance(scores[mine], theirs)


def search(view: dict, rng, candidates: list) -> dict:
    """The candidate action with the best weighted mean worth over imagined deals."""
    if len(candidates) == 1:
        return candidates[0]
    me = view["you"]
    sampler = DealSampler(view)
    totals = [0.0] * len(candidates)
    deadline = time.perf_counter() + TIME_BUDGET
    for done in range(MAX_DEALS):
        if done >= MIN_DEALS and time.perf_counter() > deadline:
            break
        dealt, weight = sampler.sample(rng)
        if weight < 1e-4:
            continue
        state = imagined_state(view, dealt)
        for i, action in enumerate(candidates):
            after = play_to_end(GAME.apply(state, action), rng)
            totals[i] += weight * worth(after, me)
    best = max(range(len(candidates)), key=lambda i: totals[i])
    return candidates[best]


def discard_candidates(view: dict) -> list[dict]:
    """Discards worth trying: the weakest cards, and swaps among the next weakest."""
    hand, trump = view["hand"], view["trump"]
    k = len(hand) - HAND_SIZE
    ranked = sorted(hand, key=lambda c: keep_value(c, trump))
    pool = ranked[: k + SPARE_DISCARDS]
    return [{"type": "discard", "cards": list(cards)} for cards in combinations(pool, k)]


def choose(view: dict, rng) -> dict:
    """The maître's action."""
    phase = view["phase"]
    if phase == "discard":
        candidates = discard_candidates(view)
    else:
        candidates = [dict(a) for a in view["legal_actions"]]
    return search(view, rng, candidates)
