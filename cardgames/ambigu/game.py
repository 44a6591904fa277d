"""Ambigu: the 40-card vying game of Louis XIV's court, one deal per engine game.

A table plays deal after deal with jetons from each player's cave, so the game is
chained (``carry``): the stacks, the next dealer and the pots left unwon (poule and
batterie) pass from one deal to the next. Seat n + 1 is seat n's right-hand neighbour:
the deal, the speech and the exchanges start with the dealer's right-hand neighbour and
the deal passes to the right.

A deal runs through these phases (``state["phase"]``):

- ``draw`` (chance, first deal of a table only): one card each, highest deals;
- ``deal`` (chance): the shuffle, then two cards each;
- ``speech1``: each player passes or says "battez" (paying into the batterie); a recave
  is allowed here, before the third card;
- ``exchange1``: when everybody passed, each player may exchange cards from the stock;
- ``shuffle`` (chance): the stock is shuffled (after "battez", before the phase-2
  exchanges) or rebuilt from the discards when it runs out;
- ``keep``: under the ``refuse_discard`` option, a player being served from a rebuilt
  stock may keep their own discard out of it;
- ``speech2``: the vade (2 to 4 jetons) and the answers to it, at most two rounds;
- ``exchange2``: the players still in exchange cards;
- ``renvis``: phase 3, raises until nobody raises the last bet; then the showdown.

Every decision taken where the source text is muddled is listed, with the table option
offering the other reading, in ``docs/rules/ambigu-house-rules.md``.
"""

from __future__ import annotations

from ..core import CHANCE, BadOptions, Game, IllegalAction, clone
from .combinations import (
    CATEGORIES,
    CATEGORY,
    DECK,
    DECK_SET,
    GRANDE_PRIME_OVER,
    PIPS,
    Combination,
    classify,
)
from .deal import Dealing
from .rules import (
    ACTION_KEYS,
    DEALER_PAYS_WHEN_NOBODY_OPENS,
    MESSAGES,
    OPTIONS,
    REFUSALS,
    UNANSWERED_VADE_FROM_DEALER,
    _illegal,
    _is_amount,
)
from .settlement import Settlement
from .views import Views

VADE_MIN, VADE_MAX = 2, 4


class Ambigu(Dealing, Settlement, Views, Game):
    def __init__(self):
        super().__init__(
            slug="ambigu",
            action_keys=ACTION_KEYS,
            name="Ambigu",
            min_seats=2,
            max_seats=6,
            default_seats=4,
            chained=True,
            options=OPTIONS,
            messages=MESSAGES,
            refusals=REFUSALS,
        )

    # ----- setup ------------------------------------------------------------------
    def random_options(self, rng) -> dict:
        """Random options, but broke players always recave so chained selfplay goes on."""
        options = super().random_options(rng)
        options["auto_recave"] = True
        return options

    def new(self, seats: int, options: dict | None = None, carry: dict | None = None) -> dict:
        state = self.start(seats, options)
        opts = state["options"]
        ante = opts["ante"]
        stacks, dealer, poule, batterie, debts = self._carried(seats, opts, carry)
        start = list(stacks)
        recaved = self._recave(stacks, opts)
        players = [s for s in range(seats) if stacks[s] is not None and stacks[s] >= ante]
        total = sum(x for x in stacks if x is not None) + poule + batterie
        state |= {
            "phase": "deal",
            "players": players,
            "order": [],
            "dealer": dealer,
            "stacks": stacks,
            "start": start,
            "recaved": recaved,
            # A cash table turns the in-deal recave off (chips.py): chips are caved
            # between deals only.
            "recave_open": carry is not None and bool(carry.get("recave", True)),
            "recave_done": [False] * seats,
            "total": total,
            "poule": poule,
            "batterie": batterie,
            "bets": [0] * seats,
            "hands": [[] for _ in range(seats)],
            "stock": [],
            "discards": [[] for _ in range(seats)],
            "exchanged": [0] * seats,
            "folded": [False] * seats,
            "allin": [False] * seats,
            "pending": [],
            "round": 1,
            "exchange_rounds": 0,
            "battez": None,
            "opener": None,
            "vade": 0,
            "last_raiser": None,
            "refill": None,
            "shuffle_for": None,
            "dealer_paid": 0,
            "draw": [],
            "revealed": [None] * seats,
            "debts": debts,
        }
        if len(players) < 2:
            state["phase"] = "over"
            state["actor"] = None
            state["dealer"] = dealer if dealer is not None else 0
            state["result"] = self._result(state, "void", [], None, [], [])
            return state
        for s in players:
            stacks[s] -= ante
            state["poule"] += ante
        if dealer is None:
            state["phase"] = "draw"
        else:
            state["dealer"] = min(players, key=lambda s: (s - dealer) % seats)
            state["order"] = self._order(state)
        return state

    @staticmethod
    def _recave(stacks: list, opts: dict) -> list:
        """With ``auto_recave``, a stack short of the ante goes back to a full cave (in
        ``stacks``); returns what each seat caved."""
        recaved = [0] * len(stacks)
        for s, stack in enumerate(stacks):
            if stack is not None and stack < opts["ante"] and opts["auto_recave"]:
                recaved[s] = opts["cave"] - stack
                stacks[s] = opts["cave"]
        return recaved

    @staticmethod
    def _carried(seats: int, opts: dict, carry: dict | None) -> tuple:
        """What a deal starts from: the stacks, the dealer (None: draw for the deal), the
        poule, the batterie and the debts, from the carry of the last deal or afresh."""
        if carry is None:
            return [opts["cave"]] * seats, None, 0, 0, []
        stacks = list(carry.get("stacks") or [opts["cave"]] * seats)
        if len(stacks) != seats or not all(s is None or (_is_amount(s) and s >= 0) for s in stacks):
            raise BadOptions("ambigu.carry")
        dealer = carry.get("dealer", 0)
        if dealer is not None:  # None: draw for the deal (a chip table's first deal)
            dealer = dealer % seats if _is_amount(dealer) else 0
        poule = int(carry.get("poule", 0))
        batterie = int(carry.get("batterie", 0))
        debts = [list(d) for d in carry.get("debts", [])]
        return stacks, dealer, poule, batterie, debts

    def _order(self, state) -> list[int]:
        n, dealer = state["seats"], state["dealer"]
        return sorted(state["players"], key=lambda s: (s - dealer - 1) % n)

    # ----- chance ---------------------------------------------------------------------

    # ----- phase transitions --------------------------------------------------------
    def _start_speech1(self, state) -> None:
        state["phase"] = "speech1"
        state["pending"] = list(state["order"])
        state["actor"] = state["order"][0]

    def _start_exchange(self, state, phase: str, seats: list[int]) -> None:
        state["phase"] = phase
        state["pending"] = list(seats)
        state["actor"] = seats[0]

    def _start_exchange2(self, state) -> None:
        live = [s for s in state["order"] if not state["folded"][s]]
        self._start_exchange(state, "exchange2", live)

    def _next_exchanger(self, state) -> None:
        """After a completed exchange: the next player, or the phase that follows."""
        state["pending"].pop(0)
        if state["pending"]:
            state["actor"] = state["pending"][0]
            return
        if state["phase"] == "exchange1":
            state["exchange_rounds"] += 1
            state["round"] += 1
            self._start_speech1(state)
        else:
            self._start_renvis(state)

    def _start_renvis(self, state) -> None:
        state["phase"] = "renvis"
        state["round"] = 1
        for s in state["order"]:
            if not state["folded"][s] and state["stacks"][s] == 0:
                state["allin"][s] = True
        bettors = self._bettors(state)
        high = max(state["bets"])
        if len(bettors) <= 1 and all(state["bets"][s] >= high for s in bettors):
            self._showdown(state)
            return
        state["pending"] = bettors
        state["actor"] = bettors[0]

    def _bettors(self, state, after: int | None = None) -> list[int]:
        order = state["order"]
        if after is not None:
            i = order.index(after)
            order = order[i + 1 :] + order[:i]
        return [s for s in order if not state["folded"][s] and not state["allin"][s]]

    def _live(self, state) -> list[int]:
        return [s for s in state["order"] if not state["folded"][s]]

    # ----- legal actions ------------------------------------------------------------
    def legal_actions(self, state) -> list[dict]:
        actor = state["actor"]
        if actor is None or actor == CHANCE:
            return []
        phase = state["phase"]
        opts = state["options"]
        stack = state["stacks"][actor]
        if phase == "speech1":
            acts = [{"type": "pass"}]
            if stack >= opts["battez_stake"]:
                acts.append({"type": "battez"})
            if state["recave_open"] and not state["recave_done"][actor] and stack < opts["cave"]:
                acts.append({"type": "recave", "min": 1, "max": opts["cave"] - stack})
            return acts
        if phase == "exchange1":
            hand = state["hands"][actor]
            return [{"type": "exchange", "choose": [0, len(hand)], "from": list(hand)}]
        if phase == "exchange2":
            hand = state["hands"][actor]
            return [{"type": "exchange", "choose": [opts["exchange_min"], 4], "from": list(hand)}]
        if phase == "keep":
            return [{"type": "mix"}, {"type": "keep"}]
        if phase == "speech2":
            acts = [{"type": "pass"}]
            if state["opener"] is None:
                if stack >= VADE_MIN:
                    acts.append({"type": "vade", "min": VADE_MIN, "max": min(VADE_MAX, stack)})
            elif stack >= state["vade"]:
                acts.append({"type": "follow"})
            elif stack > 0:
                acts.append({"type": "tapis"})
            return acts
        if phase == "renvis":
            need = max(state["bets"]) - state["bets"][actor]
            others = any(s != actor for s in self._bettors(state))
            if need == 0:
                acts = [{"type": "check"}]
                if others and stack > 0:
                    acts.append({"type": "renvi", "min": 1, "max": stack})
                return acts
            acts = [{"type": "fold"}]
            if stack >= need:
                acts.append({"type": "call"})
            else:
                acts.append({"type": "tapis"})
            if others and stack > need:
                acts.append({"type": "renvi", "min": need + 1, "max": stack})
            return acts
        return []

    # ----- the moves (core.Game.apply makes the shared checks first) -------------------
    # Each phase has its move, ``_do_<phase>(state, actor, kind, action)``, which refuses
    # the actions it does not take (a deal among them) as ``ambigu.wrong-action``.
    over_first = True
    not_chance_rule = None
    unknown_rule = "wrong-action"
    chance_move = "_apply_chance"

    def move(self, state, action) -> dict:
        handler = getattr(self, f"_do_{state['phase']}", None)
        if handler is None:
            raise _illegal("phase")
        return handler(state, state["actor"], action["type"], action)

    def _unknown(self, kind) -> IllegalAction:
        return self.unknown(kind)

    def _do_speech1(self, state, actor, kind, action) -> dict:
        opts = state["options"]
        stack = state["stacks"][actor]
        if kind == "pass":
            state = clone(state)
            state["pending"].pop(0)
            if state["pending"]:
                state["actor"] = state["pending"][0]
            elif state["exchange_rounds"] < opts["exchange_rounds"]:
                self._start_exchange(state, "exchange1", list(state["order"]))
            else:
                self._finish(state, "abandoned", [], None)
            return state
        if kind == "battez":
            stake = opts["battez_stake"]
            if stack < stake:
                raise _illegal("battez-stake", stake=stake)
            state = clone(state)
            state["stacks"][actor] -= stake
            state["batterie"] += stake
            state["battez"] = actor
            state["phase"] = "shuffle"
            state["shuffle_for"] = "deal2"
            state["pending"] = []
            state["actor"] = CHANCE
            return state
        if kind == "recave":
            amount = action.get("amount")
            if not state["recave_open"] or state["recave_done"][actor]:
                raise _illegal("recave")
            if not _is_amount(amount) or not 1 <= amount <= opts["cave"] - stack:
                raise _illegal("recave-amount", cave=opts["cave"])
            state = clone(state)
            state["stacks"][actor] += amount
            state["recaved"][actor] += amount
            state["total"] += amount
            state["recave_done"][actor] = True
            return state
        raise self._unknown(kind)

    def _check_exchange(self, state, actor, action, low: int, high: int) -> list[str]:
        chosen = action.get("cards")
        hand = state["hands"][actor]
        if not isinstance(chosen, list) or not all(isinstance(c, str) for c in chosen):
            raise _illegal("exchange-cards")
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(hand):
            raise _illegal("exchange-cards")
        if not low <= len(chosen) <= high:
            raise _illegal("exchange-count", low=low, high=high)
        return chosen

    def _exchange(self, state, actor, action, low, high) -> dict:
        chosen = self._check_exchange(state, actor, action, low, high)
        state = clone(state)
        hand = state["hands"][actor]
        for c in chosen:
            hand.remove(c)
        state["discards"][actor] += chosen
        state["exchanged"][actor] += len(chosen)
        need = len(chosen)
        taken = state["stock"][:need]
        hand += taken
        state["stock"] = state["stock"][len(taken) :]
        need -= len(taken)
        if need == 0:
            self._next_exchanger(state)
            return state
        others = sum(len(p) for s, p in enumerate(state["discards"]) if s != actor)
        state["refill"] = {"seat": actor, "need": need, "kept": None, "then": state["phase"]}
        if state["options"]["refuse_discard"] and others >= need:
            state["phase"] = "keep"
            state["actor"] = actor
        else:
            state["phase"] = "shuffle"
            state["shuffle_for"] = "refill"
            state["actor"] = CHANCE
        return state

    def _do_exchange1(self, state, actor, kind, action) -> dict:
        if kind != "exchange":
            raise self._unknown(kind)
        return self._exchange(state, actor, action, 0, len(state["hands"][actor]))

    def _do_exchange2(self, state, actor, kind, action) -> dict:
        if kind != "exchange":
            raise self._unknown(kind)
        return self._exchange(state, actor, action, state["options"]["exchange_min"], 4)

    def _do_keep(self, state, actor, kind, action) -> dict:
        if kind not in ("mix", "keep"):
            raise self._unknown(kind)
        state = clone(state)
        if kind == "keep":
            state["refill"]["kept"] = actor
        state["phase"] = "shuffle"
        state["shuffle_for"] = "refill"
        state["actor"] = CHANCE
        return state

    def _do_speech2(self, state, actor, kind, action) -> dict:
        stack = state["stacks"][actor]
        opener = state["opener"]
        if kind == "pass":
            state = clone(state)
            if opener is not None:
                state["folded"][actor] = True
            return self._after_speech2(state)
        if kind == "vade":
            if opener is not None:
                raise _illegal("vade-once")
            amount = action.get("amount")
            if not _is_amount(amount) or not VADE_MIN <= amount <= min(VADE_MAX, stack):
                raise _illegal("vade-amount", low=VADE_MIN, high=VADE_MAX)
            state = clone(state)
            state["opener"] = actor
            state["vade"] = amount
            self._bet(state, actor, amount)
            order = state["order"]
            i = order.index(actor)
            state["pending"] = [actor] + order[i + 1 :] + order[:i]
            return self._after_speech2(state)
        if kind in ("follow", "tapis"):
            if opener is None:
                raise _illegal("no-vade")
            vade = state["vade"]
            if kind == "follow" and stack < vade:
                raise _illegal("follow")
            if kind == "tapis" and not 0 < stack < vade:
                raise _illegal("tapis")
            state = clone(state)
            self._bet(state, actor, min(stack, vade))
            return self._after_speech2(state)
        raise self._unknown(kind)

    def _bet(self, state, seat: int, amount: int) -> None:
        state["stacks"][seat] -= amount
        state["bets"][seat] += amount
        if state["stacks"][seat] == 0:
            state["allin"][seat] = True

    def _after_speech2(self, state) -> dict:
        state["pending"].pop(0)
        opener = state["opener"]
        if state["pending"]:
            nxt = state["pending"][0]
            state["actor"] = nxt
            if opener is not None:
                order = state["order"]
                state["round"] = 2 if order.index(nxt) < order.index(opener) else 1
            return state
        if opener is None:
            if state["options"]["no_opening"] == "abandon":
                self._finish(state, "abandoned", [], None)
                return state
            dealer = state["dealer"]
            paid = min(DEALER_PAYS_WHEN_NOBODY_OPENS, state["stacks"][dealer])
            state["stacks"][dealer] -= paid
            state["poule"] += paid
            state["dealer_paid"] = paid
            self._start_renvis(state)
            return state
        followers = [s for s in self._live(state) if s != opener]
        if not followers:
            self._unanswered_vade(state, opener)
            return state
        if len(state["stock"]) >= 2:
            state["phase"] = "shuffle"
            state["shuffle_for"] = "exchange2"
            state["actor"] = CHANCE
        else:
            self._start_exchange2(state)
        return state

    def _do_renvis(self, state, actor, kind, action) -> dict:
        stack = state["stacks"][actor]
        high = max(state["bets"])
        need = high - state["bets"][actor]
        if kind == "check":
            if need:
                raise _illegal("check")
            state = clone(state)
        elif kind == "fold":
            if not need:
                raise _illegal("fold")
            state = clone(state)
            state["folded"][actor] = True
        elif kind == "call":
            if not need or stack < need:
                raise _illegal("call")
            state = clone(state)
            self._bet(state, actor, need)
        elif kind == "tapis":
            if not 0 < stack < need:
                raise _illegal("tapis")
            state = clone(state)
            self._bet(state, actor, stack)
        elif kind == "renvi":
            amount = action.get("amount")
            others = any(s != actor for s in self._bettors(state))
            if not others:
                raise _illegal("renvi-alone")
            if not _is_amount(amount) or not need < amount <= stack:
                raise _illegal("renvi-amount", low=need + 1, high=stack)
            state = clone(state)
            self._bet(state, actor, amount)
            state["last_raiser"] = actor
            state["pending"] = [actor] + self._bettors(state, after=actor)
        else:
            raise self._unknown(kind)
        state["pending"].pop(0)
        live = self._live(state)
        if len(live) == 1:
            self._last_in(state, live[0])
        elif not state["pending"]:
            self._showdown(state)
        else:
            nxt = state["pending"][0]
            if state["order"].index(nxt) <= state["order"].index(actor):
                state["round"] += 1  # the speech went past the dealer: a new round
            state["actor"] = nxt
        return state

    # ----- endings ------------------------------------------------------------------

    # ----- carry, views, text ---------------------------------------------------------
    def carry(self, state) -> dict | None:
        seats = state["seats"]
        dealer = state["dealer"] if state["dealer"] is not None else 0
        return {
            "stacks": list(state["stacks"]),
            "dealer": (dealer + 1) % seats,
            "poule": state["poule"],
            "batterie": state["batterie"],
            "debts": [list(d) for d in state["debts"]],
        }

    # ----- checks -----------------------------------------------------------------------
    def check_invariants(self, state) -> list[str]:
        problems = []
        stacks = state["stacks"]
        if any(s is not None and s < 0 for s in stacks):
            problems.append(f"negative stack: {stacks}")
        if state["poule"] < 0 or state["batterie"] < 0 or min(state["bets"]) < 0:
            problems.append("negative pot")
        chips = sum(s for s in stacks if s is not None)
        chips += state["poule"] + state["batterie"] + sum(state["bets"])
        if chips != state["total"]:
            problems.append(f"chips {chips} != {state['total']}")
        if state["phase"] not in ("draw", "deal") and len(state["players"]) >= 2:
            cards = list(state["stock"])
            for h in state["hands"]:
                cards += h
            for p in state["discards"]:
                cards += p
            if len(cards) != 40 or set(cards) != DECK_SET:
                problems.append(f"{len(cards)} cards instead of the 40 of the pack")
            for s in state["players"]:
                size = len(state["hands"][s])
                if size not in (2, 4) and state["phase"] not in ("shuffle", "keep"):
                    problems.append(f"seat {s} holds {size} cards")
        for s in range(state["seats"]):
            if s not in state["players"] and state["hands"][s]:
                problems.append(f"seat {s} sits out but holds cards")
        return problems

    def default_action(self, state) -> dict:
        """Pass, check or fold; stand pat (or give the fewest cards allowed); mix."""
        legal = self.legal_actions(state)
        first = legal[0]
        if first["type"] == "exchange":
            low = first["choose"][0]
            hand = first["from"]
            worst = sorted(hand, key=lambda c: PIPS[c[0]])[:low]
            return {"type": "exchange", "cards": worst}
        return dict(first)


GAME = Ambigu()

# What others import from here (the rules live in .rules).
__all__ = [
    "PIPS",
    "DECK",
    "DECK_SET",
    "CATEGORIES",
    "CATEGORY",
    "GRANDE_PRIME_OVER",
    "Combination",
    "classify",
    "GAME",
    "UNANSWERED_VADE_FROM_DEALER",
    "DEALER_PAYS_WHEN_NOBODY_OPENS",
    "ACTION_KEYS",
    "OPTIONS",
    "MESSAGES",
    "REFUSALS",
]
