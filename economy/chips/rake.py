"""The rake: what the engine took from a hand's pots leaves the table when the hand is
settled, credited in écus to the table's owner (a tavern keeper); tables without an owner
burn it."""

from __future__ import annotations

from django.db.models import Sum

from economy import ledger
from economy.chips.tables import Kind
from economy.models import ChipMovement, Currency, LedgerEntry


def pay_rake(table, game, econ, rake: int) -> None:
    """The hand's rake out of the table, to its owner (key ``rake:<table>:<number>``)."""
    if not rake:
        return
    key = f"rake:{table.pk}:{game.number}"
    ChipMovement.objects.create(table=table, user_id=table.owner_id, kind=Kind.RAKE,
                                amount=rake, game_number=game.number, idempotency_key=key)
    econ.rake_total += rake
    if table.owner_id:
        ledger.post(table.owner_id, Currency.ECUS, rake, reason=LedgerEntry.Reason.RAKE,
                    key=key, ref=("table", table.pk))


def owner_takings(owner) -> dict:
    """The rake credited to an owner, in écus, in total and per table."""
    entries = LedgerEntry.objects.filter(account=owner, reason=LedgerEntry.Reason.RAKE)
    per_table = dict(entries.values_list("ref_id").order_by().annotate(total=Sum("amount"))
                     .values_list("ref_id", "total"))
    return {"total": sum(per_table.values()), "tables": per_table}
