"""Chips are conserved at every chip table, at every moment:

    caves − cash-outs = reserves + chips in the unsettled hand + pots carried to the next
                        hand + rake paid out + entry blinds not yet won

`verify_ledgers` checks it for every table (`verify_tables`), the tests after every step.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum

from economy.chips.tables import Kind, latest_game, rules_of, table_economy
from economy.models import ChipMovement, TableBankroll, TableEconomy
from play.models import Table


@dataclass
class TableChips:
    table_id: int
    caves: int
    cash_outs: int
    reserves: int
    in_play: int
    rake: int
    dead_pending: int
    carried: int = 0  # pots a settled hand left for the next (Ambigu's poule and batterie)

    @property
    def balanced(self) -> bool:
        return self.caves - self.cash_outs == (
            self.reserves + self.in_play + self.carried + self.rake + self.dead_pending
        )

    def __str__(self):
        return (
            f"table {self.table_id}: caves {self.caves} - cash-outs {self.cash_outs} != "
            f"reserves {self.reserves} + in play {self.in_play} + carried pots "
            f"{self.carried} + rake {self.rake} + entry blinds {self.dead_pending}"
        )


def table_chips(table: Table) -> TableChips:
    sums = dict(
        ChipMovement.objects.filter(table=table).values_list("kind").order_by()
        .annotate(total=Sum("amount")).values_list("kind", "total")
    )
    econ = table_economy(table)
    reserves = TableBankroll.objects.filter(table=table).aggregate(s=Sum("reserve"))["s"] or 0
    in_play = carried = 0
    game = latest_game(table)
    if game is not None and game.number > econ.settled_number and game.carry_in:
        in_play = rules_of(table).on_table(game.state)
    elif game is not None:
        carried = rules_of(table).carried(game.state)
    return TableChips(
        table_id=table.pk,
        caves=sums.get(Kind.CAVE, 0),
        cash_outs=sums.get(Kind.CASH_OUT, 0),
        reserves=reserves,
        in_play=in_play,
        rake=sums.get(Kind.RAKE, 0),
        dead_pending=sums.get(Kind.DEAD_BLIND, 0) - sums.get(Kind.DEAD_BLIND_WON, 0),
        carried=carried,
    )


def verify_tables() -> list[TableChips]:
    """Every chip table whose chips do not add up (verify_ledgers reports them)."""
    return [
        chips
        for econ in TableEconomy.objects.select_related("table")
        if not (chips := table_chips(econ.table)).balanced
    ]
