"""The ledgers: every movement of tokens, écus and hand credits, and the balances.

One append-only ledger per currency (`LedgerEntry.currency`), one `Wallet` row per
player holding the three balances. `post()` writes an entry and moves the balance in
the same transaction, with the wallet row locked (`select_for_update`), so concurrent
spends are serialised per player and a balance never goes below zero (the CHECK
constraints on `Wallet` catch what the code would miss). Every entry carries an
idempotency key, unique in the database: posting the same key twice returns the first
entry and moves nothing.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Sum

from accounts.guests import SIGN_UP_TO_USE_THE_ECONOMY, is_guest
from economy.errors import EconomyError
from economy.models import WALLET_COLUMNS, Currency, LedgerEntry, Wallet


def new_request_key() -> str:
    """A fresh key for a form: the same submission posted twice counts once (the key
    goes into the idempotency key of what the form posts)."""
    return uuid.uuid4().hex


class InsufficientFunds(Exception):
    """A spend larger than the balance: nothing was moved."""

    def __init__(self, currency, balance, amount):
        self.currency, self.balance, self.amount = currency, balance, amount
        super().__init__(f"{currency}: balance {balance}, needed {-amount}")


@dataclass
class Posting:
    entry: LedgerEntry
    created: bool  # False: the key had already been posted, nothing moved this time


def _user_id(user) -> int:
    return user if isinstance(user, int) else user.pk


def wallet_of(user) -> Wallet:
    """The player's wallet, created empty when missing (read only: no lock)."""
    wallet, _ = Wallet.objects.get_or_create(user_id=_user_id(user))
    return wallet


def lock_wallet(user) -> Wallet:
    """The player's wallet row, locked until the end of the transaction. Guests have
    none: every movement of the economy passes here, and is refused to them."""
    if is_guest(user):
        raise EconomyError("account_required", SIGN_UP_TO_USE_THE_ECONOMY)
    user_id = _user_id(user)
    wallet = Wallet.objects.select_for_update().filter(user_id=user_id).first()
    if wallet is None:
        try:
            with transaction.atomic():
                Wallet.objects.create(user_id=user_id)
        except IntegrityError:
            pass  # created meanwhile by a concurrent transaction
        wallet = Wallet.objects.select_for_update().get(user_id=user_id)
    return wallet


def post(user, currency, amount, *, reason, key, ref=("", ""), wallet=None) -> Posting:
    """Move `amount` (signed) of `currency` on the player's account, once per `key`.

    Raises InsufficientFunds when a debit exceeds the balance. Pass `wallet` when the
    caller already holds the locked row.
    """
    currency = Currency(currency)
    if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
        raise ValueError(f"a ledger amount is a non-zero int, not {amount!r}")
    with transaction.atomic():
        # Lock first, then look the key up: a concurrent post of the same key is then
        # either committed (we find it) or waiting behind us.
        wallet = wallet if wallet is not None else lock_wallet(user)
        existing = LedgerEntry.objects.filter(idempotency_key=key).first()
        if existing is not None:
            return Posting(existing, created=False)
        column = WALLET_COLUMNS[currency]
        balance = getattr(wallet, column) + amount
        if balance < 0:
            raise InsufficientFunds(currency, getattr(wallet, column), amount)
        setattr(wallet, column, balance)
        wallet.save(update_fields=[column, "updated_at"])
        try:
            with transaction.atomic():
                entry = LedgerEntry.objects.create(
                    account_id=wallet.user_id,
                    currency=currency,
                    amount=amount,
                    balance_after=balance,
                    reason=reason,
                    ref_type=ref[0],
                    ref_id=str(ref[1]),
                    idempotency_key=key,
                )
        except IntegrityError:
            # The same key posted on another account's wallet meanwhile: undo ours.
            setattr(wallet, column, balance - amount)
            wallet.save(update_fields=[column, "updated_at"])
            return Posting(LedgerEntry.objects.get(idempotency_key=key), created=False)
        return Posting(entry, created=True)


def balance(user, currency) -> int:
    return wallet_of(user).balance(currency)


def history(user, currency=None):
    entries = LedgerEntry.objects.filter(account_id=_user_id(user))
    if currency:
        entries = entries.filter(currency=currency)
    return entries.order_by("-created_at", "-id")


@dataclass
class Mismatch:
    user_id: int
    currency: str
    balance: int
    entries_sum: int
    detail: str = ""

    def __str__(self):
        text = (
            f"user {self.user_id} {self.currency}: wallet {self.balance}, "
            f"entries {self.entries_sum}"
        )
        return f"{text} ({self.detail})" if self.detail else text


def verify() -> list[Mismatch]:
    """Every wallet balance against the sum of its entries (and the last balance_after)."""
    sums = {
        (row["account_id"], row["currency"]): row["total"]
        for row in LedgerEntry.objects.values("account_id", "currency")
        .order_by()
        .annotate(total=Sum("amount"))
    }
    mismatches = []
    wallets = {w.user_id: w for w in Wallet.objects.all()}
    accounts = set(wallets) | {account for account, _ in sums}
    for user_id in sorted(accounts):
        wallet = wallets.get(user_id)
        for currency in Currency:
            held = wallet.balance(currency) if wallet else 0
            total = sums.get((user_id, currency.value), 0)
            if held != total:
                mismatches.append(Mismatch(user_id, currency.value, held, total))
                continue
            last = (
                LedgerEntry.objects.filter(account_id=user_id, currency=currency)
                .order_by("-id")
                .values_list("balance_after", flat=True)
                .first()
            )
            if last is not None and last != held:
                mismatches.append(
                    Mismatch(user_id, currency.value, held, total, f"last balance_after {last}")
                )
    return mismatches
