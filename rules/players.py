"""How many players a game takes: one source of truth, the engine.

The fiche of a game page shows ``phrase(slug)``, built from the engine's seat range (its
default options) and absolute bounds, followed by the editor's note ("4 conseillés").
``count_errors`` reads a page's text and refuses a player count the engine contradicts
("de 2 à 7 joueurs" on a game played by 3 to 7), so prose and engine cannot drift apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from cardgames import get_game
from cardgames.registry import SLUGS


@dataclass(frozen=True)
class Seats:
    low: int  # with the default table options
    high: int
    default: int
    least: int  # with any option (Remigio: 2 with "two players")
    most: int

    def ranges(self) -> set[tuple[int, int]]:
        return {(self.low, self.high), (self.least, self.most)}


def seats(slug: str) -> Seats:
    game = get_game(slug)
    low, high = game.seat_range(game.resolve_options({}))
    return Seats(low, high, game.default_seats, game.min_seats, game.max_seats)


def phrase(slug: str) -> str:
    """ "3 à 8 (2 en option)", "2 to 6": the players of a game, from its engine, in the
    active language."""
    facts = seats(slug)
    text = _("%(low)s à %(high)s") % {"low": facts.low, "high": facts.high}
    if facts.least < facts.low:
        text += " " + _("(%(least)s en option)") % {"least": facts.least}
    return text


def _words() -> dict:
    """How a rules text states player counts, in the active language (the text's): the
    numbers two to ten in letters, and the words around them."""
    return {
        "numbers": pgettext(
            "nombres de joueurs en lettres, de deux à dix, séparés par |",
            "deux|trois|quatre|cinq|six|sept|huit|neuf|dix",
        ).lower().split("|"),
        "range": pgettext("« de 3 à 7 joueurs »", "à"),
        "players": pgettext("« de 3 à 7 joueurs »", "joueurs"),
        # The start of the word that makes a count advice: "3 à 5 joueurs conseillés".
        "advice": pgettext("début de « 3 à 5 joueurs conseillés »", "conseill"),
        "default": pgettext("« quatre par défaut »", "par défaut"),
    }


def _value(token: str, numbers: list[str]) -> int:
    token = token.lower()
    if token.isdigit():
        return int(token)
    return numbers.index(token) + 2


def stated(text: str) -> tuple[list, list]:
    """(ranges, defaults) of players a text in the active language states: "de 3 à 7
    joueurs" → (3, 7); "quatre par défaut" → 4."""
    words = _words()
    number = rf"(\d+|{'|'.join(re.escape(w) for w in words['numbers'])})"
    players, default = re.escape(words["players"]), re.escape(words["default"])
    # "3 à 5 joueurs conseillés" is advice, not a rule: left out.
    range_re = re.compile(
        rf"\b{number} {re.escape(words['range'])} {number} {players}\b"
        rf"(?! {re.escape(words['advice'])})",
        re.IGNORECASE,
    )
    default_re = re.compile(rf"\b{number}(?: {players})?,? {default}", re.IGNORECASE)
    ranges = [
        (_value(a, words["numbers"]), _value(b, words["numbers"]))
        for a, b in range_re.findall(text)
    ]
    defaults = [_value(a, words["numbers"]) for a in default_re.findall(text)]
    return ranges, defaults


def count_errors(slug: str, text: str) -> list[str]:
    """The player counts ``text`` (in the active language) states that the engine of game
    ``slug`` contradicts; the errors are in French, for editors."""
    if slug not in SLUGS:
        return []
    facts = seats(slug)
    ranges, defaults = stated(text)
    errors = []
    for low, high in ranges:
        if (low, high) not in facts.ranges():
            errors.append(
                f"Nombre de joueurs : le texte dit « {low} à {high} », le moteur joue de "
                f"{facts.low} à {facts.high}"
                + (f" ({facts.least} en option)." if facts.least < facts.low else ".")
            )
    for default in defaults:
        if default != facts.default:
            errors.append(
                f"Nombre de joueurs par défaut : le texte dit {default}, "
                f"le moteur en met {facts.default}."
            )
    return errors
