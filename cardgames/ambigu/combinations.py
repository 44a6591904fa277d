"""Ambigu's combinations: the 40-card pack, the categories from the point to the fredon,
and ``classify``, the best combination of a hand with its height and jeton value. Pure
functions, shared with the bot and the rules pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import deck40

PIPS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "T": 10}

DECK = tuple(deck40())

DECK_SET = frozenset(DECK)

# (id, strength rank, value in jetons), lowest first; the site names each category.
CATEGORIES = (
    ("point", 1, 1),
    ("prime", 2, 2),
    ("grande-prime", 3, 3),
    ("sequence", 4, 3),
    ("tricon", 5, 4),
    ("flux", 6, 5),
    ("tricon-prime", 7, 6),
    ("tricon-grande-prime", 8, 7),
    ("flux-sequence", 9, 8),
    ("fredon", 10, 8),
)

CATEGORY = {c[0]: c for c in CATEGORIES}

GRANDE_PRIME_OVER = 30  # a prime is "grande" when its pips add up to more than 30


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
            "cards": list(self.cards),
        }


def _combination(category: str, height: tuple, cards, extra_value: int = 0) -> Combination:
    _, rank, value = CATEGORY[category]
    return Combination(category, rank, height, value + extra_value, tuple(cards))


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
