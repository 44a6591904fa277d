from django.conf import settings


def test_it_requires_login(client, db):
    response = client.get("/compte/profil/")

    assert response.status_code == 302
    assert response.url.startswith("/compte/login/")


def test_it_saves_display_name_language_and_notifications(client, alice):
    client.force_login(alice)

    response = client.post(
        "/compte/profil/",
        {
            "display_name": "Alice la Rousse",
            "preferred_language": "en",
            "notify_your_turn": "",
            "notify_by_email": "on",
        },
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "Alice la Rousse"
    assert alice.preferred_language == "en"
    assert not alice.notify_your_turn
    assert alice.notify_by_email
    # Saving the language also switches the session's language.
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    page = client.get("/compte/profil/").content.decode()
    assert '<html lang="en">' in page
    assert "My profile" in page


def test_it_shows_the_level_and_a_hint_to_verify_the_email(client, charlie):
    client.force_login(charlie)

    page = client.get("/compte/profil/").content.decode()

    assert "Niveau 0" in page
    assert "/compte/email/" in page


def test_it_shows_level_1_for_a_verified_player(client, alice):
    client.force_login(alice)

    page = client.get("/compte/profil/").content.decode()

    assert "Niveau 1" in page


def test_signing_in_switches_the_site_to_the_profile_language(client, alice):
    alice.preferred_language = "en"
    alice.save()
    client.force_login(alice)

    response = client.get("/")

    assert '<html lang="en"' in response.content.decode()
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"


def test_the_language_switcher_still_wins_over_the_profile(client, alice):
    alice.preferred_language = "en"
    alice.save()
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"

    response = client.get("/")

    assert '<html lang="fr"' in response.content.decode()
