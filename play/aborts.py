"""Calling games off (« Annuler la partie »): which aborts count against a player, and how
many they may make.

A game may be called off until the player's second move (play/actions/leaving.py), so that
a table that started badly costs nobody anything. Called off again and again, it deals
until the cards suit: a player who called off ABORTS_PER_DAY games in the last 24 hours
(rolling, not a calendar day: a limit that resets at midnight can be spent twice in an
evening) may not call off another, only resign, until the oldest of them is 24 hours
old.

Counted: a game the player called off themselves (the log's ``platform.aborted`` at their
seat) in which at least one other person was dealt in. Leaving a game against bots only
aborts it too (« Quitter la partie ») and harms nobody: not counted, never refused. A
player's page shows the aborts counted over the last SHOWN_DAYS days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from play.models import Action, Game, Participant

ABORTS_PER_DAY = 3
ABORT_WINDOW = timedelta(hours=24)
SHOWN_DAYS = 30


@dataclass(frozen=True)
class Abort:
    game_id: int
    game_slug: str
    at: datetime


def _with_people(user_id: int):
    """Whether the participant row's game dealt in someone besides ``user_id``."""
    return Exists(Participant.objects.filter(game=OuterRef("game_id"), user__isnull=False,
                                             bot="").exclude(user_id=user_id))


def aborts_since(user, since: datetime) -> list[Abort]:
    """The games ``user`` called off, with other people, since ``since``, newest first."""
    pk = getattr(user, "pk", user)
    if not pk:
        return []
    called_off = Exists(Action.objects.filter(
        game=OuterRef("game_id"), seat=OuterRef("position"), source=Action.Source.PLATFORM,
        action__type="platform.aborted"))
    rows = (Participant.objects
            .filter(user_id=pk, game__ending=Game.Ending.ABORTED,
                    game__finished_at__gte=since)
            .filter(called_off, _with_people(pk))
            .order_by("-game__finished_at", "-game_id")
            .values_list("game_id", "game__table__game_slug", "game__finished_at"))
    return [Abort(game_id, slug, at) for game_id, slug, at in rows]


def with_other_people(game: Game, user) -> bool:
    """Whether someone besides ``user`` was dealt in ``game`` (an abort of it counts)."""
    return (Participant.objects.filter(game=game, user__isnull=False, bot="")
            .exclude(Q(user_id=getattr(user, "pk", user))).exists())


def next_abort_at(user, now: datetime | None = None) -> datetime | None:
    """When ``user`` may call a game with other people off again: None if now."""
    now = now or timezone.now()
    recent = aborts_since(user, now - ABORT_WINDOW)
    if len(recent) < ABORTS_PER_DAY:
        return None
    # the abort that must age out for the count to fall under the limit
    return recent[ABORTS_PER_DAY - 1].at + ABORT_WINDOW


def recent_aborts(user, now: datetime | None = None) -> list[Abort]:
    """The aborts counted against ``user`` over the last SHOWN_DAYS days (their page)."""
    return aborts_since(user, (now or timezone.now()) - timedelta(days=SHOWN_DAYS))
