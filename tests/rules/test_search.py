import pytest
from django.conf import settings


def titles(client, q):
    import re

    html = client.get("/regles/recherche/", {"q": q}).content.decode()
    return re.findall(r'<h2><a href="([^"]+)"', html), html


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("ascenceur", "/regles/ascenseur/"),
        ("Ascenseur", "/regles/ascenseur/"),
        ("fredons", "/regles/glossaire/fredon/"),
        ("quinte flush", "/regles/glossaire/quinte-flush/"),
        ("regles de la maison", "/regles/"),
    ],
)
def test_it_finds_the_pages(client, content, query, expected):
    urls, _ = titles(client, query)

    assert urls and urls[0].startswith(expected)


def test_game_names_and_terms_rank_first(client, content):
    urls, html = titles(client, "tricon")

    assert urls[0] == "/regles/glossaire/tricon/"
    assert "/regles/ambigu/" in urls
    assert "<mark>" in html


def test_nothing_found_says_so(client, content):
    _, html = titles(client, "zzzyxw")

    assert "Rien trouvé" in html


@pytest.mark.skipif(
    "postgresql" not in settings.DATABASES["default"]["ENGINE"], reason="PostgreSQL only"
)
def test_postgres_uses_the_french_unaccent_configuration(content):
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT to_tsvector('french_unaccent', 'Règles des fredons')::text")
        vector = cursor.fetchone()[0]
    assert "regl" in vector and "fredon" in vector
