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
from django.utils.translation import override

from cardgames import get_game
from cardgames.registry import SLUGS

NUMBER_WORDS = {
    "fr": ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"),
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
}
PLAYERS_WORD = {"fr": r"joueurs", "en": r"players"}
RANGE_WORD = {"fr": r"à", "en": r"to"}
DEFAULT_WORD = {"fr": r"par défaut", "en": r"by default"}


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


def phrase(slug: str, language: str = "fr") -> str:
    """ "3 à 8 (2 en option)", "2 to 6": the players of a game, from its engine."""
    facts = seats(slug)
    with override(language):
        text = _("%(low)s à %(high)s") % {"low": facts.low, "high": facts.high}
        if facts.least < facts.low:
            text += " " + _("(%(least)s en option)") % {"least": facts.least}
    return text


def _number(language: str) -> str:
    words = "|".join(NUMBER_WORDS[language])
    return rf"(\d+|{words})"


def _value(token: str, language: str) -> int:
    token = token.lower()
    if token.isdigit():
        return int(token)
    return NUMBER_WORDS[language].index(token) + 2


def stated(text: str, language: str = "fr") -> tuple[list, list]:
    """(ranges, defaults) of players a text states: "de 3 à 7 joueurs" → (3, 7);
    "quatre par défaut" → 4."""
    language = language if language in NUMBER_WORDS else "fr"
    number = _number(language)
    # "3 à 5 joueurs conseillés" is advice, not a rule: left out.
    range_re = re.compile(
        rf"\b{number} {RANGE_WORD[language]} {number} {PLAYERS_WORD[language]}\b"
        r"(?! conseill| recommend)",
        re.IGNORECASE,
    )
    default_re = re.compile(
        rf"\b{number}(?: {PLAYERS_WORD[language]})?,? {DEFAULT_WORD[language]}", re.IGNORECASE
    )
    ranges = [(_value(a, language), _value(b, language)) for a, b in range_re.findall(text)]
    defaults = [_value(a, language) for a in default_re.findall(text)]
    return ranges, defaults


def count_errors(slug: str, text: str, language: str = "fr") -> list[str]:
    """The player counts ``text`` states that the engine of game ``slug`` contradicts."""
    if slug not in SLUGS:
        return []
    facts = seats(slug)
    ranges, defaults = stated(text, language)
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
