"""The end of a Ramponneau hand: the showdown's order, who may muck, and the pots paid
(after rake) to the best hands. A part of the ``Game`` in ``game``.
"""

from __future__ import annotations

from .rules import compute_pots, hand_value, live_seats


class Showdown:
    """Showdown: methods of the game's ``Game`` (a mixin)."""

    def _start_showdown(self, state):
        state["phase"] = "showdown"
        live = live_seats(state)
        order = state["order"]
        first = state["opener"]
        at = order.index(first)
        rotated = order[at:] + order[:at]
        state["showdown"] = [s for s in rotated if s in live]
        self._advance_showdown(state)

    def can_muck(self, state, seat) -> bool:
        """Beaten, in every pot this seat plays for, by a hand already shown."""
        shown = [s for s in live_seats(state) if state["shown"][s]]
        if not shown:
            return False
        mine = hand_value(state, seat)
        values = {s: hand_value(state, s) for s in shown}
        for pot in compute_pots(state):
            if seat in pot["eligible"]:
                if not any(values[s] > mine for s in pot["eligible"] if s in values):
                    return False
        return True

    def _advance_showdown(self, state):
        queue = state["showdown"]
        while queue:
            seat = queue[0]
            if state["shown"][seat]:
                queue.pop(0)
            elif self.can_muck(state, seat):
                state["actor"] = seat
                return
            else:
                state["shown"][seat] = True
                queue.pop(0)
        self._finish(state)

    def _finish(self, state):
        """Pay the pots (after rake) and end the hand."""
        order = state["order"]
        pots, values, contenders = self._pots_to_pay(state)
        won = [0] * state["seats"]
        awards = [self._pay_pot(state, pot, values, contenders, won) for pot in pots]
        for s in order:
            state["stacks"][s] += won[s]
        state["pot"] = 0
        state["awards"] = awards
        state["phase"] = "over"
        state["actor"] = None
        scores = [
            (state["stacks"][s] - state["start"][s]) if state["start"][s] else 0
            for s in range(state["seats"])
        ]
        state["result"] = {
            "scores": scores,
            "winners": [s for s in order if won[s]],
            "rake": state["rake"],
            "pots": awards,
        }

    @staticmethod
    def _pots_to_pay(state) -> tuple[list, dict, list]:
        """The pots to pay, the value of each hand still contending, and those seats."""
        live = live_seats(state)
        contenders = [s for s in live if not state["mucked"][s]]
        if len(live) == 1:
            # The winner's unmatched bet went back to them: what is left is one pot.
            pots = [{"amount": state["pot"], "eligible": live}] if state["pot"] else []
            return pots, {}, contenders
        values = {s: hand_value(state, s) for s in contenders}
        # Hands that win no part of any pot drop out first (PokerKit "kills" them), so
        # pots won by the same players are paid, and raked, as one pot.
        alive = set()
        for pot in compute_pots(state):
            eligible = [s for s in pot["eligible"] if s in values]
            best = max(values[s] for s in eligible)
            alive.update(s for s in eligible if values[s] == best)
        return compute_pots(state, alive=alive), values, contenders

    @staticmethod
    def _pay_pot(state, pot, values, contenders, won) -> dict:
        """Rake one pot and share the rest among its best hands (``won`` adds it up);
        returns the pot's award."""
        options = state["options"]
        percent, cap = options["rake_percent"], options["rake_cap"]
        raking = percent and (state["board"] or not options["no_flop_no_drop"])
        amount = pot["amount"]
        rake = amount * percent // 100 if raking else 0
        if cap:
            rake = min(rake, cap - state["rake"])
        state["rake"] += rake
        amount -= rake
        eligible = [s for s in pot["eligible"] if s in contenders]
        if len(eligible) > 1:
            best = max(values[s] for s in eligible)
            winners = [s for s in state["order"] if s in eligible and values[s] == best]
        else:
            winners = eligible
        share, odd = divmod(amount, len(winners))
        for i, s in enumerate(winners):
            won[s] += share + (odd if i == 0 else 0)
        award = {
            "amount": pot["amount"],
            "rake": rake,
            "eligible": pot["eligible"],
            "winners": winners,
            "shares": [share + (odd if i == 0 else 0) for i in range(len(winners))],
        }
        if len(eligible) > 1:
            award["hand"] = best
        return award
