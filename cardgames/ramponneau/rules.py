"""Ramponneau's rules as pure data and functions: the streets, the blinds, the game's
declared actions, options, messages and refusals, the seats still in a hand, the pots and
the value of a hand. ``game`` (the ``Game`` and its moves) builds on them and re-exports
the names others import.
"""

from __future__ import annotations

from .. import poker
from ..core import IllegalAction, Option

STREETS = ("preflop", "flop", "turn", "river")

BOARD_SIZES = (0, 3, 4, 5)

SMALL_BLINDS = (1, 2, 5, 10, 25, 50, 100)

BIG_BLINDS = (2, 4, 5, 10, 20, 25, 50, 100, 200)

# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
# A call may leave its amount out; when given, it must be the exact cost, as an int.
ACTION_KEYS = {
    "deal": ("deck",),
    "fold": (),
    "check": (),
    "call": ("amount",),
    "bet": ("amount",),
    "raise": ("amount",),
    "show": (),
    "muck": (),
}

OPTIONS = (
    Option("small_blind", 10, "choice", SMALL_BLINDS),
    Option("big_blind", 20, "choice", BIG_BLINDS),
    # For a table without recorded stacks: each player gets this many big blinds.
    Option("starting_stack", 100, "choice", (20, 50, 100, 200)),
    # The owner's rake: a percentage of each pot, capped per hand (0: no cap), none
    # without a flop when "no flop, no drop".
    Option("rake_percent", 0, "int", minimum=0, maximum=10),
    Option("rake_cap", 0, "int", minimum=0, maximum=1_000_000),
    Option("no_flop_no_drop", True, "bool"),
)

# What the log says (``describe``): each code with its parameters. ``seat`` acts;
# ``amount`` is chips (a call's cost, or the total a bet or raise is brought to);
# ``cards`` the hand shown and ``hand`` its value (``poker.summary``: category and ranks).
MESSAGES = {
    "ramponneau.deal": (),
    "ramponneau.fold": ("seat",),
    "ramponneau.check": ("seat",),
    "ramponneau.call": ("seat", "amount"),
    "ramponneau.call-all-in": ("seat", "amount"),
    "ramponneau.bet": ("seat", "amount"),
    "ramponneau.bet-all-in": ("seat", "amount"),
    "ramponneau.raise": ("seat", "amount"),
    "ramponneau.raise-all-in": ("seat", "amount"),
    "ramponneau.show": ("seat", "cards", "hand"),
    "ramponneau.muck": ("seat",),
}

REFUSALS = (
    "ramponneau.over",
    "ramponneau.deal-first",
    "ramponneau.showdown",
    "ramponneau.fold-free",
    "ramponneau.check-facing-bet",
    "ramponneau.call-nothing",
    "ramponneau.call-amount",
    "ramponneau.bet-not-raise",
    "ramponneau.raise-not-bet",
    "ramponneau.no-reopen",
    "ramponneau.amount",
    "ramponneau.over-stack",
    "ramponneau.min-bet",
    "ramponneau.min-raise",
    "ramponneau.unknown",
    "ramponneau.blinds",
    "ramponneau.stacks",
    "ramponneau.players",
)


def _refuse(rule: str, **params):
    raise IllegalAction(f"ramponneau.{rule}", **params)


def _amount(action) -> int:
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool):
        _refuse("amount")
    return amount


def live_seats(state) -> list[int]:
    """Seats still in the hand (dealt in, not folded), in order from the button's left."""
    folded = state["folded"]
    return [s for s in state["order"] if not folded[s]]


def compute_pots(state, collected_only: bool = False, alive=None) -> list[dict]:
    """Main pot then side pots: ``{"amount", "eligible"}``, built as PokerKit builds them.

    Players eligible are those still in the hand, or those in ``alive`` when given; pots
    next to each other with the same players eligible are one pot.
    """
    order = state["order"]
    folded = state["folded"]
    if alive is not None:
        folded = [s not in alive for s in range(state["seats"])]
    put = state["committed"]
    if collected_only:
        put = [c - b for c, b in zip(put, state["bets"], strict=True)]
    pots: list[dict] = []
    previous = 0
    for level in sorted({put[s] for s in order}):
        amount = sum(min(put[s], level) - min(put[s], previous) for s in order)
        eligible = [s for s in order if not folded[s] and put[s] >= level]
        if pots and pots[-1]["eligible"] == eligible:
            amount += pots.pop()["amount"]
        if amount:
            pots.append({"amount": amount, "eligible": eligible})
        previous = level
    return pots


def hand_value(state, seat) -> int:
    return poker.evaluate_fast(state["hole"][seat] + state["board"])
