"""Worked examples as the page draws them (a figure of cards and checked claims, and for a
played deal its moves step by step) and as plain text for the search index, and a game's
table options read from its engine.

Everything the reader sees is in the language the page is rendered in (``rules.markup``
renders a page inside ``translation.override(page.language)``).
"""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from cardgames import get_game
from play.presentation.card_svg import card_svg
from play.presentation.games import game_name
from play.presentation.options import choice_label, option_help, option_label
from rules.examples.base import Example, Verdict, card_short

# The short page that tells readers what a checked example is (rules/content/pages/).
CHECKED_PAGE_SLUG = "exemples-verifies"
# The stored page holds this in place of the reader's CSRF token (the « Essayer cette
# position » forms), replaced on the way out by rules/views.py.
TOKEN_SLOT = "rules-csrf-token-slot-0b1d"


def _cards_html(codes, size: str = "small") -> SafeString:
    items = "".join(f'<li class="card-row__item">{card_svg(c)}</li>' for c in codes)
    return mark_safe(f'<ul class="card-row card-row--{size}">{items}</ul>')


def _checked_note() -> SafeString:
    """ "Exemple vérifié : la table de jeu le rejoue", linked to the page that explains it."""
    try:
        url = reverse("rules:page", args=[CHECKED_PAGE_SLUG])
    except NoReverseMatch:  # markup rendered outside the site
        url = ""
    link = format_html('<a href="{}">{}</a>', url, _("Exemple vérifié")) if url else ""
    return format_html(
        '<p class="rules-example__checked"><span aria-hidden="true">✓</span> {}{}</p>',
        link or _("Exemple vérifié"),
        _(" : la table de jeu le rejoue."),
    )


def _claims_html(verdict: Verdict) -> list[str]:
    if not (verdict.facts or verdict.claims):
        return []
    parts = ['<dl class="rules-example__claims">']
    for label, text in verdict.facts:
        parts.append(format_html("<div><dt>{}</dt><dd>{}</dd></div>", label, text))
    for c in verdict.claims:
        label = str(c.label)
        parts.append(
            format_html(
                '<div class="rules-example__claim"><dt>{}</dt><dd>{} '
                '<span class="rules-example__tick" aria-hidden="true">✓</span>'
                '<span class="visually-hidden">{}</span></dd></div>',
                label[:1].upper() + label[1:],
                c.display,
                pgettext("a claim of the text", "(vérifié)"),
            )
        )
    parts.append("</dl>")
    return parts


def _step_html(step) -> str:
    cards = "".join(
        card_svg(c, extra_class="playing-card--inline") for c in step.cards
    )
    pictures = format_html(
        '<span class="inline-cards" aria-hidden="true">{}</span>', mark_safe(cards)
    )
    return format_html("<li>{} {}</li>", step.text, pictures if cards else "")


def _parts_html(verdict: Verdict, number: int) -> list[str]:
    """A played deal: one ``<details>`` per stretch, the steps numbered throughout, so it
    reads step by step without JavaScript."""
    if not verdict.parts:
        return []
    total = sum(len(p.steps) for p in verdict.parts)
    out = [
        format_html(
            '<div class="rules-deal"><p class="rules-deal__lead">{}</p>',
            ngettext(
                "La partie coup par coup (%(count)s coup) : ouvrez chaque étape.",
                "La partie coup par coup (%(count)s coups) : ouvrez chaque étape.",
                total,
            )
            % {"count": total},
        )
    ]
    start = 1
    for i, part in enumerate(verdict.parts):
        out.append(
            format_html(
                '<details class="rules-deal__part"{}><summary>{}</summary>'
                '<ol class="rules-deal__steps" start="{}">',
                mark_safe(" open") if i == 0 else "",
                part.title,
                start,
            )
        )
        out += [_step_html(step) for step in part.steps]
        out.append("</ol></details>")
        start += len(part.steps)
    out.append("</div>")
    return out


def _try_form(page_slug: str, number: int) -> SafeString:
    """ « Essayer cette position »: a practice table at the example's position. The form
    names the page and the example's number only: the server reads the example again from
    the published page."""
    try:
        url = reverse("rules:try_position", args=[page_slug])
    except NoReverseMatch:  # markup rendered outside the site
        return mark_safe("")
    return format_html(
        '<form class="rules-example__try" method="post" action="{}">'
        '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'
        '<input type="hidden" name="exemple" value="{}">'
        '<button type="submit" class="button button--primary">{}</button>'
        '<span class="rules-example__try-note">{}</span></form>',
        url,
        TOKEN_SLOT,
        number,
        _("Essayer cette position"),
        _("contre des robots, les autres cartes tirées au hasard"),
    )


def render_html(
    example: Example, verdict: Verdict, number: int, try_slug: str | None = None
) -> str:
    """The example as a figure: its cards, the engine's facts and each claim checked;
    with ``try_slug`` (the page's slug, for an example that is a position to act in) the
    button that opens a practice table there."""
    title = _("Exemple %(number)s") % {"number": number}
    if example.title:
        title += f" · {example.title}"
    kind = " rules-example--deal" if verdict.parts else ""
    parts = [
        f'<figure class="rules-example{kind}" id="exemple-{number}">',
        format_html(
            '<figcaption class="rules-example__title">{}'
            '<span class="rules-example__game">{}</span></figcaption>',
            title,
            game_name(example.game),
        ),
    ]
    for label, codes in verdict.rows:
        parts.append(
            format_html(
                '<div class="rules-example__row">'
                '<span class="rules-example__label">{}</span>{}</div>',
                label,
                _cards_html(codes),
            )
        )
    parts += _parts_html(verdict, number)
    parts += _claims_html(verdict)
    parts.append(_checked_note())
    if try_slug:
        parts.append(_try_form(try_slug, number))
    parts.append("</figure>")
    return "".join(str(p) for p in parts)


def render_text(example: Example, verdict: Verdict, number: int) -> str:
    """The example in plain text (search index, feeds): cards as 10♥ and the verdicts."""
    colon = pgettext("deux-points à la française", " : ")
    title = _("Exemple %(number)s") % {"number": number}
    lines = [title + (f" · {example.title}" if example.title else "")]
    for label, codes in verdict.rows:
        lines.append(f"{label}{colon}{' '.join(card_short(c) for c in codes)}")
    for part in verdict.parts:
        if part.title:
            lines.append(part.title)
        lines += [step.text for step in part.steps]
    for label, text in verdict.facts:
        lines.append(f"{label}{colon}{text}")
    for c in verdict.claims:
        lines.append(f"{c.label}{colon}{c.display}")
    return "\n".join(lines)


def error_html(message: str) -> str:
    return (
        '<div class="rules-error" role="alert"><strong>Exemple refusé</strong> : '
        f"{escape(message)}</div>"
    )


def _option_texts(slug: str, option) -> tuple[str, str, str, str]:
    """(label, help, default, other choices) of a table option, in the page's language:
    the words the table's form uses (play/presentation/options.py)."""
    label = option_label(slug, option.key)
    help_text = option_help(slug, option.key)
    default = choice_label(slug, option, option.default)
    if option.kind == "int" and not option.choices:
        others = _("de %(low)s à %(high)s") % {"low": option.minimum, "high": option.maximum}
    else:
        others = pgettext("entre les choix d'une option", " ; ").join(
            choice_label(slug, option, value)
            for value in option.values()
            if value != option.default
        )
    return label, help_text, default, others


def options_html(game_slug: str) -> tuple[str, str]:
    """The table options of a game, read from the engine: (html table, plain text)."""
    game = get_game(game_slug)
    rows, text = [], []
    for option in game.options:
        label, help_text, default, others = _option_texts(game_slug, option)
        help_html = format_html(" <small>{}</small>", help_text) if help_text else ""
        rows.append(
            format_html(
                '<tr><th scope="row">{}{}</th><td>{}</td><td>{}</td></tr>',
                label,
                help_html,
                default,
                others,
            )
        )
        text.append(
            _("%(label)s : %(default)s (autres : %(others)s)")
            % {"label": label, "default": default, "others": others}
        )
    html = format_html(
        '<div class="table-scroll"><table class="rules-options"><thead><tr>'
        '<th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th>'
        "</tr></thead><tbody>{}</tbody></table></div>",
        _("Option"),
        _("Par défaut"),
        _("Autres choix"),
        mark_safe("".join(str(r) for r in rows)),
    )
    return str(html), "\n".join(text)
