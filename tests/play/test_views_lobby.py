"""The lobby: open tables per game, creating a table with options, invitations, play now."""

import html

import pytest
from django.conf import settings

from play.actions import do_create_table
from play.models import Table


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def test_it_lists_open_public_tables_per_game(client, alice, bob):
    public = do_create_table(alice, "ascenseur", seat_count=4, name="Chez Alice")
    hidden = do_create_table(alice, "ascenseur", seat_count=4, name="Entre amis",
                             visibility="unlisted")
    client.force_login(bob)

    page = client.get("/jouer/").content.decode()

    assert "Chez Alice" in page
    assert "Entre amis" not in page
    assert f"/jouer/tables/{public.pk}/rejoindre/" in page
    assert f"/jouer/tables/{hidden.pk}/" not in page


def test_it_marks_games_without_an_engine_as_coming_soon(client, db, monkeypatch):
    from play.web import lobby

    monkeypatch.setattr(lobby, "available_games", lambda: {})

    page = client.get("/jouer/").content.decode()

    assert "bientôt" in page
    assert "Jouer maintenant contre des robots" not in page


def test_the_create_form_shows_the_engine_options(client, alice):
    client.force_login(alice)

    page = client.get("/jouer/creer/ascenseur/").content.decode()

    assert 'name="opt_scoring"' in page
    assert 'name="opt_dealer_constraint"' in page
    assert "Le donneur ne peut pas égaler le nombre de levées" in page


def test_it_creates_a_table_with_options(client, alice):
    client.force_login(alice)

    response = client.post(
        "/jouer/creer/ascenseur/",
        {
            "name": "Du soir",
            "seat_count": "5",
            "opt_scoring": "bonus",
            "opt_must_climb": "on",
            "opt_void_rule": "overtrump",
            "visibility": "public",
            "pace": "correspondence",
            "live_seconds": "60",
            "correspondence_days": "3",
        },
    )

    table = Table.objects.get(name="Du soir")
    assert response.status_code == 302
    assert response["Location"] == f"/jouer/tables/{table.pk}/"
    assert table.seat_count == 5
    assert table.options["scoring"] == "bonus"
    assert table.options["dealer_constraint"] is False  # unchecked box
    assert table.options["void_rule"] == "overtrump"
    assert table.pace == "correspondence" and table.move_seconds == 3 * 86400


def test_it_keeps_int_choice_values_as_ints(client, alice):
    client.force_login(alice)

    client.post(
        "/jouer/creer/all-fours/",
        {
            "name": "Trente-deux",
            "seat_count": "2",
            "opt_turnup_scores": "ajs",
            "opt_trumping": "must",
            "opt_low_goes_to": "holder",
            "opt_deck": "32",
            "visibility": "public",
            "pace": "live",
            "live_seconds": "30",
            "correspondence_days": "1",
        },
    )

    table = Table.objects.get(name="Trente-deux")
    assert table.options["deck"] == 32
    assert table.move_seconds == 30


def test_it_refuses_a_seat_count_the_game_does_not_allow(client, alice):
    client.force_login(alice)

    response = client.post(
        "/jouer/creer/ascenseur/",
        {"seat_count": "9", "visibility": "public", "pace": "live", "live_seconds": "60",
         "correspondence_days": "1", "opt_scoring": "exact", "opt_void_rule": "undertrump"},
    )

    assert response.status_code == 200
    assert not Table.objects.exists()


def test_the_invitation_link_lets_bob_join_an_unlisted_table(client, alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(bob)

    page = client.get(f"/jouer/invitation/{table.invite_token}/").content.decode()
    assert "Prendre place" in page

    response = client.post(f"/jouer/tables/{table.pk}/rejoindre/",
                           {"invitation": table.invite_token})

    assert response.status_code == 302
    assert table.seats.filter(user=bob).exists()
    assert client.get(f"/jouer/tables/{table.pk}/").status_code == 200


def test_without_the_link_charlie_cannot_join_an_unlisted_table(client, alice, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(charlie)

    response = client.post(f"/jouer/tables/{table.pk}/rejoindre/")

    assert response.status_code == 404
    assert not table.seats.filter(user=charlie).exists()


def test_a_wrong_invitation_token_is_not_found(client, bob):
    client.force_login(bob)

    assert client.get("/jouer/invitation/not-a-token/").status_code == 404


def test_play_now_seats_me_with_bots_and_deals(client, alice):
    client.force_login(alice)

    response = client.post("/jouer/maintenant/ascenseur/")

    table = Table.objects.get(owner=alice)
    assert response["Location"] == f"/jouer/tables/{table.pk}/"
    assert table.practice and table.status == "playing"
    assert table.seats.exclude(bot="").count() == table.seat_count - 1


def test_adding_a_bot_fills_a_seat(client, alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    client.force_login(alice)

    client.post(f"/jouer/tables/{table.pk}/automate/")

    assert table.seats.exclude(bot="").count() == 1


def test_anonymous_visitors_are_sent_to_log_in_before_creating(client, db):
    response = client.get("/jouer/creer/ascenseur/")

    assert response.status_code == 302
    assert "/compte/" in response["Location"]


def test_the_lobby_speaks_english_when_asked(client, alice):
    client.force_login(alice)
    # The language switcher's choice (a player's profile language beats the browser's
    # Accept-Language, see accounts/middleware.py).
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    page = client.get("/jouer/").content.decode()

    assert "Play now against bots" in page
    assert "Open tables" in page


def test_the_lobby_gives_each_game_the_players_its_engine_takes(client, db):
    page = client.get("/jouer/").content.decode()

    assert "Joueurs : 3 à 8 (2 en option)." in page  # Remigio, two players as an option
    assert "Joueurs : 2 à 6." in page  # Ambigu


def test_play_now_seats_bots_of_the_level_chosen(client, alice):
    client.force_login(alice)

    client.post("/jouer/maintenant/ascenseur/", {"niveau": "maitre"})

    table = Table.objects.get(owner=alice)
    levels = set(table.seats.exclude(bot="").values_list("bot_level", flat=True))
    assert levels == {"maitre"}


def test_an_unknown_bot_level_is_refused_and_seats_nobody(client, alice):
    client.force_login(alice)

    response = client.post("/jouer/maintenant/ascenseur/", {"niveau": "champion"}, follow=True)

    assert not Table.objects.filter(owner=alice).exists()
    assert "Niveau d&#x27;automate inconnu." in response.content.decode()


def test_a_bot_added_at_a_level_shows_it_on_its_seat(client, alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    client.force_login(alice)

    client.post(f"/jouer/tables/{table.pk}/automate/", {"niveau": "debutant"})
    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert table.seats.get(user=None).bot_level == "debutant"
    assert "automate · débutant" in page
    assert '<option value="maitre">maître</option>' in page


def test_it_counts_the_seats_taken_in_the_singular_for_one(client, alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3, visibility="unlisted")
    client.force_login(bob)

    invitation = client.get(f"/jouer/invitation/{table.invite_token}/").content.decode()
    assert "1 place prise sur 3." in invitation
    assert "1 place prise sur 3." in client.get(table.get_absolute_url()).content.decode()
    client.post(f"/jouer/tables/{table.pk}/rejoindre/", {"invitation": table.invite_token})
    assert "2 places prises sur 3." in client.get(table.get_absolute_url()).content.decode()


def test_it_names_the_game_with_its_article_after_de(client, alice):
    client.force_login(alice)

    page = html.unescape(client.get("/jouer/creer/ascenseur/").content.decode())

    assert "Nouvelle table de l'Ascenseur" in page
    assert "Relire les règles de l'Ascenseur" in page
    table = do_create_table(alice, "remigio", seat_count=3)
    assert "Règles du Remigio" in client.get(table.get_absolute_url()).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    page = html.unescape(client.get("/jouer/creer/ascenseur/").content.decode())
    assert "New L'Ascenseur (Oh Hell) table" in page
