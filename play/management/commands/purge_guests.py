from django.core.management.base import BaseCommand

from accounts.guests import GUEST_DAYS
from play.actions import do_purge_guests


class Command(BaseCommand):
    help = (
        f"Delete the guests idle for {GUEST_DAYS} days, with their practice tables. The move "
        "scheduler (play_worker, or the loop inside the embedded server) runs it every hour."
    )

    def handle(self, *args, **options):
        total = 0
        while deleted := do_purge_guests():
            total += deleted
        self.stdout.write(f"purge_guests: {total} guest(s) deleted")
