"""Compute contests' standings again from the games finished in their periods.

The standings are kept up as games finish (economy/contests.py); this puts them right
for a contest changed outside the admin, or after a bug: ``rebuild_contests`` (every
contest not over yet) or ``rebuild_contests 3 7`` (those contests) or ``--all``.
"""

from django.core.management.base import BaseCommand
from django.utils import timezone

from economy import contests
from economy.models import Contest


class Command(BaseCommand):
    help = "Recompute contests' standings from the finished games of their periods."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="contest ids (default: not over)")
        parser.add_argument("--all", action="store_true", help="every contest")

    def handle(self, *args, ids, all, **options):
        chosen = Contest.objects.all()
        if ids:
            chosen = chosen.filter(pk__in=ids)
        elif not all:
            chosen = chosen.filter(ends_at__gt=timezone.now())
        for contest in chosen.order_by("pk"):
            ranked = contests.rebuild(contest)
            self.stdout.write(f"Contest {contest.pk} ({contest.name}): {ranked} players.")
