"""Hands counted concurrently at several tables: never more free hands than allowed."""

import pytest

from economy import hands, ledger
from economy.models import Currency, HandDeal
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]


def test_thirty_tables_dealing_at_once_take_twenty_free_hands_then_pack_hands(alice):
    ledger.post(alice, Currency.HANDS, 5, reason="hand_pack", key="pack")

    def deal(n):
        return hands.consume_hand(alice, "ramponneau", table_id=n, game_number=1).source

    outcomes = race(30, deal)
    assert outcomes.count("free") == 20
    assert outcomes.count("pack") == 5
    assert sum(isinstance(o, hands.NoHandLeft) for o in outcomes) == 5
    assert ledger.balance(alice, Currency.HANDS) == 0
    assert HandDeal.objects.filter(user=alice).count() == 25
    assert ledger.verify() == []
