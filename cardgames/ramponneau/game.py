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
    ``{"stacks": [int or None per seat], "button": seat}``. ``carry(final_state)`` returns
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

from .. import poker
from ..cards import cards_text, deck52
from ..core import CHANCE, BadOptions, Game, IllegalAction, Option, clone, is_amount
from . import phh

STREETS = ("preflop", "flop", "turn", "river")
STREET_FR = {"preflop": "avant le flop", "flop": "flop", "turn": "tournant", "river": "rivière"}
BOARD_SIZES = (0, 3, 4, 5)

SMALL_BLINDS = (1, 2, 5, 10, 25, 50, 100)
BIG_BLINDS = (2, 4, 5, 10, 20, 25, 50, 100, 200)


def _blind_choices(values):
    return tuple((v, str(v), str(v)) for v in values)


# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
# A call may leave its amount out; when given, it must be the exact cost, as an int.
ACTION_KEYS = {
    "deal": ("deck",),
    "fold": (),
    "check": (),
    "call": ("amount",),
    "bet": ("amount",),
    "raise": ("amount",),
    "show": (),
    "muck": (),
}

OPTIONS = (
    Option(
        "small_blind", "Petite blinde", "Small blind", 10, "choice", _blind_choices(SMALL_BLINDS)
    ),
    Option("big_blind", "Grosse blinde", "Big blind", 20, "choice", _blind_choices(BIG_BLINDS)),
    Option(
        "starting_stack",
        "Cave par défaut (en grosses blindes)",
        "Default stack (in big blinds)",
        100,
        "choice",
        ((20, "20", "20"), (50, "50", "50"), (100, "100", "100"), (200, "200", "200")),
        help_fr="Pour une table sans cave enregistrée : chaque joueur reçoit ce nombre de "
        "grosses blindes.",
        help_en="For a table without recorded stacks: each player gets this many big blinds.",
    ),
    Option(
        "rake_percent",
        "Prélèvement du tavernier (% de chaque pot)",
        "Rake (% of each pot)",
        0,
        "int",
        minimum=0,
        maximum=10,
    ),
    Option(
        "rake_cap",
        "Plafond du prélèvement par main (0 : aucun)",
        "Rake cap per hand (0: none)",
        0,
        "int",
        minimum=0,
        maximum=1_000_000,
    ),
    Option(
        "no_flop_no_drop",
        "Pas de prélèvement sans flop",
        "No flop, no drop",
        True,
        "bool",
    ),
)


def _refuse(rule: str, fr: str, en: str):
    raise IllegalAction(f"ramponneau.{rule}", fr, en)


def _amount(action) -> int:
    amount = action.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool):
        _refuse("amount", "Il faut un montant entier de jetons.", "An integer amount is needed.")
    return amount


# ----- pure helpers on states ------------------------------------------------------------


def live_seats(state) -> list[int]:
    """Seats still in the hand (dealt in, not folded), in order from the button's left."""
    folded = state["folded"]
    return [s for s in state["order"] if not folded[s]]


def compute_pots(state, collected_only: bool = False, alive=None) -> list[dict]:
    """Main pot then side pots: ``{"amount", "eligible"}``, built as PokerKit builds them.

    Players eligible are those still in the hand, or those in ``alive`` when given; pots
    next to each other with the same players eligible are one pot.
    """
    order = state["order"]
    folded = state["folded"]
    if alive is not None:
        folded = [s not in alive for s in range(state["seats"])]
    put = state["committed"]
    if collected_only:
        put = [c - b for c, b in zip(put, state["bets"], strict=True)]
    pots: list[dict] = []
    previous = 0
    for level in sorted({put[s] for s in order}):
        amount = sum(min(put[s], level) - min(put[s], previous) for s in order)
        eligible = [s for s in order if not folded[s] and put[s] >= level]
        if pots and pots[-1]["eligible"] == eligible:
            amount += pots.pop()["amount"]
        if amount:
            pots.append({"amount": amount, "eligible": eligible})
        previous = level
    return pots


def hand_value(state, seat) -> int:
    return poker.evaluate_fast(state["hole"][seat] + state["board"])


class Ramponneau(Game):
    def __init__(self):
        super().__init__(
            slug="ramponneau",
            name_fr="Ramponneau",
            name_en="Ramponneau (Texas Hold'em)",
            min_seats=2,
            max_seats=10,
            default_seats=6,
            options=OPTIONS,
            chained=True,
            action_keys=ACTION_KEYS,
        )

    # ----- options ---------------------------------------------------------------------
    def resolve_options(self, options=None) -> dict:
        resolved = super().resolve_options(options)
        if resolved["big_blind"] < resolved["small_blind"]:
            raise BadOptions(
                "La grosse blinde ne peut pas être plus petite que la petite.",
                "The big blind cannot be smaller than the small blind.",
            )
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
        options = self.resolve_options(options)
        self.check_seats(seats, options)
        sb_amount, bb_amount = options["small_blind"], options["big_blind"]
        if carry:
            stacks = list(carry.get("stacks", []))
            if len(stacks) != seats:
                raise BadOptions(
                    "La cave de chaque siège est requise.", "A stack per seat is required."
                )
            for s in stacks:
                if s is not None and (not isinstance(s, int) or isinstance(s, bool) or s < 0):
                    raise BadOptions(f"Cave invalide : {s!r}.", f"Invalid stack: {s!r}.")
            button = carry.get("button", 0)
            if not isinstance(button, int) or not 0 <= button < seats:
                button = 0
        else:
            stacks = [options["starting_stack"] * bb_amount] * seats
            button = 0
        dealt = [s for s in range(seats) if stacks[s]]
        if len(dealt) < 2:
            raise BadOptions(
                "Il faut au moins deux joueurs avec des jetons pour donner une main.",
                "At least two players with chips are needed to deal a hand.",
            )
        while not stacks[button]:
            button = (button + 1) % seats
        start = dealt.index(button) + 1
        order = dealt[start:] + dealt[:start]
        n = len(order)
        if n == 2:
            sb_seat, bb_seat = order[1], order[0]
        else:
            sb_seat, bb_seat = order[0], order[1]
        state = {
            "game": self.slug,
            "seats": seats,
            "options": options,
            "actor": CHANCE,
            "result": None,
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
        }
        for seat, blind in ((sb_seat, sb_amount), (bb_seat, bb_amount)):
            paid = min(blind, stacks[seat])
            state["stacks"][seat] -= paid
            state["bets"][seat] = paid
            state["committed"][seat] = paid
        return state

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

    # ----- apply -----------------------------------------------------------------------
    def apply(self, state, action) -> dict:
        if not isinstance(action, dict):
            _refuse("malformed", "Action mal formée.", "Malformed action.")
        self.check_keys(action)
        kind = action.get("type")
        actor = state["actor"]
        if actor is None:
            _refuse("over", "La main est terminée.", "The hand is over.")
        if actor == CHANCE:
            if kind != "deal":
                _refuse("deal-first", "Il faut d'abord battre et donner.", "Deal first.")
            return self._deal(state, action)
        if state["phase"] == "showdown":
            if kind not in ("show", "muck"):
                _refuse(
                    "showdown",
                    "À l'abattage on montre ou on jette ses cartes.",
                    "At showdown one shows or mucks.",
                )
            new = clone(state)
            seat = new["showdown"].pop(0)
            if kind == "show":
                new["shown"][seat] = True
            else:
                new["mucked"][seat] = True
            self._advance_showdown(new)
            return new
        stacks, bets = state["stacks"], state["bets"]
        top = max(bets)
        to_call = top - bets[actor]
        if kind == "fold":
            if not to_call:
                _refuse(
                    "fold-free",
                    "Personne n'a misé : on peut dire parole au lieu de se coucher.",
                    "Nobody has bet: check instead of folding.",
                )
            new = clone(state)
            new["folded"][actor] = True
            self._acted(new, actor)
        elif kind == "check":
            if to_call:
                _refuse(
                    "check-facing-bet",
                    "Impossible de dire parole face à une mise : suivre, relancer ou passer.",
                    "Cannot check facing a bet: call, raise or fold.",
                )
            new = clone(state)
            self._acted(new, actor)
        elif kind == "call":
            if not to_call:
                _refuse("call-nothing", "Il n'y a rien à suivre.", "There is nothing to call.")
            paid = min(to_call, stacks[actor])
            amount = action.get("amount", paid)
            if not is_amount(amount) or amount != paid:
                _refuse(
                    "call-amount",
                    f"Suivre coûte {paid} jetons.",
                    f"Calling costs {paid} chips.",
                )
            new = clone(state)
            new["stacks"][actor] -= paid
            new["bets"][actor] += paid
            new["committed"][actor] += paid
            self._acted(new, actor)
        elif kind in ("bet", "raise"):
            expected = "bet" if top == 0 else "raise"
            if kind != expected:
                if expected == "bet":
                    _refuse(
                        "bet-not-raise",
                        "Personne n'a encore misé : c'est une mise, pas une relance.",
                        "Nobody has bet yet: that is a bet, not a raise.",
                    )
                _refuse(
                    "raise-not-bet",
                    "Une mise est déjà faite : on relance.",
                    "There is already a bet: raise it.",
                )
            bounds = self._raise_bounds(state, actor)
            if bounds is None:
                _refuse(
                    "no-reopen",
                    "Vous ne pouvez pas relancer ici (tapis incomplet, ou plus personne à "
                    "relancer) : suivre ou passer.",
                    "You may not raise here (an incomplete all-in, or nobody left to raise): "
                    "call or fold.",
                )
            amount = _amount(action)
            if amount > bounds[1]:
                _refuse(
                    "over-stack",
                    f"Vous n'avez que {bounds[1]} jetons en tout.",
                    f"You only have {bounds[1]} chips in all.",
                )
            if amount < bounds[0]:
                if kind == "bet":
                    _refuse(
                        "min-bet",
                        f"La mise minimale est de {bounds[0]} (la grosse blinde).",
                        f"The minimum bet is {bounds[0]} (the big blind).",
                    )
                _refuse(
                    "min-raise",
                    f"Une relance doit porter la mise à {bounds[0]} au moins : elle égale au "
                    "moins la mise ou relance précédente.",
                    f"A raise must bring the bet to at least {bounds[0]}: at least the size "
                    "of the previous bet or raise.",
                )
            new = clone(state)
            self._raise_to(new, actor, amount)
        else:
            _refuse("unknown", f"Action inconnue : {kind!r}.", f"Unknown action: {kind!r}.")
        self._record(new, state, actor, kind)
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
    def _start_showdown(self, state):
        state["phase"] = "showdown"
        live = live_seats(state)
        order = state["order"]
        first = state["opener"]
        at = order.index(first)
        rotated = order[at:] + order[:at]
        state["showdown"] = [s for s in rotated if s in live]
        self._advance_showdown(state)

    def can_muck(self, state, seat) -> bool:
        """Beaten, in every pot this seat plays for, by a hand already shown."""
        shown = [s for s in live_seats(state) if state["shown"][s]]
        if not shown:
            return False
        mine = hand_value(state, seat)
        values = {s: hand_value(state, s) for s in shown}
        for pot in compute_pots(state):
            if seat in pot["eligible"]:
                if not any(values[s] > mine for s in pot["eligible"] if s in values):
                    return False
        return True

    def _advance_showdown(self, state):
        queue = state["showdown"]
        while queue:
            seat = queue[0]
            if state["shown"][seat]:
                queue.pop(0)
            elif self.can_muck(state, seat):
                state["actor"] = seat
                return
            else:
                state["shown"][seat] = True
                queue.pop(0)
        self._finish(state)

    def _finish(self, state):
        """Pay the pots (after rake) and end the hand."""
        options = state["options"]
        order = state["order"]
        live = live_seats(state)
        contenders = [s for s in live if not state["mucked"][s]]
        values = {}
        if len(live) == 1:
            # The winner's unmatched bet went back to them: what is left is one pot.
            pots = [{"amount": state["pot"], "eligible": live}] if state["pot"] else []
        else:
            values = {s: hand_value(state, s) for s in contenders}
            # Hands that win no part of any pot drop out first (PokerKit "kills" them), so
            # pots won by the same players are paid, and raked, as one pot.
            alive = set()
            for pot in compute_pots(state):
                eligible = [s for s in pot["eligible"] if s in values]
                best = max(values[s] for s in eligible)
                alive.update(s for s in eligible if values[s] == best)
            pots = compute_pots(state, alive=alive)
        percent, cap = options["rake_percent"], options["rake_cap"]
        raking = percent and (state["board"] or not options["no_flop_no_drop"])
        awards = []
        won = [0] * state["seats"]
        for pot in pots:
            amount = pot["amount"]
            rake = amount * percent // 100 if raking else 0
            if cap:
                rake = min(rake, cap - state["rake"])
            state["rake"] += rake
            amount -= rake
            eligible = [s for s in pot["eligible"] if s in contenders]
            if len(eligible) > 1:
                best = max(values[s] for s in eligible)
                winners = [s for s in order if s in eligible and values[s] == best]
            else:
                winners = eligible
            share, odd = divmod(amount, len(winners))
            for i, s in enumerate(winners):
                won[s] += share + (odd if i == 0 else 0)
            award = {
                "amount": pot["amount"],
                "rake": rake,
                "eligible": pot["eligible"],
                "winners": winners,
                "shares": [share + (odd if i == 0 else 0) for i in range(len(winners))],
            }
            if len(eligible) > 1:
                award["hand"] = best
            awards.append(award)
        for s in order:
            state["stacks"][s] += won[s]
        state["pot"] = 0
        state["awards"] = awards
        state["phase"] = "over"
        state["actor"] = None
        scores = [
            (state["stacks"][s] - state["start"][s]) if state["start"][s] else 0
            for s in range(state["seats"])
        ]
        state["result"] = {
            "scores": scores,
            "winners": [s for s in order if won[s]],
            "rake": state["rake"],
            "pots": awards,
        }

    # ----- views -----------------------------------------------------------------------
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
            "hand": None,
        }
        if seat is not None and state["hole"][seat] is not None and seat in order:
            hole = state["hole"][seat]
            view["hand"] = hole
            if len(state["board"]) >= 3:
                value = poker.evaluate_fast(hole + state["board"])
                view["hand_name"] = {
                    "fr": poker.describe_value(value, "fr"),
                    "en": poker.describe_value(value, "en"),
                }
            if phase == "bet":
                view["to_call"] = min(
                    max(state["bets"]) - state["bets"][seat], state["stacks"][seat]
                )
        for s in range(state["seats"]):
            if shown[s] and len(state["board"]) >= 3:
                view.setdefault("shown_hands", {})[str(s)] = {
                    "fr": poker.describe_value(hand_value(state, s), "fr"),
                    "en": poker.describe_value(hand_value(state, s), "en"),
                }
        if seat is not None and seat == state["actor"]:
            view["legal_actions"] = self.legal_actions(state)
        return view

    # ----- text ------------------------------------------------------------------------
    def describe(self, state, action, names, lang="fr") -> str:
        kind = action.get("type")
        actor = state["actor"]
        fr = lang != "en"
        if actor == CHANCE:
            return "Les cartes sont battues et distribuées." if fr else "The cards are dealt."
        name = names[actor]
        stack, bet = state["stacks"][actor], state["bets"][actor]
        if kind == "fold":
            return f"{name} se couche." if fr else f"{name} folds."
        if kind == "check":
            return f"{name} dit parole." if fr else f"{name} checks."
        if kind == "call":
            paid = min(max(state["bets"]) - bet, stack)
            tail = (" et fait tapis" if fr else ", all-in") if paid == stack else ""
            return f"{name} suit {paid}{tail}." if fr else f"{name} calls {paid}{tail}."
        if kind in ("bet", "raise"):
            amount = action.get("amount")
            all_in = amount == stack + bet
            if fr:
                verb = "mise" if kind == "bet" else "relance à"
                return f"{name} {verb} {amount}" + (" (tapis)." if all_in else ".")
            verb = "bets" if kind == "bet" else "raises to"
            return f"{name} {verb} {amount}" + (" (all-in)." if all_in else ".")
        if kind == "show":
            hole = state["hole"][actor]
            text = poker.describe_value(hand_value(state, actor), lang if not fr else "fr")
            cards = cards_text(hole, "fr" if fr else "en")
            return f"{name} montre {cards} : {text}." if fr else f"{name} shows {cards}: {text}."
        if kind == "muck":
            return (
                f"{name} jette ses cartes sans les montrer."
                if fr
                else f"{name} mucks without showing."
            )
        return f"{name} : action inconnue." if fr else f"{name}: unknown action."

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
        """The next hand's stacks and button; ``None`` when fewer than two have chips left."""
        seats = state["seats"]
        stacks = list(state["stacks"])
        if sum(1 for s in stacks if s) < 2:
            return None
        button = state["button"]
        for step in range(1, seats + 1):
            seat = (button + step) % seats
            if stacks[seat]:
                button = seat
                break
        return {"stacks": stacks, "button": button}

    def export_phh(self, seats, options, carry, log, **what) -> str:
        """A PHH file of the hand (``phh.export_phh``: ``viewer``, ``names``...)."""
        return phh.export_phh(self, seats, options, carry, log, **what)


GAME = Ramponneau()
