from cardgames.ramponneau.game import GAME as RAMPONNEAU
from rules import services
from rules.models import RulesPage
from tests.rules.test_examples import PAGES


def test_the_index_lists_the_published_games(client, content):
    html = client.get("/regles/").content.decode()

    for title in ("L&#x27;Ambigu", "L&#x27;Ascenseur", "Le Ramponneau", "All-fours", "Le Remigio"):
        assert title in html


def test_each_game_page_has_its_skeleton_examples_and_play_link(client, content, alice):
    client.force_login(alice)
    for slug in ("ambigu", "ascenseur", "ramponneau", "all-fours", "remigio"):
        html = client.get(f"/regles/{slug}/").content.decode()
        assert "Fiche du jeu" in html and "Sommaire" in html
        assert html.count('class="rules-example"') >= 5
        assert "Règles de la maison" in html and "Dernière mise à jour" in html
        assert f'action="/jouer/maintenant/{slug}/"' in html


def test_a_draft_is_hidden_from_the_public(client, alice, editor, terms):
    RulesPage.objects.create(slug="brouillon", title="Brouillon secret", body="Rien.")

    assert client.get("/regles/brouillon/").status_code == 404
    assert "Brouillon secret" not in client.get("/regles/").content.decode()
    client.force_login(alice)
    assert client.get("/regles/brouillon/").status_code == 404
    client.force_login(editor)
    assert client.get("/regles/brouillon/").status_code == 200


def test_the_glossary_has_a_page_per_term(client, content):
    html = client.get("/regles/glossaire/").content.decode()
    for term in ("Donne", "Talon", "Écart", "Tricon", "Fredon", "Vade", "Blinde", "Joker"):
        assert term in html
    page = client.get("/regles/glossaire/fredon/").content.decode()
    assert "quatre cartes de même rang" in page
    assert 'href="/regles/ambigu/"' in page  # where the term is used


def test_the_interface_is_translated(client, essai):
    client.cookies["django_language"] = "en"
    html = client.get("/regles/essai/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "History" in html
    assert "Les règles sont rédigées en français" not in html or "written in French" in html


def test_the_page_is_cached_and_the_cache_is_dropped_on_publish(
    client, essai, django_capture_on_commit_callbacks
):
    assert "Un texte d" in client.get("/regles/essai/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.do_publish(essai, {"body": "Un tout autre texte.\n"})

    html = client.get("/regles/essai/").content.decode()
    assert "Un tout autre texte." in html
    assert "Un texte d" not in html


def test_a_cached_page_is_served_from_the_cache(client, essai, django_assert_max_num_queries):
    client.get("/regles/essai/")
    RulesPage.objects.filter(pk=essai.pk).update(html="<p>changé en douce</p>")  # same stamp

    assert "changé en douce" not in client.get("/regles/essai/").content.decode()


def test_a_cached_page_never_carries_its_first_visitors_query_string(client, essai):
    first = client.get("/regles/essai/?utm=mallory&next=//evil.example/").content.decode()
    later = client.get("/regles/essai/").content.decode()

    for html in (first, later):
        assert "mallory" not in html and "evil.example" not in html
        assert 'name="next" value="/regles/essai/"' in html


# ----- statements fixed in issue 16 --------------------------------------------------------


def test_the_all_fours_page_says_what_the_cinch_players_try():
    for language, said in (("fr", "battre le cinq d'atout"), ("en", "beat the five of trumps")):
        body = PAGES[language]["all-fours"].body
        assert said in body
        assert "carte maîtresse" not in body


def test_the_all_fours_page_counts_every_turn_up_that_scores():
    body = PAGES["fr"]["all-fours"].body
    assert "quatre au plus, plus ceux de la" not in body
    assert "celle d'une redonne quand le talon s'est épuisé" in body
    assert "the one of a redeal when the stock has run out" in PAGES["en"]["all-fours"].body


def test_the_ramponneau_page_states_the_house_betting_rules():
    french = PAGES["fr"]["ramponneau"].body
    assert "la plus forte mise ou relance déjà faite dans ce tour" in french
    assert "d'au moins autant que la dernière mise ou relance" not in french
    assert "soit fait tapis pour moins" in french and "elle peut encore dire parole" in french
    assert "autant de pots secondaires que de tapis de montants différents" not in french
    english = PAGES["en"]["ramponneau"].body
    assert "the largest bet or raise already made in this round" in english
    assert "gone all in for less" in english and "it may still check or raise" in english


def test_the_ramponneau_buy_in_matches_the_table_option_on_the_same_page():
    option = next(o for o in RAMPONNEAU.options if o.key == "starting_stack")
    others = [str(value) for value in option.choices if value != option.default]
    for language, unit in (("fr", "grosses blindes"), ("en", "big blinds")):
        body = PAGES[language]["ramponneau"].body
        assert f"{option.default} {unit}" in body
        assert all(value in body for value in others)
        assert "de 10 à 100 fois la grosse" not in body


def test_the_innkeeper_is_spelled_ramponeau_in_the_history():
    assert "Ramponeau" in PAGES["fr"]["ramponneau"].body.split("## Histoire")[1]
    assert "Ramponeau" in PAGES["en"]["ramponneau"].body.split("## History")[1]
    assert PAGES["fr"]["ramponneau"].fields["title"] == "Le Ramponneau"
