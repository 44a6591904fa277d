"""All-fours' rules as pure data and functions: the pack and the sides, which cards may be
played and who wins a trick, the scoring of a finished deal, and the game's declared
actions, options, messages and refusals. ``game`` (the ``Game`` and its moves) builds on
them and re-exports the names others import.
"""

from __future__ import annotations

from ..core import IllegalAction, Option

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
    # Which turn-up scores a point for the dealer: "ajs" (ace, jack or six), "jack" (classic).
    Option("turnup_scores", "ajs", choices=("ajs", "jack")),
    # When the dealer runs the pack, the adopted turn-up scores like the first one.
    Option("run_turnup_scores", True, kind="bool"),
    # "must": follow suit, else trump; "any": trump at any time (classic).
    Option("trumping", "must", choices=("must", "any")),
    # The Low point goes to whoever held it ("holder") or won it in a trick ("winner").
    Option("low_goes_to", "holder", choices=("holder", "winner")),
    # Otherwise the dealer must run the pack when the gift would win the game.
    Option("gift_can_win", False, kind="bool"),
    # The pack: 52 cards, or 32 (no 2 to 6).
    Option("deck", 52, choices=(52, 32)),
)

# What the log says (``describe``): each code with its parameters. Seats: ``seat`` (who
# acts), ``dealer``; ``side`` lists the seats of a side (one, or two partners); ``draws``
# lists ``[seat, card]`` pairs; ``turnup`` is a card, ``trump`` a suit.
MESSAGES = {
    "all-fours.cut": ("draws", "dealer"),
    "all-fours.cut-tie": ("draws",),
    "all-fours.deal": ("dealer", "turnup", "trump"),
    "all-fours.deal-scores": ("dealer", "turnup", "trump"),
    "all-fours.stand": ("seat",),
    "all-fours.beg": ("seat",),
    "all-fours.give": ("seat", "side"),
    "all-fours.run": ("seat",),
    "all-fours.discard": ("seat", "count"),
    "all-fours.play": ("seat", "card"),
}

REFUSALS = (
    "all-fours.over",
    "all-fours.chance",
    "all-fours.not-chance",
    "all-fours.not-begging",
    "all-fours.not-dealer-choice",
    "all-fours.gift-would-win",
    "all-fours.not-discarding",
    "all-fours.discard-own-cards",
    "all-fours.discard-to-six",
    "all-fours.not-playing",
    "all-fours.own-card",
    "all-fours.follow-suit",
    "all-fours.must-trump",
    "all-fours.unknown-action",
    "all-fours.carry",
)


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


def _refuse(rule: str, **params):
    raise IllegalAction(f"all-fours.{rule}", **params)
