"""Worked examples as the page draws them (a figure of cards and checked claims) and as
plain text for the search index, and a game's table options read from its engine."""

from __future__ import annotations

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from cardgames import get_game
from play.presentation.card_svg import card_svg
from rules.examples.base import Example, Verdict, card_short


def _cards_html(codes) -> SafeString:
    items = "".join(f'<li class="card-row__item">{card_svg(c, lang="fr")}</li>' for c in codes)
    return mark_safe(f'<ul class="card-row card-row--small">{items}</ul>')


def render_html(example: Example, verdict: Verdict, number: int) -> str:
    """The example as a figure: its cards, the engine's facts and each claim checked."""
    title = f"Exemple {number}" + (f" · {example.title}" if example.title else "")
    parts = [
        f'<figure class="rules-example" id="exemple-{number}">',
        format_html(
            '<figcaption class="rules-example__title">{}'
            '<span class="rules-example__game">{}</span></figcaption>',
            title,
            get_game(example.game).name_fr,
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
    if verdict.facts or verdict.claims:
        parts.append('<dl class="rules-example__claims">')
        for label, text in verdict.facts:
            parts.append(format_html("<div><dt>{}</dt><dd>{}</dd></div>", label, text))
        for c in verdict.claims:
            parts.append(
                format_html(
                    '<div class="rules-example__claim"><dt>{}</dt><dd>{} '
                    '<span class="rules-example__ok">'
                    '<span aria-hidden="true">✓</span> vérifié par le moteur</span></dd></div>',
                    c.label[:1].upper() + c.label[1:],
                    c.engine,
                )
            )
        parts.append("</dl>")
    parts.append("</figure>")
    return "".join(str(p) for p in parts)


def render_text(example: Example, verdict: Verdict, number: int) -> str:
    """The example in plain text (search index, feeds): cards as 10♥ and the verdicts."""
    lines = [f"Exemple {number}" + (f" : {example.title}" if example.title else "")]
    for label, codes in verdict.rows:
        lines.append(f"{label} : {' '.join(card_short(c) for c in codes)}")
    for label, text in verdict.facts:
        lines.append(f"{label} : {text}")
    for c in verdict.claims:
        lines.append(f"{c.label} : {c.engine}")
    return "\n".join(lines)


def error_html(message: str) -> str:
    return (
        '<div class="rules-error" role="alert"><strong>Exemple refusé</strong> : '
        f"{escape(message)}</div>"
    )


def options_html(game_slug: str) -> tuple[str, str]:
    """The table options of a game, read from the engine: (html table, plain text)."""
    game = get_game(game_slug)
    rows, text = [], []
    for option in game.options:
        if option.kind == "bool":
            default = "oui" if option.default else "non"
            others = "non" if option.default else "oui"
        elif option.kind == "int" and not option.choices:
            default = str(option.default)
            others = f"de {option.minimum} à {option.maximum}"
        else:
            labels = {value: fr for value, fr, _ in option.choices}
            default = labels.get(option.default, str(option.default))
            others = " ; ".join(fr for value, fr, _ in option.choices if value != option.default)
        help_text = f" <small>{escape(option.help_fr)}</small>" if option.help_fr else ""
        rows.append(
            format_html(
                '<tr><th scope="row">{}{}</th><td>{}</td><td>{}</td></tr>',
                option.label_fr,
                mark_safe(help_text),
                default,
                others,
            )
        )
        text.append(f"{option.label_fr} : {default} (autres : {others})")
    html = (
        '<div class="table-scroll"><table class="rules-options"><thead><tr>'
        '<th scope="col">Option</th>'
        '<th scope="col">Par défaut</th><th scope="col">Autres choix</th></tr></thead><tbody>'
        + "".join(str(r) for r in rows)
        + "</tbody></table></div>"
    )
    return html, "\n".join(text)
