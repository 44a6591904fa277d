"""L'Ascenseur: an exact-bid trick-taking game (the French Oh Hell), seed 001.

Deals climb from one card each to the most the 52 cards allow, then come back down to one.
After each deal the next card of the stock is turned for trump; when no card is left the
deal is played without trump. Everyone bids the exact number of tricks they will take, the
dealer last and barred from making the bids add up to the number of tricks. Players must
follow suit and play higher when they can, trump (overtrumping when they can) when void.

Play turns counter-clockwise: seat n + 1 is seat n's right-hand neighbour. Seat 0 deals
first and the deal passes to the right (dealer + 1). Decisions the seed leaves open are in
docs/rules/ascenseur-house-rules.md.

A state holds only the live deal (hands, turn-up, bids, tricks) plus the score sheet; the
undealt stock is never stored, so no view can leak it.
"""

from __future__ import annotations

from ..cards import deck52
from ..core import CHANCE, Action, Game, IllegalAction, Option, State

ORDER = "23456789TJQKA"  # ace high, as the seed says
POWER = {r + s: ORDER.index(r) for r in ORDER for s in "cdhs"}
DECK = tuple(deck52())
DECK_SET = frozenset(DECK)
SUIT_ORDER = {"s": 0, "h": 1, "c": 2, "d": 3}  # hands are shown black, red, black, red


def hand_key(card: str) -> tuple[int, int]:
    return SUIT_ORDER[card[1]], -POWER[card]


def deal_sizes(seats: int) -> list[int]:
    """Cards per player in each deal: 1, 2, ... up to what 52 cards allow, then back to 1."""
    top = len(DECK) // seats
    return list(range(1, top + 1)) + list(range(top - 1, 0, -1))


def deal_points(bid: int, won: int, scoring: str) -> int:
    """What one player scores for a deal under the table's scoring."""
    if scoring == "bonus":
        return won + (10 if won == bid else 0)
    if scoring == "small":
        return 2 + won if won == bid else -abs(won - bid)
    return 10 + 2 * won if won == bid else -5 * abs(won - bid)


def forbidden_bid(bids: list, size: int, dealer: int, options: dict) -> int | None:
    """The bid the dealer may not make (it would bring the total to the tricks), or None."""
    if not options["dealer_constraint"]:
        return None
    rest = size - sum(b for seat, b in enumerate(bids) if seat != dealer)
    return rest if 0 <= rest <= size else None


def playable(hand: list, trick: list, trump: str | None, options: dict) -> list:
    """The cards of ``hand`` that may go on ``trick`` under the table's rules."""
    if not trick:
        return hand
    led = trick[0][1]
    follow = [c for c in hand if c[1] == led]
    if follow:
        if options["must_climb"]:
            best = max(POWER[c] for c in trick if c[1] == led)
            higher = [c for c in follow if POWER[c] > best]
            if higher:
                return higher
        return follow
    void_rule = options["void_rule"]
    if trump is None or void_rule == "free":
        return hand
    trumps = [c for c in hand if c[1] == trump]
    if not trumps:
        return hand
    trumped = [POWER[c] for c in trick if c[1] == trump]
    if not trumped:
        return trumps
    best = max(trumped)
    over = [c for c in trumps if POWER[c] > best]
    if over:
        return over
    return trumps if void_rule == "undertrump" else hand


def trick_winner(trick: list, leader: int, trump: str | None, seats: int) -> int:
    """The seat that takes ``trick`` (the highest trump, else the highest card of the suit led)."""
    best = 0
    for i in range(1, len(trick)):
        card, top = trick[i], trick[best]
        if card[1] == top[1]:
            if POWER[card] > POWER[top]:
                best = i
        elif card[1] == trump:
            best = i
        # any other card neither follows the best card's suit nor trumps: it cannot win
    return (leader + best) % seats


def _refuse_card(hand: list, trick: list, trump: str | None, card: str, options: dict):
    """The IllegalAction for playing ``card`` (already known not to be playable)."""
    if card not in hand:
        return IllegalAction("ascenseur.not-in-hand", card=card)
    led = trick[0][1]
    if any(c[1] == led for c in hand):
        if card[1] != led:
            return IllegalAction("ascenseur.follow-suit", suit=led)
        return IllegalAction("ascenseur.climb", suit=led)
    if card[1] != trump:
        if any(c[1] == trump for c in trick):
            if any(
                c[1] == trump and POWER[c] > max(POWER[t] for t in trick if t[1] == trump)
                for c in hand
            ):
                return IllegalAction("ascenseur.overtrump")
            return IllegalAction("ascenseur.undertrump", suit=trump)
        return IllegalAction("ascenseur.trump", suit=trump)
    return IllegalAction("ascenseur.overtrump")


def _malformed(field: str) -> IllegalAction:
    return IllegalAction("ascenseur.malformed", field=field)


# What the log says (``describe``): each code with its parameters. Seats: ``seat`` (who
# acts), ``dealer``, ``winner``; ``turnup`` is a card, ``trump`` a suit.
MESSAGES = {
    "ascenseur.deal": ("dealer", "number", "deals", "size", "turnup", "trump"),
    "ascenseur.deal-no-trump": ("dealer", "number", "deals", "size"),
    "ascenseur.bid": ("seat", "tricks"),
    "ascenseur.play": ("seat", "card"),
    "ascenseur.play-wins": ("seat", "card", "winner"),
}
REFUSALS = (
    "ascenseur.game-over",
    "ascenseur.unknown-action",
    "ascenseur.not-now",
    "ascenseur.bid-range",
    "ascenseur.dealer-total",
    "ascenseur.not-in-hand",
    "ascenseur.follow-suit",
    "ascenseur.climb",
    "ascenseur.overtrump",
    "ascenseur.undertrump",
    "ascenseur.trump",
)


class Ascenseur(Game):
    def new(self, seats: int, options: dict | None = None, carry: dict | None = None) -> State:
        return self.start(seats, options) | {
            "phase": "deal",
            "deal": 0,  # index of the current deal in deal_sizes(seats)
            "size": 1,
            "dealer": 0,
            "hands": [[] for _ in range(seats)],
            "turnup": None,
            "trump": None,
            "bids": [None] * seats,
            "won": [0] * seats,
            "leader": None,
            "trick": [],
            "played": [],  # cards of this deal's finished tricks
            # The hands as dealt (private until every card is played), then those of the
            # deal that just ended: the archive shows them once the deal is over.
            "dealt": [[] for _ in range(seats)],
            "last_hands": None,
            "last_trick": None,
            "scores": [0] * seats,
            "history": [],  # one record per finished deal: the score sheet
        }

    # ----- whose turn, what they may do ---------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        phase = state["phase"]
        if phase == "bid":
            forbidden = (
                forbidden_bid(state["bids"], state["size"], state["dealer"], state["options"])
                if state["actor"] == state["dealer"]
                else None
            )
            return [
                {"type": "bid", "tricks": k} for k in range(state["size"] + 1) if k != forbidden
            ]
        if phase == "play":
            hand = state["hands"][state["actor"]]
            return [
                {"type": "play", "card": c}
                for c in playable(hand, state["trick"], state["trump"], state["options"])
            ]
        return []

    def chance_cards(self, state: State) -> list[str]:
        return list(DECK) if state["actor"] == CHANCE else []

    def default_action(self, state: State) -> Action:
        """A timed-out player bids the lowest bid allowed, or plays the lowest legal card."""
        legal = self.legal_actions(state)
        if state["phase"] == "play":
            return min(legal, key=lambda a: (POWER[a["card"]], a["card"]))
        return legal[0]

    # ----- applying actions ----------------------------------------------------------
    # core.Game.apply checks the game is not over, the action's form and keys, and that
    # chance deals and only chance, then calls the move of the action's type.
    over_rule = "game-over"
    chance_rule = "not-now"
    not_chance_rule = "not-now"
    over_first = True
    string_type = False  # a type that is not a string is an unknown action
    malformed_params = {"field": "type"}
    unknown_first = True
    moves = {"bid": "_bid", "play": "_play"}

    @staticmethod
    def _not_now() -> IllegalAction:
        return IllegalAction("ascenseur.not-now")

    def _deal(self, state: State, action: Action) -> State:
        if not isinstance(action.get("deck"), list):
            raise _malformed("deck")
        deck = self.checked_deck(state, action)
        seats, dealer, size = state["seats"], state["dealer"], state["size"]
        hands = [[] for _ in range(seats)]
        dealt = seats * size
        # one card at a time, starting with the dealer's right-hand neighbour
        for i in range(dealt):
            hands[(dealer + 1 + i) % seats].append(deck[i])
        for hand in hands:
            hand.sort(key=hand_key)
        turnup = deck[dealt] if dealt < len(deck) else None
        new = dict(state)
        new.update(
            phase="bid",
            actor=(dealer + 1) % seats,
            hands=hands,
            dealt=[list(h) for h in hands],
            last_hands=None,  # the previous deal's hands are out of sight again
            turnup=turnup,
            trump=turnup[1] if turnup else None,
            bids=[None] * seats,
            won=[0] * seats,
            leader=(dealer + 1) % seats,
            trick=[],
            played=[],
            last_trick=None,
        )
        return new

    def _bid(self, state: State, action: Action) -> State:
        if state["phase"] != "bid":
            raise self._not_now()
        tricks = action.get("tricks")
        if type(tricks) is not int:
            raise _malformed("tricks")
        size, seat, dealer = state["size"], state["actor"], state["dealer"]
        if not 0 <= tricks <= size:
            raise IllegalAction("ascenseur.bid-range", size=size)
        if seat == dealer and tricks == forbidden_bid(
            state["bids"], size, dealer, state["options"]
        ):
            raise IllegalAction("ascenseur.dealer-total", tricks=tricks, size=size)
        bids = list(state["bids"])
        bids[seat] = tricks
        new = dict(state)
        new["bids"] = bids
        if seat == dealer:
            new["phase"] = "play"
            new["actor"] = state["leader"]
        else:
            new["actor"] = (seat + 1) % state["seats"]
        return new

    def _play(self, state: State, action: Action) -> State:
        if state["phase"] != "play":
            raise self._not_now()
        card = action.get("card")
        if not isinstance(card, str):
            raise _malformed("card")
        seat, trick, trump, options = (
            state["actor"],
            state["trick"],
            state["trump"],
            state["options"],
        )
        hand = state["hands"][seat]
        if card not in playable(hand, trick, trump, options):
            if card not in DECK_SET:
                raise _malformed("card")
            raise _refuse_card(hand, trick, trump, card, options)
        seats = state["seats"]
        new = dict(state)
        hands = list(state["hands"])
        hands[seat] = [c for c in hand if c != card]
        new["hands"] = hands
        trick = trick + [card]
        if len(trick) < seats:
            new["trick"] = trick
            new["actor"] = (seat + 1) % seats
            return new
        leader = state["leader"]
        winner = trick_winner(trick, leader, trump, seats)
        won = list(state["won"])
        won[winner] += 1
        new.update(
            trick=[],
            won=won,
            leader=winner,
            actor=winner,
            played=state["played"] + trick,
            last_trick={"leader": leader, "cards": trick, "winner": winner},
        )
        if hands[winner]:
            return new
        return self._end_deal(new)

    def _end_deal(self, new: State) -> State:
        """Score the finished deal, then shuffle for the next one or end the game."""
        seats, options = new["seats"], new["options"]
        points = [
            deal_points(new["bids"][s], new["won"][s], options["scoring"]) for s in range(seats)
        ]
        scores = [a + b for a, b in zip(new["scores"], points, strict=True)]
        record = {
            "dealer": new["dealer"],
            "size": new["size"],
            "trump": new["trump"],
            "bids": new["bids"],
            "won": new["won"],
            "points": points,
        }
        sizes = deal_sizes(seats)
        number = new["deal"] + 1
        new.update(
            scores=scores,
            history=new["history"] + [record],
            last_hands=new.get("dealt"),
            played=[],
            turnup=None,
            trump=None,
            leader=None,
        )
        if number < len(sizes):
            new.update(
                phase="deal",
                actor=CHANCE,
                deal=number,
                size=sizes[number],
                dealer=(new["dealer"] + 1) % seats,
            )
            return new
        top = max(scores)
        new.update(
            phase="over",
            actor=None,
            result={
                "scores": scores,
                "winners": [s for s in range(seats) if scores[s] == top],
                "deals": len(new["history"]),
            },
        )
        return new

    # ----- what each seat sees --------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict:
        view = {
            key: state[key]
            for key in (
                "game",
                "seats",
                "options",
                "actor",
                "result",
                "phase",
                "size",
                "dealer",
                "turnup",
                "trump",
                "bids",
                "won",
                "leader",
                "trick",
                "played",
                "last_trick",
                "scores",
                "history",
            )
        }
        view["you"] = seat
        view["deal"] = state["deal"] + 1
        view["deals"] = len(deal_sizes(state["seats"]))
        view["hand_sizes"] = [len(h) for h in state["hands"]]
        view["hand"] = list(state["hands"][seat]) if seat is not None else None
        if state["phase"] == "bid" and state["actor"] == state["dealer"]:
            view["forbidden_bid"] = forbidden_bid(
                state["bids"], state["size"], state["dealer"], state["options"]
            )
        if seat is not None and seat == state["actor"]:
            view["legal_actions"] = self.legal_actions(state)
        return view

    def revealed_hands(self, state: State) -> dict:
        """Once a deal is over every card was played: its hands as dealt."""
        if state["phase"] in ("deal", "over") and state.get("last_hands"):
            return dict(enumerate(state["last_hands"]))
        return {}

    def hidden_cards(self, state: State, seat: int | None) -> set[str]:
        """Everything but the seat's own hand, the turn-up and the cards played face up."""
        seen = set(state["trick"]) | set(state["played"])
        if state["turnup"]:
            seen.add(state["turnup"])
        if state["last_trick"]:
            seen.update(state["last_trick"]["cards"])
        if seat is not None:
            seen.update(state["hands"][seat])
        return set(DECK) - seen

    # ----- the game log -------------------------------------------------------------------
    def describe(self, state: State, action: Action) -> dict:
        kind = action.get("type")
        seats = state["seats"]
        if kind == "deal":
            size = state["size"]
            message = {
                "dealer": state["dealer"],
                "number": state["deal"] + 1,
                "deals": len(deal_sizes(seats)),
                "size": size,
            }
            deck = action["deck"]
            if seats * size == len(deck):
                return {"code": "ascenseur.deal-no-trump", **message}
            turnup = deck[seats * size]
            return {"code": "ascenseur.deal", **message, "turnup": turnup, "trump": turnup[1]}
        seat = state["actor"]
        if kind == "bid":
            return {"code": "ascenseur.bid", "seat": seat, "tricks": action["tricks"]}
        card = action["card"]
        trick = state["trick"] + [card]
        if len(trick) < seats:
            return {"code": "ascenseur.play", "seat": seat, "card": card}
        winner = trick_winner(trick, state["leader"], state["trump"], seats)
        return {"code": "ascenseur.play-wins", "seat": seat, "card": card, "winner": winner}

    def check_invariants(self, state: State) -> list[str]:
        problems = []
        seats, phase, size = state["seats"], state["phase"], state["size"]
        sizes = deal_sizes(seats)
        if sizes[state["deal"]] != size:
            problems.append(
                f"deal {state['deal']} has size {size}, expected {sizes[state['deal']]}"
            )
        in_play = [c for h in state["hands"] for c in h] + state["trick"] + state["played"]
        if state["turnup"]:
            in_play.append(state["turnup"])
        if len(set(in_play)) != len(in_play) or not set(in_play) <= DECK_SET:
            problems.append("a card is duplicated or unknown")
        if phase in ("bid", "play"):
            expected = seats * size + (1 if seats * size < len(DECK) else 0)
            if len(in_play) != expected:
                problems.append(f"{len(in_play)} cards in play, expected {expected}")
            done = len(state["played"]) // seats
            if sum(state["won"]) != done or len(state["played"]) % seats:
                problems.append("tricks won do not match the tricks played")
            for s in range(seats):
                played_now = (s - state["leader"]) % seats < len(state["trick"])
                if len(state["hands"][s]) != size - done - played_now:
                    problems.append(f"seat {s} holds {len(state['hands'][s])} cards")
            if (state["turnup"] is None) != (seats * size == len(DECK)):
                problems.append("a deal with a stock left must turn a card for trump")
        elif in_play:
            problems.append("cards left in play between deals")
        if phase == "play":
            bids = state["bids"]
            if None in bids:
                problems.append("play began before every bid")
            elif state["options"]["dealer_constraint"] and sum(bids) == size:
                problems.append("the bids add up to the number of tricks")
        totals = [0] * seats
        for record in state["history"]:
            if sum(record["won"]) != record["size"]:
                problems.append(f"a deal of {record['size']} recorded {sum(record['won'])} tricks")
            for s in range(seats):
                expected = deal_points(
                    record["bids"][s], record["won"][s], state["options"]["scoring"]
                )
                if record["points"][s] != expected:
                    problems.append(f"seat {s} scored {record['points'][s]}, not {expected}")
                totals[s] += record["points"][s]
        if totals != state["scores"]:
            problems.append("the scores are not the sum of the deals")
        if len(state["history"]) != state["deal"] + (phase == "over"):
            problems.append("the score sheet misses a deal")
        if (phase == "over") != (state["actor"] is None) or (state["result"] is None) == (
            phase == "over"
        ):
            problems.append("the game is over exactly when it has a result and no actor")
        return problems



GAME = Ascenseur(
    slug="ascenseur",
    name="L'Ascenseur",
    min_seats=3,
    max_seats=7,
    default_seats=4,
    action_keys={"deal": ("deck",), "bid": ("tricks",), "play": ("card",)},
    messages=MESSAGES,
    refusals=REFUSALS,
    options=(
        # exact: made 10 + 2 a trick, missed -5 a trick over or under; bonus: 1 a trick,
        # plus 10 when made; small: made 2 + 1 a trick, missed -1 a trick over or under.
        Option("scoring", "exact", choices=("exact", "bonus", "small")),
        Option("dealer_constraint", True, kind="bool"),
        Option("must_climb", True, kind="bool"),
        # undertrump: trump, overtrump if possible, else undertrump; overtrump: trump,
        # overtrump if possible, else any card; free: any card.
        Option("void_rule", "undertrump", choices=("undertrump", "overtrump", "free")),
    ),
)
