"""All-fours (Seven Up): High, Low, Jack and Game, first to 7 points.

Two or three players each for themselves, or four in two partnerships (seats 0 and 2
against 1 and 3, partners facing each other). Play turns counter-clockwise: seat n + 1 is
seat n's right-hand neighbour. The house rules behind every decision are in
docs/rules/all-fours-house-rules.md.

A game goes through these phases (``state["phase"]``):

- ``cut``: chance orders the pack and each seat draws one card, seat 0 first; the highest
  card (Ace high) deals first; a tie for the highest card cuts again;
- ``deal``: chance orders the pack; six cards each in two packets of three, starting with
  the dealer's right-hand neighbour (the eldest), then the turn-up fixes the trump;
- ``beg``: the eldest stands (keeps the trump) or begs;
- ``dealer``: after a beg, the dealer gives the eldest's side one point or runs the pack
  (three more cards each and a new turn-up until its suit differs from the begged one);
- ``discard``: after running the pack, each seat puts cards aside unseen down to six;
- ``play``: six tricks; then High, Low, Jack and Game are scored, in that order;
- ``over``: a side reached 7 points.

``score_deal`` is the pure scoring of a finished deal, shared with the rules pages.
"""

from __future__ import annotations

from ..cards import card_name, suit_name
from ..core import CHANCE, BadOptions, Game, IllegalAction, Option

TARGET = 7
HAND_SIZE = 6
ORDER = "23456789TJQKA"  # low to high, trumps and plain suits alike
POWER = {r: n for n, r in enumerate(ORDER)}
CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}
SUITS = "cdhs"
EVENTS = ("high", "low", "jack", "game")  # the counting order at the end of a deal

TURNUP_RANKS = {"ajs": "AJ6", "jack": "J"}

# The keys of each action besides "type"; any other key is refused (core.Game.check_keys).
ACTION_KEYS = {
    "deal": ("deck",),
    "stand": (),
    "beg": (),
    "give": (),
    "run": (),
    "discard": ("cards",),
    "play": ("card",),
}

OPTIONS = (
    Option(
        "turnup_scores",
        "Retourne qui marque pour le donneur",
        "Turn-up that scores for the dealer",
        "ajs",
        choices=(
            ("ajs", "As, valet ou six", "Ace, Jack or Six"),
            ("jack", "Valet seulement (classique)", "Jack only (classic)"),
        ),
    ),
    Option(
        "run_turnup_scores",
        "La nouvelle retourne marque aussi",
        "The new turn-up scores too",
        True,
        kind="bool",
        help_fr="Quand le donneur refait l'atout, la retourne adoptée marque comme la première.",
        help_en="When the dealer runs the pack, the adopted turn-up scores like the first one.",
    ),
    Option(
        "trumping",
        "Obligation de couper",
        "Trumping",
        "must",
        choices=(
            ("must", "Fournir, sinon couper", "Follow suit, else trump"),
            ("any", "Couper à tout moment (classique)", "Trump at any time (classic)"),
        ),
    ),
    Option(
        "low_goes_to",
        "Le point du plus petit atout va",
        "The Low point goes to",
        "holder",
        choices=(
            ("holder", "à qui l'avait en main", "whoever held it"),
            ("winner", "à qui le prend dans un pli", "whoever wins it in a trick"),
        ),
    ),
    Option(
        "gift_can_win",
        "Le point donné peut faire gagner",
        "The gift may win the game",
        False,
        kind="bool",
        help_fr="Sinon le donneur doit refaire l'atout quand son cadeau ferait gagner.",
        help_en="Otherwise the dealer must run the pack when the gift would win the game.",
    ),
    Option(
        "deck",
        "Jeu de cartes",
        "Pack",
        52,
        choices=(
            (52, "52 cartes", "52 cards"),
            (32, "32 cartes (sans 2 à 6)", "32 cards (no 2-6)"),
        ),
    ),
)


# ----- pure helpers --------------------------------------------------------------------
def pack(size: int) -> list[str]:
    ranks = ORDER if size == 52 else ORDER[5:]
    return [r + s for s in SUITS for r in ranks]


def side_count(seats: int) -> int:
    return 2 if seats == 4 else seats


def side_of(seat: int, seats: int) -> int:
    return seat % 2 if seats == 4 else seat


def side_seats(side: int, seats: int) -> list[int]:
    return [side, side + 2] if seats == 4 else [side]


def card_points(cards) -> int:
    return sum(CARD_POINTS.get(c[0], 0) for c in cards)


def sort_hand(hand: list[str]) -> list[str]:
    return sorted(hand, key=lambda c: (SUITS.index(c[1]), POWER[c[0]]))


def trick_winner(trick: list, trump: str) -> int:
    """The seat winning ``trick`` ([[seat, card], ...]): top trump, else best of the led suit."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        # the best card so far is of the led suit or a trump; anything else never wins
        if card[1] == best[1]:
            if POWER[card[0]] > POWER[best[0]]:
                best_seat, best = seat, card
        elif card[1] == trump:
            best_seat, best = seat, card
    return best_seat


def playable(hand: list[str], trick: list, trump: str, trumping: str = "must") -> list[str]:
    """The cards of ``hand`` that may be played to ``trick``.

    Follow suit; when void in the led suit, trump if you can ("must"); else anything.
    With "any" (the classic rule) a trump may be played even when able to follow, and a
    player void in the led suit may play anything.
    """
    if not trick:
        return list(hand)
    led = trick[0][1][1]
    follow = [c for c in hand if c[1] == led]
    if trumping == "any":
        if follow:
            return [c for c in hand if c[1] == led or c[1] == trump]
        return list(hand)
    if follow:
        return follow
    trumps = [c for c in hand if c[1] == trump]
    return trumps or list(hand)


def score_deal(
    trump: str,
    held: list[list[str]],
    won: list[list[str]],
    seats: int | None = None,
    low_goes_to: str = "holder",
) -> dict:
    """Who scores High, Low, Jack and Game in a finished deal.

    ``held[seat]``: the cards that seat played (held when play began); ``won[seat]``: the
    cards of the tricks it won. Four seats play in partnerships (0 and 2 against 1 and 3).
    Returns ``{"high", "low", "jack", "game"}``: each ``None`` (nobody scores) or
    ``{"seat", "side", "rank"}``; ``game`` also gives ``points`` per side, and its ``side``
    is ``None`` on a tie for the most points. High goes to the holder of the highest trump
    in play; Low to the holder of the lowest (or, with ``low_goes_to="winner"``, to who wins
    it in a trick); Jack to who wins the trick holding the trump Jack.
    """
    seats = seats if seats is not None else len(held)
    sides = side_count(seats)
    holder = {c: s for s in range(seats) for c in held[s]}
    taker = {c: s for s in range(seats) for c in won[s]}
    trumps = sorted((c for c in holder if c[1] == trump), key=lambda c: POWER[c[0]])

    def entry(card: str, seat: int) -> dict:
        return {"seat": seat, "side": side_of(seat, seats), "rank": card[0]}

    high = low = jack = None
    if trumps:
        high = entry(trumps[-1], holder[trumps[-1]])
        low_card = trumps[0]
        low_seat = holder[low_card] if low_goes_to == "holder" else taker[low_card]
        low = entry(low_card, low_seat)
    if "J" + trump in taker:
        jack = entry("J" + trump, taker["J" + trump])
    points = [0] * sides
    for seat in range(seats):
        points[side_of(seat, seats)] += card_points(won[seat])
    best = max(points)
    leaders = [side for side in range(sides) if points[side] == best]
    game = {"side": leaders[0] if len(leaders) == 1 else None, "points": points}
    return {"high": high, "low": low, "jack": jack, "game": game}


def deal_points(summary: dict) -> dict:
    """Who scored what in one deal: ``{"deal", "turnup", "gift", "high", "low", "jack", "game"}``.

    Each value is the scoring side, ``None`` when nobody scored it; ``turnup`` lists one side
    per turn-up point (two when the pack was run and the new turn-up scored too)."""
    points = {"deal": summary["deal"], "turnup": [], "gift": None}
    points |= {kind: None for kind in EVENTS}
    for event in summary["events"]:
        if event["kind"] == "turnup":
            points["turnup"].append(event["side"])
        else:
            points[event["kind"]] = event["side"]
    return points


def _refuse(rule: str, fr: str, en: str):
    raise IllegalAction(f"all-fours.{rule}", fr, en)


def _name(names, seat) -> str:
    return names[seat] if names and 0 <= seat < len(names) else f"#{seat + 1}"


def _side_name(names, side: int, seats: int, lang: str) -> str:
    members = [_name(names, s) for s in side_seats(side, seats)]
    if len(members) == 1:
        return members[0]
    joined = f" {'et' if lang == 'fr' else 'and'} ".join(members)
    return f"l'équipe de {joined}" if lang == "fr" else f"the team of {joined}"


EVENT_NAMES = {
    "fr": {
        "turnup": "la retourne",
        "gift": "le point donné",
        "high": "High (plus fort atout)",
        "low": "Low (plus petit atout)",
        "jack": "Jack (valet d'atout)",
        "game": "Game (points de levées)",
    },
    "en": {
        "turnup": "the turn-up",
        "gift": "the gift",
        "high": "High",
        "low": "Low",
        "jack": "Jack",
        "game": "Game",
    },
}


# ----- the game ------------------------------------------------------------------------
class AllFours(Game):
    # ----- setup ---------------------------------------------------------------------
    def new(self, seats, options=None, carry=None):
        options = self.resolve_options(options)
        self.check_seats(seats, options)
        if carry:
            raise BadOptions(
                "All-fours ne reprend pas de partie.", "All-fours carries nothing over."
            )
        empty = [[] for _ in range(seats)]
        return {
            "game": self.slug,
            "seats": seats,
            "options": options,
            "actor": CHANCE,
            "result": None,
            "phase": "cut",
            "cut": None,
            "dealer": None,
            "scores": [0] * side_count(seats),
            "hands": [list(h) for h in empty],
            "stock": [],
            "turnup": None,
            "set_aside": [],
            "begged": None,
            "trump": None,
            "discards": [list(h) for h in empty],
            "trick": [],
            "leader": None,
            "won": [list(h) for h in empty],
            "played": [list(h) for h in empty],
            "last_trick": None,
            "deal_no": 0,
            "current": None,
            "deals": [],
            # What each seat played in the deal that just ended (the archive shows it).
            "last_hands": None,
        }

    # ----- who acts, what is legal ---------------------------------------------------
    def eldest(self, state) -> int:
        return (state["dealer"] + 1) % state["seats"]

    def gift_allowed(self, state) -> bool:
        if state["options"]["gift_can_win"]:
            return True
        side = side_of(self.eldest(state), state["seats"])
        return state["scores"][side] + 1 < TARGET

    def legal_actions(self, state):
        phase, actor = state["phase"], state["actor"]
        if actor is None or actor == CHANCE:
            return []
        if phase == "beg":
            return [{"type": "stand"}, {"type": "beg"}]
        if phase == "dealer":
            if self.gift_allowed(state):
                return [{"type": "give"}, {"type": "run"}]
            return [{"type": "run"}]
        if phase == "discard":
            hand = state["hands"][actor]
            k = len(hand) - HAND_SIZE
            return [{"type": "discard", "choose": [k, k], "from": list(hand)}]
        if phase == "play":
            cards = playable(
                state["hands"][actor], state["trick"], state["trump"], state["options"]["trumping"]
            )
            return [{"type": "play", "card": c} for c in cards]
        return []

    def chance_cards(self, state):
        if state["actor"] != CHANCE:
            return []
        return pack(state["options"]["deck"])

    # ----- apply ---------------------------------------------------------------------
    def apply(self, state, action):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            _refuse("malformed", "Action mal formée.", "Malformed action.")
        self.check_keys(action)
        kind = action["type"]
        actor = state["actor"]
        if actor is None:
            _refuse("over", "La partie est terminée.", "The game is over.")
        if actor == CHANCE:
            if kind != "deal":
                _refuse("chance", "C'est au hasard de battre les cartes.", "Chance must shuffle.")
            deck = self.checked_deck(state, action)
            s = self._copy(state)
            if s["phase"] == "cut":
                self._cut(s, deck)
            else:
                self._deal(s, deck)
            return s
        phase = state["phase"]
        if kind == "deal":
            _refuse(
                "not-chance", "Seul le hasard bat les cartes.", "Only chance shuffles the cards."
            )
        if kind == "stand" or kind == "beg":
            if phase != "beg":
                _refuse(
                    "not-begging",
                    "Ce n'est pas le moment de garder l'atout ou de mendier.",
                    "This is not the time to stand or beg.",
                )
            s = self._copy(state)
            if kind == "stand":
                self._adopt(s)
            else:
                s["begged"] = s["turnup"][1]
                s["phase"] = "dealer"
                s["actor"] = s["dealer"]
            return s
        if kind == "give" or kind == "run":
            if phase != "dealer":
                _refuse(
                    "not-dealer-choice",
                    "Seul le donneur, après une demande, donne un point ou refait l'atout.",
                    "Only the dealer, after a beg, gives a point or runs the pack.",
                )
            if kind == "give" and not self.gift_allowed(state):
                _refuse(
                    "gift-would-win",
                    "Le donneur ne peut pas donner le point de la victoire : il refait l'atout.",
                    "The dealer may not give the winning point: he must run the pack.",
                )
            s = self._copy(state)
            if kind == "give":
                eldest = self.eldest(s)
                if not self._award(s, "gift", side_of(eldest, s["seats"]), eldest, None):
                    self._adopt(s)
            else:
                self._run(s)
            return s
        if kind == "discard":
            if phase != "discard":
                _refuse(
                    "not-discarding",
                    "Ce n'est pas le moment d'écarter.",
                    "This is not the time to discard.",
                )
            cards = action.get("cards")
            hand = state["hands"][actor]
            need = len(hand) - HAND_SIZE
            if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
                _refuse("malformed", "Action mal formée.", "Malformed action.")
            if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
                _refuse(
                    "discard-own-cards",
                    "On n'écarte que des cartes distinctes de sa main.",
                    "You may only discard distinct cards from your hand.",
                )
            if len(cards) != need:
                _refuse(
                    "discard-to-six",
                    f"Il faut écarter exactement {need} cartes pour garder six cartes.",
                    f"You must discard exactly {need} cards to keep six.",
                )
            s = self._copy(state)
            s["hands"][actor] = [c for c in hand if c not in cards]
            s["discards"][actor] = list(cards)
            self._next_discarder(s, actor)
            return s
        if kind == "play":
            if phase != "play":
                _refuse(
                    "not-playing",
                    "Ce n'est pas le moment de jouer une carte.",
                    "This is not the time to play a card.",
                )
            card = action.get("card")
            hand = state["hands"][actor]
            if not isinstance(card, str) or card not in hand:
                _refuse(
                    "own-card",
                    "Cette carte n'est pas dans votre main.",
                    "That card is not in your hand.",
                )
            allowed = playable(hand, state["trick"], state["trump"], state["options"]["trumping"])
            if card not in allowed:
                led = state["trick"][0][1][1]
                if any(c[1] == led for c in hand):
                    _refuse(
                        "follow-suit",
                        f"Il faut fournir à {suit_name(led)}.",
                        f"You must follow suit ({suit_name(led, 'en')}).",
                    )
                trump = state["trump"]
                _refuse(
                    "must-trump",
                    f"Sans {suit_name(led)}, il faut couper à {suit_name(trump)}.",
                    f"Void in {suit_name(led, 'en')}, you must trump ({suit_name(trump, 'en')}).",
                )
            s = self._copy(state)
            self._play(s, actor, card)
            return s
        _refuse("unknown-action", f"Action inconnue : {kind}.", f"Unknown action: {kind}.")

    # ----- transitions (on a copy) ---------------------------------------------------
    @staticmethod
    def _copy(state):
        s = dict(state)
        for key in ("hands", "discards", "won", "played"):
            s[key] = [list(x) for x in state[key]]
        s["stock"] = list(state["stock"])
        s["set_aside"] = list(state["set_aside"])
        s["trick"] = [list(x) for x in state["trick"]]
        s["scores"] = list(state["scores"])
        if state["current"] is not None:
            cur = dict(state["current"])
            cur["scored"] = list(cur["scored"])
            cur["events"] = list(cur["events"])
            s["current"] = cur
        return s

    def _cut(self, s, deck):
        n = s["seats"]
        drawn = deck[:n]
        s["cut"] = [list(c) for c in zip(range(n), drawn, strict=True)]
        best = max(POWER[c[0]] for c in drawn)
        top = [seat for seat, c in enumerate(drawn) if POWER[c[0]] == best]
        if len(top) == 1:
            s["dealer"] = top[0]
            s["phase"] = "deal"
        # a tie for the highest card cuts again: phase and actor stay as they are

    def _clear_table(self, s):
        n = s["seats"]
        s["hands"] = [[] for _ in range(n)]
        s["discards"] = [[] for _ in range(n)]
        s["won"] = [[] for _ in range(n)]
        s["played"] = [[] for _ in range(n)]
        s["stock"] = []
        s["set_aside"] = []
        s["trick"] = []
        s["turnup"] = s["begged"] = s["trump"] = s["leader"] = None

    def _deal(self, s, deck):
        n, dealer = s["seats"], s["dealer"]
        eldest = (dealer + 1) % n
        s["cut"] = None  # the cut cards are back in the pack
        s["last_hands"] = None  # and so are the last deal's
        self._clear_table(s)
        s["last_trick"] = None
        if s["current"] is None:  # a fresh deal, not a redeal after the stock ran out
            s["deal_no"] += 1
            s["current"] = {
                "deal": s["deal_no"],
                "dealer": dealer,
                "trump": None,
                "runs": 0,
                "redeals": 0,
                "scored": [0] * side_count(n),
                "events": [],
                "game_points": None,
            }
        # A redeal after the stock ran out keeps the deal going: with the option "only the
        # first turn-up scores", its turn-up is not the deal's first and never scores.
        first_turnup = s["current"]["redeals"] == 0
        hands = [[] for _ in range(n)]
        for packet in range(2):
            for i in range(n):
                start = 3 * (packet * n + i)
                hands[(eldest + i) % n].extend(deck[start : start + 3])
        s["hands"] = [sort_hand(h) for h in hands]
        s["turnup"] = deck[6 * n]
        s["stock"] = list(deck[6 * n + 1 :])
        s["phase"] = "beg"
        s["actor"] = eldest
        if first_turnup or s["options"]["run_turnup_scores"]:
            self._score_turnup(s)

    def _score_turnup(self, s) -> bool:
        card = s["turnup"]
        if card[0] in TURNUP_RANKS[s["options"]["turnup_scores"]]:
            dealer = s["dealer"]
            return self._award(s, "turnup", side_of(dealer, s["seats"]), dealer, card[0])
        return False

    @staticmethod
    def _turnup_would_score(state, card) -> bool:
        """Whether dealing ``card`` as the turn-up scores (``state`` before the deal)."""
        redeal = state["current"] is not None and state["current"]["redeals"] > 0
        if redeal and not state["options"]["run_turnup_scores"]:
            return False
        return card[0] in TURNUP_RANKS[state["options"]["turnup_scores"]]

    def _adopt(self, s):
        """The turn-up's suit is trump; play begins (after discarding if hands are long)."""
        s["trump"] = s["turnup"][1]
        s["current"]["trump"] = s["trump"]
        s["phase"] = "play"
        s["leader"] = s["actor"] = self.eldest(s)

    def _run(self, s):
        n = s["seats"]
        eldest = self.eldest(s)
        s["current"]["runs"] += 1
        s["set_aside"].append(s["turnup"])
        s["turnup"] = None
        while True:
            if len(s["stock"]) < 3 * n + 1:
                # the stock ran out: every card is gathered and the same dealer deals again
                self._clear_table(s)
                s["current"]["redeals"] += 1
                s["phase"] = "deal"
                s["actor"] = CHANCE
                return
            stock = s["stock"]
            for i in range(n):
                seat = (eldest + i) % n
                s["hands"][seat] = sort_hand(s["hands"][seat] + stock[3 * i : 3 * i + 3])
            card = stock[3 * n]
            s["stock"] = stock[3 * n + 1 :]
            if card[1] != s["begged"]:
                break
            s["set_aside"].append(card)
        s["turnup"] = card
        s["trump"] = card[1]
        s["current"]["trump"] = card[1]
        if s["options"]["run_turnup_scores"] and self._score_turnup(s):
            return
        s["phase"] = "discard"
        s["actor"] = eldest

    def _next_discarder(self, s, seat):
        n = s["seats"]
        eldest = self.eldest(s)
        for step in range(1, n + 1):
            other = (seat + step) % n
            if other == eldest:
                break
            if len(s["hands"][other]) > HAND_SIZE:
                s["actor"] = other
                return
        s["phase"] = "play"
        s["leader"] = s["actor"] = eldest

    def _play(self, s, seat, card):
        n = s["seats"]
        s["hands"][seat].remove(card)
        s["played"][seat].append(card)
        s["trick"].append([seat, card])
        if len(s["trick"]) < n:
            s["actor"] = (seat + 1) % n
            return
        winner = trick_winner(s["trick"], s["trump"])
        s["won"][winner].extend(c for _, c in s["trick"])
        s["last_trick"] = {"cards": s["trick"], "winner": winner}
        s["trick"] = []
        if s["hands"][seat]:
            s["leader"] = s["actor"] = winner
            return
        self._end_deal(s)

    def _end_deal(self, s):
        n = s["seats"]
        outcome = score_deal(s["trump"], s["played"], s["won"], n, s["options"]["low_goes_to"])
        s["current"]["game_points"] = outcome["game"]["points"]
        for kind in EVENTS:
            got = outcome[kind]
            if got is None or got["side"] is None:
                continue
            if self._award(s, kind, got["side"], got.get("seat"), got.get("rank")):
                return
        s["deals"] = s["deals"] + [s["current"]]
        s["current"] = None
        s["dealer"] = (s["dealer"] + 1) % n
        s["last_hands"] = [list(p) for p in s["played"]]
        self._clear_table(s)  # the last trick stays in sight until the next deal
        s["phase"] = "deal"
        s["actor"] = CHANCE

    def _award(self, s, kind, side, seat, rank) -> bool:
        """One point to ``side``; True when it wins the game (which then ends)."""
        s["scores"][side] += 1
        cur = s["current"]
        cur["scored"][side] += 1
        cur["events"].append({"kind": kind, "side": side, "seat": seat, "rank": rank})
        if s["scores"][side] < TARGET:
            return False
        n = s["seats"]
        s["deals"] = s["deals"] + [cur]
        s["current"] = None
        s["phase"] = "over"
        s["actor"] = None
        s["result"] = {
            "scores": [s["scores"][side_of(seat, n)] for seat in range(n)],
            "winners": side_seats(side, n),
            "side_scores": list(s["scores"]),
            "winning_side": side,
            "won_on": kind,
            "deals": s["deal_no"],
            "by_deal": [deal_points(summary) for summary in s["deals"]],
        }
        return True

    # ----- views ---------------------------------------------------------------------
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

    # ----- log -----------------------------------------------------------------------
    def describe(self, state, action, names, lang="fr"):
        fr = lang != "en"
        kind = action.get("type")
        actor = state["actor"]
        n = state["seats"]
        if kind == "deal":
            deck = action.get("deck") or []
            if state["phase"] == "cut":
                drawn = deck[:n]
                parts = [
                    f"{_name(names, s)} {'tire' if fr else 'draws'} {card_name(c, lang)}"
                    for s, c in enumerate(drawn)
                ]
                best = max(POWER[c[0]] for c in drawn)
                top = [s for s, c in enumerate(drawn) if POWER[c[0]] == best]
                if len(top) > 1:
                    tail = "égalité, on coupe à nouveau" if fr else "a tie, cut again"
                elif fr:
                    tail = f"{_name(names, top[0])} donne en premier"
                else:
                    tail = f"{_name(names, top[0])} deals first"
                head = "Coupe" if fr else "Cut"
                return (
                    f"{head} : {', '.join(parts)} ; {tail}."
                    if fr
                    else f"{head}: {', '.join(parts)}; {tail}."
                )
            dealer = _name(names, state["dealer"])
            turnup = deck[6 * n]
            if fr:
                text = (
                    f"{dealer} donne six cartes à chacun ; retourne : {card_name(turnup)} "
                    f"(atout {suit_name(turnup[1])})"
                )
            else:
                text = (
                    f"{dealer} deals six cards each; turn-up: {card_name(turnup, 'en')} "
                    f"({suit_name(turnup[1], 'en')} trumps)"
                )
            if self._turnup_would_score(state, turnup):
                text += " ; 1 point pour le donneur" if fr else "; 1 point to the dealer"
            return text + "."
        who = _name(names, actor) if isinstance(actor, int) else "?"
        if kind == "stand":
            return f"{who} garde l'atout." if fr else f"{who} stands."
        if kind == "beg":
            return f"{who} mendie (demande un autre atout)." if fr else f"{who} begs."
        if kind == "give":
            eldest = self.eldest(state)
            side = _side_name(names, side_of(eldest, n), n, lang)
            return (
                f"{who} refuse et donne 1 point à {side}."
                if fr
                else f"{who} refuses and gives 1 point to {side}."
            )
        if kind == "run":
            return (
                f"{who} refait l'atout : trois cartes de plus chacun et une nouvelle retourne."
                if fr
                else f"{who} runs the pack: three more cards each and a new turn-up."
            )
        if kind == "discard":
            count = len(action.get("cards") or [])
            return f"{who} écarte {count} cartes." if fr else f"{who} discards {count} cards."
        if kind == "play":
            card = action.get("card", "")
            text = card_name(card, lang) if isinstance(card, str) and len(card) >= 2 else "?"
            return f"{who} joue {text}." if fr else f"{who} plays {text}."
        return f"{who} : {kind}." if fr else f"{who}: {kind}."

    def describe_deal(self, summary: dict, names, seats: int, lang: str = "fr") -> str:
        """A sentence for a finished deal: who scored the turn-up, gift, High, Low, Jack, Game."""
        fr = lang != "en"
        parts = []
        for event in summary["events"]:
            label = EVENT_NAMES["fr" if fr else "en"][event["kind"]]
            parts.append(f"{label} : {_side_name(names, event['side'], seats, lang)}")
        if not parts:
            return "Aucun point dans cette donne." if fr else "No points in this deal."
        return ("Donne %d — " if fr else "Deal %d — ") % summary["deal"] + " ; ".join(parts) + "."

    # ----- checks ----------------------------------------------------------------------
    def check_invariants(self, state):
        problems = []
        n = state["seats"]
        zones = list(state["stock"]) + list(state["set_aside"])
        if state["turnup"] is not None:
            zones.append(state["turnup"])
        for seat in range(n):
            zones += state["hands"][seat] + state["discards"][seat] + state["won"][seat]
        zones += [c for _, c in state["trick"]]
        if state["phase"] in ("cut", "deal"):
            if zones:
                problems.append("cards on the table while the pack is gathered")
        else:
            if len(zones) != len(set(zones)) or set(zones) != set(pack(state["options"]["deck"])):
                problems.append("card conservation broken")
        scores = state["scores"]
        if any(x < 0 or x > TARGET for x in scores):
            problems.append(f"score out of range: {scores}")
        if sum(1 for x in scores if x >= TARGET) > 1:
            problems.append("two sides reached the target")
        over = state["actor"] is None
        if over != (max(scores) >= TARGET):
            problems.append("the game ends exactly when a side reaches the target")
        if over != (state["result"] is not None):
            problems.append("a result exists exactly when the game is over")
        recorded = [0] * side_count(n)
        for summary in state["deals"] + ([state["current"]] if state["current"] else []):
            for event in summary["events"]:
                recorded[event["side"]] += 1
        if recorded != scores:
            problems.append(f"scores {scores} differ from the points recorded {recorded}")
        if state["phase"] == "play":
            counts = {len(state["hands"][s]) for s in range(n)}
            played = {len(state["played"][s]) for s in range(n)}
            if max(counts) - min(counts) > 1 or any(
                len(state["hands"][s]) + len(state["played"][s]) != HAND_SIZE for s in range(n)
            ):
                problems.append(f"hands of unequal sizes in play: {counts} {played}")
        return problems

    def default_action(self, state):
        phase = state["phase"]
        if phase == "beg":
            return {"type": "stand"}
        if phase == "dealer":
            return {"type": "run"}
        legal = self.legal_actions(state)
        trump = state["trump"]
        if phase == "discard":
            entry = legal[0]
            k = entry["choose"][0]
            weakest = sorted(entry["from"], key=lambda c: (c[1] == trump, POWER[c[0]]))
            return {"type": "discard", "cards": weakest[:k]}
        cards = [a["card"] for a in legal]
        return {"type": "play", "card": min(cards, key=lambda c: (POWER[c[0]], c[1] == trump))}



GAME = AllFours(
    slug="all-fours",
    name_fr="All-fours",
    name_en="All-fours",
    min_seats=2,
    max_seats=4,
    default_seats=4,
    options=OPTIONS,
    action_keys=ACTION_KEYS,
)
