"""The ledgers: balances move with their entries, never below zero, once per key."""

import pytest
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction

from economy import ledger
from economy.models import AppendOnlyError, Currency, LedgerEntry, Wallet

pytestmark = pytest.mark.django_db


def credit(user, amount, key, currency=Currency.TOKENS):
    return ledger.post(user, currency, amount, reason=LedgerEntry.Reason.ADJUSTMENT, key=key)


def test_a_credit_moves_the_balance_and_records_it(alice):
    posting = credit(alice, 100, "k1")
    assert posting.created
    assert posting.entry.balance_after == 100
    assert ledger.balance(alice, Currency.TOKENS) == 100
    assert ledger.balance(alice, Currency.ECUS) == 1000  # the starting grant, verified e-mail


def test_a_debit_larger_than_the_balance_is_refused_and_moves_nothing(alice):
    credit(alice, 30, "k1")
    with pytest.raises(ledger.InsufficientFunds):
        credit(alice, -31, "k2")
    assert ledger.balance(alice, Currency.TOKENS) == 30
    assert not LedgerEntry.objects.filter(idempotency_key="k2").exists()


def test_the_same_key_counts_once(alice):
    first = credit(alice, 50, "same")
    again = credit(alice, 50, "same")
    assert not again.created
    assert again.entry.pk == first.entry.pk
    assert ledger.balance(alice, Currency.TOKENS) == 50


def test_currencies_are_separate_ledgers(alice):
    credit(alice, 7, "h", currency=Currency.HANDS)
    assert ledger.balance(alice, Currency.HANDS) == 7
    assert ledger.balance(alice, Currency.TOKENS) == 0


def test_zero_amounts_are_refused(alice):
    with pytest.raises(ValueError):
        credit(alice, 0, "zero")


def test_entries_are_never_updated_or_deleted(alice):
    entry = credit(alice, 5, "k").entry
    entry.amount = 500
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=500)
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.filter(pk=entry.pk).delete()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
def test_the_database_refuses_raw_updates_of_entries(alice):
    entry = credit(alice, 5, "k").entry
    with pytest.raises(Exception, match="append-only"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("UPDATE accounts_ledgerentry SET amount = 9 WHERE id = %s", [entry.pk])


def test_the_check_constraint_refuses_a_negative_balance(alice):
    ledger.wallet_of(alice)
    with pytest.raises(IntegrityError):
        with transaction.atomic():
            Wallet.objects.filter(user=alice).update(tokens=-1)


def test_verify_ledgers_reports_no_mismatch(alice, bob, capsys):
    credit(alice, 10, "a")
    credit(bob, 10, "b")
    credit(bob, -4, "c")
    call_command("verify_ledgers")
    assert "no mismatch" in capsys.readouterr().out


def test_verify_ledgers_fails_on_a_balance_that_does_not_match(alice, capsys):
    credit(alice, 10, "a")
    Wallet.objects.filter(user=alice).update(tokens=11)  # a bug writing the wallet directly
    with pytest.raises(CommandError) as failure:
        call_command("verify_ledgers")
    assert failure.value.returncode == 1
    assert f"user {alice.pk} tokens: wallet 11, entries 10" in capsys.readouterr().err
    Wallet.objects.filter(user=alice).update(tokens=10)  # put it back for the suite's check


def test_history_lists_the_entries_newest_first(alice):
    credit(alice, 10, "a")
    credit(alice, -3, "b")
    amounts = [e.amount for e in ledger.history(alice, Currency.TOKENS)]
    assert amounts == [-3, 10]
