"""Ambigu's jetons at a cash table (``cardgames.chips``): antes, carried pots and debts.

Caves count in antes. There are no blinds: every player who can pay the ante is dealt
in. The poule and the batterie left unwon stay on the table for the next deal, with the
next dealer. A player whose jetons run out paying a combination owes the rest
(``result["debts"]``): at a cash table the host settles it between deals, since seats
change hands, so the carry starts without debts. The in-deal recave is off there: a
top-up is a cave between deals.
"""

from __future__ import annotations

from ..chips import ChipRules


class AmbiguChips(ChipRules):
    def __init__(self, game):
        self.game = game

    def cave_unit(self, options):
        return options["ante"]

    def fresh_stack(self, options):
        return options["cave"]

    def seat_stacks(self, state):
        return list(state["stacks"])

    def least_stack(self, options):
        # Below the ante the engine would recave the player out of nothing (auto_recave)
        # or deal them no cards.
        return options["ante"]

    def dealt(self, state):
        return list(state["players"])  # ``order`` is empty until the draw for the deal

    def chips_in_hand(self, state, seat):
        if seat not in state["players"]:
            return None
        return state["stacks"][seat] + state["bets"][seat]

    def final_stacks(self, state):
        return {seat: state["stacks"][seat] for seat in state["players"]}

    def start_stacks(self, state):
        recaved = state.get("recaved") or [0] * state["seats"]
        return {seat: state["start"][seat] + recaved[seat] for seat in state["players"]}

    def forced(self, state):
        # The ante, and the dealer's payment when nobody opens (the house rules).
        ante = state["options"]["ante"]
        forced = {seat: ante for seat in state["players"]}
        if state.get("dealer_paid") and state.get("dealer") in forced:
            forced[state["dealer"]] += state["dealer_paid"]
        return forced

    def folded(self, state):
        return [seat for seat in state["players"] if state["folded"][seat]]

    def debts(self, state):
        result = state.get("result") or {}
        return [tuple(debt) for debt in result.get("debts") or []]

    def on_table(self, state):
        return (sum(state["stacks"][s] for s in state["players"]) + sum(state["bets"])
                + state["poule"] + state["batterie"])

    def carried(self, state):
        return state["poule"] + state["batterie"]

    def kept(self, final_state):
        carry = self.game.carry(final_state)
        return {key: carry[key] for key in ("dealer", "poule", "batterie")}

    def deal_carry(self, stacks, kept):
        kept = kept or {}
        return {
            "stacks": list(stacks),
            # None at a table's first deal: the engine draws for the deal.
            "dealer": kept.get("dealer"),
            "poule": kept.get("poule", 0),
            "batterie": kept.get("batterie", 0),
            "debts": [],  # settled by the host with each deal
            "recave": False,  # top-ups are caved between deals
        }
