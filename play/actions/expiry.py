"""Waiting tables expire: a table that waits for players, unchanged, longer than the
settings say closes (docs/protocol.md, "Waiting tables"). Nobody keeps a table open in the
lobby for ever, and a chip table's players get their chips back as écus. The house's
own tables are not closed this way: the house keeps them for players.

``do_expire_waiting_tables`` is run by the scheduler's loop (play/clock/scheduler.py),
each table in its own transaction, locked and checked again.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from economy import interface as economy
from play.actions.broadcast import broadcast_table_changed
from play.actions.lookups import lock_table
from play.models import Table

log = logging.getLogger(__name__)

EXPIRY_BATCH = 200  # tables closed per pass at most; the rest wait for the next one


def _expired(now):
    live = now - timedelta(hours=settings.PLAY_WAITING_TABLE_HOURS)
    correspondence = now - timedelta(hours=settings.PLAY_WAITING_CORRESPONDENCE_HOURS)
    # Unchanged: no new status and nobody sat down since the cutoff. The house's own
    # tables wait for players as long as it keeps them (economy/chips/house.py).
    return Table.objects.filter(status=Table.Status.WAITING, practice=False).exclude(
        pk__in=economy.house_table_ids()
    ).filter(
        Q(pace=Table.Pace.LIVE, updated_at__lt=live)
        & ~Q(seats__joined_at__gte=live)
        | Q(pace=Table.Pace.CORRESPONDENCE, updated_at__lt=correspondence)
        & ~Q(seats__joined_at__gte=correspondence)
    ).distinct()


def do_expire_waiting_tables(now=None, batch: int = EXPIRY_BATCH) -> int:
    """Close the tables that have waited too long; returns how many closed."""
    now = now or timezone.now()
    closed = 0
    for table_id in list(_expired(now).order_by("pk").values_list("pk", flat=True)[:batch]):
        try:
            with transaction.atomic():
                table = lock_table(table_id)
                if not _expired(now).filter(pk=table_id).exists():
                    continue  # someone sat down or the table started meanwhile
                if economy.is_chip_table(table):
                    for seat in list(table.seats.filter(user__isnull=False)):
                        economy.player_leaves_chip_table(table, seat)  # paid out at once
                table.status = Table.Status.CLOSED
                table.save(update_fields=["status", "updated_at"])
                broadcast_table_changed(table.pk, 0)
                closed += 1
        except Exception:
            log.exception("expiring waiting table %s failed", table_id)
    return closed
