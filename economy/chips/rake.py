"""The rake: what the engine took from a hand's pots leaves the table when the hand is
settled, credited in écus to the table's tavern keeper (who opened it with a deck of
cards), or at a house table to the house's account (economy/chips/house.py); any other
table burns it (play refuses a rake there: this is the second lock)."""

from __future__ import annotations

from django.db.models import Sum

from economy import ledger
from economy.chips import house
from economy.chips.tables import Kind
from economy.chips.taverns import keeps_table
from economy.models import ChipMovement, Currency, LedgerEntry


def rake_account(table) -> int | None:
    """Who takes the table's rake: its tavern keeper, the house at its own tables, or
    nobody (the rake is burnt)."""
    if keeps_table(table, table.owner_id):
        return table.owner_id
    if house.is_house_table(table):
        return house.house_account().pk
    return None


def pay_rake(table, game, econ, rake: int) -> None:
    """The hand's rake out of the table, to its keeper or the house (key
    ``rake:<table>:<number>``)."""
    if not rake:
        return
    key = f"rake:{table.pk}:{game.number}"
    keeper = rake_account(table)
    ChipMovement.objects.create(table=table, user_id=keeper, kind=Kind.RAKE,
                                amount=rake, game_number=game.number, idempotency_key=key)
    econ.rake_total += rake
    if keeper:
        ledger.post(keeper, Currency.ECUS, rake, reason=LedgerEntry.Reason.RAKE,
                    key=key, ref=("table", table.pk))


def owner_takings(owner) -> dict:
    """The rake credited to an owner, in écus, in total and per table."""
    entries = LedgerEntry.objects.filter(account=owner, reason=LedgerEntry.Reason.RAKE)
    per_table = dict(entries.values_list("ref_id").order_by().annotate(total=Sum("amount"))
                     .values_list("ref_id", "total"))
    return {"total": sum(per_table.values()), "tables": per_table}
