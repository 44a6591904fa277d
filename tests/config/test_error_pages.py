"""The error pages: 403 (also for a form failing the CSRF check), 404 and 500 in the site's
layout and the visitor's language, under the site's Content Security Policy; the icon
at /favicon.ico."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.test import Client
from django.urls import resolve
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _failing_urls(settings):
    settings.ROOT_URLCONF = "tests.config.error_urls"


def in_the_layout(html: str) -> bool:
    return 'class="site-header"' in html and "/static/css/taverne.css" in html


def no_inline_style(html: str) -> bool:
    return "<style" not in html and " style=" not in html


def test_it_shows_a_missing_page_in_the_sites_layout_in_french(client, db):
    response = client.get("/nulle-part/")
    html = response.content.decode()

    assert response.status_code == 404
    assert in_the_layout(html) and no_inline_style(html)
    assert '<html lang="fr">' in html
    assert "Cette page n&#x27;existe pas" in html or "Cette page n'existe pas" in html
    assert "Content-Security-Policy" in response.headers


def test_it_shows_a_missing_page_in_english_to_an_english_browser(client, db):
    html = client.get("/nulle-part/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert '<html lang="en">' in html
    assert "This page does not exist" in html


def test_it_shows_a_missing_page_in_the_language_chosen_on_the_site(client, db):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    html = client.get("/nulle-part/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "This page does not exist" in html


def test_it_shows_a_forbidden_page_in_the_sites_layout_in_french_and_english(client, db):
    response = client.get("/interdit/")
    html = response.content.decode()

    assert response.status_code == 403
    assert in_the_layout(html) and no_inline_style(html)
    assert "Accès refusé" in html and "not for you" not in html
    english = client.get("/interdit/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Access denied" in english


def test_it_shows_a_form_failing_the_csrf_check_the_403_page_with_what_to_do(db):
    client = Client(enforce_csrf_checks=True)

    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = response.content.decode()

    assert response.status_code == 403
    assert in_the_layout(html) and no_inline_style(html)
    assert "Accès refusé" in html and "rechargez la page" in html
    assert "CSRF cookie" not in html and "CSRF token" not in html  # the logs get the reason
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.post("/i18n/setlang/", {"language": "fr"}).content.decode()
    assert "reload the page" in english
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"  # nothing changed


def test_it_shows_a_server_error_in_the_sites_style_in_french_and_english(client, db):
    client.raise_request_exception = False

    response = client.get("/en-panne/")
    html = response.content.decode()

    assert response.status_code == 500
    assert in_the_layout(html) and no_inline_style(html)
    assert "La taverne a renversé les cartes" in html
    assert "the cellar flooded" not in html
    english = client.get("/en-panne/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in english and "The tavern spilled the cards" in english


def test_it_renders_the_server_error_page_without_a_request():
    # Django renders 500.html with an empty context: no request, no context processors.
    html = render_to_string("500.html")

    assert in_the_layout(html)
    assert "La taverne a renversé les cartes" in html
    with translation.override("en"):
        assert "The tavern spilled the cards" in render_to_string("500.html")


def test_it_answers_favicon_ico_with_the_sites_icon(client, db):
    assert resolve("/favicon.ico").url_name == "favicon"

    response = client.get("/favicon.ico")

    assert response.status_code == 302
    assert response.headers["Location"] == "/static/favicon.svg"
    icon = Path(finders.find("favicon.svg")).read_text()
    assert icon.startswith("<svg") and "</svg>" in icon and "<script" not in icon


def test_every_page_links_the_icon(client, db):
    html = client.get("/").content.decode()

    assert re.search(r'<link rel="icon" href="/static/favicon.svg" type="image/svg\+xml">',
                     html)
