"""The house's tables under a race: players taking the last seats at once open exactly one
new table, never two and never none (the house's account row is locked while it decides,
after the table: economy/chips/house.py).

PostgreSQL only (CI sets DATABASE_URL): SQLite serialises writers, so a race there proves
nothing (tests/support/concurrency.py).
"""

import threading

import pytest

from economy.chips import caves, house
from economy.errors import EconomyError
from tests.conftest import create_player
from tests.economy.test_owner_caps_concurrency import codes
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]

STAKE = {"key": "ambigu-1", "game": "ambigu", "name": "Au Petit Ambigu", "seats": 2,
         "stakes": {"ante": 1}}


@pytest.fixture(autouse=True)
def _settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.ECONOMY = {**settings.ECONOMY, "HOUSE_TAVERNS": (STAKE,)}


def players(count):
    return [create_player(f"joueur{n}", verified=True) for n in range(count)]


def tables():
    return list(house.house_tables("ambigu-1").order_by("pk"))


def test_two_players_taking_the_last_seat_at_once_open_exactly_one_new_table(db):
    first, *racers = players(3)
    table = house.open_table_for(house.stake("ambigu-1"))
    caves.do_cave(table, first, 50, request_key="first")

    outcomes = codes(race(2, lambda n: caves.do_cave(table, racers[n], 50,
                                                     request_key=f"r{n}")), EconomyError)

    assert sorted(outcomes) == ["made", "table_full"], outcomes
    full, new = tables()
    assert (full.pk, full.taken, new.taken) == (table.pk, 2, 0)


@pytest.fixture
def decisions_meet(monkeypatch):
    """Each player's decision (is there another table with a free seat?) waits, before its
    transaction goes on, for the other's: unlocked, both would decide on what they saw
    before the other committed, and open no table. Locked, the second waits for the
    first's commit, so the meeting times out and each goes on alone."""
    table_for, meeting = house.table_for, threading.Barrier(2, timeout=2)

    def then_meet(stake, user=None, exclude=None):
        found = table_for(stake, user, exclude)
        if exclude is not None:  # a seat was just taken at ``exclude``
            try:
                meeting.wait()
            except threading.BrokenBarrierError:
                pass
        return found

    monkeypatch.setattr(house, "table_for", then_meet)


def test_the_last_seats_of_two_tables_taken_at_once_open_one_table_between_them(
    db, decisions_meet
):
    seated = players(4)
    house.house_account()  # there already, as once the house opened its first table
    stake = house.stake("ambigu-1")
    two = [house.open_house_table(stake) for _ in range(2)]
    for table, player in zip(two, seated[:2], strict=True):
        caves.do_cave(table, player, 50, request_key="seated")

    outcomes = codes(race(2, lambda n: caves.do_cave(two[n], seated[2 + n], 50,
                                                     request_key="last")), EconomyError)

    assert outcomes == ["made", "made"]
    assert [t.taken for t in tables()] == [2, 2, 0]


def test_players_sitting_from_the_lobby_at_once_all_sit_and_leave_one_free_table(db):
    racers = players(4)

    outcomes = codes(race(4, lambda n: caves.do_cave_at_house(
        racers[n], "ambigu-1", 50, request_key=f"r{n}")), EconomyError)

    assert outcomes == ["made"] * 4, outcomes
    assert sorted(t.taken for t in tables()) == [0, 2, 2]
