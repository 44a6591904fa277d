"""The maître of All-fours: every choice tried on imagined deals played to the end.

Each imagined deal gives the cards the seat has not seen to the other hands, their
discards and the stock, consistently with the play (``knowledge``), and weighs it by how
well it explains what the eldest and the dealer said. Each candidate (stand or beg, give
or run, a few discards, each legal card) is applied to the same imagined deals and the
deal is played to its end by plain rules of thumb (``playout``); the engine scores it. A
deal's worth is the seat's chance of winning the game from the score it leaves
(``estimate.win_chance``), so a point matters more at 5-6 than at 0-0, and a gift that
would put the opponents one point from the game is weighed as such.

The work is bounded by a budget of moves played out (``WORK_BUDGET``), not by the clock,
so a decision is the same on a busy server as on a quiet one (``cardgames.budget``). The
search returns every candidate's mean worth (``Weighed``), which the maître's choice and
its appraisal (``advice``) both read: one search for both.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from ..budget import Budget
from .estimate import win_chance
from .game import GAME, HAND_SIZE, side_count, side_of
from .knowledge import DealSampler, imagined_state
from .playout import keep_value, quick_action

# The work is counted in moves played out by the engine, since a playout's cost is its
# number of moves: the stand-or-beg plays a whole deal (speech, perhaps running the pack,
# six tricks) for each candidate, the last trick one move. Imagining a deal (sampling the
# hidden cards, building the state) costs about what DEAL_COST moves do. On a quiet machine
# a move costs about 0.01 ms of CPU, so the budget buys about 60 ms: the 53 ms the maître
# was measured with (docs/performance.md) with a little to spare.
WORK_BUDGET = 6_000
DEAL_COST = 10
MAX_DEALS = 300  # past this many deals the choice hardly changes: late tricks stop here
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


def played_out(state: dict, action: dict) -> tuple[dict, int]:
    """The state once ``action`` is made and the deal played to its end by the rules of
    thumb (``playout``), and the number of moves that took: the work done."""
    state = GAME.apply(state, action)
    moves = 1
    while isinstance(state["actor"], int):
        state = GAME.apply(state, quick_action(state))
        moves += 1
    return state, moves


@dataclass
class Weighed:
    """Each candidate's weighted sum of worth (chance of winning the game) over the same
    imagined deals; ``mean`` is that chance."""

    candidates: list  # the maître's own candidates, in the order it breaks ties
    totals: list = field(default_factory=list)  # one per candidate, then one per extra
    extra: list = field(default_factory=list)
    weight: float = 0.0

    def best(self) -> dict:
        """The maître's choice: its candidate with the best worth (the first on a tie)."""
        best = max(range(len(self.candidates)), key=lambda i: self.totals[i])
        return self.candidates[best]

    def actions(self) -> list:
        return self.candidates + self.extra

    def mean(self, i: int) -> float:
        return self.totals[i] / self.weight if self.weight else 0.0


def weigh(view: dict, rng, candidates: list, extra=()) -> Weighed:
    """Every candidate, and each of ``extra``, tried on the same imagined deals.

    Only ``candidates`` are charged to the budget: ``extra`` (an action an appraisal is
    asked about) is valued on the deals the maître imagines for its own choice, which
    therefore stays what it would be alone.
    """
    me = view["you"]
    sampler = DealSampler(view)
    found = Weighed(list(candidates), extra=list(extra))
    found.totals = [0.0] * len(found.actions())
    budget = Budget(WORK_BUDGET)
    for _ in range(MAX_DEALS):
        if not budget.left():
            break
        dealt, weight = sampler.sample(rng)
        budget.spend(DEAL_COST)
        if weight < 1e-4:
            continue
        found.weight += weight
        state = imagined_state(view, dealt)
        for i, action in enumerate(found.actions()):
            after, moves = played_out(state, action)
            if i < len(candidates):
                budget.spend(moves)
            found.totals[i] += weight * worth(after, me)
    return found


def search(view: dict, rng, candidates: list) -> dict:
    """The candidate action with the best weighted mean worth over imagined deals."""
    if len(candidates) == 1:
        return candidates[0]
    return weigh(view, rng, candidates).best()


def discard_candidates(view: dict) -> list[dict]:
    """Discards worth trying: the weakest cards, and swaps among the next weakest."""
    hand, trump = view["hand"], view["trump"]
    k = len(hand) - HAND_SIZE
    ranked = sorted(hand, key=lambda c: keep_value(c, trump))
    pool = ranked[: k + SPARE_DISCARDS]
    return [{"type": "discard", "cards": list(cards)} for cards in combinations(pool, k)]


def candidates(view: dict) -> list[dict]:
    """The actions the maître weighs: a few discards, else every legal action."""
    if view["phase"] == "discard":
        return discard_candidates(view)
    return [dict(a) for a in view["legal_actions"]]


def choose(view: dict, rng) -> dict:
    """The maître's action."""
    return search(view, rng, candidates(view))
