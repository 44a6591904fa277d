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

from ..core import CHANCE, BadOptions, Game
from .rules import (
    ACTION_KEYS,
    CARD_POINTS,
    EVENTS,
    HAND_SIZE,
    MESSAGES,
    OPTIONS,
    ORDER,
    POWER,
    REFUSALS,
    SUITS,
    TARGET,
    TURNUP_RANKS,
    _refuse,
    card_points,
    deal_points,
    pack,
    playable,
    score_deal,
    side_count,
    side_of,
    side_seats,
    sort_hand,
    trick_winner,
)
from .views import Views


# ----- the game ------------------------------------------------------------------------
class AllFours(Views, Game):
    # ----- setup ---------------------------------------------------------------------
    def new(self, seats, options=None, carry=None):
        state = self.start(seats, options)
        if carry:
            raise BadOptions("all-fours.carry")
        empty = [[] for _ in range(seats)]
        return state | {
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

    # ----- the moves (core.Game.apply makes the shared checks first) -------------------
    moves = {
        "stand": "_stand",
        "beg": "_beg",
        "give": "_give",
        "run": "_run_pack",
        "discard": "_discard",
        "play": "_play_card",
    }

    def _deal_or_cut(self, state, action):
        deck = self.checked_deck(state, action)
        s = self._copy(state)
        if s["phase"] == "cut":
            self._cut(s, deck)
        else:
            self._deal(s, deck)
        return s

    chance_move = "_deal_or_cut"

    def _stand(self, state, action):
        if state["phase"] != "beg":
            _refuse("not-begging")
        s = self._copy(state)
        self._adopt(s)
        return s

    def _beg(self, state, action):
        if state["phase"] != "beg":
            _refuse("not-begging")
        s = self._copy(state)
        s["begged"] = s["turnup"][1]
        s["phase"] = "dealer"
        s["actor"] = s["dealer"]
        return s

    def _give(self, state, action):
        if state["phase"] != "dealer":
            _refuse("not-dealer-choice")
        if not self.gift_allowed(state):
            _refuse("gift-would-win")
        s = self._copy(state)
        eldest = self.eldest(s)
        if not self._award(s, "gift", side_of(eldest, s["seats"]), eldest, None):
            self._adopt(s)
        return s

    def _run_pack(self, state, action):
        if state["phase"] != "dealer":
            _refuse("not-dealer-choice")
        s = self._copy(state)
        self._run(s)
        return s

    def _discard(self, state, action):
        if state["phase"] != "discard":
            _refuse("not-discarding")
        actor = state["actor"]
        cards = action.get("cards")
        hand = state["hands"][actor]
        need = len(hand) - HAND_SIZE
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            _refuse("malformed", field="cards")
        if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
            _refuse("discard-own-cards")
        if len(cards) != need:
            _refuse("discard-to-six", count=need)
        s = self._copy(state)
        s["hands"][actor] = [c for c in hand if c not in cards]
        s["discards"][actor] = list(cards)
        self._next_discarder(s, actor)
        return s

    def _play_card(self, state, action):
        if state["phase"] != "play":
            _refuse("not-playing")
        actor = state["actor"]
        card = action.get("card")
        hand = state["hands"][actor]
        if not isinstance(card, str) or card not in hand:
            _refuse("own-card")
        allowed = playable(hand, state["trick"], state["trump"], state["options"]["trumping"])
        if card not in allowed:
            led = state["trick"][0][1][1]
            if any(c[1] == led for c in hand):
                _refuse("follow-suit", suit=led)
            _refuse("must-trump", led=led, suit=state["trump"])
        s = self._copy(state)
        self._play(s, actor, card)
        return s

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

    # ----- log -----------------------------------------------------------------------

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

    def partners(self, state, seat):
        """Four seats play in two partnerships: a seat wins or loses with its side."""
        n = state["seats"]
        return side_seats(side_of(seat, n), n)

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
    name="All-fours",
    min_seats=2,
    max_seats=4,
    default_seats=4,
    options=OPTIONS,
    action_keys=ACTION_KEYS,
    messages=MESSAGES,
    refusals=REFUSALS,
)

# What others import from here (the rules live in .rules).
__all__ = [
    "GAME",
    "TARGET",
    "HAND_SIZE",
    "ORDER",
    "POWER",
    "CARD_POINTS",
    "SUITS",
    "EVENTS",
    "TURNUP_RANKS",
    "ACTION_KEYS",
    "OPTIONS",
    "MESSAGES",
    "REFUSALS",
    "pack",
    "side_count",
    "side_of",
    "side_seats",
    "card_points",
    "sort_hand",
    "trick_winner",
    "playable",
    "score_deal",
    "deal_points",
]
