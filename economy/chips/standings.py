"""Who won écus at a chip game's tables lately: the cash games' leaderboard reads this.

A player's result at a table is **settled** once they took their chips away: what they
caved there is a loss only then, less what they cashed out. So a player's net at a game
over a period sums, per table of the game, their écus entries about it (``ref`` ("table",
id)) in the period: caves (negative), cash-outs (positive) and Ambigu's debts (paid or
received), but only those of sessions that ended:

- every entry at a table they left (their bankroll there is ``left``: cashed out, or
  gone with nothing);
- at a table they still sit at, the entries up to their last cash-out there (an earlier
  session, ended); the cave that brought them back waits for them to leave.

Players with fewer than ``min_hands`` hands dealt at the game in the period are not
ranked (a few lucky hands say little), nor are the accounts held out by an open flag,
their own or a pair's the collusion report raised (economy/collusion.py), until staff
clear it. The tables of a game are found through the chips that entered them
(``ChipMovement``), so this module reads only the economy's own rows.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import CharField, Count, Max, Sum
from django.db.models.functions import Cast

from economy.models import (
    ChipMovement,
    Currency,
    HandDeal,
    LedgerEntry,
    TableBankroll,
    held_out_ids,
)

COUNTED = (LedgerEntry.Reason.CAVE, LedgerEntry.Reason.CASH_OUT, LedgerEntry.Reason.DEBT)


def _entries(game_slug: str, since):
    tables = (
        ChipMovement.objects.filter(table__game_slug=game_slug)
        .annotate(ref=Cast("table_id", CharField()))
        .values("ref")
    )
    return LedgerEntry.objects.filter(
        currency=Currency.ECUS, reason__in=COUNTED, ref_type="table", ref_id__in=tables,
        created_at__gte=since,
    )


def settled_ecus_won(game_slug: str, since, min_hands: int = 0) -> list[tuple[int, int, int]]:
    """(user id, net écus of their settled sessions, hands dealt) of every player with a
    settled entry at the game's tables since ``since`` and at least ``min_hands`` hands
    dealt at the game in that time, best first (ties by user id); the accounts held out
    by an open flag are not listed."""
    entries = _entries(game_slug, since)
    # Sessions still open: the player sits at the table with chips or a place there.
    sitting = {(user_id, str(table_id)) for user_id, table_id in TableBankroll.objects
               .filter(table__game_slug=game_slug).exclude(status=TableBankroll.Status.LEFT)
               .values_list("user_id", "table_id")}
    nets: dict[int, int] = defaultdict(int)
    for user_id, ref, net in (entries.values("account_id", "ref_id")
                              .annotate(net=Sum("amount")).order_by()
                              .values_list("account_id", "ref_id", "net")):
        if (user_id, ref) not in sitting:
            nets[user_id] += net
    # At a table one still sits at, what came before one's last cash-out there is settled.
    cashed = dict(
        ((user_id, ref), last) for user_id, ref, last in LedgerEntry.objects
        .filter(currency=Currency.ECUS, reason=LedgerEntry.Reason.CASH_OUT, ref_type="table",
                ref_id__in=[ref for _, ref in sitting])
        .values("account_id", "ref_id").annotate(last=Max("pk")).order_by()
        .values_list("account_id", "ref_id", "last")
        if (user_id, ref) in sitting
    )
    for (user_id, ref), last in cashed.items():
        net = entries.filter(account_id=user_id, ref_id=ref, pk__lte=last).aggregate(
            net=Sum("amount"))["net"]
        if net is not None:
            nets[user_id] += net
    for held in held_out_ids() & set(nets):
        del nets[held]
    settled = set(nets)
    hands = dict(HandDeal.objects.filter(game_slug=game_slug, created_at__gte=since,
                                         user_id__in=settled)
                 .values("user_id").annotate(n=Count("pk")).order_by()
                 .values_list("user_id", "n"))
    rows = [(user_id, net, hands.get(user_id, 0)) for user_id, net in nets.items()
            if hands.get(user_id, 0) >= min_hands]
    return sorted(rows, key=lambda row: (-row[1], row[0]))
