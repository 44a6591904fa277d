"""Guests: a visitor plays against bots in one click, without an account; what a guest may
not do (chat, tables with people, the economy, ratings, a public page), each refused with
a sentence and nothing changed; the guest's game moves to the account created from it."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model

from accounts.guests import GUEST_USERNAME_PREFIX
from economy import ledger
from economy.chips.caves import do_cave
from economy.errors import EconomyError
from economy.models import Currency, LedgerEntry, Wallet
from play.actions import (
    ServiceError,
    do_act,
    do_chat,
    do_create_guest,
    do_create_table,
    do_join,
    do_leave,
    do_play_now,
    do_resign,
)
from play.actions.guests import GUEST_TABLES
from play.models import Action, ChatMessage, Game, Participant, Seat, Table
from ratings.models import Rating

User = get_user_model()


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def text(response) -> str:
    return html.unescape(response.content.decode())


def the_guest():
    return User.objects.get(is_guest=True)


def try_game(client, slug="ascenseur", follow=False, **data):
    return client.post(f"/jouer/essayer/{slug}/", data, follow=follow)


# ----- one click ---------------------------------------------------------------------


def test_the_home_page_offers_each_game_in_one_click_without_an_account(client, db):
    page = client.get("/").content.decode()

    assert "Jouer sans compte" in page
    for slug in ("ascenseur", "ambigu", "ramponneau", "all-fours", "remigio"):
        assert f'action="/jouer/essayer/{slug}/"' in page


def test_a_visitor_is_dealt_a_practice_game_against_bots_as_a_guest(client, db):
    response = try_game(client)

    guest = the_guest()
    table = Table.objects.get()
    assert response.status_code == 302 and response.url == f"/jouer/tables/{table.pk}/"
    assert table.practice and table.status == Table.Status.PLAYING
    seats = list(table.seats.all())
    assert [s.user for s in seats if s.user_id] == [guest]
    assert all(s.bot for s in seats if s.user_id is None)
    assert table.games.get().status == Game.Status.PLAYING
    assert not guest.has_usable_password() and guest.email == ""
    assert guest.username.startswith(GUEST_USERNAME_PREFIX)
    assert re.fullmatch(r"Invité \d{4,8}", guest.public_name)

    page = client.get(table.get_absolute_url()).content.decode()
    assert "Vous jouez en invité" in page and guest.public_name in page
    assert 'href="/compte/signup/"' in page


def test_a_guest_playing_again_stays_the_same_guest(client, db):
    try_game(client)
    try_game(client, "all-fours")

    assert User.objects.filter(is_guest=True).count() == 1
    assert Seat.objects.filter(user=the_guest()).count() == 2


def test_it_limits_the_guests_created_from_one_address(client, db, settings):
    settings.GUESTS_PER_IP = (2, 3600)
    for _ in range(2):
        try_game(client)
        client.logout()

    response = try_game(client, follow=True)

    assert User.objects.filter(is_guest=True).count() == 2
    assert "Trop de parties d'essai depuis votre adresse" in text(response)


def test_a_guest_runs_only_a_few_practice_games_at_once(client, db):
    for _ in range(GUEST_TABLES):
        try_game(client)

    response = client.post("/jouer/essayer/ascenseur/", follow=True)

    assert Table.objects.count() == GUEST_TABLES
    assert "parties en cours" in text(response)
    # One left, another may start.
    do_leave(Table.objects.first(), the_guest())
    try_game(client)
    assert Table.objects.count() == GUEST_TABLES + 1


def test_an_account_plays_in_one_click_too_without_becoming_a_guest(client, alice):
    client.force_login(alice)

    try_game(client, "remigio")

    assert not User.objects.filter(is_guest=True).exists()
    assert Seat.objects.get(user=alice).table.practice


def test_it_refuses_a_game_that_is_not_open(client, db):
    assert try_game(client, "belote").status_code == 404
    assert not User.objects.filter(is_guest=True).exists()


# ----- what a guest may not do -----------------------------------------------------------


@pytest.fixture
def guest(db):
    return do_create_guest()


def test_it_refuses_a_guest_at_a_table_with_people(guest, alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    with pytest.raises(ServiceError) as refused:
        do_join(table, guest)

    assert refused.value.code == "account_required"
    assert "créez un compte" in refused.value.message()
    assert list(table.seats.values_list("user_id", flat=True)) == [alice.pk]


def test_it_refuses_a_guest_opening_a_table_for_people(client, guest):
    with pytest.raises(ServiceError) as refused:
        do_create_table(guest, "ascenseur", seat_count=3)
    assert refused.value.code == "account_required"

    client.force_login(guest)
    response = client.post("/jouer/creer/ascenseur/", {
        "seat_count": "3", "visibility": "unlisted", "pace": "live", "live_seconds": "60",
        "correspondence_days": "3", "opt_scoring": "bonus", "opt_void_rule": "overtrump",
    })
    assert "Les invités jouent contre les robots seulement" in text(response)
    assert not Table.objects.exists()


def test_it_refuses_a_guest_joining_from_the_lobby(client, guest, alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    client.force_login(guest)

    response = client.post(f"/jouer/tables/{table.pk}/rejoindre/", follow=True)

    assert "Les invités jouent contre les robots seulement" in text(response)
    assert table.seats.count() == 1


def test_it_refuses_a_guest_chat(client, guest):
    table = do_play_now(guest, "ascenseur")

    with pytest.raises(ServiceError) as refused:
        do_chat(table, guest, "Bonjour")
    assert refused.value.code == "account_required"

    client.force_login(guest)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "pour discuter à table" in page and 'name="text"' not in page
    response = client.post(f"/jouer/tables/{table.pk}/discussion/", {"text": "Bonjour"},
                           follow=True)
    assert "Les invités ne peuvent pas écrire à table" in text(response)
    assert not ChatMessage.objects.exists()


def test_it_refuses_the_economy_to_a_guest(client, guest, alice):
    client.force_login(guest)
    for path in ("/compte/jetons/", "/compte/mouvements/", "/compte/achats/",
                 "/jouer/ma-taverne/", "/compte/profil/"):
        response = client.get(path)
        assert response.status_code == 302 and response.url == "/compte/signup/", path
    page = client.get("/compte/signup/").content.decode()
    assert "Créez un compte pour avoir un profil" in page
    response = client.post("/compte/jetons/mains/", {"pack": "1"}, follow=True)
    assert "Les invités n'ont ni porte-monnaie ni jetons" in text(response)

    with pytest.raises(EconomyError) as refused:
        ledger.post(guest, Currency.ECUS, 100, reason="adjustment", key="guest-ecus")
    assert refused.value.code == "account_required"

    chips = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    with pytest.raises(EconomyError):
        do_cave(chips, guest, 100, request_key="guest-cave", may_sit=True)
    assert not chips.seats.exists()
    assert not Wallet.objects.filter(user=guest).exists()
    assert not LedgerEntry.objects.filter(account=guest).exists()


def test_a_guest_is_never_rated_nor_shown_as_a_player(client, guest):
    table = do_play_now(guest, "ascenseur")
    do_resign(table, guest)
    assert table.games.get().status == Game.Status.FINISHED

    assert not Rating.objects.filter(user=guest).exists()
    assert client.get(f"/joueurs/{guest.username}/").status_code == 404
    assert guest.public_name not in client.get("/joueurs/classement/ascenseur/").content.decode()
    client.force_login(guest)
    history = client.get("/jouer/historique/").content.decode()
    assert "Ma page publique" not in history


# ----- signing up -----------------------------------------------------------------------


SIGN_UP = {
    "username": "dora",
    "email": "dora@example.com",
    "password1": "un-mot-de-passe-solide",
    "password2": "un-mot-de-passe-solide",
}


def test_the_sign_up_page_is_open_to_a_guest(client, guest):
    client.force_login(guest)

    response = client.get("/compte/signup/")

    assert response.status_code == 200
    assert 'name="username"' in text(response)


def test_a_guests_game_moves_to_the_account_created_from_it(client, db):
    try_game(client, "ascenseur")
    guest = the_guest()
    table = Table.objects.get()
    game = table.games.get()
    moves_before = Action.objects.filter(user=guest).count()

    response = client.post("/compte/signup/", SIGN_UP)

    dora = User.objects.get(username="dora")
    assert not dora.is_guest
    assert not User.objects.filter(pk=guest.pk).exists()
    assert table.seats.get(position=0).user == dora
    assert Participant.objects.get(game=game, position=0).user == dora
    assert Participant.objects.get(game=game, position=0).name == "dora"
    assert Action.objects.filter(user=dora).count() == moves_before
    assert not Action.objects.filter(user__is_guest=True).exists()
    # Signed in to the account at once (the guest's sign-in went with the guest), and
    # back at the table, where Dora plays on before confirming her address.
    assert client.session["_auth_user_id"] == str(dora.pk)
    assert response.status_code == 302 and response.url == f"/jouer/tables/{table.pk}/"
    assert f"/jouer/tables/{table.pk}/" in client.get("/jouer/mes-parties/").content.decode()
    game.refresh_from_db()
    if game.state["actor"] != 0:  # the bots first
        from play.clock.scheduler import run_due

        while game.state["actor"] != 0:
            run_due()
            game.refresh_from_db()
    legal = table.engine.legal_actions(game.state)
    result = do_act(game, dora, legal[0], game.version)
    assert result.version == game.version + 1
    assert Action.objects.filter(game=game, user=dora).exists()


def test_adopting_a_guest_already_gone_moves_nothing(guest, alice):
    from play.actions import do_adopt_guest

    do_play_now(guest, "ascenseur")
    assert do_adopt_guest(guest, alice) != []

    assert do_adopt_guest(guest, alice) == []
    assert Seat.objects.filter(user=alice).count() == 1


def test_a_guest_signing_up_with_a_taken_address_stays_a_guest(client, alice):
    try_game(client)
    guest = the_guest()

    client.post("/compte/signup/", SIGN_UP | {"email": alice.email})

    assert not User.objects.filter(username="dora").exists()
    assert Seat.objects.get(user=guest)
    assert client.session["_auth_user_id"] == str(guest.pk)


def test_a_visitor_signing_up_has_nothing_to_move(client, db):
    response = client.post("/compte/signup/", SIGN_UP)

    assert response.status_code == 302
    assert User.objects.filter(username="dora", is_guest=False).exists()
    assert not Seat.objects.exists()
