"""What each seat and the archive see of an All-fours state, and what the log says of
an action: the views half of the ``Game`` in ``game``.
"""

from __future__ import annotations

from .rules import POWER, TARGET, side_count, side_of, side_seats


class Views:
    """Views: methods of the game's ``Game`` (a mixin)."""

    def revealed_hands(self, state):
        """The cards each seat played in the deal just ended (or the last one, when the
        game is over). Discards put aside unseen and unplayed cards stay hidden."""
        if state["phase"] == "over":
            played = state["played"]
        elif state["phase"] == "deal" and state["current"] is None:
            played = state.get("last_hands") or []
        else:
            return {}
        return {s: list(cards) for s, cards in enumerate(played) if cards}

    def hidden_cards(self, state, seat):
        hidden = set(state["stock"])
        for other in range(state["seats"]):
            if other != seat:
                hidden.update(state["hands"][other])
                hidden.update(state["discards"][other])
        return hidden

    def view(self, state, seat):
        n = state["seats"]
        view = {
            "game": state["game"],
            "seats": n,
            "options": state["options"],
            "you": seat,
            "actor": state["actor"],
            "phase": state["phase"],
            "dealer": state["dealer"],
            "eldest": None if state["dealer"] is None else self.eldest(state),
            "sides": [side_seats(side, n) for side in range(side_count(n))],
            "scores": list(state["scores"]),
            "target": TARGET,
            "cut": state["cut"],
            "turnup": state["turnup"],
            "set_aside": list(state["set_aside"]),
            "begged": state["begged"],
            "trump": state["trump"],
            "stock_count": len(state["stock"]),
            "hand_counts": [len(h) for h in state["hands"]],
            "discard_counts": [len(d) for d in state["discards"]],
            "trick": [list(x) for x in state["trick"]],
            "leader": state["leader"],
            "won": [list(w) for w in state["won"]],
            "played": [list(p) for p in state["played"]],
            "last_trick": state["last_trick"],
            "deal_no": state["deal_no"],
            "current": state["current"],
            "deals": state["deals"],
            "gift_allowed": state["phase"] == "dealer" and self.gift_allowed(state),
            "result": state["result"],
        }
        if seat is not None:
            view["hand"] = list(state["hands"][seat])
            view["discarded"] = list(state["discards"][seat])
            if seat == state["actor"]:
                view["legal_actions"] = self.legal_actions(state)
        return view

    def describe(self, state, action):
        kind = action["type"]
        n = state["seats"]
        if kind == "deal":
            deck = action["deck"]
            if state["phase"] == "cut":
                drawn = deck[:n]
                draws = [[s, c] for s, c in enumerate(drawn)]
                best = max(POWER[c[0]] for c in drawn)
                top = [s for s, c in enumerate(drawn) if POWER[c[0]] == best]
                if len(top) > 1:
                    return {"code": "all-fours.cut-tie", "draws": draws}
                return {"code": "all-fours.cut", "draws": draws, "dealer": top[0]}
            turnup = deck[6 * n]
            scores = self._turnup_would_score(state, turnup)
            return {
                "code": "all-fours.deal-scores" if scores else "all-fours.deal",
                "dealer": state["dealer"],
                "turnup": turnup,
                "trump": turnup[1],
            }
        seat = state["actor"]
        if kind == "give":
            side = side_seats(side_of(self.eldest(state), n), n)
            return {"code": "all-fours.give", "seat": seat, "side": side}
        if kind == "discard":
            return {"code": "all-fours.discard", "seat": seat, "count": len(action["cards"])}
        if kind == "play":
            return {"code": "all-fours.play", "seat": seat, "card": action["card"]}
        return {"code": f"all-fours.{kind}", "seat": seat}  # stand, beg, run
