from rules import services
from rules.models import RulesPage


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
