"""The house's upkeep of its taverns, run by the scheduler's loop every minute
(interface.keep_house_taverns): at every stake of ``ECONOMY["HOUSE_TAVERNS"]`` a table
with a free seat, and no empty table beyond it (economy/chips/house.py).

Tables are opened on the spot as well, when one fills (``house.seat_taken``): this pass
opens the first tables, those of a stake added to the settings, and makes good any gap.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F

from economy.chips import house
from economy.chips.deals import close_if_deserted
from play.models import Table


def do_keep_house_taverns() -> int:
    """Open a house table where a stake has none with a free seat, close the empty ones
    beyond the first free table of each stake (a rush that has passed); each decision in
    a transaction of its own. Returns how many tables opened."""
    opened = 0
    for stake in house.house_stakes():
        with transaction.atomic():
            house.lock_house()
            if house.table_for(stake) is None:
                house.open_house_table(stake)
                opened += 1
        free = list(house.house_tables(stake.key).filter(taken__lt=F("seat_count"))
                    .order_by("-taken", "pk").values_list("pk", "taken"))
        for table_id, taken in free[1:]:
            if taken:
                continue
            with transaction.atomic():
                # the table first, then the house (close_if_deserted asks it): every
                # path takes them in that order
                table = Table.objects.select_for_update().get(pk=table_id)
                close_if_deserted(table)
    return opened
