"""Chip tables never hang (issue 15, item 8): bots are not offered at tables played for
écus, and a chip table that cannot deal says who or what is missing."""

import re
from html import unescape

import pytest

from economy import hands, ledger
from economy.chips import caves
from economy.chips.waiting import waiting_reasons
from economy.models import Currency, HandDeal, TableBankroll
from play.actions import (
    ServiceError,
    do_act,
    do_add_bot,
    do_create_table,
    do_join,
    do_play_now,
)
from play.models import Game, Seat, Table
from play.presentation.view import view_for
from play.queries import load_snapshot
from play.socket.consumer import payload_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def ramponneau_table(owner, seats=3):
    """A public Ramponneau table for écus, blinds 2/4: caves between 40 and 400 chips."""
    return do_create_table(owner, "ramponneau", seat_count=seats,
                           options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})


def test_a_chip_table_filled_with_bots_from_its_page_does_not_wait_forever(client, alice):
    table = ramponneau_table(alice)
    client.force_login(alice)

    for _ in range(2):
        client.post(f"/jouer/tables/{table.pk}/automate/", {"niveau": "habitue"})
    page = client.get(table.get_absolute_url()).content.decode()

    assert "La partie commence quand la table est complète" not in page
    assert "Il manque un joueur : 1 place sur 3 est prise." in page


def ecus(user) -> int:
    return ledger.balance(user, Currency.ECUS)


def waiting_of_page(page: str) -> list[str]:
    """The sentences of the page's list of what the table waits for."""
    found = re.search(r'<ul class="waiting-lines">(.*?)</ul>', page, re.S)
    assert found, "the page does not say what the table waits for"
    return re.findall(r"<li>(.*?)</li>", found.group(1))


def page_of(client, user, table) -> str:
    """The table's page as ``user`` reads it (entities such as &#x27; decoded)."""
    client.force_login(user)
    return unescape(client.get(table.get_absolute_url()).content.decode())


def test_it_refuses_a_bot_at_a_table_played_for_ecus(alice):
    table = ramponneau_table(alice)

    with pytest.raises(ServiceError) as refused:
        do_add_bot(table, alice)

    assert refused.value.code == "no_bots"
    assert "Pas d'automate aux tables d'écus" in refused.value.message()
    assert "« Jouer maintenant contre des robots »" in refused.value.message()
    assert list(table.seats.values_list("user", "bot")) == [(alice.pk, "")]


def test_the_page_of_a_chip_table_offers_no_bot(client, alice):
    table = ramponneau_table(alice)
    other = do_create_table(alice, "ascenseur", seat_count=3)

    assert "Ajouter un automate" not in page_of(client, alice, table)
    assert "Ajouter un automate" in page_of(client, alice, other)


def test_bots_still_sit_at_practice_tables_of_the_chip_games(alice):
    for slug in ("ramponneau", "ambigu"):
        table = do_play_now(alice, slug)

        assert table.seats.filter(user__isnull=True).count() == table.seat_count - 1
        assert table.current_game() is not None


def test_it_says_who_has_not_caved_yet(client, alice, bob):
    table = ramponneau_table(alice)
    do_join(table, bob)

    assert "Bob n'a pas encore cavé." in page_of(client, alice, table)
    bobs_page = page_of(client, bob, table)
    # the reader's own seat first; two are seated: chips are what is missing
    assert waiting_of_page(bobs_page) == [
        "Vous n'avez pas encore cavé : choisissez vos jetons dans le panneau « Cave ».",
        "Alice n'a pas encore cavé.",
    ]


def test_it_says_who_has_not_enough_ecus_for_the_least_cave(client, alice, bob):
    table = ramponneau_table(alice)
    caves.do_cave(table, alice, 100, request_key="a")
    do_join(table, bob)
    ledger.post(bob, Currency.ECUS, -(ecus(bob) - 39), reason="adjustment", key="spent")

    page = page_of(client, alice, table)

    assert "Bob n'a pas assez d'écus pour la cave minimale (40 écus)." in page
    assert "Alice" not in " ".join(waiting_of_page(page))  # alice is ready
    assert "Vous n'avez pas assez d'écus pour la cave minimale (40 écus)." in page_of(
        client, bob, table)


def test_it_says_who_stood_up(client, alice, bob):
    table = ramponneau_table(alice)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_stand_up(table, alice)
    do_join(table, bob)

    assert waiting_of_page(page_of(client, alice, table)) == [
        "Vous ne recevez pas de cartes : « Se rasseoir » vous remet dans le jeu.",
        "Bob n'a pas encore cavé.",
    ]
    assert "Alice a choisi de ne pas recevoir de cartes pour l'instant." in waiting_of_page(
        page_of(client, bob, table))


def test_a_player_whose_chips_ran_out_must_recave(alice, bob):
    table = ramponneau_table(alice)
    do_join(table, bob)
    # what a player who lost every chip at the last hand leaves: a bankroll at 0, playing
    TableBankroll.objects.create(table=table, user=bob, reserve=0,
                                 status=TableBankroll.Status.PLAYING)

    assert waiting_reasons(table)["missing"] == [
        {"position": 0, "reason": "not_caved", "busted": False},
        {"position": 1, "reason": "must_recave", "busted": True}]
    ledger.post(bob, Currency.ECUS, -(ecus(bob) - 39), reason="adjustment", key="spent")
    assert waiting_reasons(table)["missing"][1] == {"position": 1, "reason": "not_enough_ecus",
                                                    "busted": True}


def test_it_says_who_has_no_hand_left_and_who_must_verify_their_address(
    client, alice, bob, charlie
):
    table = ramponneau_table(alice)
    caves.do_cave(table, alice, 100, request_key="a")
    do_join(table, bob)
    HandDeal.objects.bulk_create(
        HandDeal(user=bob, game_slug="ramponneau", day=hands.today(), table_id=0,
                 game_number=n, source=HandDeal.Source.FREE) for n in range(20))
    Seat.objects.create(table=table, position=2, user=charlie)

    lines = waiting_of_page(page_of(client, alice, table))

    assert lines == ["Bob n'a plus de main pour aujourd'hui.",
                     "Charlie doit d'abord vérifier son adresse e-mail."]


def finish_the_hand(table):
    """Every actor checks or folds until the table's current hand is over."""
    number = table.current_game().number
    while (game := Game.objects.get(table=table, number=number)).status == Game.Status.PLAYING:
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, table.engine.default_action(game.state), game.version)


def test_a_chip_table_waiting_after_its_last_hand_says_who_is_missing(client, alice, bob):
    table = ramponneau_table(alice)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b", may_sit=True)
    assert table.current_game().status == Game.Status.PLAYING
    caves.do_cash_out(table, bob)  # paid when the hand ends

    finish_the_hand(table)
    page = page_of(client, alice, table)

    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    assert '<p class="turn__text">En attente de joueurs.' in page
    assert "Partie terminée" not in page
    assert waiting_of_page(page) == ["Il manque un joueur : 1 place sur 3 est prise."]


def test_the_view_says_why_a_chip_table_waits_as_data(alice, bob):
    table = ramponneau_table(alice)
    caves.do_cave(table, alice, 100, request_key="a")
    do_join(table, bob)

    view = view_for(None, bob, table=table)

    assert view["waiting"] == {
        "reasons": ["cave_needed"], "seats_free": 1, "kept": [], "players_needed": 0,
        "ready": 1, "cave_min": 40,
        "missing": [{"position": 1, "reason": "not_caved", "busted": False}]}
    other = do_create_table(alice, "ascenseur", seat_count=3)
    assert view_for(None, alice, table=other)["waiting"] == {
        "reasons": ["seats_free"], "seats_free": 2, "kept": [], "players_needed": 2,
        "ready": None, "cave_min": None, "missing": []}


def test_a_socket_frame_of_a_waiting_chip_table_reads_nothing_more(
    alice, bob, django_assert_num_queries
):
    table = ramponneau_table(alice)
    do_join(table, bob)
    snapshot = load_snapshot(table.pk)
    payload_of(snapshot, bob, "fr", as_html=True)  # the glossary, read once per process

    with django_assert_num_queries(0):
        _, html = payload_of(snapshot, bob, "fr", as_html=True)

    assert "Alice n&#x27;a pas encore cavé." in html


def test_it_says_it_in_english_too(client, alice, bob):
    table = ramponneau_table(alice)
    bob.preferred_language = "en"
    bob.save()

    page = page_of(client, bob, table)

    assert "One player is missing: 1 seat out of 3 is taken." in waiting_of_page(page)
    assert "Alice has not bought in yet." in waiting_of_page(page)
