"""Remigio: a South American rummy for 3 to 8 players (2 as an option), one match of rounds.

Cards: two 52-card decks with their two jokers each (three decks above six players), in
the multi-deck notation of ``cards.py``: ``"Th.1"`` and ``"Th.2"`` are the two tens of
hearts, ``"Xr.1"``/``"Xb.1"`` the red and black jokers of deck 1 (``"Xr.2"``/``"Xb.2"``
of deck 2). Views of past rounds and of a card taken from the pile show faces only
(``"Th"``, ``"Xr"``): the physical copy is irrelevant there and has been dealt again.

A round: chance deals ten cards each (one at a time from the dealer's right-hand
neighbour), the next card starts the discard pile and the rest is the stock. On a turn
the player draws (``{"type": "draw", "from": "stock"|"discard"}``) then discards
(``{"type": "discard", "card": c}``), or discards and closes
(``{"type": "close", "card": c}``, "Je ferme") when the ten cards kept all form melds
(or a couleur or Remigio, see the house rules). When the stock is empty the pile but its
top card is shuffled into a new stock: a chance action (``{"type": "deal", "deck": [...]}``
whose cards are ``chance_cards``). After ``rebuilds`` rebuilds, or ``TURN_LIMIT`` turns,
the round is void.

One engine game is a whole match: the state carries the cumulative scores, who is out
(elimination) and the chips paid (payment). House rules: docs/rules/remigio-house-rules.md.
"""

from __future__ import annotations

from ..cards import multi_deck
from ..core import CHANCE, Game
from ..melds import Rules
from .rules import (
    _RULES,
    ACTION_KEYS,
    KINDS,
    MESSAGES,
    OPTIONS,
    REFUSALS,
    TURN_LIMIT,
    _refuse,
    closing_discards,
    closing_kind,
    face,
    has_five_pairs,
    multiplier,
)
from .scoring import Scoring
from .views import Views

# ----- the game -------------------------------------------------------------------------


class Remigio(Scoring, Views, Game):
    def __init__(self):
        super().__init__(
            slug="remigio",
            name="Remigio",
            min_seats=2,
            max_seats=8,
            default_seats=4,
            options=OPTIONS,
            action_keys=ACTION_KEYS,
            messages=MESSAGES,
            refusals=REFUSALS,
        )

    # ----- options -----------------------------------------------------------------
    def seat_range(self, options):
        return (2 if options.get("two_players") else 3), 8

    def random_options(self, rng):
        """Short matches for selfplay: random players seldom close, so rounds are capped."""
        options = super().random_options(rng)
        options["rebuilds"] = rng.choice([0, 0, 1])
        options["max_rounds"] = rng.randint(1, 3)
        options["limit"] = rng.choice([100, 200])
        return options

    @staticmethod
    def rules(state) -> Rules:
        options = state["options"]
        key = (options["values"], options["wrap"], options["group_suits"])
        found = _RULES.get(key)
        if found is None:
            found = _RULES[key] = Rules.from_options(options)
        return found

    # ----- setup -------------------------------------------------------------------
    def new(self, seats, options=None, carry=None):
        return self.start(seats, options) | {
            "decks": 3 if seats > 6 else 2,
            "round": 1,
            "dealer": seats - 1,
            "turn": None,
            "phase": "deal",
            "hands": [[] for _ in range(seats)],
            "stock": [],
            "pile": [],
            "drawn": None,
            "taken": None,
            "turns": 0,
            "rebuilds": 0,
            "scores": [0] * seats,
            "chips": [0] * seats,
            "out": [False] * seats,
            "last": None,
            "history": [],
        }

    def _next_in(self, state, seat):
        n = state["seats"]
        out = state["out"]
        for step in range(1, n + 1):
            other = (seat + step) % n
            if not out[other]:
                return other
        return seat

    def _active(self, state, start_after):
        order = []
        seat = start_after
        for _ in range(state["seats"]):
            seat = self._next_in(state, seat)
            if seat in order:
                break
            order.append(seat)
        return order

    def deck(self, state):
        return multi_deck(state["decks"])

    def chance_cards(self, state):
        if state["actor"] != CHANCE:
            return []
        if state["phase"] == "deal":
            return self.deck(state)
        return state["pile"][:-1]

    # ----- actions -----------------------------------------------------------------
    def legal_actions(self, state):
        actor = state["actor"]
        if actor is None or actor == CHANCE:
            return []
        if state["phase"] == "draw":
            return [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}]
        hand = sorted(state["hands"][actor])
        actions = [{"type": "discard", "card": c} for c in hand]
        actions += [
            {"type": "close", "card": c}
            for c, _, _ in closing_discards(hand, self.rules(state), state["options"]["special"])
        ]
        return actions

    # core.Game.apply checks the action's form and keys, that the game is not over, the
    # seat (``screen``) and that chance deals and only chance, then calls ``move``.
    not_chance_rule = None  # a deal while a seat acts is refused as any other wrong move

    def screen(self, state, action):
        if "seat" in action and action["seat"] != state["actor"]:
            _refuse("turn")

    def move(self, state, action):
        kind = action["type"]
        if state["phase"] == "draw":
            if kind != "draw":
                _refuse("draw-first")
            return self._draw(state, action)
        if kind not in ("discard", "close"):
            _refuse("discard-now")
        return self._discard(state, action, kind == "close")

    def _deal(self, state, action):
        deck = self.checked_deck(state, action)
        s = dict(state)
        if state["phase"] == "rebuild":
            s["stock"] = deck[::-1]  # the first card of the deck is drawn first
            s["pile"] = state["pile"][-1:]
            s["rebuilds"] = state["rebuilds"] + 1
            s["phase"] = "draw"
            s["actor"] = state["turn"]
            return s
        order = self._active(state, state["dealer"])
        hands = [[] for _ in range(state["seats"])]
        k = len(order)
        for i in range(10 * k):
            hands[order[i % k]].append(deck[i])
        s["hands"] = hands
        s["pile"] = [deck[10 * k]]
        s["stock"] = deck[10 * k + 1 :][::-1]
        s["turns"] = 0
        s["rebuilds"] = 0
        s["drawn"] = None
        s["taken"] = None
        mode = state["options"]["five_pairs"]
        for seat in order:
            if has_five_pairs(hands[seat], mode):
                return self._end_round(s, seat, "five_pairs")
        s["phase"] = "draw"
        s["turn"] = s["actor"] = order[0]
        return s

    def _draw(self, state, action):
        source = action.get("from")
        if source not in ("stock", "discard"):
            _refuse("draw-source")
        actor = state["actor"]
        s = dict(state)
        hands = s["hands"] = list(state["hands"])
        if source == "stock":
            stock = s["stock"] = list(state["stock"])
            card = stock.pop()
            s["taken"] = None
        else:
            pile = s["pile"] = list(state["pile"])
            card = pile.pop()
            s["taken"] = card
        hands[actor] = state["hands"][actor] + [card]
        s["drawn"] = card
        s["phase"] = "discard"
        return s

    def _discard(self, state, action, closing):
        card = action.get("card")
        actor = state["actor"]
        hand = state["hands"][actor]
        if not isinstance(card, str) or card not in hand:
            _refuse("not-in-hand")
        kind = None
        if closing:
            rules = self.rules(state)
            for c, k, _ in closing_discards(hand, rules, state["options"]["special"]):
                if c == card:
                    kind = k
                    break
            if kind is None:
                _refuse("close-melds")
        s = dict(state)
        hands = s["hands"] = list(state["hands"])
        kept = list(hand)
        kept.remove(card)
        hands[actor] = kept
        s["pile"] = state["pile"] + [card]
        s["drawn"] = None
        s["taken"] = None
        s["turns"] = state["turns"] + 1
        if closing:
            return self._end_round(s, actor, kind)
        if s["turns"] >= TURN_LIMIT:
            return self._end_round(s, None, "void")
        s["turn"] = self._next_in(state, actor)
        if s["stock"]:
            s["phase"] = "draw"
            s["actor"] = s["turn"]
        elif state["rebuilds"] < state["options"]["rebuilds"] and len(s["pile"]) > 1:
            s["phase"] = "rebuild"
            s["actor"] = CHANCE
        else:
            return self._end_round(s, None, "void")
        return s

    # ----- end of a round ------------------------------------------------------------

    # ----- what players see ------------------------------------------------------------

    # ----- the log ----------------------------------------------------------------------

    # ----- checks ----------------------------------------------------------------------
    def check_invariants(self, state):
        problems = []
        held = [c for hand in state["hands"] for c in hand] + state["stock"] + state["pile"]
        if state["phase"] in ("deal", "over"):
            if held:
                problems.append("cards left on the table between rounds")
        else:
            if sorted(held) != sorted(self.deck(state)):
                problems.append("cards are not conserved")
            for seat, hand in enumerate(state["hands"]):
                expected = 0
                if not state["out"][seat]:
                    expected = (
                        11 if (seat == state["actor"] and state["phase"] == "discard") else 10
                    )
                if len(hand) != expected:
                    problems.append(f"seat {seat} holds {len(hand)} cards, not {expected}")
            if not state["pile"] and state["phase"] != "discard":
                problems.append("the discard pile is empty")
        if sum(state["chips"]) != 0:
            problems.append("chips are not conserved")
        if state["options"]["scoring"] == "elimination":
            for seat, score in enumerate(state["scores"]):
                if state["out"][seat] != (score >= state["options"]["limit"]):
                    problems.append(f"seat {seat} out flag does not match its score")
        history_total = [sum(r[seat] for r in state["history"]) for seat in range(state["seats"])]
        if history_total != state["scores"]:
            problems.append("scores do not add up the rounds")
        if state["actor"] is None and state["result"] is None:
            problems.append("over without a result")
        return problems

    def default_action(self, state):
        if state["phase"] == "draw":
            return {"type": "draw", "from": "stock"}
        drawn = state["drawn"]
        if drawn in state["hands"][state["actor"]]:
            return {"type": "discard", "card": drawn}
        return self.legal_actions(state)[0]


GAME = Remigio()

# What others import from here (the rules live in .rules).
__all__ = [
    "GAME",
    "TURN_LIMIT",
    "KINDS",
    "ACTION_KEYS",
    "OPTIONS",
    "MESSAGES",
    "REFUSALS",
    "face",
    "closing_kind",
    "multiplier",
    "has_five_pairs",
    "closing_discards",
]
