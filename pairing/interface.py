"""What the other rooms ask of seeks and challenges: the account socket keeps a player's
live seeks alive while it is open (``keep_live_seeks``, ``drop_live_seeks``), the
scheduler's loop sweeps the lapsed ones (``do_sweep``), pages read what is open."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from pairing.models import Challenge, Invitee, Seek
from pairing.services import do_sweep, drop_live_seeks, keep_live_seeks

__all__ = ["do_sweep", "drop_live_seeks", "incoming", "keep_live_seeks", "open_seeks",
           "outgoing"]

OPEN_SEEKS_SHOWN = 20


def open_seeks(game_slug: str | None = None, now=None):
    """The seeks open now (their heartbeat running), oldest first, with their players."""
    now = now or timezone.now()
    seeks = Seek.objects.filter(status=Seek.Status.OPEN, alive_until__gt=now)
    if game_slug:
        seeks = seeks.filter(game_slug=game_slug)
    return seeks.select_related("user").order_by("created_at", "pk")


def incoming(user, now=None) -> list[Challenge]:
    """The open challenges ``user`` has not answered yet, newest first."""
    now = now or timezone.now()
    return list(Challenge.objects.filter(
        status=Challenge.Status.OPEN, alive_until__gt=now,
        invitees__user=user, invitees__answer=Invitee.Answer.PENDING)
        .select_related("challenger").prefetch_related("invitees__user"))


def outgoing(user, now=None) -> list[Challenge]:
    """``user``'s own open challenges, and those they accepted that wait for others."""
    now = now or timezone.now()
    return list(Challenge.objects.filter(
        Q(challenger=user) | Q(invitees__user=user, invitees__answer=Invitee.Answer.ACCEPTED),
        status=Challenge.Status.OPEN, alive_until__gt=now)
        .distinct().select_related("challenger").prefetch_related("invitees__user"))
