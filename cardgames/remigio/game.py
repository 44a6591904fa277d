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

from ..cards import card_name, is_card, multi_deck
from ..core import CHANCE, Game, IllegalAction, Option
from ..melds import (
    RANK_INDEX,
    Rules,
    best_arrangement,
    can_close,
    is_valid_meld,
    leftover_count,
)

TURN_LIMIT = 1000  # turns in one round before it is declared void (endless discard swaps)

KINDS = {
    # kind: (multiplier with a joker, multiplier without)
    "remigio": (8, 10),
    "sequence": (5, 6),
    "couleur": (3, 4),
    "plain": (1, 2),
}
KIND_NAMES = {
    "fr": {
        "remigio": "Remigio",
        "sequence": "séquence",
        "couleur": "couleur",
        "plain": "fermeture",
        "five_pairs": "cinq paires",
        "void": "coup nul",
    },
    "en": {
        "remigio": "Remigio",
        "sequence": "sequence",
        "couleur": "flush",
        "plain": "closing",
        "five_pairs": "five pairs",
        "void": "void round",
    },
}

# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
# "seat" is optional: when given, it must be the actor's (refused as remigio.turn).
ACTION_KEYS = {
    "deal": ("deck",),
    "draw": ("from", "seat"),
    "discard": ("card", "seat"),
    "close": ("card", "seat"),
}

OPTIONS = (
    Option(
        "scoring",
        "Marque",
        "Scoring",
        "elimination",
        choices=(
            ("elimination", "Élimination (le dernier en jeu gagne)", "Elimination (last one in)"),
            ("payment", "Paiement au gagnant (jetons)", "Payment to the winner (chips)"),
        ),
    ),
    Option(
        "limit",
        "Score d'élimination, ou à atteindre en paiement",
        "Elimination score, or target in payment",
        500,
        choices=tuple((n, str(n), str(n)) for n in (100, 200, 300, 500, 1000)),
    ),
    Option(
        "last_two",
        "Arrêter à deux joueurs (le moins de points gagne)",
        "Stop with two players (lowest score wins)",
        False,
        kind="bool",
    ),
    Option(
        "values",
        "Valeur de l'as et du joker",
        "Value of the ace and the joker",
        "standard",
        choices=(
            ("standard", "As 1, joker 20", "Ace 1, joker 20"),
            ("high", "As 11, joker 25", "Ace 11, joker 25"),
        ),
    ),
    Option("wrap", "Suite Roi-As-Deux permise", "King-Ace-Two runs allowed", False, kind="bool"),
    Option(
        "group_suits",
        "Couleurs dans un brelan ou un carré",
        "Suits in a group",
        "repeat",
        choices=(
            ("repeat", "Peuvent se répéter", "May repeat"),
            ("distinct", "Toutes différentes", "All different"),
        ),
    ),
    Option(
        "special",
        "Couleur et Remigio",
        "Flush and Remigio",
        "free",
        choices=(
            ("free", "Ferment sans combinaisons", "Close without melds"),
            ("melded", "Doivent aussi former des combinaisons", "Must also form melds"),
        ),
    ),
    Option(
        "five_pairs",
        "Cinq paires servies",
        "Five pairs dealt",
        "wild",
        choices=(
            ("wild", "Gagnent, un joker peut compléter une paire", "Win, a joker may pair"),
            ("natural", "Gagnent, paires naturelles seulement", "Win, natural pairs only"),
            ("off", "Ne comptent pas", "Do not count"),
        ),
    ),
    Option("two_players", "Permettre deux joueurs", "Allow two players", False, kind="bool"),
    Option(
        "rebuilds",
        "Pioches refaites avant le coup nul",
        "Stock rebuilds before a void round",
        2,
        kind="int",
        minimum=0,
        maximum=5,
    ),
    Option(
        "max_rounds",
        "Nombre maximal de coups (0 : sans limite)",
        "Most rounds in the match (0: no limit)",
        0,
        kind="int",
        minimum=0,
        maximum=100,
    ),
)


def _refuse(rule, fr, en):
    raise IllegalAction(f"remigio.{rule}", fr, en)


def face(card: str) -> str:
    """The card without its deck-copy suffix ("Th.2" → "Th")."""
    return card[:2]


def _of(card: str, lang: str) -> str:
    """ "du dix de cœur", "de l'as de pique"; in English "the ten of hearts"."""
    name = card_name(card, lang)
    if lang == "en":
        return f"the {name}"
    return f"de l'{name}" if name[0] in "a" else f"du {name}"


def _the(card: str, lang: str) -> str:
    name = card_name(card, lang)
    if lang == "en":
        return f"the {name}"
    return f"l'{name}" if name[0] in "a" else f"le {name}"


# ----- scoring rules ----------------------------------------------------------------------


def closing_kind(hand, rules: Rules, special: str = "free") -> str | None:
    """The best closing a ten-card hand makes ("remigio", "sequence", "couleur", "plain"),
    or None when it cannot close."""
    naturals = [c for c in hand if c[0] != "X"]
    jokers = len(hand) - len(naturals)
    melded = None
    if naturals and jokers <= len(naturals):
        if len({c[0] for c in naturals}) == 1:
            melded = can_close(hand, rules)
            if special == "free" or melded:
                return "remigio"
        if len({c[1] for c in naturals}) == 1:
            if is_valid_meld(hand, rules):
                return "sequence"
            if melded is None:
                melded = can_close(hand, rules)
            if special == "free" or melded:
                return "couleur"
    if melded is None:
        melded = can_close(hand, rules)
    return "plain" if melded else None


def multiplier(kind: str, hand) -> int:
    with_joker, without = KINDS[kind]
    return with_joker if any(c[0] == "X" for c in hand) else without


def has_five_pairs(hand, mode: str) -> bool:
    """Ten cards that split into five pairs of one rank (a joker may pair a card in "wild")."""
    if mode == "off" or len(hand) != 10:
        return False
    counts: dict = {}
    jokers = 0
    for c in hand:
        if c[0] == "X":
            jokers += 1
        else:
            counts[c[0]] = counts.get(c[0], 0) + 1
    odd = sum(1 for n in counts.values() if n % 2)
    if mode == "natural":
        return jokers == 0 and odd == 0
    # each joker pairs one natural card: the odd ranks need one, the rest go two by two
    return odd <= jokers <= 10 - jokers


def _partner_table(hand, rules: Rules):
    """For each natural card (by index), the natural cards it could share a meld with."""
    jokers = 0
    by_rank: dict = {}
    by_suit: dict = {}
    for i, c in enumerate(hand):
        if c[0] == "X":
            jokers += 1
        else:
            by_rank.setdefault(c[0], []).append(i)
            by_suit.setdefault(c[1], []).append((RANK_INDEX[c[0]], i))
    reach = jokers + 1
    partners = {}
    for members in by_suit.values():
        for r, i in members:
            mine = [k for k in by_rank[hand[i][0]] if k != i]
            for r2, k in members:
                if r2 == r:
                    continue
                d = abs(r - r2)
                if rules.wrap:
                    d = min(d, 13 - d)
                elif rules.ace_high and (r == 0 or r2 == 0):
                    d = min(d, 13 - max(r, r2))
                if d <= reach:
                    mine.append(k)
            partners[i] = mine
    return partners


_CLOSINGS: dict = {}
_RULES: dict = {}


def _one_shape(counts: dict, key: str) -> bool:
    """True when removing one card of ``key`` leaves all naturals on one suit (or rank)."""
    return len(counts) == 1 or (len(counts) == 2 and counts.get(key) == 1)


def closing_discards(hand, rules: Rules, special: str = "free") -> list:
    """For an eleven-card hand: [(discard, kind, multiplier)] for every discard that closes.

    Cheap tests first: a natural card with no possible meld partner rules out every other
    discard; and a closing discard leaves the rest melded, so the eleven cards' best count
    cannot exceed the value of that discard.
    """
    key = (tuple(sorted(hand)), rules, special)
    found = _CLOSINGS.get(key)
    if found is not None:
        return found
    hand = key[0]
    partners = _partner_table(hand, rules)
    isolated = {i for i, mine in partners.items() if not mine}
    sole = {mine[0] for mine in partners.values() if len(set(mine)) == 1}
    suits: dict = {}
    ranks: dict = {}
    for c in hand:
        if c[0] != "X":
            suits[c[1]] = suits.get(c[1], 0) + 1
            ranks[c[0]] = ranks.get(c[0], 0) + 1
    bound = None
    found = []
    done: dict = {}
    for i, card in enumerate(hand):
        if card[:2] in done:  # a duplicate face closes the same way
            if done[card[:2]]:
                found.append((card,) + done[card[:2]])
            continue
        result = None
        joker = card[0] == "X"
        shaped = not joker and (_one_shape(suits, card[1]) or _one_shape(ranks, card[0]))
        if joker:
            shaped = len(suits) == 1 or len(ranks) == 1
        possible = shaped or not (isolated - {i} or i in sole)
        if possible and not shaped:
            if bound is None:
                bound = leftover_count(hand, rules)
            possible = rules.value(card) >= bound
        if possible:
            rest = hand[:i] + hand[i + 1 :]
            kind = closing_kind(rest, rules, special)
            if kind:
                result = (kind, multiplier(kind, rest))
                found.append((card,) + result)
        done[card[:2]] = result
    if len(_CLOSINGS) > 50_000:
        _CLOSINGS.clear()
    _CLOSINGS[key] = found
    return found


# ----- the game -------------------------------------------------------------------------


class Remigio(Game):
    def __init__(self):
        super().__init__(
            slug="remigio",
            name_fr="Remigio",
            name_en="Remigio",
            min_seats=2,
            max_seats=8,
            default_seats=4,
            options=OPTIONS,
            action_keys=ACTION_KEYS,
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
        options = self.resolve_options(options)
        self.check_seats(seats, options)
        return {
            "game": self.slug,
            "seats": seats,
            "options": options,
            "actor": CHANCE,
            "result": None,
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

    def apply(self, state, action):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            _refuse("malformed", "Action mal formée.", "Malformed action.")
        self.check_keys(action)
        actor = state["actor"]
        kind = action["type"]
        if actor is None:
            _refuse("over", "La partie est terminée.", "The match is over.")
        if "seat" in action and action["seat"] != actor:
            _refuse("turn", "Ce n'est pas votre tour.", "It is not your turn.")
        if actor == CHANCE:
            if kind != "deal":
                _refuse(
                    "chance", "Les cartes doivent d'abord être battues.", "Cards must be shuffled."
                )
            return self._deal(state, action)
        phase = state["phase"]
        if phase == "draw":
            if kind != "draw":
                _refuse(
                    "draw-first",
                    "Il faut d'abord prendre une carte (pioche ou défausse).",
                    "Draw a card first (stock or discard pile).",
                )
            return self._draw(state, action)
        if kind not in ("discard", "close"):
            _refuse(
                "discard-now",
                "Il faut maintenant se défausser d'une carte.",
                "Now discard one card.",
            )
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
            _refuse(
                "draw-source",
                "On prend la carte du dessus de la pioche ou de la défausse.",
                "Take the top card of the stock or of the discard pile.",
            )
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
            _refuse(
                "not-in-hand",
                "Cette carte n'est pas dans votre main.",
                "That card is not in your hand.",
            )
        kind = None
        if closing:
            rules = self.rules(state)
            for c, k, _ in closing_discards(hand, rules, state["options"]["special"]):
                if c == card:
                    kind = k
                    break
            if kind is None:
                _refuse(
                    "close-melds",
                    "Pour fermer, les dix cartes gardées doivent toutes former des combinaisons.",
                    "To close, the ten cards kept must all form melds.",
                )
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
    def _end_round(self, s, closer, kind):
        """Score the round in ``s`` (already a fresh dict) and set up the next deal."""
        rules = self.rules(s)
        options = s["options"]
        seats = s["seats"]
        hands = s["hands"]
        if kind in KINDS:
            mult = multiplier(kind, hands[closer])
        elif kind == "five_pairs":
            mult = 0.5
        else:
            mult = 0
        shown = [None] * seats
        points = [0] * seats
        for seat in range(seats):
            hand = hands[seat]
            if not hand:
                continue
            if seat == closer and kind in ("couleur", "remigio"):
                arrangement = {"melds": [sorted(hand)], "leftover": [], "count": 0}
            else:
                arrangement = best_arrangement(hand, rules).as_dict()
            count = 0 if seat == closer else arrangement["count"]
            if closer is not None and seat != closer:
                points[seat] = -(-count // 2) if kind == "five_pairs" else count * mult
            shown[seat] = {
                "melds": [[face(c) for c in meld] for meld in arrangement["melds"]],
                "leftover": [face(c) for c in arrangement["leftover"]],
                "count": count,
                "points": points[seat],
            }
        scores = s["scores"] = list(s["scores"])
        chips = s["chips"] = list(s["chips"])
        out = s["out"] = list(s["out"])
        gained = [0] * seats
        if options["scoring"] == "elimination":
            for seat in range(seats):
                scores[seat] += points[seat]
                gained[seat] = points[seat]
        elif closer is not None:
            total = sum(points)
            scores[closer] += total
            gained[closer] = total
            for seat in range(seats):
                chips[seat] -= points[seat]
            chips[closer] += total
        s["last"] = {
            "round": s["round"],
            "closer": closer,
            "kind": kind,
            "multiplier": mult,
            "hands": shown,
            "discard": face(s["pile"][-1]) if kind in KINDS else None,
        }
        s["history"] = s["history"] + [gained]
        s["hands"] = [[] for _ in range(seats)]
        s["stock"] = []
        s["pile"] = []
        s["drawn"] = None
        s["taken"] = None
        s["turn"] = None
        # Who is out, and is the match over?
        winners = None
        if options["scoring"] == "elimination":
            for seat in range(seats):
                if not out[seat] and scores[seat] >= options["limit"]:
                    out[seat] = True
            left = [seat for seat in range(seats) if not out[seat]]
            if len(left) == 1:
                winners = left
            elif len(left) == 2 and options["last_two"] and seats > 2:
                winners = self._lowest(scores, left)
        elif closer is not None and scores[closer] >= options["limit"]:
            winners = [closer]
        if winners is None and options["max_rounds"] and s["round"] >= options["max_rounds"]:
            left = [seat for seat in range(seats) if not out[seat]]
            if options["scoring"] == "elimination":
                winners = self._lowest(scores, left)
            else:
                top = max(scores[seat] for seat in left)
                winners = [seat for seat in left if scores[seat] == top]
        if winners is not None:
            s["phase"] = "over"
            s["actor"] = None
            s["result"] = {
                "scores": list(scores),
                "winners": winners,
                "scoring": options["scoring"],
                "lower_is_better": options["scoring"] == "elimination",
                "eliminated": [seat for seat in range(seats) if out[seat]],
                "chips": list(chips),
                "rounds": s["round"],
            }
            return s
        s["round"] += 1
        s["dealer"] = self._next_in(s, s["dealer"])
        s["phase"] = "deal"
        s["actor"] = CHANCE
        return s

    @staticmethod
    def _lowest(scores, seats):
        low = min(scores[seat] for seat in seats)
        return [seat for seat in seats if scores[seat] == low]

    # ----- what players see ------------------------------------------------------------
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

    # ----- the log ----------------------------------------------------------------------
    def describe(self, state, action, names, lang="fr"):
        en = lang == "en"
        kind = action.get("type") if isinstance(action, dict) else None
        actor = state["actor"]
        if actor == CHANCE:
            if state["phase"] == "rebuild":
                return (
                    "The stock is empty: the discard pile is shuffled into a new stock."
                    if en
                    else "La pioche est épuisée : la défausse est battue pour la refaire."
                )
            dealer = names[state["dealer"]]
            text = (
                f"Round {state['round']}: {dealer} deals ten cards each."
                if en
                else f"Coup {state['round']} : {dealer} distribue dix cartes à chacun."
            )
            winner = self._five_pairs_winner(state, action)
            if winner is not None:
                text += (
                    f" {names[winner]} is dealt five pairs and wins the round."
                    if en
                    else f" {names[winner]} a reçu cinq paires et gagne le coup."
                )
            return text
        name = names[actor] if isinstance(actor, int) else "?"
        if kind == "draw":
            if action.get("from") == "discard" and state["pile"]:
                top = state["pile"][-1]
                return (
                    f"{name} takes {_the(top, lang)} from the discard pile."
                    if en
                    else f"{name} prend {_the(top, lang)} de la défausse."
                )
            return f"{name} draws from the stock." if en else f"{name} pioche une carte."
        card = action.get("card") if isinstance(action, dict) else None
        if kind in ("discard", "close") and is_card(card):
            if kind == "discard":
                text = (
                    f"{name} discards {_the(card, lang)}."
                    if en
                    else f"{name} se défausse {_of(card, lang)}."
                )
                if state["turns"] + 1 >= TURN_LIMIT or (
                    not state["stock"]
                    and (state["rebuilds"] >= state["options"]["rebuilds"] or not state["pile"])
                ):
                    text += (
                        " Void round: nobody scores." if en else " Coup nul : personne ne marque."
                    )
                return text
            hand = list(state["hands"][actor])
            label = ""
            if card in hand:
                hand.remove(card)
                closing = closing_kind(hand, self.rules(state), state["options"]["special"])
                if closing:
                    mult = multiplier(closing, hand)
                    label = f" ({KIND_NAMES[lang if en else 'fr'][closing]}, ×{mult})"
            return (
                f"{name} discards {_the(card, lang)} and closes{label}!"
                if en
                else f"{name} se défausse {_of(card, lang)} et ferme{label} !"
            )
        return f"{name}: {kind}?" if en else f"{name} : {kind} ?"

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
