import re

import pytest

HTML_PAGES = ["/", "/regles/", "/jouer/", "/compte/login/", "/compte/signup/"]


def test_the_home_page_links_to_the_rules_the_lobby_and_the_account(client, db):
    page = client.get("/").content.decode()

    assert 'href="/regles/"' in page
    assert 'href="/jouer/"' in page
    assert 'href="/compte/login/"' in page


def test_the_home_page_links_a_logged_in_player_to_the_profile(client, alice):
    client.force_login(alice)

    page = client.get("/").content.decode()

    assert 'href="/compte/profil/"' in page


def test_the_home_page_is_in_french_by_default(client, db):
    page = client.get("/").content.decode()

    assert '<html lang="fr">' in page
    assert "Bienvenue à la Taverne" in page


def test_the_language_switch_turns_the_site_to_english(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302

    page = client.get("/").content.decode()

    assert '<html lang="en">' in page
    assert "Welcome to the Tavern" in page


@pytest.mark.parametrize("path", HTML_PAGES)
def test_every_html_page_has_a_csp_whose_nonce_matches_its_scripts(client, db, path):
    response = client.get(path)
    assert response.status_code == 200

    policy = response.headers["Content-Security-Policy"]
    header_nonces = set(re.findall(r"'nonce-([^']+)'", policy))
    scripts = re.findall(r"<script\b[^>]*>", response.content.decode())
    script_nonces = {re.search(r'nonce="([^"]+)"', tag).group(1) for tag in scripts}

    assert scripts, "the base template loads htmx"
    assert len(header_nonces) == 1
    assert script_nonces == header_nonces
    assert "frame-ancestors 'none'" in policy


def test_the_logged_in_pages_have_a_csp_too(client, alice):
    client.force_login(alice)

    response = client.get("/compte/profil/")

    assert "'nonce-" in response.headers["Content-Security-Policy"]


def test_htmx_sends_the_csrf_token(client, db):
    page = client.get("/").content.decode()

    assert re.search(r"<body hx-headers='\{\"X-CSRFToken\": \"[^\"]+\"\}'>", page)
    assert "django_htmx/htmx-2.min.js" in page
    assert "django_htmx/ext/hx-ws-2.min.js" in page
