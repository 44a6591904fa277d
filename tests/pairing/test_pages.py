"""The pairing's pages with the test client: the lobby's seek form and live list, the seek
page and its poll, « Défier » from a player's page and « Mes amis », answering."""

import pytest

from friends.services import do_block, do_follow
from pairing.models import Challenge, Seek
from pairing.services import do_challenge, do_seek

pytestmark = pytest.mark.django_db

SEEK = {"seat_count": "2", "pace": "live", "live_seconds": "60", "correspondence_days": "3",
        "rated": "1", "rating_min": "", "rating_max": "", "bots_after": ""}


@pytest.fixture(autouse=True)
def _no_clock(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def test_the_lobby_offers_to_play_against_players_and_lists_open_seeks(client, alice, bob):
    do_seek(bob, "all-fours", seat_count=2)
    client.force_login(alice)

    page = client.get("/jouer/").content.decode()

    assert "Jouer contre des joueurs" in page and 'action="/jouer/chercher/all-fours/"' in page
    assert "Bob" in page and "/jouer/recherche/" in page
    assert 'action="/jouer/chercher/ramponneau/"' not in page  # played for écus


def test_a_seek_from_the_lobby_waits_on_its_page_then_lands_at_the_table(client, alice, bob):
    client.force_login(alice)
    answer = client.post("/jouer/chercher/all-fours/", SEEK)
    seek = Seek.objects.get(user=alice)
    assert answer.url == f"/jouer/recherche/{seek.pk}/"
    assert "gardez cette page ouverte" in client.get(answer.url).content.decode()

    client.force_login(bob)
    joined = client.post(f"/jouer/recherche/{seek.pk}/rejoindre/")
    seek.refresh_from_db()
    assert joined.url == seek.table.get_absolute_url()

    client.force_login(alice)
    poll = client.get(f"/jouer/recherche/{seek.pk}/etat/", headers={"HX-Request": "true"})
    assert poll["HX-Redirect"] == seek.table.get_absolute_url()


def test_a_refused_seek_says_why_on_the_lobby(client, alice):
    client.force_login(alice)
    answer = client.post("/jouer/chercher/all-fours/", {**SEEK, "rating_min": "50"},
                         follow=True)
    assert "hors de la fourchette" in answer.content.decode()
    assert not Seek.objects.exists()


def test_a_player_page_and_my_friends_offer_to_challenge(client, alice, bob):
    do_follow(alice, "bob")
    client.force_login(alice)
    assert "/defis/nouveau/bob/" in client.get("/joueurs/bob/").content.decode()
    assert "/defis/nouveau/bob/" in client.get("/amis/").content.decode()


def test_a_challenge_is_sent_received_on_the_lobby_and_accepted(client, alice, bob):
    client.force_login(alice)
    sent = client.post("/defis/nouveau/bob/", {"game": "all-fours", "pace": "live",
                                               "live_seconds": "60", "correspondence_days": "3",
                                               "rated": "0", "others": ""})
    challenge = Challenge.objects.get()
    assert sent.url == f"/defis/{challenge.pk}/" and not challenge.rated

    client.force_login(bob)
    assert "Alice</strong> vous défie" in client.get("/jouer/").content.decode()
    accepted = client.post(f"/defis/{challenge.pk}/accepter/")
    challenge.refresh_from_db()
    assert accepted.url == challenge.table.get_absolute_url()


def test_a_blocked_player_cannot_be_challenged_from_the_form(client, alice, bob):
    do_block(bob, "alice")
    client.force_login(alice)
    page = client.post("/defis/nouveau/bob/", {"game": "all-fours", "pace": "live",
                                               "live_seconds": "60", "correspondence_days": "3",
                                               "rated": "1"}).content.decode()
    assert "Vous ne pouvez pas défier Bob" in page and not Challenge.objects.exists()


def test_declining_with_a_reason(client, alice, bob):
    challenge = do_challenge(alice, ["bob"], "all-fours")
    client.force_login(bob)
    client.post(f"/defis/{challenge.pk}/refuser/", {"raison": "not_this_game"})
    challenge.refresh_from_db()
    assert challenge.status == "declined"
    client.force_login(alice)
    assert "pas ce jeu" in client.get(f"/defis/{challenge.pk}/").content.decode()


def test_a_stranger_does_not_see_a_challenge(client, alice, bob, charlie):
    challenge = do_challenge(alice, ["bob"], "all-fours")
    client.force_login(charlie)
    assert client.get(f"/defis/{challenge.pk}/").status_code == 404


def test_an_english_reader_reads_the_seek_form_and_my_challenges_in_english(client, alice,
                                                                             bob):
    do_seek(bob, "all-fours", seat_count=2)
    do_challenge(bob, "alice", "all-fours")
    do_challenge(alice, "bob", "all-fours", pace="correspondence", move_seconds=86400)
    alice.preferred_language = "en"
    alice.save(update_fields=["preferred_language"])
    client.force_login(alice)

    lobby = client.get("/jouer/").content.decode()
    mine = client.get("/defis/").content.decode()

    for words in ("Play against people", "Look for opponents", "Number of players",
                  "Opponents rated between (optional)", "Fill with bots", "Search",
                  "<strong>Bob</strong> challenges you", "1 player"):
        assert words in lobby, words
    for words in ("My challenges", "Challenges waiting for others", "Accept"):
        assert words in mine, words
    for french in ("Jouer contre des joueurs", "Chercher des adversaires", "Mes défis",
                   "vous défie", "Défis en attente des autres"):
        assert french not in lobby + mine, french


def test_the_lobby_shows_each_seekers_reliability_and_a_seek_may_ask_for_one(
        client, alice, bob, charlie):
    from tests.play.test_reliability import finished_game
    for _ in range(5):
        finished_game([bob, charlie])
    do_seek(bob, "all-fours", seat_count=2)
    client.force_login(alice)
    client.post("/jouer/chercher/all-fours/", {**SEEK, "rating_min": "", "seat_count": "2",
                                               "pace": "correspondence",
                                               "min_reliability": "90"})
    assert Seek.objects.get(user=alice).min_reliability == 90

    page = client.get("/jouer/").content.decode()

    assert "fiable à 100 %" in page  # bob, five games finished
    assert "nouveau joueur" in page  # alice
    assert "au moins 90 % de leurs parties" in page


def test_a_challenge_received_says_how_reliable_its_challenger_is(client, alice, bob):
    do_challenge(alice, ["bob"], "all-fours")
    client.force_login(bob)
    assert "nouveau joueur" in client.get("/jouer/").content.decode()


def test_a_player_at_the_limit_of_correspondence_games_is_told_so_on_the_lobby(
        client, alice, bob, settings):
    from play.actions import do_create_table
    from play.actions.tables import CORRESPONDENCE_START
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 50
    for _ in range(CORRESPONDENCE_START):
        do_create_table(alice, "all-fours", seat_count=2, pace="correspondence",
                        move_seconds=86400)
    do_challenge(bob, ["alice"], "all-fours", pace="correspondence", move_seconds=86400)
    client.force_login(alice)

    seeking = client.post("/jouer/chercher/all-fours/", {**SEEK, "pace": "correspondence"},
                          follow=True)
    accepting = client.post(f"/defis/{Challenge.objects.get().pk}/accepter/", follow=True)

    assert seeking.status_code == accepting.status_code == 200
    assert "parties par correspondance en cours" in seeking.content.decode()
    assert "parties par correspondance en cours" in accepting.content.decode()
    assert not Seek.objects.exists()
    assert Challenge.objects.get().invitees.get().answer == "pending"
