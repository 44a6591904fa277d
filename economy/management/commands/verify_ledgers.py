"""Check every wallet balance against the sum of its ledger entries, and every chip
table's conservation.

Exits with status 1 and lists the mismatches if any balance differs from its entries
(or from the balance recorded on its last entry), or if the chips of a table do not add
up (economy/chips/conservation.py); prints a one-line summary otherwise.
"""

from django.core.management.base import BaseCommand, CommandError

from economy import ledger
from economy.chips.conservation import verify_tables
from economy.models import LedgerEntry, Wallet


class Command(BaseCommand):
    help = "Verify every balance against its ledger entries; exit non-zero on any mismatch."

    def handle(self, *args, **options):
        problems = [str(m) for m in ledger.verify()]
        problems += [str(m) for m in verify_tables()]
        for problem in problems:
            self.stderr.write(f"MISMATCH {problem}")
        if problems:
            raise CommandError(f"{len(problems)} mismatch(es) found.", returncode=1)
        self.stdout.write(
            f"Ledgers OK: {Wallet.objects.count()} wallets, "
            f"{LedgerEntry.objects.count()} entries, no mismatch."
        )
