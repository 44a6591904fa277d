"""A newcomer's first hour without a browser (issue #29; the browser's side is
tests/play/test_browser_newcomer_language.py; « Essayer cette position » for a visitor is
in tests/rules/test_try_position.py):

- the reader's language holds: a guest keeps the language they were reading, an account
  keeps the one its sign-up form was read in, the language switcher keeps a player's
  choice in their profile; a guest's name, the table, its socket frames and the e-mails
  follow;
- a guest who signs up is signed in at once and sent back to their table, their seat
  theirs again; the bot played it, visibly, while they filled the form; the e-mail's link
  still gates the écus, the purchases and the daily hands;
- the visitor's lobby deals a game against bots in one click.
"""

from __future__ import annotations

import html
import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from accounts import levels
from economy import hands, ledger, purchases
from economy.errors import EconomyError
from economy.models import Currency, TokenBundle
from play.actions import (
    do_act,
    do_create_guest,
    do_create_table,
    do_join,
    do_play_now,
    do_stand_in_while_signing_up,
)
from play.clock.notifications import send_turn_email_now
from play.clock.scheduler import run_due
from play.models import Action, Table
from play.presentation.view import view_from_snapshot
from play.queries import load_snapshot

User = get_user_model()

SIGN_UP = {
    "username": "dora",
    "email": "dora@example.com",
    "password1": "un-mot-de-passe-solide",
    "password2": "un-mot-de-passe-solide",
}


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def english(db):
    return Client(headers={"accept-language": "en"})


def text(response) -> str:
    return html.unescape(response.content.decode())


def the_guest():
    return User.objects.get(is_guest=True)


def try_game(client, slug="ascenseur", **data):
    return client.post(f"/jouer/essayer/{slug}/", data)


# ----- the reader's language ---------------------------------------------------------


def test_a_guest_keeps_the_language_they_were_reading(english):
    try_game(english)

    guest = the_guest()
    assert guest.preferred_language == "en"
    table = Table.objects.get()
    page = text(english.get(table.get_absolute_url()))
    assert '<html lang="en">' in page
    assert f"You are playing as a guest (Guest {guest.display_name})" in page
    assert "Vous jouez en invité" not in page and "Invité " not in page
    assert "lang=en" in page  # the table's socket is opened in English


def test_a_french_reader_stays_a_french_guest(client, db):
    try_game(client)

    assert the_guest().preferred_language == "fr"


def test_a_guests_name_is_worded_in_each_readers_language(english, db):
    guest = do_create_guest(language="en")
    table = do_play_now(guest, "ascenseur")
    snapshot = load_snapshot(table.pk)

    english_view = view_from_snapshot(snapshot, guest, "en")
    french_view = view_from_snapshot(load_snapshot(table.pk), None, "fr")

    number = guest.display_name
    assert english_view["seat_names"][0] == f"Guest {number}"
    assert french_view["seat_names"][0] == f"Invité {number}"
    assert any(f"Guest {number} deals" in line["text"] for line in english_view["log"])
    assert not any("Invité" in line["text"] for line in english_view["log"])


def test_an_account_keeps_the_language_its_sign_up_was_read_in(english, mailoutbox):
    english.post("/compte/signup/", SIGN_UP)

    dora = User.objects.get(username="dora")
    assert dora.preferred_language == "en"
    [confirmation] = mailoutbox
    assert confirmation.body.startswith("Hello from"), confirmation.body


def test_a_guest_who_signs_up_in_english_gets_english_mails(english, alice, bob, mailoutbox):
    try_game(english)
    english.get("/compte/signup/")
    english.post("/compte/signup/", SIGN_UP)
    dora = User.objects.get(username="dora")
    assert dora.preferred_language == "en"
    assert mailoutbox[-1].body.startswith("Hello from")  # the confirmation

    # Confirmed, Dora is dealt at a correspondence table with Alice and Bob: her turn's
    # e-mail is English too, though no request is there to say so.
    EmailAddress.objects.filter(user=dora).update(verified=True)
    dora.notify_your_turn = dora.notify_by_email = True
    dora.save()
    table = do_create_table(bob, "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=3 * 86400)
    do_join(table, alice)
    do_join(table, dora)
    game = table.current_game()
    dora_seat = table.seats.get(user=dora).position
    players = {s.position: s.user for s in table.seats.all()}
    while game.actor != dora_seat:  # the others' moves first
        do_act(game, players[game.actor], table.engine.legal_actions(game.state)[0],
               game.version)
        game.refresh_from_db()
    mailoutbox.clear()

    assert send_turn_email_now(game.pk, dora_seat, game.version)
    [turn] = mailoutbox
    assert "your turn" in (turn.subject + turn.body).lower(), turn.subject
    assert "À vous" not in turn.subject + turn.body


def test_the_language_switcher_keeps_a_players_choice_in_their_profile(client, alice):
    client.force_login(alice)

    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    alice.refresh_from_db()
    assert alice.preferred_language == "en"

    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})  # no such language
    alice.refresh_from_db()
    assert alice.preferred_language == "en"


def test_the_language_switcher_keeps_a_guests_choice_for_the_account(client, db):
    try_game(client)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert the_guest().preferred_language == "en"

    client.post("/compte/signup/", SIGN_UP)

    assert User.objects.get(username="dora").preferred_language == "en"


def test_the_language_switcher_changes_nothing_for_a_visitor(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/jouer/"})

    assert response.status_code == 302 and response.url == "/jouer/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    assert not User.objects.exists()


# ----- a guest signing up --------------------------------------------------------------


def test_opening_the_sign_up_form_leaves_the_guests_live_games_to_the_bot(client, db):
    try_game(client, "ascenseur")
    guest = the_guest()
    table = Table.objects.get()

    page = text(client.get("/compte/signup/"))

    assert "un automate joue à votre place" in page
    seat = table.seats.get(user=guest)
    assert seat.sitting_out
    game = table.current_game()
    last = Action.objects.filter(game=game).order_by("-seq").first()
    assert last.message == {"code": "platform.signing_up", "seat": seat.position}
    # The bot plays the guest's turns meanwhile (no timeout, no clock to run out).
    for _ in range(20):
        run_due()
    game.refresh_from_db()
    assert Action.objects.filter(game=game, seat=seat.position, source="bot").exists()
    assert not Action.objects.filter(game=game, source="timer").exists()
    assert game.deadline is None or game.actor != seat.position


def test_the_log_says_who_plays_while_the_guest_signs_up(client, db):
    try_game(client)
    guest = the_guest()
    client.get("/compte/signup/")
    table = Table.objects.get()

    view = view_from_snapshot(load_snapshot(table.pk), guest, "fr")

    assert (f"{guest.public_name} crée son compte : un automate joue à sa place en attendant."
            in [line["text"] for line in view["log"]])


def test_a_correspondence_game_is_left_alone_while_signing_up(db):
    guest = do_create_guest()
    table = do_play_now(guest, "ascenseur")
    Table.objects.filter(pk=table.pk).update(pace=Table.Pace.CORRESPONDENCE)

    assert do_stand_in_while_signing_up(guest) == []
    assert not table.seats.get(user=guest).sitting_out


def test_an_account_opening_the_sign_up_form_leaves_nothing_to_the_bot(alice):
    table = do_play_now(alice, "ascenseur")

    assert do_stand_in_while_signing_up(alice) == []
    assert not table.seats.get(user=alice).sitting_out


def test_a_guest_who_signs_up_is_signed_in_and_back_at_their_table(client, db):
    try_game(client, "ascenseur")
    table = Table.objects.get()
    client.get("/compte/signup/")

    response = client.post("/compte/signup/", SIGN_UP)

    dora = User.objects.get(username="dora")
    assert client.session["_auth_user_id"] == str(dora.pk)
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    seat = table.seats.get(position=0)
    assert seat.user == dora and not seat.sitting_out  # her seat again
    page = text(client.get(response.url))
    assert "Bienvenue, dora" in page and "confirmez votre adresse" in page
    assert "Vous jouez en invité" not in page
    assert 'id="my-hand"' in page
    game = table.current_game()
    assert Action.objects.filter(game=game, message__code="platform.back").exists()


def test_a_guest_with_two_games_goes_back_to_the_one_they_signed_up_from(client, db):
    try_game(client, "ascenseur")
    try_game(client, "all-fours")
    first, second = Table.objects.order_by("pk")
    # The first is not the latest: only the sign-up's ``next`` sends Dora back there.
    Table.objects.filter(pk=first.pk).update(updated_at=timezone.now() - timedelta(hours=1))
    form = text(client.get(f"/compte/signup/?next={first.get_absolute_url()}"))
    assert f'name="next" value="{first.get_absolute_url()}"' in form

    response = client.post("/compte/signup/", SIGN_UP | {"next": first.get_absolute_url()})

    assert response.url == first.get_absolute_url()
    dora = User.objects.get(username="dora")
    assert not first.seats.get(user=dora).sitting_out
    # The other game stays with the bot until Dora comes back to it (« Je reviens »).
    assert second.seats.get(user=dora).sitting_out


def test_the_banner_at_a_table_signs_up_back_to_that_table(client, db):
    try_game(client)
    table = Table.objects.get()

    page = text(client.get(table.get_absolute_url()))

    assert f'href="/compte/signup/?next={table.get_absolute_url()}"' in page


def test_an_account_made_from_a_guest_waits_for_its_address_for_money_and_hands(
    client, db, mailoutbox
):
    try_game(client)
    client.post("/compte/signup/", SIGN_UP)
    dora = User.objects.get(username="dora")

    # Signed in, but level 0 until the link is followed: no starting écus, no purchase,
    # no counted hand.
    assert levels.level_of(dora) == levels.UNVERIFIED
    assert ledger.balance(dora, Currency.ECUS) == 0
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    with pytest.raises(EconomyError) as refused:
        purchases.do_start_purchase(dora, bundle, success_url="/", cancel_url="/")
    assert refused.value.code == "email_unverified"
    assert not hands.status(dora, "ramponneau").can_play

    # The link of the e-mail: level 1, the starting écus.
    link = re.search(re.escape(settings.SITE_URL) + r"(/compte/confirm-email/[^/\s]+/)",
                     mailoutbox[-1].body)
    client.post(link.group(1))
    assert levels.level_of(dora) == levels.VERIFIED
    assert ledger.balance(dora, Currency.ECUS) > 0
    assert hands.status(dora, "ramponneau").can_play


def test_signing_out_before_confirming_still_asks_for_the_link(client, db):
    try_game(client)
    client.post("/compte/signup/", SIGN_UP)
    client.post("/compte/logout/")

    client.post("/compte/login/", {"login": "dora", "password": SIGN_UP["password1"]})

    assert "_auth_user_id" not in client.session  # as for any account not confirmed


def test_a_visitor_signing_up_still_confirms_first(client, db):
    response = client.post("/compte/signup/", SIGN_UP)

    assert response.status_code == 302 and "confirm" in response.url
    assert "_auth_user_id" not in client.session


# ----- the visitor's lobby -------------------------------------------------------------


def test_the_visitors_lobby_offers_each_game_against_bots_without_an_account(client, db):
    page = text(client.get("/jouer/"))

    for slug in ("ascenseur", "ambigu", "ramponneau", "all-fours", "remigio"):
        assert f'action="/jouer/essayer/{slug}/"' in page
    assert "Jouer maintenant contre des robots, sans compte" in page

    response = client.post("/jouer/essayer/remigio/", {"depuis": "salon", "niveau": "maitre"})
    table = Table.objects.get()
    assert response.url == table.get_absolute_url()
    assert {s.bot_level for s in table.seats.exclude(user=the_guest())} == {"maitre"}


def test_a_refusal_from_the_lobby_is_shown_in_the_lobby(client, db, settings):
    settings.GUESTS_PER_IP = (0, 3600)

    response = client.post("/jouer/essayer/remigio/", {"depuis": "salon"})

    assert response.url == "/jouer/#jeu-remigio"
    assert not Table.objects.exists()
