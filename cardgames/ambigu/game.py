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

from dataclasses import dataclass

from ..cards import RANK_NAMES, deck40
from ..core import CHANCE, BadOptions, Game, IllegalAction, Option, clone

PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}
DECK = tuple(deck40())
DECK_SET = frozenset(DECK)

# (id, strength rank, French name, English name, value in jetons), lowest first.
CATEGORIES = (
    ("point", 1, "point", "point", 1),
    ("prime", 2, "prime", "prime", 2),
    ("grande-prime", 3, "grande prime", "great prime", 3),
    ("sequence", 4, "séquence", "sequence", 3),
    ("tricon", 5, "tricon", "tricon", 4),
    ("flux", 6, "flux", "flush", 5),
    ("tricon-prime", 7, "tricon avec prime", "tricon with prime", 6),
    ("tricon-grande-prime", 8, "tricon avec grande prime", "tricon with great prime", 7),
    ("flux-sequence", 9, "flux avec séquence", "flush with sequence", 8),
    ("fredon", 10, "fredon", "fredon", 8),
)
CATEGORY = {c[0]: c for c in CATEGORIES}
GRANDE_PRIME_OVER = 30  # a prime is "grande" when its pips add up to more than 30
UNANSWERED_VADE_FROM_DEALER = 2
DEALER_PAYS_WHEN_NOBODY_OPENS = 2
VADE_MIN, VADE_MAX = 2, 4


@dataclass(frozen=True)
class Combination:
    """A hand's best Ambigu combination.

    ``rank`` orders the categories (1 = point .. 10 = fredon); ``height`` breaks ties
    between two combinations of the same category (a tuple compared element by element,
    its first element the pip sum of the cards that make the combination, except for the
    tricon and fredon where it is the pips of the cards of one rank); ``value`` is what
    the combination is worth in jetons.
    """

    category: str
    rank: int
    height: tuple
    value: int
    name_fr: str
    name_en: str
    cards: tuple

    @property
    def key(self) -> tuple:
        """Compare two combinations: the greater key is the stronger hand."""
        return (self.rank, *self.height)

    def as_dict(self) -> dict:
        return {
            "category": self.category,
            "rank": self.rank,
            "height": list(self.height),
            "value": self.value,
            "name_fr": self.name_fr,
            "name_en": self.name_en,
            "cards": list(self.cards),
        }


def _combination(category: str, height: tuple, cards, extra_value: int = 0) -> Combination:
    _, rank, fr, en, value = CATEGORY[category]
    return Combination(category, rank, height, value + extra_value, fr, en, tuple(cards))


def _has_sequence(pips: list[int]) -> int:
    """The pip sum of the highest run of three consecutive pips in one suit, or 0."""
    best = 0
    present = set(pips)
    for p in present:
        if p + 1 in present and p + 2 in present:
            best = max(best, 3 * p + 3)
    return best


def classify(hand, fredon_prime: bool = False) -> Combination | None:
    """The best combination in ``hand`` (up to four cards of the 40-card pack), or None.

    Categories, weakest first, with their value in jetons: point (two or three cards of
    one suit, 1), prime (four suits, 2), grande prime (four suits, pips over 30, 3),
    séquence (three consecutive cards of one suit, 3), tricon (three of a rank, 4), flux
    (four of one suit, 5), tricon avec prime (6, or 7 with a grande prime), flux avec
    séquence (8) and fredon (four of a rank, 8; 10 or 11 when ``fredon_prime`` counts the
    prime it holds as well). Pips: ace 1 to ten 10.

    >>> classify(["Th", "Td", "Tc", "9s"]).category
    'tricon-grande-prime'
    """
    cards = list(hand)
    n = len(cards)
    if n < 2:
        return None
    pips = [PIPS[c[0]] for c in cards]
    total = sum(pips)
    suits: dict[str, list[int]] = {}
    ranks: dict[int, int] = {}
    for c, p in zip(cards, pips, strict=True):
        suits.setdefault(c[1], []).append(p)
        ranks[p] = ranks.get(p, 0) + 1
    four_suits = n == 4 and len(suits) == 4
    if n == 4 and len(suits) == 1:
        run = _has_sequence(pips)
        if run:
            return _combination("flux-sequence", (total, run), cards)
        return _combination("flux", (total,), cards)
    top_rank, top_count = max(ranks.items(), key=lambda item: (item[1], item[0]))
    if top_count == 4:
        extra = 0
        if fredon_prime:
            extra = 3 if total > GRANDE_PRIME_OVER else 2
        return _combination("fredon", (4 * top_rank,), cards, extra)
    if top_count == 3:
        if four_suits:
            category = "tricon-grande-prime" if total > GRANDE_PRIME_OVER else "tricon-prime"
            return _combination(category, (3 * top_rank, total), cards)
        return _combination("tricon", (3 * top_rank,), cards)
    if four_suits:
        category = "grande-prime" if total > GRANDE_PRIME_OVER else "prime"
        return _combination(category, (total,), cards)
    best_point = None
    for suit, suit_pips in suits.items():
        if len(suit_pips) >= 3:
            run = _has_sequence(suit_pips)
            if run:
                chosen = [c for c in cards if c[1] == suit]
                return _combination("sequence", (run,), chosen)
        if len(suit_pips) >= 2:
            height = sum(suit_pips)
            if best_point is None or height > best_point[0]:
                best_point = (height, suit)
    if best_point is None:
        return None
    chosen = [c for c in cards if c[1] == best_point[1]]
    return _combination("point", (best_point[0],), chosen)


def _illegal(rule: str, fr: str, en: str) -> IllegalAction:
    return IllegalAction("ambigu." + rule, fr, en)


def _is_amount(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
ACTION_KEYS = {
    "deal": ("deck",),
    "pass": (),
    "battez": (),
    "recave": ("amount",),
    "exchange": ("cards",),
    "keep": (),
    "mix": (),
    "vade": ("amount",),
    "follow": (),
    "tapis": (),
    "check": (),
    "fold": (),
    "call": (),
    "renvi": ("amount",),
}


class Ambigu(Game):
    def __init__(self):
        super().__init__(
            slug="ambigu",
            action_keys=ACTION_KEYS,
            name_fr="Ambigu",
            name_en="Ambigu",
            min_seats=2,
            max_seats=6,
            default_seats=4,
            chained=True,
            options=(
                Option(
                    "cave",
                    "Cave de départ (jetons)",
                    "Starting cave (chips)",
                    50,
                    choices=(
                        (20, "20 jetons", "20 chips"),
                        (50, "50 jetons", "50 chips"),
                        (100, "100 jetons", "100 chips"),
                        (200, "200 jetons", "200 chips"),
                    ),
                    help_fr="Jetons de chacun à la première donne ; plafond d'une recave.",
                    help_en="Each player's chips at the first deal; the ceiling of a recave.",
                ),
                Option(
                    "ante",
                    "Ante à la poule",
                    "Ante to the poule",
                    1,
                    choices=((1, "1 jeton", "1 chip"), (2, "2 jetons", "2 chips")),
                ),
                Option(
                    "battez_stake",
                    "Mise de « battez » à la batterie",
                    "Stake to the batterie for “battez”",
                    1,
                    choices=((1, "1 jeton", "1 chip"), (2, "2 jetons", "2 chips")),
                ),
                Option(
                    "no_opening",
                    "Si personne n'ouvre de vade",
                    "When nobody opens a vade",
                    "dealer-pays",
                    choices=(
                        (
                            "dealer-pays",
                            "le donneur met 2 jetons à la poule, on garde ses cartes et on "
                            "passe aux renvis",
                            "the dealer puts 2 chips in the poule, hands are kept and the "
                            "renvis follow",
                        ),
                        (
                            "abandon",
                            "la donne s'arrête, poule et batterie restent pour la suivante",
                            "the deal stops, poule and batterie stay for the next one",
                        ),
                    ),
                ),
                Option(
                    "exchange_min",
                    "Écart de la deuxième phase",
                    "Exchange of the second phase",
                    0,
                    choices=(
                        (0, "de 0 à 4 cartes (on peut se tenir)", "0 to 4 cards (may stand)"),
                        (1, "de 1 à 4 cartes (obligatoire)", "1 to 4 cards (compulsory)"),
                    ),
                ),
                Option(
                    "exchange_rounds",
                    "Tours d'échange permis en première phase",
                    "Exchange rounds allowed in the first phase",
                    2,
                    kind="int",
                    minimum=1,
                    maximum=4,
                    help_fr="Si tout le monde passe encore après le dernier, la donne est "
                    "abandonnée.",
                    help_en="If everybody passes again after the last one, the deal is abandoned.",
                ),
                Option(
                    "combination_payers",
                    "Qui paie la combinaison gagnante",
                    "Who pays for the winning combination",
                    "all",
                    choices=(
                        (
                            "all",
                            "tous les autres joueurs de la donne",
                            "every other player of the deal",
                        ),
                        (
                            "remaining",
                            "seulement ceux restés jusqu'à la fin",
                            "only those still in at the end",
                        ),
                        ("none", "personne", "nobody"),
                    ),
                ),
                Option(
                    "fredon_prime",
                    "Le fredon compte aussi sa prime",
                    "A fredon also counts its prime",
                    False,
                    kind="bool",
                    help_fr="Fredon payé 10 ou 11 jetons au lieu de 8.",
                    help_en="A fredon is paid 10 or 11 chips instead of 8.",
                ),
                Option(
                    "refuse_discard",
                    "On peut refuser de mêler son écart au nouveau talon",
                    "One may refuse to mix one's discard into a rebuilt stock",
                    True,
                    kind="bool",
                ),
                Option(
                    "auto_recave",
                    "Un joueur décavé se recave de la cave de départ",
                    "A broke player recaves to the starting cave",
                    True,
                    kind="bool",
                    help_fr="Sinon il ne reçoit pas de cartes tant qu'il n'a pas de jetons.",
                    help_en="Otherwise the player is dealt out until they have chips.",
                ),
            ),
        )

    # ----- setup ------------------------------------------------------------------
    def random_options(self, rng) -> dict:
        """Random options, but broke players always recave so chained selfplay goes on."""
        options = super().random_options(rng)
        options["auto_recave"] = True
        return options

    def new(self, seats: int, options: dict | None = None, carry: dict | None = None) -> dict:
        opts = self.resolve_options(options)
        self.check_seats(seats, opts)
        cave, ante = opts["cave"], opts["ante"]
        if carry is None:
            stacks = [cave] * seats
            dealer, poule, batterie, debts = None, 0, 0, []
        else:
            stacks = list(carry.get("stacks") or [cave] * seats)
            if len(stacks) != seats or not all(
                s is None or (_is_amount(s) and s >= 0) for s in stacks
            ):
                raise BadOptions(
                    "Report invalide : une cave par place.",
                    "Invalid carry: one stack per seat.",
                )
            dealer = carry.get("dealer", 0)
            if dealer is not None:  # None: draw for the deal (a chip table's first deal)
                dealer = dealer % seats if _is_amount(dealer) else 0
            poule = int(carry.get("poule", 0))
            batterie = int(carry.get("batterie", 0))
            debts = [list(d) for d in carry.get("debts", [])]
        start = list(stacks)
        recaved = [0] * seats
        for s in range(seats):
            if stacks[s] is not None and stacks[s] < ante and opts["auto_recave"]:
                recaved[s] = cave - stacks[s]
                stacks[s] = cave
        players = [s for s in range(seats) if stacks[s] is not None and stacks[s] >= ante]
        total = sum(x for x in stacks if x is not None) + poule + batterie
        state = {
            "game": self.slug,
            "seats": seats,
            "options": opts,
            "actor": CHANCE,
            "result": None,
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

    def _order(self, state) -> list[int]:
        n, dealer = state["seats"], state["dealer"]
        return sorted(state["players"], key=lambda s: (s - dealer - 1) % n)

    # ----- chance ---------------------------------------------------------------------
    def chance_cards(self, state) -> list[str]:
        phase = state["phase"]
        if state["actor"] != CHANCE:
            return []
        if phase in ("draw", "deal"):
            return list(DECK)
        return sorted(self._shuffle_pool(state))

    def _shuffle_pool(self, state) -> list[str]:
        purpose = state["shuffle_for"]
        if purpose == "deal2":
            pool = list(state["stock"])
            if len(pool) < 2 * len(state["players"]):
                for pile in state["discards"]:
                    pool += pile
            return pool
        if purpose == "exchange2":
            return list(state["stock"])
        kept = state["refill"]["kept"]
        pool = []
        for seat, pile in enumerate(state["discards"]):
            if seat != kept:
                pool += pile
        return pool

    def _apply_chance(self, state, action) -> dict:
        deck = self.checked_deck(state, action)
        state = clone(state)
        phase = state["phase"]
        if phase == "draw":
            self._draw_dealer(state, deck)
            state["phase"] = "deal"
            return state
        if phase == "deal":
            order = state["order"]
            k = len(order)
            for i in range(2 * k):
                state["hands"][order[i % k]].append(deck[i])
            state["stock"] = deck[2 * k :]
            self._start_speech1(state)
            return state
        purpose = state["shuffle_for"]
        state["shuffle_for"] = None
        if purpose == "deal2":
            if len(deck) > len(state["stock"]):
                state["discards"] = [[] for _ in range(state["seats"])]
            state["stock"] = deck
            order = state["order"]
            k = len(order)
            for i in range(2 * k):
                state["hands"][order[i % k]].append(state["stock"][i])
            state["stock"] = state["stock"][2 * k :]
            state["phase"] = "speech2"
            state["round"] = 1
            state["pending"] = list(order)
            state["actor"] = order[0]
            return state
        if purpose == "exchange2":
            state["stock"] = deck
            self._start_exchange2(state)
            return state
        # a stock rebuilt from the discards in the middle of a player's exchange
        refill = state["refill"]
        kept = refill["kept"]
        state["discards"] = [
            pile if seat == kept else [] for seat, pile in enumerate(state["discards"])
        ]
        state["stock"] = deck
        seat, need = refill["seat"], refill["need"]
        state["hands"][seat] += state["stock"][:need]
        state["stock"] = state["stock"][need:]
        state["refill"] = None
        state["phase"] = refill["then"]
        self._next_exchanger(state)
        return state

    def _draw_dealer(self, state, deck) -> None:
        """High card deals; players tied for the highest draw again from the same pack."""
        contenders = list(state["players"])
        position = 0
        draws = []
        while True:
            if position + len(contenders) > len(deck):
                break
            got = {}
            for seat in contenders:
                got[seat] = deck[position]
                draws.append([seat, deck[position]])
                position += 1
            best = max(PIPS[c[0]] for c in got.values())
            contenders = [s for s in contenders if PIPS[got[s][0]] == best]
            if len(contenders) == 1:
                break
        state["dealer"] = contenders[0]
        state["draw"] = draws
        state["order"] = self._order(state)

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

    # ----- apply --------------------------------------------------------------------
    def apply(self, state, action) -> dict:
        actor = state["actor"]
        if actor is None:
            raise _illegal("over", "La donne est terminée.", "The deal is over.")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise _illegal("malformed", "Action mal formée.", "Malformed action.")
        self.check_keys(action)
        kind = action["type"]
        if actor == CHANCE:
            if kind != "deal":
                raise _illegal(
                    "chance", "C'est au hasard de battre les cartes.", "Chance must shuffle."
                )
            return self._apply_chance(state, action)
        phase = state["phase"]
        handler = getattr(self, f"_do_{phase}", None)
        if handler is None:
            raise _illegal("phase", "Aucune action possible.", "No action possible.")
        return handler(state, actor, kind, action)

    def _unknown(self, kind) -> IllegalAction:
        return _illegal(
            "wrong-action",
            f"L'action « {kind} » n'est pas permise maintenant.",
            f"The action “{kind}” is not allowed now.",
        )

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
                raise _illegal(
                    "battez-stake",
                    f"Il faut {stake} jeton(s) pour la batterie.",
                    f"Saying battez needs {stake} chip(s) for the batterie.",
                )
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
                raise _illegal(
                    "recave",
                    "On ne se recave qu'une fois par donne, après la première donne de la "
                    "table, avant la troisième carte.",
                    "A recave is allowed once a deal, after the table's first deal, before "
                    "the third card.",
                )
            if not _is_amount(amount) or not 1 <= amount <= opts["cave"] - stack:
                raise _illegal(
                    "recave-amount",
                    f"La recave ne peut porter la cave au-delà de {opts['cave']} jetons.",
                    f"A recave cannot bring the stack above {opts['cave']} chips.",
                )
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
            raise _illegal("exchange-cards", "Indiquez les cartes à écarter.", "List the cards.")
        if len(set(chosen)) != len(chosen) or not set(chosen) <= set(hand):
            raise _illegal(
                "exchange-cards",
                "On n'écarte que des cartes de sa main, chacune une fois.",
                "Only cards from one's own hand may be discarded, each once.",
            )
        if not low <= len(chosen) <= high:
            raise _illegal(
                "exchange-count",
                f"On écarte ici de {low} à {high} cartes.",
                f"Here one exchanges {low} to {high} cards.",
            )
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
                raise _illegal(
                    "vade-once",
                    "La vade est déjà ouverte : on suit ou on passe.",
                    "The vade is already open: follow or pass.",
                )
            amount = action.get("amount")
            if not _is_amount(amount) or not VADE_MIN <= amount <= min(VADE_MAX, stack):
                raise _illegal(
                    "vade-amount",
                    "La vade est de 2 à 4 jetons, dans la limite de sa cave.",
                    "A vade is 2 to 4 chips, within one's stack.",
                )
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
                raise _illegal(
                    "no-vade", "Personne n'a ouvert de vade.", "Nobody has opened a vade."
                )
            vade = state["vade"]
            if kind == "follow" and stack < vade:
                raise _illegal(
                    "follow",
                    "Pas assez de jetons pour suivre : annoncez tapis.",
                    "Not enough chips to follow: go tapis.",
                )
            if kind == "tapis" and not 0 < stack < vade:
                raise _illegal(
                    "tapis",
                    "Le tapis est pour qui ne peut pas suivre en entier.",
                    "Tapis is for a player who cannot follow in full.",
                )
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
                raise _illegal(
                    "check",
                    "Il y a une enchère à tenir : tenez, renviez ou passez.",
                    "There is a bet to meet: call, raise or fold.",
                )
            state = clone(state)
        elif kind == "fold":
            if not need:
                raise _illegal(
                    "fold",
                    "Rien à tenir : on ne passe pas, on parle.",
                    "Nothing to meet: check instead of folding.",
                )
            state = clone(state)
            state["folded"][actor] = True
        elif kind == "call":
            if not need or stack < need:
                raise _illegal(
                    "call",
                    "Rien à tenir, ou pas assez de jetons (tapis).",
                    "Nothing to call, or not enough chips (tapis).",
                )
            state = clone(state)
            self._bet(state, actor, need)
        elif kind == "tapis":
            if not 0 < stack < need:
                raise _illegal(
                    "tapis",
                    "Le tapis est pour qui ne peut pas tenir en entier.",
                    "Tapis is for a player who cannot call in full.",
                )
            state = clone(state)
            self._bet(state, actor, stack)
        elif kind == "renvi":
            amount = action.get("amount")
            others = any(s != actor for s in self._bettors(state))
            if not others:
                raise _illegal(
                    "renvi-alone",
                    "Personne ne peut plus tenir un renvi.",
                    "Nobody is left to meet a raise.",
                )
            if not _is_amount(amount) or not need < amount <= stack:
                raise _illegal(
                    "renvi-amount",
                    f"Un renvi met de {need + 1} à {stack} jetons.",
                    f"A raise puts in {need + 1} to {stack} chips.",
                )
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
    def _pay(self, state, payer: int, creditor: int, amount: int, payments, new_debts) -> None:
        paid = min(amount, state["stacks"][payer])
        state["stacks"][payer] -= paid
        state["stacks"][creditor] += paid
        payments.append([payer, creditor, paid])
        if paid < amount:
            new_debts.append([payer, creditor, amount - paid])

    def _unanswered_vade(self, state, opener: int) -> None:
        state["stacks"][opener] += state["bets"][opener] + state["batterie"]
        state["bets"][opener] = 0
        won = state["batterie"]
        state["batterie"] = 0
        payments, new_debts = [], []
        if opener != state["dealer"]:
            self._pay(
                state, state["dealer"], opener, UNANSWERED_VADE_FROM_DEALER, payments, new_debts
            )
        self._finish(state, "vade", [opener], None, payments, new_debts, batterie_won=won)

    def _last_in(self, state, winner: int) -> None:
        state["stacks"][winner] += sum(state["bets"])
        state["bets"] = [0] * state["seats"]
        self._win_pots_and_combination(state, winner, "last-in", [winner])

    def _showdown(self, state) -> None:
        live = self._live(state)
        n, dealer = state["seats"], state["dealer"]
        fredon_prime = state["options"]["fredon_prime"]
        keys = {}
        for s in live:
            combo = classify(state["hands"][s], fredon_prime)
            keys[s] = (combo.key, -((s - dealer - 1) % n))
        bets = state["bets"]
        levels = sorted({bets[s] for s in live})
        previous = 0
        for level in levels:
            pot = sum(min(b, level) - min(b, previous) for b in bets)
            eligible = [s for s in live if bets[s] >= level]
            best = max(eligible, key=keys.__getitem__)
            state["stacks"][best] += pot
            previous = level
        leftover = sum(b - min(b, previous) for b in bets)
        winner = max(live, key=keys.__getitem__)
        state["stacks"][winner] += leftover
        state["bets"] = [0] * n
        self._win_pots_and_combination(state, winner, "showdown", live)

    def _win_pots_and_combination(self, state, winner: int, outcome: str, shown) -> None:
        won_poule, won_batterie = state["poule"], state["batterie"]
        state["stacks"][winner] += won_poule + won_batterie
        state["poule"] = state["batterie"] = 0
        combo = classify(state["hands"][winner], state["options"]["fredon_prime"])
        payers_rule = state["options"]["combination_payers"]
        if payers_rule == "all":
            payers = [s for s in state["order"] if s != winner]
        elif payers_rule == "remaining":
            payers = [s for s in shown if s != winner]
        else:
            payers = []
        payments, new_debts = [], []
        for s in payers:
            self._pay(state, s, winner, combo.value, payments, new_debts)
        for s in shown:
            state["revealed"][s] = list(state["hands"][s])
        self._finish(
            state,
            outcome,
            [winner],
            combo,
            payments,
            new_debts,
            poule_won=won_poule,
            batterie_won=won_batterie,
        )

    def _finish(self, state, outcome, winners, combo, payments=(), new_debts=(), **won) -> None:
        state["phase"] = "over"
        state["actor"] = None
        state["pending"] = []
        for debtor, creditor, amount in new_debts:
            for entry in state["debts"]:
                if entry[0] == debtor and entry[1] == creditor:
                    entry[2] += amount
                    break
            else:
                state["debts"].append([debtor, creditor, amount])
        state["result"] = self._result(
            state, outcome, winners, combo, list(payments), list(new_debts), **won
        )

    def _result(self, state, outcome, winners, combo, payments, new_debts, **won) -> dict:
        scores = []
        for s in range(state["seats"]):
            if state["stacks"][s] is None:
                scores.append(0)
                continue
            scores.append(state["stacks"][s] - state["start"][s] - state["recaved"][s])
        for debtor, creditor, amount in new_debts:
            scores[debtor] -= amount
            scores[creditor] += amount
        result = {
            "scores": scores,
            "winners": winners,
            "outcome": outcome,
            "combination": combo.as_dict() if combo else None,
            "payments": payments,
            "debts": new_debts,
            "recaved": list(state["recaved"]),
            "poule_carried": state["poule"],
            "batterie_carried": state["batterie"],
            "revealed": list(state["revealed"]),
        }
        result.update(won)
        return result

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

    def describe(self, state, action, names, lang="fr") -> str:
        en = lang == "en"
        kind = action.get("type") if isinstance(action, dict) else None
        actor = state["actor"]
        who = names[actor] if isinstance(actor, int) and 0 <= actor < len(names) else ""
        if actor == CHANCE:
            return self._describe_chance(state, action, names, en)
        amount = action.get("amount")
        count = len(action.get("cards") or [])
        texts = {
            "pass": (
                ("passe", "passes")
                if state["phase"] != "speech2" or state["opener"] is None
                else ("passe et quitte le coup", "passes and drops out")
            ),
            "battez": (
                f"dit « battez » et met {state['options']['battez_stake']} jeton(s) à la batterie",
                f"says “battez” and puts {state['options']['battez_stake']} chip(s) in the "
                "batterie",
            ),
            "recave": (f"se recave de {amount} jetons", f"recaves {amount} chips"),
            "exchange": (
                f"écarte {count} carte(s)" if count else "se tient à ses cartes",
                f"exchanges {count} card(s)" if count else "stands pat",
            ),
            "mix": (
                "laisse mêler son écart au nouveau talon",
                "lets their discard be mixed into the new stock",
            ),
            "keep": (
                "refuse de mêler son écart au nouveau talon",
                "refuses to mix their discard into the new stock",
            ),
            "vade": (f"ouvre : va de {amount} jetons", f"opens: a vade of {amount} chips"),
            "follow": (f"suit la vade de {state['vade']}", f"follows the vade of {state['vade']}"),
            "tapis": ("fait tapis", "goes tapis (all in)"),
            "check": ("tient sans renvier", "checks"),
            "call": ("tient le renvi", "calls the raise"),
            "fold": ("passe et quitte le coup", "folds"),
            "renvi": (f"renvie de {amount} jetons", f"raises, putting in {amount} chips"),
        }
        fr_text, en_text = texts.get(kind, ("joue", "plays"))
        if kind == "renvi" and isinstance(actor, int) and amount == state["stacks"][actor]:
            fr_text, en_text = fr_text + " (tapis)", en_text + " (all in)"
        return f"{who} {en_text if en else fr_text}"

    def _describe_chance(self, state, action, names, en: bool) -> str:
        phase = state["phase"]
        if phase == "draw":
            deck = action.get("deck") or []
            probe = clone(state)
            try:
                self._draw_dealer(probe, deck)
            except (IndexError, KeyError, TypeError, ValueError):
                return "Draw for the deal" if en else "Tirage pour la donne"
            # Ranks only, as the view shows them: the suits of the draw stay hidden.
            lang = "en" if en else "fr"
            pulls = ", ".join(f"{names[s]}: {RANK_NAMES[lang][c[0]]}" for s, c in probe["draw"])
            dealer = names[probe["dealer"]]
            if en:
                return f"Draw for the deal ({pulls}); {dealer} deals"
            return f"Tirage pour la donne ({pulls}) ; {dealer} donne"
        dealer = names[state["dealer"]]
        if phase == "deal":
            if en:
                return f"{dealer} shuffles and deals two cards to each player"
            return f"{dealer} bat les cartes et en donne deux à chacun"
        purpose = state["shuffle_for"]
        if purpose == "deal2":
            if en:
                return f"{dealer} shuffles the stock and deals two more cards to each player"
            return f"{dealer} bat le talon et donne encore deux cartes à chacun"
        if purpose == "exchange2":
            return (
                f"{dealer} shuffles the stock for the exchanges"
                if en
                else f"{dealer} bat le talon pour les écarts"
            )
        return (
            f"{dealer} rebuilds the stock from the shuffled discards"
            if en
            else f"{dealer} refait un talon avec les écarts battus"
        )

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
