"""The table chat: escaped, capped, muted on demand; and the four-colour switch."""

import pytest

from play.actions import do_chat, do_create_table, do_join
from play.models import ChatMessage


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def table(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    return table


def test_the_chat_escapes_html(client, alice, bob, table):
    do_chat(table, bob, '<script>alert("x")</script><b>gras</b>')
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert '<script>alert("x")' not in page
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;gras&lt;/b&gt;" in page


def test_a_message_posted_without_javascript_appears(client, alice, table):
    client.force_login(alice)

    client.post(f"/jouer/tables/{table.pk}/discussion/", {"text": "Bonsoir la table"})

    assert ChatMessage.objects.get().text == "Bonsoir la table"
    assert "Bonsoir la table" in client.get(f"/jouer/tables/{table.pk}/").content.decode()


def test_a_too_long_message_is_refused_in_french(client, alice, table):
    client.force_login(alice)

    response = client.post(f"/jouer/tables/{table.pk}/discussion/", {"text": "a" * 301},
                           follow=True)

    assert not ChatMessage.objects.exists()
    assert "Message trop long" in response.content.decode()


def test_the_chat_box_is_length_capped(client, alice, table):
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert 'maxlength="300"' in page
    assert "ws-send" in page


def test_muting_hides_the_table_chat(client, alice, bob, table):
    do_chat(table, bob, "Un message qu'Alice ne veut plus voir")
    client.force_login(alice)

    client.post(f"/jouer/tables/{table.pk}/discussion/couper/", {"muted": "1"})
    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert "Un message qu'Alice ne veut plus voir" not in page
    assert "Rétablir le chat de cette table" in page

    client.post(f"/jouer/tables/{table.pk}/discussion/couper/", {"muted": "0"})
    assert "ne veut plus voir" in client.get(f"/jouer/tables/{table.pk}/").content.decode()


def test_the_four_colour_deck_is_remembered(client, alice):
    client.force_login(alice)

    response = client.post("/jouer/quatre-couleurs/", {"on": "1", "next": "/jouer/"})

    assert response["Location"] == "/jouer/"
    assert client.session["four_colour_deck"] is True


def test_the_four_colour_switch_does_not_redirect_elsewhere(client, alice):
    client.force_login(alice)

    response = client.post("/jouer/quatre-couleurs/", {"on": "1", "next": "https://ailleurs.example/"})

    assert response["Location"] == "/jouer/"


def test_muting_the_chat_of_an_unlisted_table_needs_the_right_to_watch_it(client, alice, charlie):
    from play.models import ChatMute

    unlisted = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(charlie)

    response = client.post(f"/jouer/tables/{unlisted.pk}/discussion/couper/", {"muted": "1"})

    assert response.status_code == 404
    assert not ChatMute.objects.filter(table=unlisted).exists()
    # With the invitation link, charlie may watch it, and so mute its chat.
    client.get(f"/jouer/tables/{unlisted.pk}/?invitation={unlisted.invite_token}")
    response = client.post(f"/jouer/tables/{unlisted.pk}/discussion/couper/", {"muted": "1"})
    assert response.status_code == 302
    assert ChatMute.objects.filter(table=unlisted, user=charlie).exists()


def test_only_the_exact_invitation_token_opens_an_unlisted_table(alice):
    from play import queries

    unlisted = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    token = unlisted.invite_token

    assert queries.token_matches(unlisted, token)
    for wrong in (token + "x", token[:-1], token[:-1] + ("A" if token[-1] != "A" else "B"),
                  token.upper() if token.upper() != token else token.lower(), "", None, 42,
                  "\ud800", [token]):
        assert not queries.token_matches(unlisted, wrong), wrong
