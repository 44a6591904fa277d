"""Playing cards drawn as inline SVG, by code: no image files, crisp at any size.

A card is a rounded rectangle with the rank and suit in two opposite corners and a large
suit (or the letter of a court card) in the middle. Suits are drawn as paths rather than
the ♥ ♦ ♣ ♠ characters, which some phones turn into coloured emoji. Every card carries
``role="img"`` and an ``aria-label`` with its name ("dix de cœur"), so screen readers
read it; the drawing itself is hidden from them.

No ``style`` attribute anywhere: the Content Security Policy refuses inline styles, so
colours are presentation attributes (``fill``), which it allows.
"""

from __future__ import annotations

import functools

from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from cardgames.cards import is_card
from play.presentation.words import card_name

WIDTH, HEIGHT = 100, 140

# Suits drawn in a 100 × 100 box.
SUIT_PATHS = {
    "h": "M50 92C22 68 2 50 8 28C13 10 38 6 50 28C62 6 87 10 92 28C98 50 78 68 50 92Z",
    "d": "M50 4L88 50L50 96L12 50Z",
    "s": (
        "M50 6C72 30 98 46 92 68C87 84 64 84 55 70L62 94H38L45 70C36 84 13 84 8 68"
        "C2 46 28 30 50 6Z"
    ),
    "c": (
        "M50 8A19 19 0 0 1 66 38A19 19 0 1 1 56 70L62 94H38L44 70A19 19 0 1 1 34 38"
        "A19 19 0 0 1 50 8Z"
    ),
}
STAR_PATH = "M50 4L61 38H97L68 59L79 94L50 73L21 94L32 59L3 38H39Z"

# The traditional two colours, and the four-colour deck for readers who tell red from
# black poorly (clubs green, diamonds blue, hearts red, spades black).
TWO_COLOURS = {"c": "#1b1b1b", "d": "#b3121f", "h": "#b3121f", "s": "#1b1b1b"}
FOUR_COLOURS = {"c": "#11703a", "d": "#1546a8", "h": "#b3121f", "s": "#1b1b1b"}
JOKER_COLOURS = {"r": "#b3121f", "b": "#1b1b1b"}

# Corner and centre letters as the reader's pack prints them: a French pack has Roi, Dame,
# Valet; an English one King, Queen, Jack.
INDEX = {
    "A": "A",
    "T": "10",
    "J": pgettext_lazy("lettre du valet dans le coin d'une carte", "V"),
    "Q": pgettext_lazy("lettre de la dame dans le coin d'une carte", "D"),
    "K": pgettext_lazy("lettre du roi dans le coin d'une carte", "R"),
}
COURTS = "JQK"


def rank_index(rank: str) -> str:
    """What a corner of the card shows for ``rank``: "10", "V", "D", "R"..."""
    return str(INDEX.get(rank, rank))


def _suit(suit: str, x: float, y: float, size: float, colour: str) -> str:
    scale = size / 100
    return (
        f'<path d="{SUIT_PATHS[suit]}" fill="{colour}" '
        f'transform="translate({x:g} {y:g}) scale({scale:g})"/>'
    )


def _star(x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<path d="{STAR_PATH}" fill="{colour}" '
        f'transform="translate({x:g} {y:g}) scale({size / 100:g})"/>'
    )


def _corner(index: str, symbol: str, colour: str) -> str:
    """One corner (top left); the other is the same group turned half a turn."""
    size = 20 if len(index) == 1 else 17
    return (
        f'<text x="13" y="25" text-anchor="middle" font-size="{size}" font-weight="700" '
        f'font-family="Georgia, \'Times New Roman\', serif" fill="{colour}">{index}</text>'
        f"{symbol}"
    )


def _svg(label: str, body: str, classes: str, size: int | None) -> SafeString:
    dims = f' width="{size}" height="{round(size * HEIGHT / WIDTH)}"' if size else ""
    return mark_safe(
        f'<svg class="{classes}" viewBox="0 0 {WIDTH} {HEIGHT}"{dims} role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg" focusable="false">'
        f'<g aria-hidden="true">{body}</g></svg>'
    )


def _frame(fill: str = "#fffdf7", stroke: str = "#6b5a48") -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="8" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="2"/>'
    )


def card_svg(
    code: str,
    four_colour: bool = False,
    size: int | None = None,
    extra_class: str = "",
) -> SafeString:
    """One card as an inline ``<svg>``; ``size`` is its width in pixels (CSS may override).

    An unknown code draws the back of a card, so a glitch never shows someone's hand.
    """
    if not is_card(code):
        return card_back(size=size, extra_class=extra_class)
    return _card_svg(code, four_colour, size, extra_class, translation.get_language())


# A drawing depends only on these arguments and the language of its label; a table frame
# draws the same few dozen cards again and again, so each is drawn once per process.
@functools.lru_cache(maxsize=4096)
def _card_svg(
    code: str, four_colour: bool, size: int | None, extra_class: str, lang: str | None
) -> SafeString:
    rank, suit = code[0], code[1]
    classes = f"playing-card {extra_class}".strip()
    label = card_name(code)
    if rank == "X":
        colour = JOKER_COLOURS[suit]
        corner = _corner("★", "", colour)
        body = (
            _frame()
            + corner
            + f'<g transform="rotate(180 {WIDTH / 2} {HEIGHT / 2})">{corner}</g>'
            + _star(22, 36, 56, colour)
            + f'<text x="50" y="112" text-anchor="middle" font-size="14" font-weight="700" '
            f'letter-spacing="2" font-family="Georgia, serif" fill="{colour}">JOKER</text>'
        )
        return _svg(label, body, f"{classes} playing-card--joker", size)

    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[suit]
    index = rank_index(rank)
    corner = _corner(index, _suit(suit, 5, 30, 16, colour), colour)
    if rank in COURTS:
        centre = (
            f'<rect x="24" y="32" width="52" height="76" rx="5" fill="none" '
            f'stroke="{colour}" stroke-width="2"/>'
            f'<text x="50" y="82" text-anchor="middle" font-size="44" font-weight="700" '
            f'font-family="Georgia, serif" fill="{colour}">{index}</text>'
            + _suit(suit, 40, 88, 20, colour)
        )
    elif rank == "A":
        centre = _suit(suit, 20, 40, 60, colour)
    else:
        centre = (
            _suit(suit, 27, 30, 46, colour)
            + f'<text x="50" y="112" text-anchor="middle" font-size="26" font-weight="700" '
            f'font-family="Georgia, serif" fill="{colour}">{index}</text>'
        )
    body = (
        _frame()
        + corner
        + f'<g transform="rotate(180 {WIDTH / 2} {HEIGHT / 2})">{corner}</g>'
        + centre
    )
    return _svg(label, body, f"{classes} playing-card--{suit}", size)


def card_back(
    size: int | None = None, extra_class: str = "", label: str | None = None
) -> SafeString:
    """The back of a card (a card someone holds, or the stock)."""
    return _card_back(size, extra_class, label, translation.get_language())


@functools.lru_cache(maxsize=256)
def _card_back(size: int | None, extra_class: str, label: str | None, lang: str | None):
    label = label or _("carte cachée")
    # A lattice of small diamonds inside a gold border, all in one path.
    diamonds = "".join(
        f"M{x} {y - 5}l4 5l-4 5l-4 -5Z"
        for x in range(18, 90, 11)
        for y in range(20, 126, 13)
    )
    body = (
        _frame("#7a1f1f", "#4a1010")
        + '<rect x="9" y="9" width="82" height="122" rx="4" fill="none" stroke="#e0a526" '
        'stroke-width="2"/>'
        + f'<path d="{diamonds}" fill="#e0a526" opacity="0.7"/>'
    )
    classes = f"playing-card playing-card--back {extra_class}".strip()
    return _svg(label, body, classes, size)


def card_text(code: str) -> SafeString:
    """The text fallback: "10♥" with the card's name for screen readers."""
    if not is_card(code):
        return mark_safe(f'<span class="card-text">{escape(_("carte cachée"))}</span>')
    rank, suit = code[0], code[1]
    if rank == "X":
        short = "★"
        css = f"card-text card-text--joker-{suit}"
    else:
        short = rank_index(rank) + {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[suit]
        css = f"card-text card-text--{suit}"
    return mark_safe(
        f'<span class="{css}" role="img" aria-label="{escape(card_name(code))}">'
        f"{escape(short)}\ufe0e</span>"
    )
