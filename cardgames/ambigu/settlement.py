"""The end of an Ambigu deal: the showdown, the pots and the combinations paid, debts
between players, and the deal's result. A part of the ``Game`` in ``game``.
"""

from __future__ import annotations

from .combinations import classify
from .rules import UNANSWERED_VADE_FROM_DEALER


class Settlement:
    """Settlement: methods of the game's ``Game`` (a mixin)."""

    def _pay(self, state, payer: int, creditor: int, amount: int, payments, new_debts) -> None:
        paid = min(amount, state["stacks"][payer])
        state["stacks"][payer] -= paid
        state["stacks"][creditor] += paid
        payments.append([payer, creditor, paid])
        if paid < amount:
            new_debts.append([payer, creditor, amount - paid])

    def _unanswered_vade(self, state, opener: int) -> None:
        state["stacks"][opener] += state["bets"][opener] + state["batterie"]
        state["bets"][opener] = 0
        won = state["batterie"]
        state["batterie"] = 0
        payments, new_debts = [], []
        if opener != state["dealer"]:
            self._pay(
                state, state["dealer"], opener, UNANSWERED_VADE_FROM_DEALER, payments, new_debts
            )
        self._finish(state, "vade", [opener], None, payments, new_debts, batterie_won=won)

    def _last_in(self, state, winner: int) -> None:
        state["stacks"][winner] += sum(state["bets"])
        state["bets"] = [0] * state["seats"]
        self._win_pots_and_combination(state, winner, "last-in", [winner])

    def _showdown(self, state) -> None:
        live = self._live(state)
        n, dealer = state["seats"], state["dealer"]
        fredon_prime = state["options"]["fredon_prime"]
        keys = {}
        for s in live:
            combo = classify(state["hands"][s], fredon_prime)
            keys[s] = (combo.key, -((s - dealer - 1) % n))
        bets = state["bets"]
        levels = sorted({bets[s] for s in live})
        previous = 0
        for level in levels:
            pot = sum(min(b, level) - min(b, previous) for b in bets)
            eligible = [s for s in live if bets[s] >= level]
            best = max(eligible, key=keys.__getitem__)
            state["stacks"][best] += pot
            previous = level
        leftover = sum(b - min(b, previous) for b in bets)
        winner = max(live, key=keys.__getitem__)
        state["stacks"][winner] += leftover
        state["bets"] = [0] * n
        self._win_pots_and_combination(state, winner, "showdown", live)

    def _win_pots_and_combination(self, state, winner: int, outcome: str, shown) -> None:
        won_poule, won_batterie = state["poule"], state["batterie"]
        state["stacks"][winner] += won_poule + won_batterie
        state["poule"] = state["batterie"] = 0
        combo = classify(state["hands"][winner], state["options"]["fredon_prime"])
        payers_rule = state["options"]["combination_payers"]
        if payers_rule == "all":
            payers = [s for s in state["order"] if s != winner]
        elif payers_rule == "remaining":
            payers = [s for s in shown if s != winner]
        else:
            payers = []
        payments, new_debts = [], []
        for s in payers:
            self._pay(state, s, winner, combo.value, payments, new_debts)
        for s in shown:
            state["revealed"][s] = list(state["hands"][s])
        self._finish(
            state,
            outcome,
            [winner],
            combo,
            payments,
            new_debts,
            poule_won=won_poule,
            batterie_won=won_batterie,
        )

    def _finish(self, state, outcome, winners, combo, payments=(), new_debts=(), **won) -> None:
        state["phase"] = "over"
        state["actor"] = None
        state["pending"] = []
        for debtor, creditor, amount in new_debts:
            for entry in state["debts"]:
                if entry[0] == debtor and entry[1] == creditor:
                    entry[2] += amount
                    break
            else:
                state["debts"].append([debtor, creditor, amount])
        state["result"] = self._result(
            state, outcome, winners, combo, list(payments), list(new_debts), **won
        )

    def _result(self, state, outcome, winners, combo, payments, new_debts, **won) -> dict:
        scores = []
        for s in range(state["seats"]):
            if state["stacks"][s] is None:
                scores.append(0)
                continue
            scores.append(state["stacks"][s] - state["start"][s] - state["recaved"][s])
        for debtor, creditor, amount in new_debts:
            scores[debtor] -= amount
            scores[creditor] += amount
        result = {
            "scores": scores,
            "winners": winners,
            "outcome": outcome,
            "combination": combo.as_dict() if combo else None,
            "payments": payments,
            "debts": new_debts,
            "recaved": list(state["recaved"]),
            "poule_carried": state["poule"],
            "batterie_carried": state["batterie"],
            "revealed": list(state["revealed"]),
        }
        result.update(won)
        return result
