"""What each seat and the archive see of a Remigio state, and what the log says of an
action: the views half of the ``Game`` in ``game``.
"""

from __future__ import annotations

from ..core import CHANCE
from ..melds import best_arrangement
from .rules import TURN_LIMIT, closing_discards, closing_kind, face, has_five_pairs, multiplier


class Views:
    """Views: methods of the game's ``Game`` (a mixin)."""

    def view(self, state, seat):
        actor = state["actor"]
        pile = state["pile"]
        view = {
            "game": state["game"],
            "seats": state["seats"],
            "options": state["options"],
            "you": seat,
            "actor": actor,
            "phase": state["phase"],
            "round": state["round"],
            "dealer": state["dealer"],
            "turn": state["turn"],
            "turns": state["turns"],
            "rebuilds": state["rebuilds"],
            "scores": state["scores"],
            "chips": state["chips"],
            "out": state["out"],
            "hand_counts": [len(h) for h in state["hands"]],
            "stock_count": len(state["stock"]),
            "pile_count": len(pile),
            "discard_top": pile[-1] if pile else None,
            # Every discard was seen face up when made: a player who watched knows which
            # faces lie in the pile (dead until the pile is shuffled into a new stock).
            "pile_faces": [face(c) for c in pile],
            "taken": face(state["taken"]) if state["taken"] else None,
            "last_round": state["last"],
            "history": state["history"],
            "result": state["result"],
        }
        if seat is not None:
            hand = sorted(state["hands"][seat])
            view["hand"] = hand
            view["proposed"] = best_arrangement(hand, self.rules(state)).as_dict() if hand else None
            if seat == actor:
                view["drawn"] = state["drawn"]
                legal = self.legal_actions(state)
                view["legal_actions"] = legal
                if state["phase"] == "discard":
                    view["closings"] = [
                        {"card": c, "kind": k, "multiplier": m}
                        for c, k, m in closing_discards(
                            hand, self.rules(state), state["options"]["special"]
                        )
                    ]
        return view

    def archive_view(self, state, seat):
        """The base archive view without the pile's faces: the archive keeps the cards under
        the top of the discard pile hidden (docs/engine.md, the reveal policy)."""
        view = super().archive_view(state, seat)
        view.pop("pile_faces", None)
        return view

    def revealed_hands(self, state):
        """At the end of a round every hand is laid down for the count (faces only)."""
        last = state["last"]
        if state["phase"] not in ("deal", "over") or not last:
            return {}
        return {
            s: [c for meld in shown["melds"] for c in meld] + list(shown["leftover"])
            for s, shown in enumerate(last["hands"])
            if shown
        }

    def hidden_cards(self, state, seat):
        hidden = set(state["stock"])
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                hidden.update(hand)
        return hidden

    def describe(self, state, action):
        kind = action["type"]
        if state["actor"] == CHANCE:
            if state["phase"] == "rebuild":
                return {"code": "remigio.rebuild"}
            message = {"dealer": state["dealer"], "round": state["round"]}
            winner = self._five_pairs_winner(state, action)
            if winner is None:
                return {"code": "remigio.deal", **message}
            return {"code": "remigio.deal-five-pairs", **message, "winner": winner}
        seat = state["actor"]
        if kind == "draw":
            if action["from"] == "discard":
                return {"code": "remigio.take", "seat": seat, "card": face(state["pile"][-1])}
            return {"code": "remigio.draw", "seat": seat}
        card = action["card"]
        if kind == "discard":
            void = state["turns"] + 1 >= TURN_LIMIT or (
                not state["stock"]
                and (state["rebuilds"] >= state["options"]["rebuilds"] or not state["pile"])
            )
            code = "remigio.discard-void" if void else "remigio.discard"
            return {"code": code, "seat": seat, "card": face(card)}
        hand = list(state["hands"][seat])
        hand.remove(card)
        closing = closing_kind(hand, self.rules(state), state["options"]["special"])
        return {
            "code": "remigio.close",
            "seat": seat,
            "card": face(card),
            "kind": closing,
            "multiplier": multiplier(closing, hand),
        }

    def _five_pairs_winner(self, state, action):
        """The seat a deal would give five pairs to (first in turn order), if any."""
        deck = action.get("deck") if isinstance(action, dict) else None
        mode = state["options"]["five_pairs"]
        if state["phase"] != "deal" or mode == "off" or not isinstance(deck, list):
            return None
        order = self._active(state, state["dealer"])
        k = len(order)
        if len(deck) < 10 * k:
            return None
        for j, seat in enumerate(order):
            if has_five_pairs(deck[j : 10 * k : k], mode):
                return seat
        return None
