"""Concurrent spends against one balance (PostgreSQL: real row locks)."""

import pytest

from economy import ledger
from economy.models import Currency, LedgerEntry
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]


def test_fifty_concurrent_spends_never_go_negative(alice):
    ledger.post(alice, Currency.TOKENS, 300, reason="adjustment", key="seed")

    def spend(n):
        return ledger.post(alice, Currency.TOKENS, -10, reason="hand_pack", key=f"spend:{n}")

    outcomes = race(50, spend)
    spent = [o for o in outcomes if isinstance(o, ledger.Posting)]
    refused = [o for o in outcomes if isinstance(o, ledger.InsufficientFunds)]
    assert len(spent) == 30 and len(refused) == 20, outcomes
    assert ledger.balance(alice, Currency.TOKENS) == 0
    assert ledger.verify() == []
    balances = sorted(
        LedgerEntry.objects.filter(account=alice, currency="tokens").values_list(
            "balance_after", flat=True
        )
    )
    assert balances == list(range(0, 301, 10))


def test_the_same_key_posted_concurrently_counts_once(bob):
    def post(n):
        return ledger.post(bob, Currency.TOKENS, 25, reason="adjustment", key="once")

    outcomes = race(20, post)
    assert all(isinstance(o, ledger.Posting) for o in outcomes), outcomes
    assert sum(o.created for o in outcomes) == 1
    assert ledger.balance(bob, Currency.TOKENS) == 25
    assert ledger.verify() == []
