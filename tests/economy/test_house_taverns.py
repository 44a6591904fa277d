"""The house's own tables for écus (issue 29, point 3): at every stake of the settings a
table with a free seat, day and night; a table that fills opens the next; their rake goes
to the house's account; a verified player sits and caves from the lobby without buying
anything; bots never sit there (docs/economy.md, "The house taverns")."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from economy import ledger
from economy.chips import caves, house
from economy.chips.upkeep import do_keep_house_taverns
from economy.errors import EconomyError
from economy.models import Currency, LedgerEntry, TableBankroll
from play.actions import ServiceError, do_add_bot, do_join, do_leave
from play.actions.expiry import do_expire_waiting_tables
from play.models import Table
from tests.conftest import create_player
from tests.economy.test_caves import assert_conserved, play_hand, system_table

pytestmark = pytest.mark.django_db

# Two stakes, small tables: three players fill one.
STAKES = (
    {"key": "ramponneau-1-2", "game": "ramponneau", "name": "Chez Gus", "seats": 3,
     "stakes": {"small_blind": 1, "big_blind": 2},
     "options": {"rake_percent": 10, "rake_cap": 0}},
    {"key": "ambigu-1", "game": "ambigu", "name": "Au Petit Ambigu", "seats": 2,
     "stakes": {"ante": 1}},
)


@pytest.fixture(autouse=True)
def _settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.ECONOMY = {**settings.ECONOMY, "HOUSE_TAVERNS": STAKES}


@pytest.fixture
def dora(db):
    return create_player("dora", verified=True)


def open_tables(key):
    return list(house.house_tables(key).order_by("pk"))


def test_the_house_keeps_a_table_with_a_free_seat_at_every_stake(db):
    assert do_keep_house_taverns() == 2
    assert do_keep_house_taverns() == 0  # the next pass finds them

    gus, = open_tables("ramponneau-1-2")
    assert (gus.name, gus.owner, gus.seat_count, gus.visibility) == ("Chez Gus", None, 3,
                                                                      "public")
    assert gus.options["big_blind"] == 2 and gus.options["rake_percent"] == 10
    assert gus.stakes == {"house": "ramponneau-1-2"}
    ambigu, = open_tables("ambigu-1")
    assert (ambigu.game_slug, ambigu.options["ante"], ambigu.seat_count) == ("ambigu", 1, 2)


def test_a_player_sits_at_the_fullest_house_table_and_its_last_seat_opens_the_next(
    alice, bob, charlie, dora
):
    do_keep_house_taverns()
    first = caves.do_cave_at_house(alice, "ramponneau-1-2", 100, request_key="a")
    assert caves.do_cave_at_house(bob, "ramponneau-1-2", 100, request_key="b") == first
    assert len(open_tables("ramponneau-1-2")) == 1

    caves.do_cave_at_house(dora, "ramponneau-1-2", 100, request_key="d")  # the last seat

    full, new = open_tables("ramponneau-1-2")
    assert full == first and (full.taken, new.taken) == (3, 0)
    assert new.name == "Chez Gus 2" and new.stakes == {"house": "ramponneau-1-2"}
    # the next player sits at the new table
    ledger.post(charlie, Currency.ECUS, 500, reason="adjustment", key="c")
    assert caves.do_cave_at_house(charlie, "ramponneau-1-2", 100, request_key="c") == new


def test_a_seat_taken_from_the_table_page_fills_a_house_table_too(alice, bob):
    stake = house.stake("ambigu-1")
    table = house.open_table_for(stake)
    do_join(table, alice)
    assert len(open_tables("ambigu-1")) == 1

    do_join(table, bob)

    assert [t.taken for t in open_tables("ambigu-1")] == [2, 0]


def test_a_player_caving_twice_at_a_stake_stays_at_their_table(alice, bob):
    table = caves.do_cave_at_house(alice, "ramponneau-1-2", 100, request_key="a")
    again = caves.do_cave_at_house(alice, "ramponneau-1-2", 50, request_key="a2")

    assert again == table
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 150
    # the same form posted twice caves once
    caves.do_cave_at_house(alice, "ramponneau-1-2", 50, request_key="a2")
    assert ledger.balance(alice, Currency.ECUS) == 850


def test_a_cave_the_table_refuses_changes_nothing(alice):
    for amount, code in ((10, "cave_bounds"), (5000, "cave_bounds"), (0, "bad_amount")):
        with pytest.raises(EconomyError) as refused:
            caves.do_cave_at_house(alice, "ramponneau-1-2", amount, request_key=str(amount))
        assert refused.value.code == code
    with pytest.raises(EconomyError) as refused:
        caves.do_cave_at_house(alice, "belote-1", 100, request_key="x")
    assert "La maison ne tient pas de table à ces enjeux." in refused.value.message()

    assert ledger.balance(alice, Currency.ECUS) == 1000
    assert not TableBankroll.objects.filter(user=alice).exists()


def test_the_house_takes_the_rake_of_its_tables_in_its_own_ledger(
    alice, bob, settings, client
):
    # Blinds 5/10: a pot of two big blinds pays a rake of 10 % (smaller ones round to 0).
    settings.ECONOMY = {**settings.ECONOMY, "HOUSE_TAVERNS": (
        {**STAKES[0], "key": "ramponneau-5-10", "stakes": {"small_blind": 5, "big_blind": 10}},
    )}
    table = caves.do_cave_at_house(alice, "ramponneau-5-10", 500, request_key="a")
    caves.do_cave_at_house(bob, "ramponneau-5-10", 500, request_key="b")
    raked = 0
    for _ in range(3):
        game = play_hand(table)
        raked += game.state["rake"]

    account = house.house_account()
    entries = LedgerEntry.objects.filter(account=account, reason=LedgerEntry.Reason.RAKE)
    assert raked > 0 and sum(e.amount for e in entries) == raked
    assert {e.idempotency_key.rsplit(":", 1)[0] for e in entries} == {f"rake:{table.pk}"}
    assert ledger.balance(account, Currency.ECUS) == raked
    # nobody signs in as the house
    assert not account.is_active and not account.has_usable_password()
    assert account.username == "taverne"
    assert client.get("/joueurs/taverne/").status_code == 404
    assert_conserved(table)


def test_bots_never_sit_at_a_house_table(alice):
    table = caves.do_cave_at_house(alice, "ramponneau-1-2", 100, request_key="a")
    for by in (alice, None):
        with pytest.raises(ServiceError) as refused:
            do_add_bot(table, by)
        assert refused.value.code == "no_bots"
    assert not table.seats.exclude(bot="").exists()


def test_a_deserted_house_table_stays_open_while_it_is_its_stakes_last(alice, bob):
    table = caves.do_cave_at_house(alice, "ambigu-1", 50, request_key="a")
    do_leave(table, alice)  # paid out at once: no hand was dealt

    table.refresh_from_db()
    assert table.status == Table.Status.WAITING and table.seats.count() == 0
    assert open_tables("ambigu-1") == [table]
    assert ledger.balance(alice, Currency.ECUS) == 1000


def test_a_deserted_house_table_closes_when_another_of_its_stake_has_a_free_seat(
    alice, bob
):
    table = house.open_table_for(house.stake("ambigu-1"))
    for user in (alice, bob):  # a rush: the table filled, the next opened
        do_join(table, user)
    full, new = open_tables("ambigu-1")

    for user in (alice, bob):  # then everybody left
        do_leave(table, user)

    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert open_tables("ambigu-1") == [new]


def test_the_upkeep_closes_the_empty_tables_a_rush_left(db):
    stake = house.stake("ambigu-1")
    tables = [house.open_house_table(stake) for _ in range(3)]

    do_keep_house_taverns()

    assert open_tables("ambigu-1") == tables[:1]
    assert [t.name for t in tables] == ["Au Petit Ambigu", "Au Petit Ambigu 2",
                                        "Au Petit Ambigu 3"]


def test_house_tables_never_expire_while_others_do(alice, bob, settings):
    table = caves.do_cave_at_house(alice, "ramponneau-1-2", 100, request_key="a")
    other = system_table()
    caves.do_cave(other, bob, 100, request_key="b")
    later = timezone.now() + timedelta(hours=settings.PLAY_WAITING_TABLE_HOURS + 1)

    assert do_expire_waiting_tables(later) == 1

    table.refresh_from_db()
    other.refresh_from_db()
    assert (table.status, other.status) == (Table.Status.WAITING, Table.Status.CLOSED)
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 100
    assert ledger.balance(bob, Currency.ECUS) == 1000  # paid out when his table closed


@pytest.mark.django_db(transaction=True)  # the loop's pass closes its connection
def test_the_scheduler_loop_opens_the_house_taverns():
    from play.clock import scheduler

    scheduler.house_taverns.last = None
    scheduler._run_due_and_close()

    assert [len(open_tables(s["key"])) for s in STAKES] == [1, 1]


def test_the_command_keeps_the_house_taverns(db):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("keep_house_taverns", stdout=out)

    assert "2 table(s) opened." in out.getvalue()
    assert "ramponneau-1-2: #" in out.getvalue()


# ----- the lobby ------------------------------------------------------------------------


def lobby(client):
    return client.get(reverse("play:lobby")).content.decode()


def test_a_verified_player_sits_and_caves_from_the_lobby_in_one_post(client, alice):
    do_keep_house_taverns()
    client.force_login(alice)
    page = lobby(client)
    assert "Les tables de la maison, pour des écus" in page
    assert "Cave de 20 à 200 écus" in page and "0 joueur sur 3" in page
    assert reverse("economy:house_cave", args=["ramponneau-1-2"]) in page
    # the house's tables are not listed again among the open tables; the others are
    gus, = open_tables("ramponneau-1-2")
    assert page.count(f'href="{gus.get_absolute_url()}"') == 1
    other = system_table()
    assert page.count(f'href="{gus.get_absolute_url()}"') == 1
    assert reverse("play:join", args=[other.pk]) in lobby(client)

    response = client.post(reverse("economy:house_cave", args=["ramponneau-1-2"]),
                           {"amount": "100", "request_key": "k"})

    assert response.url == gus.get_absolute_url()
    assert TableBankroll.objects.get(table=gus, user=alice).reserve == 100
    page = lobby(client)
    assert "Revenir à votre place" in page and "1 joueur sur 3" in page


def test_a_refused_cave_from_the_lobby_says_why_and_changes_nothing(client, alice):
    client.force_login(alice)
    response = client.post(reverse("economy:house_cave", args=["ramponneau-1-2"]),
                           {"amount": "5000", "request_key": "k"}, follow=True)

    assert response.redirect_chain[-1][0] == reverse("play:lobby")
    assert "La cave doit porter vos jetons entre 20 et 200" in response.content.decode()
    assert ledger.balance(alice, Currency.ECUS) == 1000


def test_the_lobby_proposes_a_cave_within_the_purse_and_says_what_suits_it(client, alice):
    settings_stakes = (*STAKES, {**STAKES[0], "key": "ramponneau-10-20", "name": "Chez R",
                                 "stakes": {"small_blind": 10, "big_blind": 20}})
    from django.conf import settings

    settings.ECONOMY = {**settings.ECONOMY, "HOUSE_TAVERNS": settings_stakes}
    client.force_login(alice)
    rows = {row["stake"].key: row for row in _rows(client, alice)}

    assert rows["ramponneau-1-2"]["amount"] == 100 and rows["ramponneau-1-2"]["fits"]
    # 10/20: too dear for the starting écus; the least cave is proposed
    assert rows["ramponneau-10-20"]["amount"] == 200 and not rows["ramponneau-10-20"]["fits"]
    assert "à votre mesure" in lobby(client)


def _rows(client, user):
    from economy.templatetags.economy import house_rows

    return house_rows("ramponneau", user)


def test_who_may_not_sit_is_told_how_to(client, charlie):
    page = lobby(client)  # a visitor
    assert "pour vous asseoir : 1000 écus de bienvenue" in page
    assert reverse("economy:house_cave", args=["ramponneau-1-2"]) not in page

    client.force_login(charlie)  # e-mail not confirmed
    page = lobby(client)
    assert "Confirmez votre adresse e-mail pour vous asseoir" in page
    assert reverse("economy:house_cave", args=["ramponneau-1-2"]) not in page
