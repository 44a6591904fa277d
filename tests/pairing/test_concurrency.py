"""Seekers arriving at the same instant (PostgreSQL: real row locks): everyone is paired,
nobody twice, and the pool's lock keeps each table whole."""

import pytest

from pairing.models import Seek
from pairing.services import do_cancel_seek, do_seek
from play.models import Seat
from taverne.refusals import Refusal
from tests.conftest import create_player
from tests.support.concurrency import postgresql_only, race

pytestmark = [pytest.mark.django_db(transaction=True), postgresql_only]


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def test_concurrent_seekers_are_each_seated_once(db):
    players = [create_player(f"seeker{n}", verified=True) for n in range(8)]

    outcomes = race(8, lambda n: do_seek(players[n], "all-fours", seat_count=2))

    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert Seek.objects.filter(status=Seek.Status.PAIRED).count() == 8
    seats = list(Seat.objects.filter(user__isnull=False).values_list("user_id", "table_id"))
    assert len(seats) == 8 and len({user for user, _ in seats}) == 8
    tables = {}
    for _, table in seats:
        tables[table] = tables.get(table, 0) + 1
    assert sorted(tables.values()) == [2, 2, 2, 2]


def test_a_seek_cancelled_while_being_paired_is_either_cancelled_or_seated(db):
    alice, bob = (create_player(name, verified=True) for name in ("alice", "bob"))
    waiting = do_seek(alice, "all-fours", seat_count=2)

    def work(n):
        return (do_cancel_seek(alice, waiting.pk) if n == 0
                else do_seek(bob, "all-fours", seat_count=2))

    outcomes = race(2, work)

    assert not [o for o in outcomes if isinstance(o, Exception)
                and not isinstance(o, Refusal)], outcomes
    waiting.refresh_from_db()
    seated = Seat.objects.filter(user=alice).exists()
    assert (waiting.status == Seek.Status.PAIRED) == seated
    assert waiting.status in (Seek.Status.PAIRED, Seek.Status.CANCELLED)
