"""Card notation shared by every game, and the one place French card names come from.

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

RANK_NAMES = {
    "fr": {
        "A": "as",
        "2": "deux",
        "3": "trois",
        "4": "quatre",
        "5": "cinq",
        "6": "six",
        "7": "sept",
        "8": "huit",
        "9": "neuf",
        "T": "dix",
        "J": "valet",
        "Q": "dame",
        "K": "roi",
        "X": "joker",
    },
    "en": {
        "A": "ace",
        "2": "two",
        "3": "three",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
        "8": "eight",
        "9": "nine",
        "T": "ten",
        "J": "jack",
        "Q": "queen",
        "K": "king",
        "X": "joker",
    },
}
SUIT_NAMES = {
    "fr": {"c": "trèfle", "d": "carreau", "h": "cœur", "s": "pique"},
    "en": {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"},
}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
JOKER_COLOUR_NAMES = {
    "fr": {"r": "rouge", "b": "noir"},
    "en": {"r": "red", "b": "black"},
}


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


def card_name(card: str, lang: str = "fr") -> str:
    """The card's name for players: "dix de cœur", "ten of hearts", "joker rouge"."""
    lang = lang if lang in RANK_NAMES else "fr"
    r, s = card[0], card[1]
    if r == JOKER:
        colour = JOKER_COLOUR_NAMES[lang][s]
        return f"joker {colour}" if lang == "fr" else f"{colour} joker"
    if lang == "fr":
        return f"{RANK_NAMES['fr'][r]} de {SUIT_NAMES['fr'][s]}"
    return f"{RANK_NAMES['en'][r]} of {SUIT_NAMES['en'][s]}"


def cards_text(cards, lang: str = "fr") -> str:
    """A list of cards as words: "as de pique, dix de cœur"."""
    return ", ".join(card_name(c, lang) for c in cards)


def suit_name(s: str, lang: str = "fr") -> str:
    return SUIT_NAMES.get(lang, SUIT_NAMES["fr"])[s]


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
