"""A player's chips at a table outside the hand being played (``TableBankroll``): locked,
paid out in écus, sat out."""

from __future__ import annotations

from economy import ledger
from economy.chips.tables import Kind, Status
from economy.models import ChipMovement, Currency, LedgerEntry, TableBankroll


def lock_bankroll(table, user, create=False) -> TableBankroll | None:
    """The player's bankroll at the table, locked (created when ``create``)."""
    bankroll = TableBankroll.objects.select_for_update().filter(table=table, user=user).first()
    if bankroll is None and create:
        bankroll = TableBankroll.objects.create(table=table, user=user)
    return bankroll


def pay_out(table, bankroll) -> int:
    """Chips back into écus: the whole reserve leaves the table; the player has left."""
    amount = bankroll.reserve
    bankroll.status = Status.LEFT
    if amount:
        sequence = ChipMovement.objects.filter(table=table, user=bankroll.user_id,
                                               kind=Kind.CASH_OUT).count() + 1
        key = f"cash_out:{table.pk}:{bankroll.user_id}:{sequence}"
        ledger.post(bankroll.user_id, Currency.ECUS, amount,
                    reason=LedgerEntry.Reason.CASH_OUT, key=key, ref=("table", table.pk))
        ChipMovement.objects.create(table=table, user_id=bankroll.user_id, kind=Kind.CASH_OUT,
                                    amount=amount, idempotency_key=key)
        bankroll.cashed_out += amount
        bankroll.reserve = 0
    bankroll.save()
    return amount


def sit_out(bankroll, reason: str) -> None:
    """The platform stands a player up by itself: ``reason`` is "no_hands" or "level"."""
    bankroll.status = Status.STANDING
    bankroll.sat_out_reason = reason
    bankroll.save(update_fields=["status", "sat_out_reason", "updated_at"])
