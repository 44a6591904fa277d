"""Who won écus at a chip game's tables lately: the cash games' leaderboard reads this.

A player's net at a game over a period is the sum of their écus entries about that
game's tables (``ref`` ("table", id)) in the period: caves (negative), cash-outs
(positive) and Ambigu's debts (paid or received). The tables of a game are found through
the chips that entered them (``ChipMovement``), so this module reads only the economy's
own rows. Chips still at a table are not counted until they are cashed out.
"""

from __future__ import annotations

from django.db.models import CharField, Sum
from django.db.models.functions import Cast

from economy.models import ChipMovement, Currency, LedgerEntry

COUNTED = (LedgerEntry.Reason.CAVE, LedgerEntry.Reason.CASH_OUT, LedgerEntry.Reason.DEBT)


def net_ecus_won(game_slug: str, since) -> list[tuple[int, int]]:
    """(user id, net écus) of every player with a counted entry since ``since``, best
    first (ties by user id)."""
    tables = (
        ChipMovement.objects.filter(table__game_slug=game_slug)
        .annotate(ref=Cast("table_id", CharField()))
        .values("ref")
    )
    rows = (
        LedgerEntry.objects.filter(
            currency=Currency.ECUS, reason__in=COUNTED, ref_type="table", ref_id__in=tables,
            created_at__gte=since,
        )
        .values("account_id")
        .annotate(net=Sum("amount"))
        .order_by("-net", "account_id")
    )
    return [(row["account_id"], row["net"]) for row in rows]
