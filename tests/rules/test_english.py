"""The rules in English: the pages and the glossary have English rows, edited and versioned
like the French ones; a page without an English text falls back visibly to French."""

import re

import pytest

from rules import services
from rules.models import GlossaryTerm, RulesPage

# The rules and the pages, through the database: once, on the embedded backends
# (tests/conftest.py).
pytestmark = pytest.mark.embedded_only

GAMES = ["ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"]


@pytest.fixture
def english(client):
    client.cookies["django_language"] = "en"
    return client


def get(client, url):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("slug", GAMES)
def test_it_renders_the_english_page_with_its_checked_examples(english, content, slug):
    html = get(english, f"/regles/{slug}/")

    assert '<div class="rules-text" lang="en">' in html
    assert html.count('class="rules-example') >= 5
    assert "Checked example" in html and "the game table replays it" in html
    assert "Exemple vérifié" not in html and "vérifié par le moteur" not in html
    assert "not been translated" not in html
    assert "## " not in html  # the markup was rendered, not shown


def test_the_game_sheet_is_in_english(english, content):
    html = get(english, "/regles/remigio/")
    sheet = html[html.index('class="rules-fiche"') : html.index("</section>")]

    assert "Players" in sheet and "3 to 8 (2 as an option); 3 to 5 recommended" in sheet
    assert "anticlockwise" in sheet and "rummy games" in sheet
    assert 'lang="fr"' not in sheet


def test_the_english_page_keeps_its_own_history(content):
    english = RulesPage.objects.get(slug="ambigu", language="en")
    french = RulesPage.objects.get(slug="ambigu", language="fr")
    services.do_publish(english, {"title": "Ambigu, the vying game"})

    french.refresh_from_db()
    assert french.title == "L'Ambigu"
    from reversion.models import Version

    assert Version.objects.get_for_object(english).count() == 2
    assert Version.objects.get_for_object(french).count() == 1


def test_a_page_without_an_english_text_falls_back_visibly_to_french(english, essai):
    html = get(english, "/regles/essai/")

    assert "This page has not been translated into English yet" in html
    assert '<div class="rules-text" lang="fr">' in html
    assert "Un texte d" in html


def test_an_unpublished_translation_is_not_shown_to_readers(english, essai):
    RulesPage.objects.create(slug="essai", language="en", title="Trial", body="Draft text.")

    html = get(english, "/regles/essai/")
    assert "Un texte d" in html and "Draft text" not in html
    assert "not been translated" in html


def test_the_glossary_is_in_english(english, content):
    html = get(english, "/regles/glossaire/")
    assert "Showdown" in html and "Turn-up" in html and "Trick" in html
    assert '<span class="badge">in French</span>' not in html

    term = get(english, "/regles/glossaire/retourne/")
    assert '<h1 lang="en">Turn-up</h1>' in term
    assert 'href="/regles/all-fours/"' in term  # where the term is used, in English


def test_a_term_without_an_english_text_falls_back_to_french(english, terms):
    html = get(english, "/regles/glossaire/atout/")

    assert "has not been translated into English yet" in html
    assert '<h1 lang="fr">Atout</h1>' in html


def test_the_index_lists_the_english_pages_and_the_checked_examples_page(english, content):
    html = get(english, "/regles/")

    for title in ("Ambigu", "L&#x27;Ascenseur", "Ramponneau", "All-fours", "Remigio"):
        assert f'lang="en">{title}</a>' in html
    assert "Checked examples" in html
    assert '<span class="badge">in French</span>' not in html


def test_english_search_finds_english_pages(english, content):
    html = get(english, "/regles/recherche/?q=showdown")

    assert re.search(r'<a href="/regles/glossaire/abattage/" lang="en">Showdown</a>', html)


def test_english_terms_are_linked_on_english_pages(content):
    page = RulesPage.objects.get(slug="ascenseur", language="en")

    assert 'href="/regles/glossaire/levee/"' in page.html
    assert (
        GlossaryTerm.objects.filter(language="en").count()
        == GlossaryTerm.objects.filter(language="fr").count()
    )
