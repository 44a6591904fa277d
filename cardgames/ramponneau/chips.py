"""Ramponneau's chips at a cash table (``cardgames.chips``): blinds, button and rake.

Caves count in big blinds. A newcomer (or a player sitting back down) either waits until
the big blind reaches them or posts one at once as dead money (``entry_blind``); the big
blind goes to the second seat dealt in after the button (heads-up: the seat after it),
as ``new`` deals it. A hand keeps the button and the table's public statistics
(``stats.py``) for the next one; a seat taken by someone else starts its statistics
afresh (``forget_seats``).
"""

from __future__ import annotations

from ..chips import ChipRules
from . import stats


def big_blind_seat(dealt: list[int], button: int, seats: int) -> int:
    """The seat that posts the big blind when ``dealt`` (sorted) are dealt in."""
    while button not in dealt:
        button = (button + 1) % seats
    start = dealt.index(button) + 1
    order = dealt[start:] + dealt[:start]
    return order[0] if len(order) == 2 else order[1]


class RamponneauChips(ChipRules):
    def __init__(self, game):
        self.game = game

    def cave_unit(self, options):
        return options["big_blind"]

    def fresh_stack(self, options):
        return options["starting_stack"] * options["big_blind"]

    def seat_stacks(self, state):
        return list(state["stacks"])

    def entry_blind(self, options):
        return options["big_blind"]

    def blind_reaches(self, seat, active, kept, seats):
        dealt = sorted(active + [seat])
        return big_blind_seat(dealt, (kept or {}).get("button", 0), seats) == seat

    def dealt(self, state):
        return list(state["order"])

    def chips_in_hand(self, state, seat):
        if seat not in state["order"]:
            return None
        return state["stacks"][seat] + state["bets"][seat]

    def final_stacks(self, state):
        return {seat: state["stacks"][seat] for seat in state["order"]}

    def start_stacks(self, state):
        return {seat: state["start"][seat] for seat in state["order"]}

    def forced(self, state):
        options = state["options"]
        blinds = {}
        for seat, blind in ((state["sb_seat"], options["small_blind"]),
                            (state["bb_seat"], options["big_blind"])):
            blinds[seat] = blinds.get(seat, 0) + min(blind, state["start"][seat])
        return blinds

    def folded(self, state):
        return [seat for seat in state["order"] if state["folded"][seat]]

    def rake(self, state):
        return state.get("rake") or 0

    def on_table(self, state):
        return (sum(state["stacks"][s] for s in state["order"]) + state["pot"]
                + sum(state["bets"]) + self.rake(state))

    def kept(self, final_state):
        carry = self.game.carry(final_state)
        if carry is None:  # fewer than two have chips left: the button moves on anyway
            button = (final_state["button"] + 1) % final_state["seats"]
            return {"button": button, "stats": stats.tally(final_state)}
        return {"button": carry["button"], "stats": carry["stats"]}

    def deal_carry(self, stacks, kept):
        carry = {"stacks": list(stacks), "button": (kept or {}).get("button", 0)}
        if (kept or {}).get("stats") is not None:
            carry["stats"] = kept["stats"]
        return carry

    remembers_players = True

    def forget_seats(self, carry, positions):
        return stats.forget(carry, positions)
