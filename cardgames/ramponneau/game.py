"""Ramponneau: no-limit Texas Hold'em, one engine game per hand (``chained = True``).

Seats and dealing
    Seats are the table's (2 to 10); seat n + 1 is seat n's left-hand neighbour (poker
    turns clockwise). A seat is dealt in when its stack is a positive int; ``None`` marks an
    empty seat or a player sitting out, and a stack of 0 is not dealt in either. Fewer than
    two players dealt in: ``new`` raises ``BadOptions`` (the platform waits for players).
    ``order`` lists the seats dealt in from the button's left neighbour round to the
    button; it is PokerKit's player order (p1 is the small blind, or heads-up the big
    blind). The small and big blinds are the next two seats dealt in after the button;
    heads-up the button posts the small blind and speaks first before the flop. A player
    who cannot cover a blind posts what they have and is all-in.

Carry (what the platform passes to ``new`` between hands)
    ``{"stacks": [int or None per seat], "button": seat, "stats": [...]}`` (``stats``
    may be left out: below). ``carry(final_state)`` returns
    the stacks after the hand and the button moved to the next seat that still has chips,
    or ``None`` when fewer than two players have chips left (the platform then builds the
    next carry itself from the final stacks, once players have caved again).
    Between hands the platform edits this dict: a player caves (sets or raises their
    stack), leaves or stands up (``None``), comes back. When the button seat is no longer
    dealt in, the button goes to the next seat dealt in (a simple moving button, no dead
    button). The seed's entry blind (a newcomer waits for the big blind or posts one at
    once) is the platform's business: it keeps a newcomer's stack ``None`` until the big
    blind would reach them; the key ``"posts"`` is reserved for a later "post now".
    Without carry every seat gets ``starting_stack`` big blinds and seat 0 has the button.

Public statistics (``stats.py``)
    The carry also holds ``"stats"``: per seat, counts of what everyone at the table saw
    in the hands played there (hands dealt in, chips put in voluntarily before the flop,
    raises, all-ins first in and over a raise, folds to a raise, to a re-raise, calls of
    an all-in, flops and showdowns seen, checks, bets, raises, calls and folds after the
    flop). A hand starts from the carry's counts (``state["stats"]``, zeros where there
    are none, or for a malformed entry: a record never stops a deal) and every view shows
    them as ``view["stats"]``; ``carry(final_state)`` adds the finished hand, read from
    its public history, its board and its showdown only, never from a folded or mucked
    hand's cards. The counts follow the seat: a host whose seat changes players between
    hands zeroes that seat's counts (``chips.forget_seats``); the site does it for any
    seat whose player is not the one it dealt in there the hand before.

Actions (amounts are chips, always integers)
    ``{"type": "fold"}`` (only when facing a bet), ``{"type": "check"}``,
    ``{"type": "call", "amount": x}`` (x is what the call costs now, capped by the stack),
    ``{"type": "bet", "min": a, "max": b}`` when nobody has bet this round,
    ``{"type": "raise", "min": a, "max": b}`` otherwise. Bet and raise amounts are the
    total the player's bet for this round is brought TO ("raise to 300"), not the increase.
    All-in is not a separate action: it is a bet or raise to ``max`` (the whole stack), or
    a call whose amount is the whole stack. The minimum bet is the big blind; a raise must
    raise by at least the largest bet or raise of the round; a player without enough chips
    may still go all-in for less. Betting follows PokerKit (and the TDA rules): an all-in
    that is less than a full raise does not reopen the betting for players who already
    acted, unless several such all-ins add up to a full raise.
    At showdown, ``{"type": "show"}`` and ``{"type": "muck"}`` (below).

Showdown
    Hands are turned over in turn from the last bettor or raiser of the last betting round,
    else from the first player left of the button. The engine turns over every hand that
    must be shown (the first one, and any hand not yet beaten); a player whose hand is
    beaten, in every pot they play for, by a hand already shown chooses between ``show``
    and ``muck`` (a mucked hand stays hidden and wins nothing). When betting is over with at
    most one player still holding chips (all-in), every hand is turned over at once and the
    board is dealt out. Split pots: the odd chips go to the first winner left of the button.
    A player alone after the others fold takes the pots without showing.

Pots, refunds, rake
    At the end of each betting round the part of a bet nobody matched goes back to its
    owner (and the last player left keeps their unmatched bet of the round), as in
    PokerKit. Pots are built from what each player put in; a player all-in plays only for
    the pots they matched. Rake: ``rake_percent`` of each pot, rounded down, the total of a
    hand capped at ``rake_cap`` chips (0: no cap), none at all when no flop was dealt if
    ``no_flop_no_drop``. ``state["rake"]`` and ``result["rake"]`` report it for the owner.
    Invariant: sum of stacks + pot + current bets + rake = the chips at the start.

Public history
    ``state["history"]`` (and every view's ``history``) lists the hand's betting actions
    in order, as everyone at the table saw them: ``{"seat", "street", "type"}``, plus
    ``"amount"`` (a call: the chips it cost; a bet or raise: the total it brought the bet
    to) and ``"all_in"`` for calls, bets and raises. Blinds are posted, not listed; show
    and muck are not betting actions and are not listed either.
"""

from __future__ import annotations

from ..cards import deck52
from ..core import CHANCE, BadOptions, Game, clone, is_amount
from . import phh, stats
from .rules import (
    ACTION_KEYS,
    BIG_BLINDS,
    BOARD_SIZES,
    MESSAGES,
    OPTIONS,
    REFUSALS,
    SMALL_BLINDS,
    STREETS,
    _amount,
    _refuse,
    compute_pots,
    hand_value,
    live_seats,
)
from .showdown import Showdown
from .views import Views

# ----- pure helpers on states ------------------------------------------------------------


class Ramponneau(Showdown, Views, Game):
    def __init__(self):
        super().__init__(
            slug="ramponneau",
            name="Ramponneau",
            min_seats=2,
            max_seats=10,
            default_seats=6,
            options=OPTIONS,
            chained=True,
            action_keys=ACTION_KEYS,
            messages=MESSAGES,
            refusals=REFUSALS,
        )

    # ----- options ---------------------------------------------------------------------
    def resolve_options(self, options=None) -> dict:
        resolved = super().resolve_options(options)
        if resolved["big_blind"] < resolved["small_blind"]:
            raise BadOptions("ramponneau.blinds")
        return resolved

    def random_options(self, rng) -> dict:
        small = rng.choice((1, 2, 5, 10, 25, 50))
        big = 2 * small
        return self.resolve_options(
            {
                "small_blind": small,
                "big_blind": big,
                "starting_stack": rng.choice((20, 50, 100, 200)),
                "rake_percent": rng.choice((0, 0, 5, 10)),
                "rake_cap": rng.choice((0, 0, 3 * big)),
                "no_flop_no_drop": rng.choice((True, False)),
            }
        )

    # ----- new hand --------------------------------------------------------------------
    def new(self, seats, options=None, carry=None) -> dict:
        state = self.start(seats, options)
        options = state["options"]
        stacks, button = self._seated(seats, options, carry)
        dealt = [s for s in range(seats) if stacks[s]]
        if len(dealt) < 2:
            raise BadOptions("ramponneau.players")
        while not stacks[button]:
            button = (button + 1) % seats
        start = dealt.index(button) + 1
        order = dealt[start:] + dealt[:start]
        if len(order) == 2:
            sb_seat, bb_seat = order[1], order[0]
        else:
            sb_seat, bb_seat = order[0], order[1]
        state |= {
            "button": button,
            "order": order,
            "sb_seat": sb_seat,
            "bb_seat": bb_seat,
            "start": list(stacks),
            "stacks": list(stacks),
            "bets": [0] * seats,
            "committed": [0] * seats,
            "folded": [False] * seats,
            "hole": [None] * seats,
            "board": [],
            "deck": [],
            "phase": "deal",
            "street": 0,
            "pot": 0,
            "to_act": [],
            "acted": [],
            "full_raise": 0,
            "short_allins": [],
            "opener": None,
            "shown": [False] * seats,
            "mucked": [False] * seats,
            "showdown": [],
            "rake": 0,
            "awards": [],
            "history": [],
            "stats": stats.carried(carry, seats),
        }
        for seat, blind in ((sb_seat, options["small_blind"]), (bb_seat, options["big_blind"])):
            paid = min(blind, stacks[seat])
            state["stacks"][seat] -= paid
            state["bets"][seat] = paid
            state["committed"][seat] = paid
        return state

    @staticmethod
    def _seated(seats, options, carry) -> tuple[list, int]:
        """The stacks (None: an empty seat) and the button a hand starts from."""
        if not carry:
            return [options["starting_stack"] * options["big_blind"]] * seats, 0
        stacks = list(carry.get("stacks", []))
        if len(stacks) != seats:
            raise BadOptions("ramponneau.stacks")
        for s in stacks:
            if s is not None and (not isinstance(s, int) or isinstance(s, bool) or s < 0):
                raise BadOptions("ramponneau.stacks")
        button = carry.get("button", 0)
        if not isinstance(button, int) or not 0 <= button < seats:
            button = 0
        return stacks, button

    def chance_cards(self, state) -> list[str]:
        return deck52() if state["actor"] == CHANCE else []

    # ----- legal actions ---------------------------------------------------------------
    def legal_actions(self, state) -> list[dict]:
        actor = state["actor"]
        if actor is None or actor == CHANCE:
            return []
        if state["phase"] == "showdown":
            return [{"type": "show"}, {"type": "muck"}]
        stacks, bets = state["stacks"], state["bets"]
        top = max(bets)
        to_call = top - bets[actor]
        actions = []
        if to_call:
            actions.append({"type": "fold"})
            actions.append({"type": "call", "amount": min(to_call, stacks[actor])})
        else:
            actions.append({"type": "check"})
        bounds = self._raise_bounds(state, actor)
        if bounds:
            actions.append(
                {"type": "bet" if top == 0 else "raise", "min": bounds[0], "max": bounds[1]}
            )
        return actions

    def _raise_bounds(self, state, actor):
        """(min, max) of a bet or raise TO, or None when the actor may not raise."""
        stacks, bets = state["stacks"], state["bets"]
        top = max(bets)
        stack = stacks[actor]
        calling = min(stack, top - bets[actor])
        full = state["full_raise"]
        if calling < full:
            return None  # facing only a short all-in since this player last acted
        shorts = state["short_allins"]
        if shorts and sum(shorts) < full and actor in state["acted"]:
            return None
        if stack <= top - bets[actor]:
            return None  # calling takes every chip
        folded = state["folded"]
        if not any(
            s != actor and not folded[s] and stacks[s] + bets[s] > top for s in state["order"]
        ):
            return None  # everyone else is all-in or covered: nothing to raise against
        most = stack + bets[actor]
        least = min(most, top + max(full, state["options"]["big_blind"]))
        return least, most

    # ----- the moves (core.Game.apply makes the shared checks first) ---------------------
    chance_rule = "deal-first"
    not_chance_rule = None  # a deal while a seat acts is an unknown betting action
    unknown_rule = "unknown"
    string_type = False  # a type that is not a string is an unknown action
    moves = {
        "fold": "_fold",
        "check": "_check",
        "call": "_call",
        "bet": "_bet_or_raise",
        "raise": "_bet_or_raise",
    }

    def move(self, state, action) -> dict:
        """At the showdown, show or muck; else a betting move, after which the betting
        round goes on or ends."""
        if state["phase"] == "showdown":
            kind = action.get("type")
            if kind not in ("show", "muck"):
                _refuse("showdown")
            new = clone(state)
            seat = new["showdown"].pop(0)
            if kind == "show":
                new["shown"][seat] = True
            else:
                new["mucked"][seat] = True
            self._advance_showdown(new)
            return new
        new = super().move(state, action)
        self._record(new, state, state["actor"], action["type"])
        self._after_betting_action(new)
        return new

    @staticmethod
    def _record(new, state, actor, kind):
        """Log a betting action in the public history (what everyone at the table saw)."""
        entry = {"seat": actor, "street": STREETS[state["street"]], "type": kind}
        if kind == "call":
            entry["amount"] = new["bets"][actor] - state["bets"][actor]
        elif kind in ("bet", "raise"):
            entry["amount"] = new["bets"][actor]
        if kind != "fold" and kind != "check":
            entry["all_in"] = not new["stacks"][actor]
        # States saved before the history existed have none: it starts where they are.
        new.setdefault("history", []).append(entry)

    @staticmethod
    def _to_call(state) -> int:
        return max(state["bets"]) - state["bets"][state["actor"]]

    def _fold(self, state, action) -> dict:
        if not self._to_call(state):
            _refuse("fold-free")
        new = clone(state)
        new["folded"][state["actor"]] = True
        self._acted(new, state["actor"])
        return new

    def _check(self, state, action) -> dict:
        if self._to_call(state):
            _refuse("check-facing-bet")
        new = clone(state)
        self._acted(new, state["actor"])
        return new

    def _call(self, state, action) -> dict:
        actor, to_call = state["actor"], self._to_call(state)
        if not to_call:
            _refuse("call-nothing")
        paid = min(to_call, state["stacks"][actor])
        amount = action.get("amount", paid)
        if not is_amount(amount) or amount != paid:
            _refuse("call-amount", amount=paid)
        new = clone(state)
        new["stacks"][actor] -= paid
        new["bets"][actor] += paid
        new["committed"][actor] += paid
        self._acted(new, actor)
        return new

    def _bet_or_raise(self, state, action) -> dict:
        kind, actor = action["type"], state["actor"]
        expected = "bet" if max(state["bets"]) == 0 else "raise"
        if kind != expected:
            if expected == "bet":
                _refuse("bet-not-raise")
            _refuse("raise-not-bet")
        bounds = self._raise_bounds(state, actor)
        if bounds is None:
            _refuse("no-reopen")
        amount = _amount(action)
        if amount > bounds[1]:
            _refuse("over-stack", amount=bounds[1])
        if amount < bounds[0]:
            if kind == "bet":
                _refuse("min-bet", amount=bounds[0])
            _refuse("min-raise", amount=bounds[0])
        new = clone(state)
        self._raise_to(new, actor, amount)
        return new

    def _deal(self, state, action):
        deck = self.checked_deck(state, action)
        new = clone(state)
        order = new["order"]
        n = len(order)
        for i, seat in enumerate(order):
            new["hole"][seat] = [deck[i], deck[i + n]]
        new["deck"] = deck[2 * n :]
        new["phase"] = "bet"
        self._begin_street(new, 0)
        return new

    # ----- betting machinery (mirrors PokerKit's state machine) -------------------------
    def _acted(self, state, actor):
        state["to_act"].pop(0)
        if actor not in state["acted"]:
            state["acted"].append(actor)

    def _raise_to(self, state, actor, amount):
        bets, stacks = state["bets"], state["stacks"]
        top = max(bets)
        increase = amount - top
        paid = amount - bets[actor]
        bets[actor] = amount
        stacks[actor] -= paid
        state["committed"][actor] += paid
        self._acted(state, actor)
        order = state["order"]
        at = order.index(actor)
        folded = state["folded"]
        state["to_act"] = [s for s in order[at + 1 :] + order[:at] if not folded[s] and stacks[s]]
        state["opener"] = actor
        if increase >= state["full_raise"]:
            state["acted"] = [actor]
        state["full_raise"] = max(state["full_raise"], increase)
        shorts = state["short_allins"]
        if stacks[actor]:
            shorts.clear()
        else:
            shorts.append(increase)
        if sum(shorts) >= state["full_raise"]:
            shorts.clear()

    def _effective_stack(self, state, seat) -> int:
        stacks, bets = state["stacks"], state["bets"]
        totals = sorted(stacks[s] + bets[s] for s in live_seats(state))
        return min(stacks[seat], max(0, totals[-2] - bets[seat]))

    def _begin_street(self, state, street):
        state["street"] = street
        order = state["order"]
        n = len(order)
        if street:
            size = BOARD_SIZES[street] - len(state["board"])
            state["board"] += state["deck"][:size]
            del state["deck"][:size]
            opener = 0
        else:
            # PokerKit: the player after the largest blind (ties: the later seat) opens.
            posters = (0, 1)
            opener = (max(posters, key=lambda i: (state["bets"][order[i]], i)) + 1) % n
        state["opener"] = order[opener]
        state["full_raise"] = 0
        state["short_allins"] = []
        state["acted"] = []
        folded, stacks = state["folded"], state["stacks"]
        state["to_act"] = [
            s
            for s in order[opener:] + order[:opener]
            if not folded[s] and stacks[s] and self._effective_stack(state, s)
        ]
        to_act = state["to_act"]
        if not to_act or (len(to_act) == 1 and state["bets"][to_act[0]] >= max(state["bets"])):
            self._end_round(state)
        else:
            state["actor"] = to_act[0]

    def _after_betting_action(self, state):
        if not state["to_act"] or len(live_seats(state)) <= 1:
            self._end_round(state)
        else:
            state["actor"] = state["to_act"][0]

    def _collect(self, state):
        """End of a betting round: unmatched bets go back, the rest joins the pot."""
        order = state["order"]
        bets, stacks, committed = state["bets"], state["stacks"], state["committed"]
        live = live_seats(state)
        payers = list(order)
        if len(live) == 1:
            winner = live[0]
            payers.remove(winner)
        cutoff = sorted(bets[s] for s in order)[-2]
        if len(live) == 1:
            stacks[winner] += bets[winner]
            committed[winner] -= bets[winner]
            bets[winner] = 0
        for s in payers:
            if bets[s] > cutoff:
                over = bets[s] - cutoff
                stacks[s] += over
                committed[s] -= over
                bets[s] = cutoff
            state["pot"] += bets[s]
            bets[s] = 0

    def _end_round(self, state):
        live = live_seats(state)
        stacks = state["stacks"]
        all_in = len(live) > 1 and sum(1 for s in live if stacks[s]) <= 1
        self._collect(state)
        state["to_act"] = []
        if len(live) == 1:
            self._finish(state)
        elif all_in or state["street"] == 3:
            if all_in:
                for s in live:
                    state["shown"][s] = True
                missing = 5 - len(state["board"])
                state["board"] += state["deck"][:missing]
                del state["deck"][:missing]
            self._start_showdown(state)
        else:
            self._begin_street(state, state["street"] + 1)

    # ----- showdown and payment --------------------------------------------------------

    # ----- the rest of the contract ----------------------------------------------------
    def check_invariants(self, state) -> list[str]:
        problems = []
        order = state["order"]
        start = sum(state["start"][s] for s in order)
        now = sum(state["stacks"][s] for s in order) + state["pot"] + sum(state["bets"])
        now += state["rake"]
        if now != start:
            problems.append(f"chips not conserved: {now} != {start}")
        if any(state["stacks"][s] < 0 for s in order):
            problems.append("negative stack")
        if state["phase"] != "deal":
            seen = list(state["deck"]) + list(state["board"])
            for s in order:
                seen += state["hole"][s]
            if sorted(seen) != sorted(deck52()):
                problems.append("cards not conserved")
        if state["phase"] != "over":
            pots = compute_pots(state)
            if sum(p["amount"] for p in pots) != state["pot"] + sum(state["bets"]):
                problems.append("pots do not add up")
        else:
            if sum(state["result"]["scores"]) != -state["rake"]:
                problems.append("scores do not sum to minus the rake")
            cap = state["options"]["rake_cap"]
            if cap and state["rake"] > cap:
                problems.append("rake above its cap")
        return problems

    def default_action(self, state) -> dict:
        legal = self.legal_actions(state)
        for wanted in ("check", "show", "fold"):
            for entry in legal:
                if entry["type"] == wanted:
                    return dict(entry)
        return super().default_action(state)

    def carry(self, state) -> dict | None:
        """The next hand's stacks, button and public statistics; ``None`` when fewer than
        two have chips left (``chips.kept`` then keeps the button and the statistics)."""
        stacks = list(state["stacks"])
        if sum(1 for s in stacks if s) < 2:
            return None
        return {"stacks": stacks, "button": self.next_button(state), "stats": stats.tally(state)}

    @staticmethod
    def next_button(state) -> int:
        """The seat after the button that still has chips (the button's own if none)."""
        seats, stacks, button = state["seats"], state["stacks"], state["button"]
        for step in range(1, seats + 1):
            seat = (button + step) % seats
            if stacks[seat]:
                return seat
        return button

    def export_phh(self, seats, options, carry, log, **what) -> str:
        """A PHH file of the hand (``phh.export_phh``: ``viewer``, ``names``...)."""
        return phh.export_phh(self, seats, options, carry, log, **what)


GAME = Ramponneau()

# What others import from here (the rules live in .rules).
__all__ = [
    "GAME",
    "STREETS",
    "BOARD_SIZES",
    "SMALL_BLINDS",
    "BIG_BLINDS",
    "ACTION_KEYS",
    "OPTIONS",
    "MESSAGES",
    "REFUSALS",
    "live_seats",
    "compute_pots",
    "hand_value",
]
