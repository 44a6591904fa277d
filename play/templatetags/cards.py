"""Card pictures in templates.

    {% load cards %}
    {% card "Th" %}                 one card (inline SVG, aria-label "dix de cœur")
    {% card "Th" size=48 %}         a given width in pixels
    {% cards hand %}                a row of cards
    {% card_back %}                 a face-down card
    {% card_text "Th" %}            the text fallback: 10♥
    {{ "Th"|card_name }}            dix de cœur

The four-colour deck is used when the context says so (``four_colour_deck``, set by
``play.web.context_processors.play`` from the player's choice), or with ``four_colour=True``.
"""

from django import template
from django.utils.html import escape, format_html_join
from django.utils.safestring import mark_safe

from cardgames.cards import is_card
from play.presentation import card_svg, words

register = template.Library()


def _four(context, four_colour):
    if four_colour is None:
        return bool(context.get("four_colour_deck", False))
    return bool(four_colour)


@register.simple_tag(takes_context=True)
def card(context, code, size=None, four_colour=None, extra_class=""):
    return card_svg.card_svg(
        str(code), four_colour=_four(context, four_colour), size=size, extra_class=extra_class
    )


@register.simple_tag(takes_context=True)
def cards(context, codes, size=None, four_colour=None, label=""):
    """A row of cards (a hand, a trick, a meld)."""
    four = _four(context, four_colour)
    items = format_html_join(
        "", '<li class="card-row__item">{}</li>',
        ((card_svg.card_svg(str(c), four_colour=four, size=size),) for c in codes or ()),
    )
    aria = f' aria-label="{escape(label)}"' if label else ""
    return mark_safe(f'<ul class="card-row"{aria}>{items}</ul>')


@register.simple_tag
def card_back(size=None, label=None):
    return card_svg.card_back(size=size, label=label)


@register.simple_tag
def card_text(code):
    return card_svg.card_text(str(code))


@register.filter
def card_name(code):
    """The card's name in the current language ("dix de cœur")."""
    code = str(code)
    if not is_card(code):
        return code
    return words.card_name(code)
