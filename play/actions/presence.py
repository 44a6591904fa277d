"""Who has a socket open at a table (the turn e-mail goes only to players with none)."""

from __future__ import annotations

from django.db import transaction

from play.models import Seat


def do_connect(table_id, user) -> int | None:
    """A websocket of a seated player opened: count it. Returns the seat position."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is None:
            return None
        seat.connections = max(seat.connections, 0) + 1
        seat.save(update_fields=["connections"])
        return seat.position


def do_disconnect(table_id, user) -> None:
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is not None:
            seat.connections = max(seat.connections - 1, 0)
            seat.save(update_fields=["connections"])
