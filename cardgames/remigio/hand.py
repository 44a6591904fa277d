"""Fast questions about a Remigio hand for the bots: the best discard, what a card drawn
would do, how many cards would let the hand close.

The meld solver is exact but costs a fraction of a millisecond a hand, so the bots ask it
as little as they can. Taking a card ``c`` from an eleven-card hand leaves at least the
hand's count less ``c``'s value (any arrangement of the ten plus ``c`` left out is one of
the eleven), and exactly that when ``c`` is left out of the best arrangement: so the best
discard needs the solver only for the melded cards worth more than the best leftover one.
A card with no possible partner in a hand (no card of its rank, none of its suit within
two ranks, no joker) joins no meld: drawing it changes nothing but the count.
"""

from __future__ import annotations

from ..melds import RANK_INDEX, Rules, best_arrangement, leftover_count

JOKER_KEEP = 25  # a joker left over now is almost always melded later: discarding it costs


def neighbours(card: str, hand) -> int:
    """How many other cards could join this one in a meld (same rank, or close in suit)."""
    if card[0] == "X":
        return 99
    rank, suit = RANK_INDEX[card[0]], card[1]
    n = 0
    for other in hand:
        if other is card or other == card:
            continue
        if other[0] == "X":
            n += 1
        elif other[0] == card[0]:
            n += 2
        elif other[1] == suit:
            d = abs(RANK_INDEX[other[0]] - rank)
            if d == 12:
                d = 1
            if d <= 2:
                n += 3 - d
    return n


def discard_counts(hand, rules: Rules, slack: int = 0) -> dict[str, int]:
    """Count left by discarding each card of an eleven-card hand (jokers penalised by
    ``JOKER_KEEP``), for every face whose count may be within ``slack`` of the best.

    One card per face (copies of a face leave the same count); the leftover copy first.
    """
    arrangement = best_arrangement(hand, rules)
    total, leftover = arrangement.count, set(arrangement.leftover)
    faces: dict[str, str] = {}
    for card in sorted(hand, key=lambda c: c not in leftover):
        faces.setdefault(card[:2], card)

    def penalty(card):
        return JOKER_KEEP if card[0] == "X" else 0

    def bound(card):
        return total - rules.value(card) + penalty(card)

    counts: dict[str, int] = {}
    best = None
    for card in sorted(faces.values(), key=bound):
        if best is not None and bound(card) > best + slack:
            break  # every later card leaves at least this much
        if card in leftover:
            count = bound(card)
        else:
            rest = list(hand)
            rest.remove(card)
            count = leftover_count(rest, rules) + penalty(card)
        counts[card] = count
        best = count if best is None else min(best, count)
    return counts


def best_discard(hand, rules: Rules) -> tuple[int, str]:
    """(count after discarding, card) for the best discard of an eleven-card hand; among
    equal counts, keep cards with many neighbours and throw the highest value."""
    counts = discard_counts(hand, rules)

    def key(card):
        rest = list(hand)
        rest.remove(card)
        return (counts[card], neighbours(card, rest), -rules.value(card))

    card = min(counts, key=key)
    return counts[card], card


def connected(card: str, hand) -> bool:
    """Could ``card`` share a meld with some card of ``hand``?"""
    if card[0] == "X" or any(c[0] == "X" for c in hand):
        return True
    rank, suit = RANK_INDEX[card[0]], card[1]
    for other in hand:
        if other[0] == card[0]:
            return True
        if other[1] == suit:
            d = abs(RANK_INDEX[other[0]] - rank)
            if d <= 2 or d >= 11:
                return True
    return False


def count_after_drawing(hand, count: int, worst_left: int, card: str, rules: Rules) -> int:
    """The count of a ten-card ``hand`` (count ``count``, its highest leftover card worth
    ``worst_left``) after drawing ``card`` and making the best discard."""
    if not connected(card, hand):
        return min(count, count - worst_left + rules.value(card))
    return best_discard(list(hand) + [card], rules)[0]
