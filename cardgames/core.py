"""The engine contract every game follows (documented in docs/engine.md).

A game is a ``Game`` object plus plain-data states. A state is a JSON value (dicts with
string keys, lists, strings, ints, bools, None) so it stores, sends and compares as is.
Every state has these keys, which the platform reads without knowing the game:

- ``game``: the game's slug;
- ``seats``: the number of seats;
- ``options``: the resolved table options;
- ``actor``: the seat (int) who must act, ``CHANCE`` when a shuffle is due, ``None`` when over;
- ``result``: ``None`` until the game is over, then what ``Game.result`` returns.

``apply`` never changes the state it is given: it works on a copy and returns it.
"""

from __future__ import annotations

import json
import marshal
from dataclasses import dataclass, field
from typing import Any, ClassVar

CHANCE = "chance"

# The bots' levels, weakest first: "débutant" plays plausibly but loosely, "habitué" is a
# sound club player, "maître" searches over what its seat cannot see.
BOT_LEVELS = ("debutant", "habitue", "maitre")
DEFAULT_BOT_LEVEL = "habitue"
# The reasons an appraisal may give (``Game.appraise``), shared by every game so the site
# words each once: code -> its parameters. Chances are floats in 0..1; counts are ints.
ADVICE_REASONS = {
    "advice.bid_tricks": ("bid", "tricks"),  # the bid, and the tricks expected on average
    "advice.exact_bid": ("chance",),  # the chance of making the bid exactly after this move
    "advice.expected_points": ("points", "unit"),  # the deal's mean result for the seat's side
    "advice.win_chance": ("chance",),  # the chance of winning the game after this move
    # the share of the pot won at showdown, and the share needed to call (None: no bet)
    "advice.equity": ("equity", "pot_odds"),
    "advice.meld": ("cards", "count"),  # the meld aimed at, and the count left in hand
}

# View keys that are choices to make now: an archive shows what happened, not buttons.
ARCHIVE_DROPS = ("legal_actions", "closings")

State = dict[str, Any]
Action = dict[str, Any]


class IllegalAction(Exception):
    """An action the rules refuse, as data: ``rule`` is a stable id ("ascenseur.dealer-total"),
    ``params`` what the site needs to say why (seats, cards, suits, amounts). The engine
    holds no words: the site words the rule in the reader's language (docs/engine.md)."""

    def __init__(self, rule: str, **params):
        self.rule = rule
        self.params = params
        super().__init__(f"{rule} {params}" if params else rule)

    @property
    def message(self) -> dict:
        """The refusal as a message: ``{"code": rule, **params}``, like a log message."""
        return {"code": self.rule, **self.params}


class BadOptions(ValueError):
    """Table options (or seats, or a carry) a game cannot play with, as data: ``code`` is a
    stable id ("options.unknown", "ramponneau.blinds"), ``params`` its details."""

    def __init__(self, code: str, **params):
        self.code = code
        self.params = params
        super().__init__(f"{code} {params}" if params else code)

    @property
    def message(self) -> dict:
        return {"code": self.code, **self.params}


# Refusals every game may raise through the shared code below, besides its own.
SHARED_REFUSALS = ("deck", "malformed")
# The BadOptions codes of the shared option checks.
OPTION_REFUSALS = ("options.unknown", "options.value", "options.seats")


@dataclass(frozen=True)
class Option:
    """A table option (a variant or a setting) that a game declares, without words: the
    site names the option and its choices (``key`` and each value are stable ids).

    ``kind`` is "choice" (a value among ``choices``), "int" (``minimum``..``maximum``) or
    "bool".
    """

    key: str
    default: Any
    kind: str = "choice"
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def values(self) -> list:
        if self.kind == "choice":
            return list(self.choices)
        if self.kind == "bool":
            return [False, True]
        return list(range(self.minimum, self.maximum + 1))

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                if self.minimum <= value <= self.maximum:
                    return value
        elif value in self.values():
            return value
        raise BadOptions("options.value", option=self.key, value=repr(value)[:40])


def clone(state: State) -> State:
    """A deep copy of a JSON-like value; marshal does it in C, many times faster than deepcopy."""
    return marshal.loads(marshal.dumps(state))


def to_json(state: State) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def from_json(text: str) -> State:
    return json.loads(text)


@dataclass
class Game:
    """Base class of a game. Subclasses fill in the rules; the defaults here are shared."""

    slug: str = ""
    # The game's own name, untranslated (the site names games in the reader's language).
    name: str = ""
    min_seats: int = 2
    max_seats: int = 2
    default_seats: int = 2
    options: tuple[Option, ...] = field(default_factory=tuple)
    # Games played hand after hand at a cash table (Ramponneau, Ambigu) return from
    # ``carry`` what the next hand starts from (stacks, button, pots carried over).
    chained: bool = False
    # What the site must word for this game: each log message's code with the names of its
    # parameters (``describe``), and the rules its refusals name (``IllegalAction.rule``,
    # besides the shared ``<slug>.deck`` and ``<slug>.malformed``) and the codes of its own
    # ``BadOptions``. A test checks the site has a wording for each.
    messages: dict = field(default_factory=dict)
    refusals: tuple = ()
    # The game's bot, ``bot(view, rng, level) -> action``: set by the game's package once its
    # bot module is loaded, since a bot imports its game's rules and never the reverse.
    bot: Any = None
    # The maître's appraisal, ``appraiser(view, rng, also) -> dict | None`` (``appraise``),
    # set like ``bot``; ``review_threshold``: the smallest loss, in the unit of the scores,
    # that a game review marks as a mistake.
    appraiser: Any = None
    review_threshold: float = 0.0
    appraisal_unit: str = "points"  # "points", "jetons", "chips" or "win_chance"
    # How a cash table reads and writes the game's chips (``cardgames.chips.ChipRules``),
    # set by the package of a chained game played for chips; None for the others.
    chips: Any = None

    # ----- options and seats -------------------------------------------------------
    def resolve_options(self, options: dict | None = None) -> dict:
        """Defaults filled in, every value checked; unknown keys are refused."""
        options = dict(options or {})
        known = {o.key: o for o in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise BadOptions("options.unknown", keys=[str(key)[:40] for key in unknown[:5]])
        return {key: o.check(options.get(key, o.default)) for key, o in known.items()}

    def random_options(self, rng) -> dict:
        """Options drawn at random, so selfplay covers the variants too."""
        return self.resolve_options({o.key: rng.choice(o.values()) for o in self.options})

    def seat_range(self, options: dict) -> tuple[int, int]:
        return self.min_seats, self.max_seats

    def check_seats(self, seats: int, options: dict) -> None:
        low, high = self.seat_range(options)
        if not (isinstance(seats, int) and low <= seats <= high):
            raise BadOptions("options.seats", game=self.slug, low=low, high=high)

    # ----- the contract --------------------------------------------------------------
    def new(self, seats: int, options: dict | None = None, carry: dict | None = None) -> State:
        """The state before the first shuffle (so ``actor`` is usually ``CHANCE``)."""
        raise NotImplementedError

    def start(self, seats: int, options: dict | None = None) -> State:
        """The header of a new game's state (``header``) after the shared checks: the
        options resolved (``resolve_options``) and the seats checked (``check_seats``)."""
        options = self.resolve_options(options)
        self.check_seats(seats, options)
        return header(self.slug, seats, options)

    def actor(self, state: State) -> int | str | None:
        return state["actor"]

    def is_over(self, state: State) -> bool:
        return state["actor"] is None

    def legal_actions(self, state: State) -> list[Action]:
        """What the actor may do. Empty when chance acts or the game is over.

        Entries are concrete actions, or templates for actions with a free part:
        ``{"type": T, "min": a, "max": b}`` stands for ``{"type": T, "amount": x}``, a <= x <= b;
        ``{"type": T, "choose": [k1, k2], "from": [cards]}`` stands for
        ``{"type": T, "cards": [...]}`` with k1 to k2 distinct cards taken from ``from``.
        """
        raise NotImplementedError

    def chance_cards(self, state: State) -> list[str]:
        """The cards chance must put in order now (the deck, or the pile to reshuffle)."""
        raise NotImplementedError

    def chance_action(self, state: State, rng) -> Action:
        """The chance action: the cards of ``chance_cards`` shuffled by ``rng``.

        The server passes ``secrets.SystemRandom()``; tests pass a seeded ``random.Random``.
        """
        deck = list(self.chance_cards(state))
        rng.shuffle(deck)
        return {"type": "deal", "deck": deck}

    def checked_deck(self, state: State, action: Action) -> list[str]:
        """The deck of a chance action, refused unless it orders exactly ``chance_cards``."""
        deck = action.get("deck")
        expected = self.chance_cards(state)
        if not (
            isinstance(deck, list)
            and len(deck) == len(expected)
            and all(isinstance(card, str) for card in deck)
            and sorted(deck) == sorted(expected)
        ):
            raise IllegalAction(f"{self.slug}.deck")
        return deck

    # The keys each action type carries besides "type" (``{"bid": ("tricks",)}``): an
    # action with any other key is refused by ``check_keys``. Each game fills it in.
    action_keys: dict = field(default_factory=dict)

    def check_keys(self, action: Action, allowed=None) -> None:
        """Refuse (``<slug>.malformed``) an action holding a key its type does not carry.

        ``allowed`` defaults to ``action_keys[action["type"]]``; a type the game does not
        know is left to ``apply`` to refuse with its own rule. Unknown keys would otherwise
        be stored in the log as sent (junk, NaN...).
        """
        if allowed is None:
            kind = action.get("type")
            if not isinstance(kind, str) or kind not in self.action_keys:
                return  # not an action of this game: apply refuses it with its own rule
            allowed = self.action_keys[kind]
        extra = [key for key in action if key != "type" and key not in allowed]
        if extra:
            raise IllegalAction(
                f"{self.slug}.malformed", unknown=sorted(str(key)[:20] for key in extra)[:3]
            )

    # ----- apply: the shared checks, then the game's moves ---------------------------
    # The rules (without the "<slug>." in front) the shared checks refuse with: each game
    # keeps the names it always had, so the site's wording and the logs stay as they are.
    over_rule: ClassVar[str] = "over"  # the game is over
    chance_rule: ClassVar[str] = "chance"  # chance must shuffle: only a "deal" now
    # A "deal" while a seat is to act (only chance deals); None: the moves refuse it.
    not_chance_rule: ClassVar[str | None] = "not-chance"
    unknown_rule: ClassVar[str] = "unknown-action"  # a type the game has no move for
    # How the shared checks order and word themselves, where games always differed:
    # whether the over check comes before the form check; whether a type that is not a
    # string is malformed (else it is an unknown action); the parameters of a malformed
    # refusal for an action that is not an object; whether an unknown type is refused
    # before the chance checks.
    over_first: ClassVar[bool] = False
    string_type: ClassVar[bool] = True
    malformed_params: ClassVar[dict] = {}
    unknown_first: ClassVar[bool] = False
    # The game's moves: action type -> the name of the method that applies it,
    # ``method(state, action) -> new state``, which checks the move's own rules. The
    # chance handler (the same signature) applies a "deal".
    moves: ClassVar[dict] = {}
    chance_move: ClassVar[str] = "_deal"

    def refuse(self, rule: str, **params) -> IllegalAction:
        """The ``IllegalAction`` of one of this game's rules (``rule`` without the slug)."""
        return IllegalAction(f"{self.slug}.{rule}", **params)

    def apply(self, state: State, action: Action) -> State:
        """The state after ``action``; raises ``IllegalAction`` and leaves ``state`` as it was.

        The shared checks first (``check_action``), then chance's handler or the move."""
        self.check_action(state, action)
        if state["actor"] == CHANCE:
            return getattr(self, self.chance_move)(state, action)
        return self.move(state, action)

    def check_action(self, state: State, action: Action) -> None:
        """The checks every game makes before a move: the action's form and keys, the game
        not over, the game's own screen (``screen``), and that chance deals and only chance."""
        over = state["actor"] is None
        if over and self.over_first:
            raise self.refuse(self.over_rule)
        if not isinstance(action, dict) or (
            self.string_type and not isinstance(action.get("type"), str)
        ):
            raise self.refuse("malformed", **self.malformed_params)
        self.check_keys(action)
        if over:
            raise self.refuse(self.over_rule)
        self.screen(state, action)
        kind = action.get("type")
        if self.unknown_first and not (isinstance(kind, str) and kind in self.action_keys):
            raise self.unknown(kind)
        if state["actor"] == CHANCE:
            if kind != "deal":
                raise self.refuse(self.chance_rule)
        elif kind == "deal" and self.not_chance_rule is not None:
            raise self.refuse(self.not_chance_rule)

    def screen(self, state: State, action: Action) -> None:
        """A game's own check of every action, after the game-over check (nothing here)."""

    def unknown(self, kind: Any) -> IllegalAction:
        return self.refuse(self.unknown_rule, kind=str(kind)[:20])

    def move(self, state: State, action: Action) -> State:
        """A seat's action: the method ``moves`` names for its type, else refused."""
        name = self.moves.get(action.get("type")) if isinstance(action.get("type"), str) else None
        if name is None:
            raise self.unknown(action.get("type"))
        return getattr(self, name)(state, action)

    def can_apply(self, state: State, action: Action) -> IllegalAction | None:
        """``None`` when ``action`` is legal now, else the ``IllegalAction`` saying why.

        Answered from ``legal_actions`` (the interface asks for every disabled button);
        only an action found there is not applied: the others are, to learn the rule
        they break.
        """
        if isinstance(action, dict) and any(
            fits(entry, action) for entry in self.legal_actions(state)
        ):
            return None
        try:
            self.apply(state, action)
        except IllegalAction as refusal:
            return refusal
        return None

    def view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator). Never another seat's hidden cards,
        the stock or the deck order. Holds ``legal_actions`` when ``seat`` is to act."""
        raise NotImplementedError

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """Every card ``seat`` may not see now; selfplay checks no view shows one."""
        raise NotImplementedError

    # ----- after the game: the reveal policy of the archive --------------------------
    def revealed_hands(self, state: State) -> dict[int, list[str]]:
        """The hands the rules have turned face up for everyone at this point, by seat.

        A showdown's shown hands, the hands counted at the end of a round, the cards each
        seat played in a deal that just ended. Never a folded or mucked hand, a discard
        put aside unseen, or a card nobody played. Empty by default.
        """
        return {}

    def archive_view(self, state: State, seat: int | None) -> dict:
        """What ``seat`` (``None``: a spectator) may see of ``state`` in a finished game's
        archive: its own view at that point, without the choices it had, plus
        ``revealed``: one list of cards per seat (``None`` when not revealed) from
        ``revealed_hands``. Never the deck order, the stock or an unseen hand."""
        view = self.view(state, seat)
        for key in ARCHIVE_DROPS:
            view.pop(key, None)
        shown = self.revealed_hands(state)
        view["revealed"] = [
            list(shown[s]) if shown.get(s) else None for s in range(state["seats"])
        ]
        return view

    def archive_hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """The cards ``archive_view`` may not show: ``hidden_cards`` less the revealed."""
        hidden = self.hidden_cards(state, seat)
        for cards in self.revealed_hands(state).values():
            hidden.difference_update(cards)
        return hidden

    def describe(self, state: State, action: Action) -> dict:
        """What the log says of ``action`` (``state`` is the state *before* it), as data:
        ``{"code": "<slug>.<what>", **params}`` with the parameters ``messages`` declares
        for that code (seats, cards, suits, amounts; no names, no words). The site turns it
        into a sentence in the reader's language."""
        raise NotImplementedError

    def result(self, state: State) -> dict | None:
        """``None`` while playing; then ``{"scores": [...], "winners": [seats], ...}``."""
        return state.get("result")

    def partners(self, state: State, seat: int) -> list[int]:
        """The seats that win or lose together with ``seat``: itself, or its whole side
        in a partnership game (a resignation concedes for them all)."""
        return [seat]

    def check_invariants(self, state: State) -> list[str]:
        """Broken invariants (card and chip conservation, score rules); empty when sound."""
        return []

    def default_action(self, state: State) -> Action:
        """What a seat whose time ran out does (check or fold, pass, lowest legal card...)."""
        return concrete(self.legal_actions(state)[0], pick_low=True)

    def bot_action(self, view: dict, rng, level: str = DEFAULT_BOT_LEVEL) -> Action:
        """The game's bot at ``level`` (one of BOT_LEVELS) chooses from the seat's view
        only, so it cannot cheat."""
        if self.bot is None:
            raise NotImplementedError(f"{self.slug} has no bot")
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        return self.bot(view, rng, level)

    def appraise(self, view: dict, rng, also: Action | None = None) -> dict | None:
        """The maître's judgement of the decision the seat of ``view`` faces, from that view
        only (the « Conseil » button at practice tables and the review of a finished game).

        ``None`` when the seat has no choice or the game has no appraisal. Otherwise::

            {"action": <the action the maître would play>,
             "values": [{"action": <action>, "value": <float>}, ...],
             "reason": {"code": "advice.<what>", **params}}

        ``values`` holds the options the maître weighed, the best and ``also`` (the action a
        player chose, which a review compares) among them: each one's worth for this seat
        on the game's own scale (``appraisal_unit``: expected points or jetons or chips of
        the deal, or the chance of winning the game), higher is better, all from the same
        imagined deals. ``reason`` is data for one sentence, in the shared vocabulary of
        ``ADVICE_REASONS``: the numbers behind the choice (expected tricks, the chance of
        an exact bid, expected points, equity against pot odds, the meld aimed at), no
        words. ``review_threshold`` (same scale) is the smallest loss a review marks; an
        appraisal whose scale depends on the table (chips and their blinds) gives its own
        as ``"threshold"``."""
        if self.appraiser is None:
            return None
        return self.appraiser(view, rng, also)

    def carry(self, state: State) -> dict | None:
        """For chained games, what the next hand at the table starts from."""
        return None


def header(slug: str, seats: int, options: dict, actor: Any = CHANCE) -> State:
    """The keys every state starts with, which the platform reads without knowing the game:
    before the first shuffle, chance acts and there is no result."""
    return {"game": slug, "seats": seats, "options": options, "actor": actor, "result": None}


def is_amount(value: Any) -> bool:
    """An amount of chips, tricks or points: an int, never a bool or a float."""
    return isinstance(value, int) and not isinstance(value, bool)


def fits(entry: Action, action: Action) -> bool:
    """Whether ``action`` is one that the ``legal_actions`` entry stands for (the entry
    itself, or a filling of its template), compared as JSON so that ``True`` is not ``1``."""
    if "min" in entry and "max" in entry:
        base = {k: v for k, v in entry.items() if k not in ("min", "max")}
        amount = action.get("amount")
        return (
            set(action) == set(base) | {"amount"}
            and to_json({k: action[k] for k in base}) == to_json(base)
            and is_amount(amount)
            and entry["min"] <= amount <= entry["max"]
        )
    if "choose" in entry and "from" in entry:
        base = {k: v for k, v in entry.items() if k not in ("choose", "from")}
        cards = action.get("cards")
        low, high = entry["choose"]
        return (
            set(action) == set(base) | {"cards"}
            and to_json({k: action[k] for k in base}) == to_json(base)
            and isinstance(cards, list)
            and all(isinstance(card, str) for card in cards)
            and len(set(cards)) == len(cards)
            and low <= len(cards) <= high
            and set(cards) <= set(entry["from"])
        )
    return to_json(action) == to_json(entry)


def concrete(entry: Action, rng=None, pick_low: bool = False) -> Action:
    """A concrete action from a ``legal_actions`` entry, choosing any free part at random
    (or the smallest when ``pick_low``)."""
    if "min" in entry and "max" in entry:
        amount = (
            entry["min"] if pick_low or rng is None else rng.randint(entry["min"], entry["max"])
        )
        return {k: v for k, v in entry.items() if k not in ("min", "max")} | {"amount": amount}
    if "choose" in entry and "from" in entry:
        low, high = entry["choose"]
        pool = list(entry["from"])
        if pick_low or rng is None:
            chosen = pool[:low]
        else:
            chosen = rng.sample(pool, rng.randint(low, high))
        return {k: v for k, v in entry.items() if k not in ("choose", "from")} | {"cards": chosen}
    return dict(entry)


def replay(game: Game, seats: int, options: dict | None, carry: dict | None, actions) -> State:
    """The state reached by applying ``actions`` from the start: the log is the game."""
    state = game.new(seats, options, carry)
    for action in actions:
        state = game.apply(state, action)
    return state
