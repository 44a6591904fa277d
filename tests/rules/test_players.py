"""One source of truth for the number of players: the engines. A rules page that states a
player count the engine contradicts cannot be published."""

import pytest
from django.utils import translation

from cardgames import get_game
from rules import players, services
from rules.models import RulesPage
from tests.rules.test_examples import GAMES, PAGES


@pytest.mark.parametrize("slug", GAMES)
def test_it_takes_the_players_of_the_fiche_from_the_engine(slug):
    game = get_game(slug)
    low, high = game.seat_range(game.resolve_options({}))

    assert players.phrase(slug).startswith(f"{low} à {high}")
    with translation.override("en"):
        assert players.phrase(slug).startswith(f"{low} to {high}")


def test_it_says_when_fewer_players_need_an_option():
    assert players.phrase("remigio") == "3 à 8 (2 en option)"
    assert players.phrase("ascenseur") == "3 à 7"
    with translation.override("en"):
        assert players.phrase("remigio") == "3 to 8 (2 as an option)"


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("slug", GAMES)
def test_the_shipped_pages_state_the_engines_player_counts(slug, language):
    page = PAGES[language][slug]
    rendered = services.render_page_body(
        page.body, slug, language, terms=[], players_note=page.fields.get("fiche_players", "")
    )

    assert [e for e in rendered.errors if "joueurs" in e] == []


@pytest.mark.parametrize(
    ("slug", "language", "said", "wrong"),
    [
        ("ascenseur", "fr", "De 3 à 7 joueurs", "De 2 à 7 joueurs"),
        ("ascenseur", "fr", "quatre par défaut", "cinq par défaut"),
        ("remigio", "fr", "De 3 à 8 joueurs", "De 2 à 6 joueurs"),
        ("ascenseur", "en", "From 3 to 7 players", "From 3 to 8 players"),
        ("ascenseur", "en", "four by default", "five by default"),
    ],
)
def test_a_page_stating_a_player_count_different_from_the_engines_fails(
    slug, language, said, wrong
):
    body = PAGES[language][slug].body
    assert said in body

    rendered = services.render_page_body(body.replace(said, wrong), slug, language, terms=[])

    assert any(e.startswith("Nombre de joueurs") for e in rendered.errors)


def test_a_wrong_player_count_in_the_fiche_is_refused_too():
    errors = services.render_page_body(
        "", "ambigu", terms=[], players_note="de 2 à 8 joueurs"
    ).errors

    assert "Nombre de joueurs : le texte dit « 2 à 8 », le moteur joue de 2 à 6." in errors


def test_advice_on_how_many_play_best_is_not_a_rule():
    assert players.count_errors("remigio", "Le jeu vaut mieux de 3 à 5 joueurs conseillés.") == []


def test_publishing_a_wrong_player_count_is_refused(db):
    page = RulesPage.objects.create(slug="remigio", title="Le Remigio")
    body = PAGES["fr"]["remigio"].body

    with pytest.raises(services.PublishRefused) as refused:
        services.do_publish(page, {"fiche_players": "de 4 à 8 joueurs", "body": body}, terms=[])
    assert [e for e in refused.value.errors if "joueurs" in e] == [
        "Nombre de joueurs : le texte dit « 4 à 8 », le moteur joue de 3 à 8 (2 en option)."
    ]


def test_the_rules_index_shows_the_engines_count(client, content):
    html = client.get("/regles/").content.decode()

    assert "3 à 8 (2 en option) ; 3 à 5 conseillés" in html
    assert "3 à 7 ; 4 conseillés" in html
