"""All-fours arithmetic for the bots: what a hand is worth in a trump suit, and what a score
is worth in the race to 7.

``stand_value`` counts, for a seat looking at its own six cards, the points of the deal it
expects its side to make less those it expects the others to make with the turned suit as
trump: High (no higher trump held by anyone else), Low (no lower one), Jack, and Game (card
points and trumps to take them). A hand of four small trumps is a near-certain Low and a
fair High; the trump ace with side aces is a sure High and a good Game: both stand.

``win_chance(mine, theirs)`` is the chance that a side with ``mine`` points beats one with
``theirs`` before the next deal, from a simple model of a deal: a turn-up point for either
side now and then, then High, Low, Jack (when in play) and Game, each to either side at
even odds, counted in that order until a side reaches 7.
"""

from __future__ import annotations

from functools import cache

from .game import CARD_POINTS, POWER, TARGET, pack

AVERAGE_POINTS = 80 / 52  # card points (A 4, K 3, Q 2, J 1, T 10) per card of the pack
TURNUP_SHARE = 3 / 26  # a turned ace, jack or six scores; each side deals half the time
JACK_IN_PLAY = 0.3


def none_of(unseen: int, drawn: int, marked: int) -> float:
    """Chance that ``drawn`` cards taken from ``unseen`` include none of ``marked`` given ones."""
    chance = 1.0
    for i in range(marked):
        if unseen - i <= 0:
            return 0.0
        chance *= max(unseen - drawn - i, 0) / (unseen - i)
    return chance


def stand_value(hand: list[str], suit: str, unseen: list[str], in_play: int) -> float:
    """Expected points of the deal for my side less the others', ``suit`` being trump.

    ``unseen`` are the cards I have not seen; ``in_play`` of them are in the other hands.
    """
    trumps = sorted((c for c in hand if c[1] == suit), key=lambda c: POWER[c[0]])
    others = [c for c in unseen if c[1] == suit]
    n = len(unseen)
    net = 0.0
    if trumps:
        higher = sum(1 for c in others if POWER[c[0]] > POWER[trumps[-1][0]])
        lower = sum(1 for c in others if POWER[c[0]] < POWER[trumps[0][0]])
        net += 2 * none_of(n, in_play, higher) - 1
        net += 2 * none_of(n, in_play, lower) - 1
    else:
        net -= 2 * (1 - none_of(n, in_play, len(others)))
    jack = "J" + suit
    if jack in hand:
        guarded = any(POWER[c[0]] > POWER["J"] for c in trumps)
        net += 0.8 if guarded else 0.5
    elif jack in unseen:
        net -= 0.5 * in_play / max(n, 1)
    points = sum(CARD_POINTS.get(c[0], 0) for c in hand)
    expected_trumps = len(hand) * len(others) / max(n, 1)
    game = 0.5 + 0.02 * (points - AVERAGE_POINTS * len(hand))
    game += 0.08 * (len(trumps) - expected_trumps)
    net += 2 * min(max(game, 0.05), 0.95) - 1
    return net


def seat_unseen(view: dict) -> list[str]:
    """The cards a seat has not seen at the start of a deal (its hand and the turn-up known)."""
    seen = set(view["hand"]) | set(view["set_aside"]) | {view["turnup"]}
    return [c for c in pack(view["options"]["deck"]) if c not in seen]


def stand_value_of_view(view: dict) -> float:
    """``stand_value`` for the seat of ``view``, before play, with the turned suit."""
    unseen = seat_unseen(view)
    in_play = 6 * (view["seats"] - 1)
    return stand_value(view["hand"], view["turnup"][1], unseen, in_play)


@cache
def win_chance(mine: int, theirs: int) -> float:
    """Chance that a side at ``mine`` points wins against a side at ``theirs``."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    total = 0.0
    turnups = ((TURNUP_SHARE, 1, 0), (TURNUP_SHARE, 0, 1), (1 - 2 * TURNUP_SHARE, 0, 0))
    for p_turn, a_turn, b_turn in turnups:
        total += p_turn * _after_events(mine + a_turn, theirs + b_turn, 0)
    return total


def _after_events(mine: int, theirs: int, event: int) -> float:
    """Win chance with the deal's events from ``event`` on still to count."""
    if mine >= TARGET:
        return 1.0
    if theirs >= TARGET:
        return 0.0
    if event == 4:
        return win_chance(mine, theirs)
    chance = JACK_IN_PLAY if event == 2 else 1.0
    result = 0.0
    if chance < 1:  # (High and Low are always in play)
        result += (1 - chance) * _after_events(mine, theirs, event + 1)
    result += chance / 2 * _after_events(mine + 1, theirs, event + 1)
    result += chance / 2 * _after_events(mine, theirs + 1, event + 1)
    return result
