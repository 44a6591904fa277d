"""What every worked example shares: its parsed form, the value parsers, the verdict.

A game's checkers (``rules/examples/<game>.py``) read an ``Example``'s lines with these
parsers, ask the engine and fill a ``Verdict``: rows of cards to draw, the engine's facts,
and each claim of the text with the engine's answer.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from cardgames.cards import SUIT_SYMBOLS, is_card

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
    """A card as text: "10♥", "A♠", "★" for a joker."""
    face = code[:2]
    if face[0] == "X":
        return "★"
    rank = {"T": "10", "J": "V", "Q": "D", "K": "R"}.get(face[0], face[0])
    return rank + SUIT_SYMBOLS[face[1]]


# ----- what a checker returns -------------------------------------------------------------


@dataclass
class Claim:
    label: str
    claimed: str
    engine: str
    ok: bool


@dataclass
class Verdict:
    rows: list = field(default_factory=list)  # (label, [cards])
    facts: list = field(default_factory=list)  # (label, text): the engine's say, no claim
    claims: list = field(default_factory=list)

    def claim(self, label: str, claimed, engine, ok: bool | None = None) -> None:
        if ok is None:
            ok = fold(claimed) == fold(engine)
        self.claims.append(Claim(label, str(claimed), str(engine), ok))

    @property
    def errors(self) -> list[str]:
        return [
            f"« {c.label} » : le texte dit « {c.claimed} », le moteur trouve « {c.engine} »."
            for c in self.claims
            if not c.ok
        ]


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
    except Exception as refusal:  # BadOptions carries a French message
        raise ExampleError(getattr(refusal, "fr", str(refusal))) from None


def names(text: str) -> list[str]:
    return [n for n in text.replace(",", " ").split() if n]
