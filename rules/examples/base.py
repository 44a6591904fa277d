"""What every worked example shares: its parsed form, the value parsers, the verdict.

A game's checkers (``rules/examples/<game>.py``) read an ``Example``'s lines with these
parsers, ask the engine and fill a ``Verdict``: rows of cards to draw, the engine's facts,
and each claim of the text with the engine's answer.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from django.utils import translation

from cardgames import BadOptions
from cardgames.cards import SUIT_SYMBOLS, is_card
from play.presentation import messages, words
from play.presentation.card_svg import rank_index

SUITS_FR = {"coeur": "h", "carreau": "d", "trefle": "c", "pique": "s"}
SUIT_NAMES_FR = {"h": "cœur", "d": "carreau", "c": "trèfle", "s": "pique"}
YES = {"oui", "vrai", "yes", "true", "1"}
NO = {"non", "faux", "no", "false", "0"}
NOBODY = {"personne", "aucun", "aucune", "-"}


class ExampleError(Exception):
    """An example that cannot be shown as it stands; the message is French, for editors."""


def fold(text: str) -> str:
    """Lower case, no accents, single spaces: how keys and values are compared."""
    text = str(text).replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.replace("’", "'").lower().split())


def card_short(code: str) -> str:
    """A card as text, its rank as the corner of the drawn card prints it in the active
    language: "10♥", "R♠" in French, "K♠" in English; "★" for a joker."""
    face = code[:2]
    if face[0] == "X":
        return "★"
    return rank_index(face[0]) + SUIT_SYMBOLS[face[1]]


def in_french(word, *args) -> str:
    """The site's wording of something, in French: examples speak to French editors, and
    a claim is compared with the example block's words, which are French."""
    with translation.override("fr"):
        return str(word(*args))


def refusal_fr(slug: str, refusal) -> str:
    """Why the engine refuses (an ``IllegalAction`` or ``BadOptions``), in French."""
    return in_french(messages.refusal, slug, refusal.message)


def card_fr(code: str, form: str = "name") -> str:
    """A card in French: « dame de trèfle », or with ``form`` "the": « la dame de trèfle »."""
    return in_french(words.card, code, form)


# ----- what a checker returns -------------------------------------------------------------


@dataclass
class Claim:
    """A claim of the text checked by the engine.

    ``label`` may be a lazy translation: the reader sees it in the page's language, the
    editor's error message in French. ``engine`` is the engine's answer in the words of
    the example block (French), compared with ``claimed``; ``shown`` is that answer as
    the reader sees it (translated), ``engine`` when not given.
    """

    label: str
    claimed: str
    engine: str
    ok: bool
    shown: str = ""

    @property
    def display(self) -> str:
        return str(self.shown) if self.shown != "" else self.engine


@dataclass
class Step:
    """One move of a fully played deal: a sentence and the cards it shows."""

    text: str
    cards: list = field(default_factory=list)


@dataclass
class Part:
    """A stretch of a played deal (a betting round, a trick...), folded on the page."""

    title: str
    steps: list = field(default_factory=list)


@dataclass
class Verdict:
    rows: list = field(default_factory=list)  # (label, [cards])
    facts: list = field(default_factory=list)  # (label, text): the engine's say, no claim
    claims: list = field(default_factory=list)
    parts: list = field(default_factory=list)  # a played deal, step by step

    def claim(self, label, claimed, engine, ok: bool | None = None, shown="") -> None:
        if ok is None:
            ok = fold(claimed) == fold(engine)
        self.claims.append(Claim(label, str(claimed), str(engine), ok, shown))

    def step(self, text: str, cards=()) -> None:
        """A move of a played deal, in the current part."""
        if not self.parts:
            self.parts.append(Part(""))
        self.parts[-1].steps.append(Step(str(text), list(cards)))

    def part(self, title: str) -> None:
        """Start a new stretch of the deal (unless the current one is still empty)."""
        if self.parts and not self.parts[-1].steps:
            self.parts[-1].title = str(title)
        else:
            self.parts.append(Part(str(title)))

    @property
    def errors(self) -> list[str]:
        # Editors read the errors in French, whatever the language of the page.
        with translation.override("fr"):
            return [
                f"« {c.label} » : le texte dit « {c.claimed} », le moteur trouve « {c.engine} »."
                for c in self.claims
                if not c.ok
            ]


@dataclass
class Position:
    """The start of a practice game at an example's position: the engine's actions from
    ``new(seats, options, carry)`` to the position (chance's deals, with the example's
    cards where it puts them and the rest at random, then the moves), and the reader's
    seat, the one to act once they are applied."""

    game: str
    seats: int
    options: dict
    carry: dict | None
    actions: list
    seat: int


@dataclass
class Example:
    game: str
    kind: str
    title: str
    lines: list  # (folded key, raw key, value) in order

    def get(self, key: str, default=None):
        key = fold(key)
        for k, _, value in self.lines:
            if k == key:
                return value
        return default

    def need(self, key: str) -> str:
        value = self.get(fold(key))
        if value is None or value == "":
            raise ExampleError(f"il manque la ligne « {key} : … ».")
        return value

    def all(self, key: str) -> list[str]:
        return [value for k, _, value in self.lines if k == fold(key)]

    def prefixed(self, prefix: str) -> list[tuple[str, str]]:
        """Lines "main Anne: ..." → [("Anne", "...")] for prefix "main"."""
        found = []
        for k, raw, value in self.lines:
            if k.startswith(prefix + " "):
                found.append((raw.split(None, len(prefix.split()))[-1].strip(), value))
        return found


# ----- parsing values ---------------------------------------------------------------------


def cards(text: str, *, copies: bool = False) -> list[str]:
    """Card codes from "Th 9h 8h"; with ``copies`` repeated faces get .1, .2 (Remigio)."""
    found = []
    seen: dict[str, int] = {}
    for token in text.replace(",", " ").split():
        code = token[0].upper() + token[1:].lower() if token[0] not in "xX" else "X" + token[1:]
        if not is_card(code):
            raise ExampleError(f"« {token} » n'est pas une carte (par exemple Th, 9h, As, Xr).")
        if copies:
            face = code[:2]
            seen[face] = seen.get(face, 0) + 1
            code = f"{face}.{seen[face]}"
        elif code in found:
            raise ExampleError(f"la carte « {token} » apparaît deux fois.")
        found.append(code)
    return found


def integer(text: str, what: str) -> int:
    try:
        return int(text.replace(" ", "").replace("−", "-"))
    except (ValueError, AttributeError):
        raise ExampleError(f"« {what} » doit être un nombre entier, pas « {text} ».") from None


def boolean(text: str, what: str) -> bool:
    value = fold(text)
    if value in YES:
        return True
    if value in NO:
        return False
    raise ExampleError(f"« {what} » vaut oui ou non, pas « {text} ».")


def suit(text: str) -> str | None:
    value = fold(text)
    if value in SUITS_FR:
        return SUITS_FR[value]
    if value in ("c", "d", "h", "s"):
        return value
    if value in ("sans", "sans atout", "aucun"):
        return None
    raise ExampleError(f"couleur inconnue « {text} » (cœur, carreau, trèfle, pique ou sans).")


def options_for(example: Example, game) -> dict:
    """``options: scoring=bonus, fredon_prime=oui`` resolved by the engine."""
    raw = example.get("options", "")
    given = {}
    by_key = {o.key: o for o in game.options}
    for item in filter(None, (p.strip() for p in raw.replace(";", ",").split(","))):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or key not in by_key:
            known = ", ".join(by_key)
            raise ExampleError(f"option inconnue « {item} » (options : {known}).")
        option = by_key[key]
        if option.kind == "bool":
            given[key] = boolean(value, key)
        elif option.kind == "int" or isinstance(option.default, int):
            given[key] = integer(value, key)
        else:
            given[key] = value
    try:
        return game.resolve_options(given)
    except BadOptions as refusal:
        raise ExampleError(refusal_fr(game.slug, refusal)) from None


def names(text: str) -> list[str]:
    return [n for n in text.replace(",", " ").split() if n]
