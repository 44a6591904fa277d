"""A seat's socket, as the tests that need a player "at the table" without a socket open
mark it: a live ``Presence`` row (play/actions/presence.py)."""

from datetime import timedelta

from django.utils import timezone

from play.models import Presence


def seat_sockets_open(seats, hours=1):
    """One open socket for each of ``seats`` (a queryset or a list), alive ``hours``."""
    expires_at = timezone.now() + timedelta(hours=hours)
    Presence.objects.bulk_create(Presence(seat=seat, expires_at=expires_at) for seat in seats)


def seat_sockets_closed(seats):
    Presence.objects.filter(seat__in=list(seats)).delete()

