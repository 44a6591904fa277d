"""Concurrent spends against one balance (PostgreSQL: real row locks)."""

import threading

import pytest
from django.db import connection

from economy import ledger
from economy.models import Currency, LedgerEntry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row-lock concurrency is tested on PostgreSQL (set DATABASE_URL)",
    ),
]


def run_threads(count, work):
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def worker(n):
        try:
            barrier.wait()
            outcomes[n] = work(n)
        except Exception as error:  # noqa: BLE001 - reported to the test
            outcomes[n] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def test_fifty_concurrent_spends_never_go_negative(alice):
    ledger.post(alice, Currency.TOKENS, 300, reason="adjustment", key="seed")

    def spend(n):
        return ledger.post(alice, Currency.TOKENS, -10, reason="hand_pack", key=f"spend:{n}")

    outcomes = run_threads(50, spend)
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

    outcomes = run_threads(20, post)
    assert all(isinstance(o, ledger.Posting) for o in outcomes), outcomes
    assert sum(o.created for o in outcomes) == 1
    assert ledger.balance(bob, Currency.TOKENS) == 25
    assert ledger.verify() == []
