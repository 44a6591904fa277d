"""What an owner may hold is held under a race too: tables created at once never pass the
cap on waiting tables (the player's row is locked while they are counted), and two tavern
tables opened at once never share one deck of cards (the owner's decks are locked).

PostgreSQL only (CI sets DATABASE_URL): SQLite serialises writers, so a race there proves
nothing (tests/support/concurrency.py).
"""

import pytest

from economy.chips import taverns
from economy.errors import EconomyError
from economy.models import CardDeck
from play.actions import ServiceError, do_create_table
from play.models import Table
from tests.economy.test_tavern_keepers import buy_deck, open_tavern_table
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def codes(outcomes, refusal):
    """Each outcome as its refusal's code, or "made"; anything unexpected fails the test."""
    found = []
    for outcome in outcomes:
        if isinstance(outcome, refusal):
            found.append(outcome.code)
        elif isinstance(outcome, Exception):
            raise outcome
        else:
            found.append("made")
    return found


def test_tables_created_at_once_stop_at_the_cap_on_waiting_tables(alice, settings):
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 3

    outcomes = codes(race(8, lambda n: do_create_table(alice, "ascenseur", seat_count=3)),
                     ServiceError)

    assert sorted(outcomes) == ["made"] * 3 + ["too_many_tables"] * 5, outcomes
    assert Table.objects.filter(owner=alice, status=Table.Status.WAITING).count() == 3


def test_two_tavern_tables_opened_at_once_never_share_a_deck(alice):
    buy_deck(alice, "first")
    buy_deck(alice, "second")

    outcomes = codes(race(6, lambda n: open_tavern_table(alice, name=f"Au Chat {n}")),
                     EconomyError)

    assert sorted(outcomes) == ["made"] * 2 + ["no_deck"] * 4, outcomes
    tables = list(CardDeck.objects.filter(owner=alice).values_list("table_id", flat=True))
    assert None not in tables and len(set(tables)) == 2
    assert set(taverns.kept_table_ids(alice)) == set(tables)
