"""What each seat and the archive see of a Ramponneau hand, and what the log says of an
action: the views half of the ``Game`` in ``game``.
"""

from __future__ import annotations

from .. import poker
from ..core import CHANCE
from . import stats
from .rules import STREETS, compute_pots, hand_value


class Views:
    """Views: methods of the game's ``Game`` (a mixin)."""

    def hidden_cards(self, state, seat) -> set[str]:
        hidden = set(state["deck"])
        for s in state["order"]:
            if s != seat and not state["shown"][s] and state["hole"][s]:
                hidden.update(state["hole"][s])
        return hidden

    def revealed_hands(self, state) -> dict:
        """The hands turned over at the showdown; folded and mucked hands stay hidden."""
        return {
            s: list(state["hole"][s])
            for s in state["order"]
            if state["shown"][s] and state["hole"][s]
        }

    def view(self, state, seat) -> dict:
        phase = state["phase"]
        order = state["order"]
        street = STREETS[state["street"]] if phase == "bet" else phase
        shown = [
            state["hole"][s] if state["shown"][s] and state["hole"][s] else None
            for s in range(state["seats"])
        ]
        view = {
            "game": state["game"],
            "seats": state["seats"],
            "options": state["options"],
            "actor": state["actor"],
            "result": state["result"],
            "you": seat,
            "street": street,
            "button": state["button"],
            "small_blind_seat": state["sb_seat"],
            "big_blind_seat": state["bb_seat"],
            "blinds": [state["options"]["small_blind"], state["options"]["big_blind"]],
            "order": order,
            "dealt_in": [s in order for s in range(state["seats"])],
            "stacks": state["stacks"],
            "bets": state["bets"],
            "committed": state["committed"],
            "folded": state["folded"],
            "all_in": [
                s in order
                and not state["stacks"][s]
                and not state["folded"][s]
                and state["phase"] != "over"
                for s in range(state["seats"])
            ],
            "board": state["board"],
            "pot": state["pot"],
            "pots": compute_pots(state, collected_only=True) if phase != "over" else [],
            "total_pot": state["pot"] + sum(state["bets"]),
            "shown": shown,
            "mucked": state["mucked"],
            "rake": state["rake"],
            "awards": state["awards"],
            "history": state.get("history", []),
            # Counts of what everyone saw in the earlier hands at this table (stats.py).
            "stats": state.get("stats") or [stats.blank() for _ in range(state["seats"])],
            "hand": None,
        }
        if seat is not None and state["hole"][seat] is not None and seat in order:
            hole = state["hole"][seat]
            view["hand"] = hole
            if len(state["board"]) >= 3:
                value = poker.evaluate_fast(hole + state["board"])
                view["hand_value"] = poker.summary(value)
            if phase == "bet":
                view["to_call"] = min(
                    max(state["bets"]) - state["bets"][seat], state["stacks"][seat]
                )
        for s in range(state["seats"]):
            if shown[s] and len(state["board"]) >= 3:
                view.setdefault("shown_hands", {})[str(s)] = poker.summary(hand_value(state, s))
        if seat is not None and seat == state["actor"]:
            view["legal_actions"] = self.legal_actions(state)
        return view

    def describe(self, state, action) -> dict:
        kind = action["type"]
        seat = state["actor"]
        if seat == CHANCE:
            return {"code": "ramponneau.deal"}
        stack, bet = state["stacks"][seat], state["bets"][seat]
        if kind == "call":
            paid = min(max(state["bets"]) - bet, stack)
            code = "ramponneau.call-all-in" if paid == stack else "ramponneau.call"
            return {"code": code, "seat": seat, "amount": paid}
        if kind in ("bet", "raise"):
            amount = action["amount"]
            code = f"ramponneau.{kind}" + ("-all-in" if amount == stack + bet else "")
            return {"code": code, "seat": seat, "amount": amount}
        if kind == "show":
            hole = list(state["hole"][seat])
            hand = poker.summary(hand_value(state, seat))
            return {"code": "ramponneau.show", "seat": seat, "cards": hole, "hand": hand}
        return {"code": f"ramponneau.{kind}", "seat": seat}  # fold, check, muck
