"""What each seat and the archive see of an Ambigu deal, and what the log says of an
action: the views half of the ``Game`` in ``game``.
"""

from __future__ import annotations

from ..core import CHANCE, clone
from .combinations import DECK, classify


class Views:
    """Views: methods of the game's ``Game`` (a mixin)."""

    def _phase_number(self, state) -> int:
        phase = state["phase"]
        if phase in ("speech2", "exchange2"):
            return 2
        if phase == "renvis":
            return 3
        if phase in ("shuffle", "keep"):
            purpose = state["shuffle_for"] or "refill"
            if purpose == "exchange2":
                return 2
            if purpose == "refill" and state["refill"] and state["refill"]["then"] == "exchange2":
                return 2
        if phase == "over":
            return 0
        return 1

    def view(self, state, seat) -> dict:
        mine = seat is not None and 0 <= seat < state["seats"]
        hand = list(state["hands"][seat]) if mine else None
        fredon_prime = state["options"]["fredon_prime"]
        high = max(state["bets"])
        combo = classify(hand, fredon_prime) if hand else None
        view = {
            "game": state["game"],
            "seats": state["seats"],
            "options": dict(state["options"]),
            "you": seat if mine else None,
            "actor": state["actor"],
            "phase": state["phase"],
            "phase_number": self._phase_number(state),
            "round": state["round"],
            "exchange_rounds": state["exchange_rounds"],
            "dealer": state["dealer"],
            "players": list(state["players"]),
            "order": list(state["order"]),
            "stacks": list(state["stacks"]),
            "poule": state["poule"],
            "batterie": state["batterie"],
            "renvis": sum(state["bets"]),
            "bets": list(state["bets"]),
            "high_bet": high,
            "to_call": (high - state["bets"][seat]) if mine else 0,
            "folded": list(state["folded"]),
            "allin": list(state["allin"]),
            "battez": state["battez"],
            "opener": state["opener"],
            "vade": state["vade"],
            "last_raiser": state["last_raiser"],
            "dealer_paid": state["dealer_paid"],
            "hand": hand,
            "combination": combo.as_dict() if combo else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "exchanged": list(state["exchanged"]),
            "stock_size": len(state["stock"]),
            "discard_sizes": [len(p) for p in state["discards"]],
            "my_discards": list(state["discards"][seat]) if mine else None,
            "draw": [[s, c[0]] for s, c in state["draw"]],
            "revealed": [list(h) if h else None for h in state["revealed"]],
            "recave_open": state["recave_open"],
            "recaved": list(state["recaved"]),
            "debts": [list(d) for d in state["debts"]],
            "result": state["result"],
        }
        if mine and state["actor"] == seat:
            view["legal_actions"] = self.legal_actions(state)
        return view

    def revealed_hands(self, state) -> dict:
        """The hands shown at the end (compared, or whose combination was paid); never
        an écart, a folded hand or the talon."""
        return {s: list(cards) for s, cards in enumerate(state["revealed"]) if cards}

    def hidden_cards(self, state, seat) -> set[str]:
        hidden = set(DECK)
        for cards in state["revealed"]:
            if cards:
                hidden.difference_update(cards)
        if seat is not None and 0 <= seat < state["seats"]:
            hidden.difference_update(state["hands"][seat])
            hidden.difference_update(state["discards"][seat])
        return hidden

    def describe(self, state, action) -> dict:
        seat = state["actor"]
        if seat == CHANCE:
            return self._describe_chance(state, action)
        kind = action["type"]
        if kind == "pass" and state["phase"] == "speech2" and state["opener"] is not None:
            return {"code": "ambigu.pass-out", "seat": seat}
        if kind == "battez":
            return {
                "code": "ambigu.battez",
                "seat": seat,
                "stake": state["options"]["battez_stake"],
            }
        if kind == "exchange":
            count = len(action["cards"])
            if not count:
                return {"code": "ambigu.stand-pat", "seat": seat}
            return {"code": "ambigu.exchange", "seat": seat, "count": count}
        if kind == "follow":
            return {"code": "ambigu.follow", "seat": seat, "amount": state["vade"]}
        if kind in ("recave", "vade", "renvi"):
            amount = action["amount"]
            if kind == "renvi" and amount == state["stacks"][seat]:
                kind = "renvi-tapis"
            return {"code": f"ambigu.{kind}", "seat": seat, "amount": amount}
        return {"code": f"ambigu.{kind}", "seat": seat}  # pass, mix, keep, tapis, check...

    def _describe_chance(self, state, action) -> dict:
        phase = state["phase"]
        if phase == "draw":
            probe = clone(state)
            self._draw_dealer(probe, action["deck"])
            # Ranks only, as the view shows them: the suits of the draw stay hidden.
            draws = [[s, c[0]] for s, c in probe["draw"]]
            return {"code": "ambigu.draw", "draws": draws, "dealer": probe["dealer"]}
        dealer = state["dealer"]
        if phase == "deal":
            return {"code": "ambigu.deal", "dealer": dealer}
        codes = {"deal2": "ambigu.deal2", "exchange2": "ambigu.shuffle-exchange"}
        return {"code": codes.get(state["shuffle_for"], "ambigu.refill"), "dealer": dealer}
