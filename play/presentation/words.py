"""The words every game's sentences share: cards with their articles, suits, ranks,
players' names, lists; in the reader's language, through gettext.

French grammar is decided here:

- A card takes the article of its rank, elided before a vowel: « le sept », « la dame »,
  « l'as », and after « de »: « du sept », « de la dame », « de l'as ». « Huit » has an
  h aspiré: « le huit ». Each form of each rank is its own msgid (context « carte »), so a
  translation gives its own articles and genders in its .po file, with no code.
- A player's name after « de » is elided when it starts with a vowel sound: « d'Alice »,
  « d'Ernest », « d'Hortense », « d'Yves », but « de Bob », « de Yann » (a y before a
  vowel is a consonant) and « de Hugo »: a name starting with h is taken as h muet unless
  its first word is in ``ASPIRATED`` (names and nicknames whose h is aspirated by usage).
  A name that does not start with a letter is never elided (« de 42 »).
- Counts go through ``ngettext`` (never « (s) »); French takes the singular for 0 and 1
  (the French catalogue only holds the plural entries, for that rule).
"""

from __future__ import annotations

import unicodedata

from django.utils.translation import pgettext, pgettext_lazy

from cardgames.cards import JOKER

# The three forms of each rank: alone (« dame de trèfle », the name on a card's picture),
# with the definite article (« la dame de trèfle ») and with « de » and the article
# (« se défausse de la dame de trèfle »).
RANK_FORMS = {
    "A": (
        pgettext_lazy("carte", "as"),
        pgettext_lazy("carte, avec l'article défini", "l'as"),
        pgettext_lazy("carte, avec « de » et l'article défini", "de l'as"),
    ),
    "2": (
        pgettext_lazy("carte", "deux"),
        pgettext_lazy("carte, avec l'article défini", "le deux"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du deux"),
    ),
    "3": (
        pgettext_lazy("carte", "trois"),
        pgettext_lazy("carte, avec l'article défini", "le trois"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du trois"),
    ),
    "4": (
        pgettext_lazy("carte", "quatre"),
        pgettext_lazy("carte, avec l'article défini", "le quatre"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du quatre"),
    ),
    "5": (
        pgettext_lazy("carte", "cinq"),
        pgettext_lazy("carte, avec l'article défini", "le cinq"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du cinq"),
    ),
    "6": (
        pgettext_lazy("carte", "six"),
        pgettext_lazy("carte, avec l'article défini", "le six"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du six"),
    ),
    "7": (
        pgettext_lazy("carte", "sept"),
        pgettext_lazy("carte, avec l'article défini", "le sept"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du sept"),
    ),
    "8": (
        pgettext_lazy("carte", "huit"),
        pgettext_lazy("carte, avec l'article défini", "le huit"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du huit"),
    ),
    "9": (
        pgettext_lazy("carte", "neuf"),
        pgettext_lazy("carte, avec l'article défini", "le neuf"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du neuf"),
    ),
    "T": (
        pgettext_lazy("carte", "dix"),
        pgettext_lazy("carte, avec l'article défini", "le dix"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du dix"),
    ),
    "J": (
        pgettext_lazy("carte", "valet"),
        pgettext_lazy("carte, avec l'article défini", "le valet"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du valet"),
    ),
    "Q": (
        pgettext_lazy("carte", "dame"),
        pgettext_lazy("carte, avec l'article défini", "la dame"),
        pgettext_lazy("carte, avec « de » et l'article défini", "de la dame"),
    ),
    "K": (
        pgettext_lazy("carte", "roi"),
        pgettext_lazy("carte, avec l'article défini", "le roi"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du roi"),
    ),
}
JOKER_FORMS = {
    "r": (
        pgettext_lazy("carte", "joker rouge"),
        pgettext_lazy("carte, avec l'article défini", "le joker rouge"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du joker rouge"),
    ),
    "b": (
        pgettext_lazy("carte", "joker noir"),
        pgettext_lazy("carte, avec l'article défini", "le joker noir"),
        pgettext_lazy("carte, avec « de » et l'article défini", "du joker noir"),
    ),
}
# Several cards of a rank, as poker names hands: « paire de rois », « brelan de sept ».
RANK_PLURALS = {
    "A": pgettext_lazy("cartes de ce rang", "as"),
    "2": pgettext_lazy("cartes de ce rang", "deux"),
    "3": pgettext_lazy("cartes de ce rang", "trois"),
    "4": pgettext_lazy("cartes de ce rang", "quatre"),
    "5": pgettext_lazy("cartes de ce rang", "cinq"),
    "6": pgettext_lazy("cartes de ce rang", "six"),
    "7": pgettext_lazy("cartes de ce rang", "sept"),
    "8": pgettext_lazy("cartes de ce rang", "huit"),
    "9": pgettext_lazy("cartes de ce rang", "neuf"),
    "T": pgettext_lazy("cartes de ce rang", "dix"),
    "J": pgettext_lazy("cartes de ce rang", "valets"),
    "Q": pgettext_lazy("cartes de ce rang", "dames"),
    "K": pgettext_lazy("cartes de ce rang", "rois"),
}
SUIT_NAMES = {
    "c": pgettext_lazy("couleur", "trèfle"),
    "d": pgettext_lazy("couleur", "carreau"),
    "h": pgettext_lazy("couleur", "cœur"),
    "s": pgettext_lazy("couleur", "pique"),
}
# One card of a suit: « jouez un cœur plus fort ».
SUIT_ONE = {
    "c": pgettext_lazy("une carte de la couleur", "un trèfle"),
    "d": pgettext_lazy("une carte de la couleur", "un carreau"),
    "h": pgettext_lazy("une carte de la couleur", "un cœur"),
    "s": pgettext_lazy("une carte de la couleur", "un pique"),
}
FORMS = ("name", "the", "of_the")

# Names (or first words of nicknames) whose h is aspirated by usage: « de Hugo », not
# « d'Hugo ». Any other name starting with h takes the elision (« d'Hortense »).
ASPIRATED = frozenset(
    {
        "hugo", "hegel", "haendel", "hendrix", "hibou", "heros", "herisson", "hamster",
        "hussard", "homard", "hobbit", "hulk", "huit",
    }
)


def _plain(text: str) -> str:
    """Lower case without accents: « Héros » → « heros »."""
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def elides(word: str) -> bool:
    """Whether French elides « de », « le », « que » before ``word`` (a name, a rank)."""
    plain = _plain(word.strip())
    if not plain or not plain[0].isalpha():
        return False
    first = plain[0]
    if first in "aeiouœæ":
        return True
    if first == "y":  # Yves, Yvonne: a vowel; Yann, Yolande: a consonant
        return len(plain) > 1 and plain[1].isalpha() and plain[1] not in "aeiouy"
    if first == "h":
        head = ""
        for char in plain:
            if not (char.isalpha() or char == "-"):
                break
            head += char
        return head not in ASPIRATED
    return False


def of_name(name: str) -> str:
    """A name as the complement of a noun: « (le tour) d'Alice », « de Bob »; in English
    the possessive, "Alice's" (each language words both forms of its own)."""
    if elides(name):
        return pgettext(
            "complément du nom « le tour d'Alice », devant un nom qui s'élide", "d'%(name)s"
        ) % {"name": name}
    return pgettext("complément du nom « le tour de Bob »", "de %(name)s") % {"name": name}


def of_ranks(rank: str) -> str:
    """Several cards of a rank after « de », as poker names hands: « (paire) d'as »,
    « (brelan) de rois », « (carré) de huit »."""
    plural = rank_plural(rank)
    if elides(plural):
        return pgettext("cartes d'un rang après « de » (paire d'as)", "d'%(ranks)s") % {
            "ranks": plural}
    return pgettext("cartes d'un rang après « de » (paire de rois)", "de %(ranks)s") % {
        "ranks": plural}


def card(code: str, form: str = "the") -> str:
    """A card in words: ``form`` is "name" (« dame de trèfle »), "the" (« la dame de
    trèfle ») or "of_the" (« de la dame de trèfle »). Deck copies are named alike."""
    index = FORMS.index(form)
    rank, suit = code[0], code[1]
    if rank == JOKER:
        return str(JOKER_FORMS[suit][index])
    return pgettext("carte : rang de couleur", "%(rank)s de %(suit)s") % {
        "rank": RANK_FORMS[rank][index],
        "suit": SUIT_NAMES[suit],
    }


def card_name(code: str) -> str:
    """A card's name, as its picture reads it: « dame de trèfle »."""
    return card(code, "name")


def cards(codes, form: str = "the") -> str:
    """Cards in words: « l'as de pique et le dix de cœur »."""
    return join_and([card(code, form) for code in codes])


def rank_name(rank: str) -> str:
    return str(RANK_FORMS[rank][0])


def rank_plural(rank: str) -> str:
    return str(RANK_PLURALS[rank])


def suit_name(suit: str | None) -> str:
    return str(SUIT_NAMES[suit]) if suit else ""


def one_of_suit(suit: str) -> str:
    return str(SUIT_ONE[suit])


def join_and(items) -> str:
    """« a, b et c »; one item alone; nothing for none."""
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return pgettext("liste", "%(items)s et %(last)s") % {
        "items": ", ".join(items[:-1]),
        "last": items[-1],
    }
