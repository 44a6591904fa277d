"""Duel: a sixth game that lives in the test tree, to prove what adding a game takes.

Two players, the eight spades from the seven to the ace. Each is dealt two cards; the
first seat plays a card face up, the second answers, the higher card scores a point; a
second round the same way, and the player with more points wins (a tie is shared).

The site learns of it through ``cardgames.register("duel", "tests.games.duel")`` and
nothing else: no template, no presentation module, no rules page, no economy entry. The
generic board, the generic words and the contract checks must carry it. Like every
engine it holds no words: its log messages and refusals are codes with parameters.
"""

from __future__ import annotations

from cardgames.core import CHANCE, Game, IllegalAction, State, clone

DECK = ["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As"]
STRENGTH = {card: position for position, card in enumerate(DECK)}
ROUNDS = 2


class Duel(Game):
    def __init__(self):
        super().__init__(
            slug="duel", name="Duel",
            min_seats=2, max_seats=2, default_seats=2,
            action_keys={"deal": ("deck",), "play": ("card",)},
            messages={"duel.deal": (), "duel.play": ("seat", "card")},
            refusals=("duel.over", "duel.deal", "duel.card"),
        )

    def new(self, seats: int, options: dict | None = None, carry: dict | None = None) -> State:
        options = self.resolve_options(options)
        self.check_seats(seats, options)
        return {
            "game": self.slug, "seats": seats, "options": options, "actor": CHANCE,
            "result": None, "hands": [[], []], "table": [], "played": [], "points": [0, 0],
            "round": 0,
        }

    def chance_cards(self, state: State) -> list[str]:
        return list(DECK) if state["actor"] == CHANCE else []

    def legal_actions(self, state: State) -> list[dict]:
        seat = state["actor"]
        if not isinstance(seat, int):
            return []
        return [{"type": "play", "card": card} for card in state["hands"][seat]]

    def apply(self, state: State, action: dict) -> State:
        self.check_keys(action)
        if state["actor"] is None:
            raise IllegalAction("duel.over")
        if state["actor"] == CHANCE:
            if action.get("type") != "deal":
                raise IllegalAction("duel.deal")
            deck = self.checked_deck(state, action)
            after = clone(state)
            after["hands"] = [deck[0:2], deck[2:4]]
            after["actor"] = 0
            return after
        seat = state["actor"]
        if action.get("type") != "play" or action.get("card") not in state["hands"][seat]:
            raise IllegalAction("duel.card", card=str(action.get("card"))[:4])
        after = clone(state)
        after["hands"][seat].remove(action["card"])
        after["table"].append(action["card"])
        if len(after["table"]) == 1:
            after["actor"] = 1 - seat
            return after
        first, second = after["table"]
        after["points"][0 if STRENGTH[first] > STRENGTH[second] else 1] += 1
        after["played"] += after["table"]
        after["table"] = []
        after["round"] += 1
        after["actor"] = 0
        if after["round"] == ROUNDS:
            after["actor"] = None
            top = max(after["points"])
            after["result"] = {
                "scores": list(after["points"]),
                "winners": [s for s in (0, 1) if after["points"][s] == top],
            }
        return after

    def view(self, state: State, seat: int | None) -> dict:
        view = {
            "game": self.slug, "seats": 2, "actor": state["actor"], "round": state["round"],
            "table": list(state["table"]), "played": list(state["played"]),
            "points": list(state["points"]),
            "hand_sizes": [len(hand) for hand in state["hands"]],
            "result": state["result"],
        }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = list(state["hands"][seat])
            if state["actor"] == seat:
                view["legal_actions"] = self.legal_actions(state)
        return view

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        hidden = set(DECK) - set(state["table"]) - set(state["played"])
        if seat is not None:
            hidden -= set(state["hands"][seat])
        return hidden

    def describe(self, state: State, action: dict) -> dict:
        if action["type"] == "deal":
            return {"code": "duel.deal"}
        return {"code": "duel.play", "seat": state["actor"], "card": action["card"]}

    def check_invariants(self, state: State) -> list[str]:
        if state["actor"] == CHANCE:
            return []
        cards = [c for hand in state["hands"] for c in hand] + state["table"] + state["played"]
        if len(cards) != 4 or len(set(cards)) != 4:
            return [f"four distinct cards must be in play, not {cards}"]
        return []


GAME = Duel()
