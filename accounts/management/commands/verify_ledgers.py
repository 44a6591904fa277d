"""Check every wallet balance against the sum of its ledger entries.

Exits with status 1 and lists the mismatches if any balance differs from its entries
(or from the balance recorded on its last entry); prints a one-line summary otherwise.
With --tables, also checks the chips of every table (play/cave.py) when available.
"""

from django.core.management.base import BaseCommand, CommandError

from accounts import ledger
from accounts.models import LedgerEntry, Wallet


class Command(BaseCommand):
    help = "Verify every balance against its ledger entries; exit non-zero on any mismatch."

    def handle(self, *args, **options):
        problems = [str(m) for m in ledger.verify()]
        try:
            from play.cave import verify_tables
        except ImportError:
            verify_tables = None
        if verify_tables is not None:
            problems += [str(m) for m in verify_tables()]
        for problem in problems:
            self.stderr.write(f"MISMATCH {problem}")
        if problems:
            raise CommandError(f"{len(problems)} mismatch(es) found.", returncode=1)
        self.stdout.write(
            f"Ledgers OK: {Wallet.objects.count()} wallets, "
            f"{LedgerEntry.objects.count()} entries, no mismatch."
        )
