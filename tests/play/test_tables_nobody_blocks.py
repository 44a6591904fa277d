"""Tables nobody can block (issue 22): only the host seats or removes bots and frees an
idle seat; a player has few waiting tables at once; waiting tables expire."""

from datetime import timedelta

import pytest
from django.utils import timezone

from economy import ledger
from economy.chips import caves
from economy.models import Currency
from play.actions import (
    ServiceError,
    do_add_bot,
    do_create_table,
    do_expire_waiting_tables,
    do_free_seat,
    do_join,
    do_remove_bot,
)
from play.clock import scheduler
from play.models import Seat, Table
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 3
    settings.PLAY_WAITING_TABLE_HOURS = 24
    settings.PLAY_WAITING_CORRESPONDENCE_HOURS = 168


def age(table, hours):
    """The table last changed, and its seats were taken, ``hours`` ago."""
    then = timezone.now() - timedelta(hours=hours)
    Table.objects.filter(pk=table.pk).update(updated_at=then)
    Seat.objects.filter(table=table).update(joined_at=then)


def test_a_player_who_joined_may_not_fill_the_table_with_bots(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    do_join(table, bob)

    with pytest.raises(ServiceError) as refused:
        do_add_bot(table, bob)

    assert refused.value.code == "forbidden"
    assert "Seul l'hôte de la table" in refused.value.message()
    assert not table.seats.filter(bot__gt="").exists()


def test_the_host_frees_the_seat_of_an_idle_player(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    do_join(table, bob)

    do_free_seat(table, alice, 1)

    assert not table.seats.filter(user=bob).exists()
    do_join(table, bob)  # bob may sit again
    assert table.seats.filter(user=bob).exists()


def test_only_the_host_frees_a_seat_and_never_their_own(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    do_add_bot(table, alice, position=2)
    do_join(table, bob)

    with pytest.raises(ServiceError) as refused:
        do_free_seat(table, bob, 2)
    assert refused.value.code == "forbidden"
    with pytest.raises(ServiceError) as refused:
        do_remove_bot(table, bob, 2)
    assert refused.value.code == "forbidden"
    with pytest.raises(ServiceError) as refused:
        do_free_seat(table, alice, 0)
    assert refused.value.code == "bad_options"
    assert table.seats.count() == 3


def test_the_host_may_not_unseat_a_player_who_caved_at_a_chip_table(alice, bob):
    table = do_create_table(alice, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})
    caves.do_cave(table, alice, 40, request_key="a")
    Seat.objects.create(table=table, position=2, user=bob)  # as if bob had caved

    with pytest.raises(ServiceError) as refused:
        do_free_seat(table, alice, 2)

    assert refused.value.code == "forbidden"
    assert table.seats.filter(user=bob).exists()


def test_a_player_has_at_most_the_cap_of_waiting_tables(alice, settings):
    for _ in range(3):
        do_create_table(alice, "ascenseur", seat_count=4)

    with pytest.raises(ServiceError) as refused:
        do_create_table(alice, "remigio", seat_count=3)

    assert refused.value.code == "too_many_tables"
    assert refused.value.message() == (
        "Vous avez déjà 3 tables qui attendent des joueurs, le maximum : lancez-en une ou "
        "quittez-en une avant d'en ouvrir une autre.")
    assert Table.objects.filter(owner=alice).count() == 3
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 1
    with pytest.raises(ServiceError) as refused:
        do_create_table(alice, "remigio", seat_count=3)
    assert refused.value.message().startswith(
        "Vous avez déjà 1 table qui attend des joueurs, le maximum : lancez-la ou quittez-la")


def test_practice_tables_and_started_tables_do_not_count_against_the_cap(alice, bob):
    started = do_create_table(alice, "ascenseur", seat_count=3)
    do_add_bot(started, alice)
    do_add_bot(started, alice)  # full: it starts
    for _ in range(3):
        do_create_table(alice, "ascenseur", seat_count=3, practice=True)
    for _ in range(3):
        do_create_table(alice, "ascenseur", seat_count=4)

    assert Table.objects.filter(owner=alice, status=Table.Status.WAITING,
                                practice=False).count() == 3


def test_the_lobby_refuses_a_fourth_waiting_table_in_french(alice, client):
    for _ in range(3):
        do_create_table(alice, "ascenseur", seat_count=4)
    client.login(username="alice", password=PASSWORD)

    page = client.post("/jouer/creer/ascenseur/", {
        "seat_count": 4, "visibility": "public", "pace": "live", "live_seconds": 60,
        "correspondence_days": 3, "opt_scoring": "bonus", "opt_void_rule": "overtrump",
    }).content.decode()

    assert "tables qui attendent des joueurs, le maximum" in page
    assert Table.objects.filter(owner=alice).count() == 3


def test_a_waiting_table_expires_after_the_time_the_settings_give(alice, bob):
    old = do_create_table(alice, "ascenseur", seat_count=4)
    do_join(old, bob)
    age(old, 25)
    fresh = do_create_table(alice, "ascenseur", seat_count=4)
    by_letter = do_create_table(alice, "ascenseur", seat_count=4, pace="correspondence",
                                move_seconds=86400)
    age(by_letter, 25)

    assert do_expire_waiting_tables() == 1

    old.refresh_from_db(), fresh.refresh_from_db(), by_letter.refresh_from_db()
    assert old.status == Table.Status.CLOSED
    assert fresh.status == by_letter.status == Table.Status.WAITING
    age(by_letter, 169)
    assert do_expire_waiting_tables() == 1


def test_a_table_someone_just_sat_at_does_not_expire(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=4)
    age(table, 30)
    do_join(table, bob)

    assert do_expire_waiting_tables() == 0


def test_an_expired_chip_table_pays_its_players_back(alice):
    table = do_create_table(alice, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})
    before = ledger.balance(alice, Currency.ECUS)
    caves.do_cave(table, alice, 40, request_key="a")
    age(table, 25)

    do_expire_waiting_tables()

    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert ledger.balance(alice, Currency.ECUS) == before
    assert not table.seats.exists()


def test_the_scheduler_loop_expires_waiting_tables_once_a_minute(alice, monkeypatch):
    now = timezone.now()
    first, second = (do_create_table(alice, "ascenseur", seat_count=4) for _ in range(2))
    age(first, 25)
    monkeypatch.setattr(scheduler.table_expiry, "last", None)

    scheduler.table_expiry.run_if_due(now)
    age(second, 25)
    scheduler.table_expiry.run_if_due(now + timedelta(seconds=30))  # too soon: nothing

    first.refresh_from_db(), second.refresh_from_db()
    assert first.status == Table.Status.CLOSED
    assert second.status == Table.Status.WAITING
    scheduler.table_expiry.run_if_due(now + timedelta(seconds=61))
    second.refresh_from_db()
    assert second.status == Table.Status.CLOSED


def test_the_host_sees_buttons_to_free_seats_with_elision_and_the_others_do_not(alice, bob,
                                                                               client):
    table = do_create_table(bob, "ascenseur", seat_count=4)
    do_add_bot(table, bob, position=3)
    do_join(table, alice)
    bot_name = table.seats.get(position=3).bot

    client.force_login(bob)
    page = client.get(table.get_absolute_url()).content.decode()
    assert f"Retirer {bot_name}" in page and "Libérer la place d&#x27;Alice" in page
    assert "Ajouter un automate" in page
    client.post(f"/jouer/tables/{table.pk}/places/3/liberer/")
    assert not table.seats.filter(position=3).exists()

    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Libérer la place" not in page and "Ajouter un automate" not in page
