import pytest

from rules import markup

TERMS = [
    markup.Term("atout", "Atout", ("atouts",), "/regles/glossaire/atout/"),
    markup.Term("levee", "Levée", ("levées",), "/regles/glossaire/levee/"),
]


def test_cards_become_svg_with_french_names():
    html = markup.render("Une suite : [[Th 9h 8h]].").html

    assert html.count("<svg") == 3
    assert 'aria-label="dix de cœur"' in html
    assert 'aria-label="neuf de cœur"' in html


def test_cards_become_text_in_plain_text():
    assert "10♥ 9♥ 8♥" in markup.render("Une suite : [[Th 9h 8h]].").text
    assert "A♠ ★" in markup.plain_text("[[As Xr]]")


def test_only_the_first_occurrence_of_a_term_is_linked():
    html = markup.render(
        "L'atout gagne. Un autre atout, deux atouts.\n\nUne levée.", terms=TERMS
    ).html

    assert html.count('href="/regles/glossaire/atout/"') == 1
    assert html.count('href="/regles/glossaire/levee/"') == 1
    assert '<a class="glossary-link" href="/regles/glossaire/atout/">atout</a></span> gagne' in html


def test_an_explicit_link_counts_as_the_first_occurrence():
    html = markup.render("Les {{atout|atouts}} d'abord, puis l'atout.", terms=TERMS).html

    assert html.count("/regles/glossaire/atout/") == 1
    assert ">atouts</a>" in html


def test_headings_are_not_linked():
    html = markup.render("## L'atout\n\nTexte sur l'atout.", terms=TERMS).html

    assert "<h2" in html and "L'atout</h2>" in html
    assert html.count("/regles/glossaire/atout/") == 1


def test_unknown_cards_and_terms_are_errors():
    errors = markup.render("[[Zz]] et {{inconnu}}", terms=TERMS).errors

    assert any("Carte inconnue « Zz »" in e for e in errors)
    assert any("Terme du glossaire inconnu : « inconnu »" in e for e in errors)


def test_raw_html_is_shown_as_text():
    html = markup.render('<script>alert(1)</script> <b onclick="x">b</b>').html

    assert "<script>" not in html and "<b " not in html
    assert "&lt;script&gt;" in html


def test_a_game_page_must_have_the_skeleton_and_five_examples():
    errors = markup.render("## But du jeu\n\nGagner.", game_page=True).errors

    assert any("Section manquante : « Histoire »" in e for e in errors)
    assert any("au moins 5 exemples" in e for e in errors)


def test_a_wrong_example_is_shown_as_an_error():
    rendered = markup.render(
        "```exemple\njeu: ambigu\ntype: combinaison\nmain: 4h 4d 4c 4s\n"
        "combinaison: fredon\nvaleur: 9\n```"
    )

    assert rendered.errors and "Exemple 1" in rendered.errors[0]
    assert "rules-error" in rendered.html


def test_an_unclosed_fence_is_an_error():
    assert any("jamais refermé" in e for e in markup.render("```exemple\njeu: ambigu\n").errors)


def test_the_options_block_lists_the_engine_options():
    html = markup.render("```options\njeu: ascenseur\n```").html

    assert "Le donneur ne peut pas égaler le nombre de levées" in html
    assert "Obligation de monter à la couleur demandée" in html


# ----- addresses: only the web, e-mail and the site itself ----------------------------------

UNSAFE_LINKS = [
    "[lire](javascript:alert(1))",
    "[lire](JaVaScRiPt:alert(1))",
    "[lire](  javascript:alert(1))",
    "[lire](<java\tscript:alert(1)>)",
    "[lire](java&#x09;script:alert(1))",
    "[lire](&#106;avascript:alert(1))",
    "[lire](javascript&colon;alert(1))",
    "[lire](vbscript:msgbox(1))",
    "[lire](data:text/html;base64,PHNjcmlwdD4=)",
    "[lire](//evil.example/)",
    "[lire](/\\evil.example/)",
    "[lire][ref]\n\n[ref]: javascript:alert(1)",
]


@pytest.mark.parametrize("source", UNSAFE_LINKS)
def test_it_refuses_a_link_to_an_unsafe_address(source):
    rendered = markup.render(source)

    assert "<a" not in rendered.html and "href" not in rendered.html
    assert "lire" in rendered.html  # the words stay, as text
    assert any("Adresse refusée" in error for error in rendered.errors)


@pytest.mark.parametrize("source", [
    "![carte](data:image/svg+xml;base64,PHN2Zz4=)",
    "![carte](javascript:alert(1))",
    "![carte](DATA:image/png;base64,AAAA)",
])
def test_it_drops_an_image_from_an_unsafe_address_and_keeps_its_text(source):
    rendered = markup.render(f"Voyez {source} ici.")

    assert "<img" not in rendered.html
    assert "Voyez <span>carte</span> ici." in rendered.html
    assert rendered.errors


@pytest.mark.parametrize("url", [
    "https://fr.wikipedia.org/wiki/Ambigu", "http://example.org/", "mailto:ecrire@taverne.fr",
    "/regles/ambigu/", "#exemple-2", "?page=2", "../glossaire/",
])
def test_it_keeps_links_to_the_web_to_an_address_and_to_the_site(url):
    rendered = markup.render(f"[lire]({url}) ![image]({url})")

    assert f'<a href="{url}">lire</a>' in rendered.html
    assert f'src="{url}"' in rendered.html
    assert rendered.errors == []
