"""Who has a socket open at a table (the turn e-mail goes only to players with none).

When a seated player's first socket opens or their last closes, the table's connections
hear of it (``table.changed`` with ``presence``), so the seats show who is there.
"""

from __future__ import annotations

from django.db import transaction

from play.actions.broadcast import broadcast_table_changed
from play.models import Seat


def do_connect(table_id, user) -> int | None:
    """A websocket of a seated player opened: count it. Returns the seat position."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is None:
            return None
        seat.connections = max(seat.connections, 0) + 1
        seat.save(update_fields=["connections"])
        if seat.connections == 1:
            broadcast_table_changed(table_id, 0, presence=seat.position)
        return seat.position


def do_disconnect(table_id, user) -> None:
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is not None:
            seat.connections = max(seat.connections - 1, 0)
            seat.save(update_fields=["connections"])
            if seat.connections == 0:
                broadcast_table_changed(table_id, 0, presence=seat.position)
