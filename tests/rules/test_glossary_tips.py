"""Glossary definitions on hover and keyboard focus: in the markup beside each linked term,
reachable by screen readers, with no inline style or script (the site's strict CSP)."""

import re
from pathlib import Path

from django.conf import settings

from rules import markup

TERMS = [
    markup.Term("atout", "Atout", ("atouts",), "/regles/glossaire/atout/", "La couleur maîtresse."),
    markup.Term("levee", "Levée", ("levées",), "/regles/glossaire/levee/", "Les cartes d'un tour."),
]
CSS = (Path(settings.BASE_DIR) / "static" / "rules" / "rules.css").read_text()


def test_a_linked_term_carries_its_definition_as_its_description():
    html = markup.render("L'atout gagne la levée.", terms=TERMS).html

    link = re.search(
        r'<a aria-describedby="([\w-]+)" class="glossary-link" '
        r'href="/regles/glossaire/atout/">atout</a>',
        html,
    )
    assert link
    tip = re.search(
        rf'<span class="glossary-tip" id="{link.group(1)}" role="tooltip">(.*?)</span></span>', html
    )
    assert tip and "La couleur maîtresse." in tip.group(1)
    assert '<strong>Atout</strong><span class="visually-hidden"> : </span>' in tip.group(1)


def test_every_description_points_to_a_unique_definition():
    html = markup.render("{{atout}}, {{atout|atouts}} et la levée.", terms=TERMS).html
    ids = re.findall(r'aria-describedby="([\w-]+)"', html)

    assert len(ids) == 3 and len(set(ids)) == 3
    assert all(f'id="{i}"' in html for i in ids)


def test_the_definition_uses_no_inline_style_or_script():
    html = markup.render("L'atout gagne.", terms=TERMS).html

    assert "style=" not in html and "<script" not in html and " on" not in html.split(">")[0]
    assert 'title="' not in html  # the old tooltip that showed only the word


def test_the_definition_shows_on_hover_and_on_keyboard_focus():
    assert ".glossary-term:hover > .glossary-tip" in CSS
    assert ".glossary-term:focus-within > .glossary-tip" in CSS
    assert re.search(r"\.glossary-tip \{ display: none; \}", CSS)


def test_a_long_definition_is_shortened_in_the_tooltip():
    long = markup.Term("atout", "Atout", (), "/regles/glossaire/atout/", "mot " * 200)
    html = markup.render("L'atout.", terms=[long]).html

    assert "…" in html and html.count("mot") < 80


def test_a_rules_page_loads_its_script_with_the_csp_nonce(client, essai):
    for _ in range(2):  # the second answer comes from the anonymous readers' cache
        response = client.get("/regles/essai/")
        html = response.content.decode()
        nonce = re.search(r'<script src="/static/rules/rules.js" nonce="([^"]+)" defer>', html)

        assert nonce and f"'nonce-{nonce.group(1)}'" in response.headers["Content-Security-Policy"]
    assert "aria-describedby" in html and 'role="tooltip"' in html
    assert 'class="back-to-top"' in html and 'href="#main"' in html
