"""Open the house's tables for écus where a stake has none with a free seat (and close the
empty ones beyond it), at once: what the scheduler's loop does every minute
(economy/chips/upkeep.py). ``keep_house_taverns`` prints each stake and its tables."""

from django.core.management.base import BaseCommand

from economy.chips import house
from economy.chips.upkeep import do_keep_house_taverns


class Command(BaseCommand):
    help = "Keep a house table with a free seat at every stake of ECONOMY['HOUSE_TAVERNS']."

    def handle(self, *args, **options):
        opened = do_keep_house_taverns()
        for stake in house.house_stakes():
            tables = house.house_tables(stake.key).order_by("pk")
            seats = ", ".join(f"#{t.pk} {t.taken}/{t.seat_count}" for t in tables)
            self.stdout.write(f"{stake.key}: {seats or 'none'}")
        self.stdout.write(f"{opened} table(s) opened.")
