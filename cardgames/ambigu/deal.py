"""Chance in Ambigu: the draw for the deal, the deal, the talon shuffled for the second
phase and the stock rebuilt during an exchange. A part of the ``Game`` in ``game``.
"""

from __future__ import annotations

from ..core import CHANCE, clone
from .combinations import DECK, PIPS


class Dealing:
    """Dealing: methods of the game's ``Game`` (a mixin)."""

    def chance_cards(self, state) -> list[str]:
        phase = state["phase"]
        if state["actor"] != CHANCE:
            return []
        if phase in ("draw", "deal"):
            return list(DECK)
        return sorted(self._shuffle_pool(state))

    def _shuffle_pool(self, state) -> list[str]:
        purpose = state["shuffle_for"]
        if purpose == "deal2":
            pool = list(state["stock"])
            if len(pool) < 2 * len(state["players"]):
                for pile in state["discards"]:
                    pool += pile
            return pool
        if purpose == "exchange2":
            return list(state["stock"])
        kept = state["refill"]["kept"]
        pool = []
        for seat, pile in enumerate(state["discards"]):
            if seat != kept:
                pool += pile
        return pool

    def _apply_chance(self, state, action) -> dict:
        deck = self.checked_deck(state, action)
        state = clone(state)
        phase = state["phase"]
        if phase == "draw":
            self._draw_dealer(state, deck)
            state["phase"] = "deal"
            return state
        if phase == "deal":
            order = state["order"]
            k = len(order)
            for i in range(2 * k):
                state["hands"][order[i % k]].append(deck[i])
            state["stock"] = deck[2 * k :]
            self._start_speech1(state)
            return state
        purpose = state["shuffle_for"]
        state["shuffle_for"] = None
        if purpose == "deal2":
            if len(deck) > len(state["stock"]):
                state["discards"] = [[] for _ in range(state["seats"])]
            state["stock"] = deck
            order = state["order"]
            k = len(order)
            for i in range(2 * k):
                state["hands"][order[i % k]].append(state["stock"][i])
            state["stock"] = state["stock"][2 * k :]
            state["phase"] = "speech2"
            state["round"] = 1
            state["pending"] = list(order)
            state["actor"] = order[0]
            return state
        if purpose == "exchange2":
            state["stock"] = deck
            self._start_exchange2(state)
            return state
        # a stock rebuilt from the discards in the middle of a player's exchange
        refill = state["refill"]
        kept = refill["kept"]
        state["discards"] = [
            pile if seat == kept else [] for seat, pile in enumerate(state["discards"])
        ]
        state["stock"] = deck
        seat, need = refill["seat"], refill["need"]
        state["hands"][seat] += state["stock"][:need]
        state["stock"] = state["stock"][need:]
        state["refill"] = None
        state["phase"] = refill["then"]
        self._next_exchanger(state)
        return state

    def _draw_dealer(self, state, deck) -> None:
        """High card deals; players tied for the highest draw again from the same pack."""
        contenders = list(state["players"])
        position = 0
        draws = []
        while True:
            if position + len(contenders) > len(deck):
                break
            got = {}
            for seat in contenders:
                got[seat] = deck[position]
                draws.append([seat, deck[position]])
                position += 1
            best = max(PIPS[c[0]] for c in got.values())
            contenders = [s for s in contenders if PIPS[got[s][0]] == best]
            if len(contenders) == 1:
                break
        state["dealer"] = contenders[0]
        state["draw"] = draws
        state["order"] = self._order(state)
