"""Card notation shared by every game (the site names the cards: no words here).

A card is two characters, rank then suit, as in PHH and most poker tools:
ranks ``A 2 3 4 5 6 7 8 9 T J Q K``, suits ``c d h s`` ("Th" is the ten of hearts).

Games played with several decks (Remigio) tell the copies apart with a suffix:
``"Th.1"`` and ``"Th.2"`` are the two tens of hearts of a two-deck game. Jokers have
the rank ``X`` and a colour instead of a suit: ``"Xr.1"`` (red) and ``"Xb.1"`` (black).
Every physical card therefore has a unique id, which keeps the "no view leaks a hidden
card" check exact even with duplicates.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "cdhs"
JOKER = "X"
JOKER_COLOURS = "rb"

SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}


def base(card: str) -> str:
    """The two-character face of a card, without any deck-copy suffix."""
    return card[:2]


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[1]


def is_joker(card: str) -> bool:
    return card[0] == JOKER


def is_card(text: object) -> bool:
    """True for any well-formed card id, with or without a deck-copy suffix."""
    if not isinstance(text, str) or len(text) < 2:
        return False
    face, dot, copy = text.partition(".")
    if dot and not copy.isdigit():
        return False
    if len(face) != 2:
        return False
    if face[0] == JOKER:
        return face[1] in JOKER_COLOURS
    return face[0] in RANKS and face[1] in SUITS


def deck52() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def deck40() -> list[str]:
    """The 40-card pack without court cards (Ambigu): Ace to Ten in each suit."""
    return [r + s for s in SUITS for r in RANKS[:10]]


def multi_deck(copies: int, jokers_per_deck: int = 2) -> list[str]:
    """Several 52-card decks with their jokers, each card suffixed by its deck number."""
    cards = []
    for n in range(1, copies + 1):
        cards += [f"{c}.{n}" for c in deck52()]
        cards += [f"{JOKER}{JOKER_COLOURS[j % 2]}.{n}" for j in range(jokers_per_deck)]
    return cards
