"""Vacation: days during which a player's correspondence clocks stop (issue 30, point 5).

A player takes up to VACATION_DAYS_PER_YEAR days a calendar year (the year a vacation
starts in counts all its days; a vacation ended early counts the days begun), one vacation
at a time, starting now or on a later date. While it lasts:

- each correspondence game where the player is to act has its deadline pushed back past
  the vacation's end by the time that was left when it began (``Game.vacation`` records
  that it was, so that it is pushed once); a turn given to them during the vacation starts
  its clock at the vacation's end (``clock_start``, called by ``games.schedule``);
- the clock never plays for them: the scheduler's timeout pushes the deadline back instead
  (``hold_for_vacation``), should a deadline have come between the vacation's start and
  the once-a-minute pass that applies it (``do_begin_vacations``);
- ending it early brings each pushed deadline forward again: the time that was left
  resumes now.

Live tables are never affected. Refusals are ``ServiceError``s (docs/api.md).
"""

from __future__ import annotations

import math
from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.guests import is_guest
from play.actions.errors import ServiceError
from play.models import Game, Seat, Table, Vacation

VACATION_DAYS_PER_YEAR = 30
# How far ahead a vacation may be planned.
PLAN_AHEAD_DAYS = 365
DAY = timedelta(days=1)

SIGN_UP_FOR_VACATION = _("Créez un compte pour prendre des vacances.")
VACATION_IN_PAST = _("Cette date est passée : choisissez aujourd'hui ou un jour à venir.")
VACATION_TOO_FAR = _("Des vacances se prévoient au plus un an à l'avance.")
VACATION_OVERLAP = _("Vous avez déjà des vacances prévues ou en cours : terminez-les ou "
                     "annulez-les d'abord.")
NOT_ON_VACATION = _("Vous n'avez pas de vacances en cours ni prévues.")


def _days_refusal(left: int) -> ServiceError:
    if left <= 0:
        message = _("Vous avez pris vos %(max)s jours de vacances de cette année.") % {
            "max": VACATION_DAYS_PER_YEAR}
    else:
        message = ngettext(
            "De 1 à %(left)s jour de vacances : il vous reste %(left)s jour cette année "
            "(%(max)s par an).",
            "De 1 à %(left)s jours de vacances : il vous reste %(left)s jours cette année "
            "(%(max)s par an).", left) % {"left": left, "max": VACATION_DAYS_PER_YEAR}
    return ServiceError("too_many_vacation_days", message)


def days_counted(vacation: Vacation) -> int:
    """The days a vacation counts: every day begun between its start and its end."""
    return max(0, math.ceil((vacation.ends_at - vacation.starts_at) / DAY))


def days_used(user, year: int) -> int:
    """The vacation days ``user`` took (or planned) in a calendar year."""
    zone = timezone.get_current_timezone()
    first = datetime.combine(date(year, 1, 1), time(), zone)
    last = datetime.combine(date(year + 1, 1, 1), time(), zone)
    return sum(days_counted(vacation) for vacation in Vacation.objects.filter(
        user=user, starts_at__gte=first, starts_at__lt=last))


def days_left(user, year: int) -> int:
    return max(0, VACATION_DAYS_PER_YEAR - days_used(user, year))


def current_vacation(user_id: int, now=None) -> Vacation | None:
    """The player's vacation going on now or planned (at most one)."""
    now = now or timezone.now()
    return Vacation.objects.filter(user_id=user_id, ends_at__gt=now).order_by("starts_at").first()


def on_vacation(user_ids, now=None) -> dict[int, Vacation]:
    """The vacations going on now of these players, by player (one query)."""
    now = now or timezone.now()
    return {vacation.user_id: vacation for vacation in Vacation.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now,
    ).select_related("user")}


def _waiting_games(user_id: int):
    """The correspondence games where the player is to act, their clock running."""
    return Game.objects.filter(
        status=Game.Status.PLAYING, deadline__isnull=False,
        table__status=Table.Status.PLAYING, table__pace=Table.Pace.CORRESPONDENCE,
        table__seats__user_id=user_id, table__seats__position=F("actor"),
        table__seats__sitting_out=False,
    ).select_related("table")


def _push_back(game: Game, vacation: Vacation) -> None:
    """The game's clock stops for the vacation: the time left when it began (at most a
    whole move's) resumes at its end."""
    move = timedelta(seconds=game.table.move_seconds)
    left = max(timedelta(0), min(game.deadline - vacation.starts_at, move))
    deadline = vacation.ends_at + left
    shift = deadline - game.deadline
    game.deadline = deadline
    if game.remind_at is not None:
        game.remind_at += shift
    game.vacation = vacation
    game.save(update_fields=["deadline", "remind_at", "vacation"])


def _apply(vacation: Vacation) -> int:
    """Push back the deadlines of the player's games not pushed for this vacation yet."""
    games = (_waiting_games(vacation.user_id).exclude(vacation=vacation)
             .select_for_update(of=("self",)).order_by("pk"))
    pushed = 0
    for game in games:
        _push_back(game, vacation)
        pushed += 1
    return pushed


def do_take_vacation(user, days, start: date | None = None, now=None) -> Vacation:
    """``days`` days of vacation from ``start`` (a date, its first minute) or from now."""
    now = now or timezone.now()
    if not getattr(user, "is_authenticated", False) or is_guest(user):
        raise ServiceError("account_required", SIGN_UP_FOR_VACATION)
    today = timezone.localdate(now)
    if start is not None and start < today:
        raise ServiceError("vacation_in_past", VACATION_IN_PAST)
    if start is not None and start > today + timedelta(days=PLAN_AHEAD_DAYS):
        raise ServiceError("vacation_in_past", VACATION_TOO_FAR)
    starts_at = (now if start is None or start == today
                 else datetime.combine(start, time(), timezone.get_current_timezone()))
    with transaction.atomic():
        # The player's row is the lock: two forms sent at once take one vacation.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        if current_vacation(user.pk, now) is not None:
            raise ServiceError("vacation_overlap", VACATION_OVERLAP)
        left = days_left(user, timezone.localdate(starts_at).year)
        if not isinstance(days, int) or isinstance(days, bool) or not 1 <= days <= left:
            raise _days_refusal(left)
        vacation = Vacation.objects.create(user=user, starts_at=starts_at,
                                           ends_at=starts_at + days * DAY, created_at=now)
        if starts_at <= now:
            _apply(vacation)
        return vacation


def do_end_vacation(user, now=None) -> Vacation:
    """Ends the player's vacation now (a planned one is cancelled): each deadline pushed
    back for it is brought forward by the days not taken."""
    now = now or timezone.now()
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("account_required", SIGN_UP_FOR_VACATION)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        vacation = current_vacation(user.pk, now)
        if vacation is None:
            raise ServiceError("not_on_vacation", NOT_ON_VACATION)
        if vacation.starts_at > now:
            vacation.delete()
            vacation.pk = None
            return vacation
        early = vacation.ends_at - now
        games = (Game.objects.filter(vacation=vacation, status=Game.Status.PLAYING,
                                     deadline__isnull=False)
                 .select_for_update().order_by("pk"))
        for game in games:
            game.deadline = max(now, game.deadline - early)
            if game.remind_at is not None:
                game.remind_at -= early
            game.vacation = None
            game.save(update_fields=["deadline", "remind_at", "vacation"])
        vacation.ends_at = now
        vacation.save(update_fields=["ends_at"])
        return vacation


def do_begin_vacations(now=None) -> int:
    """The scheduler's pass (once a minute): the vacations that have begun push back the
    deadlines not pushed yet (a planned vacation's start, a turn given as it began).
    Returns the number of games pushed."""
    now = now or timezone.now()
    pushed = 0
    for vacation in Vacation.objects.filter(starts_at__lte=now, ends_at__gt=now):
        with transaction.atomic():
            pushed += _apply(vacation)
    return pushed


def clock_start(table: Table, seat: Seat, now) -> tuple[datetime, Vacation | None]:
    """When a turn given to ``seat`` now starts its clock: now, or at the end of its
    player's vacation at a correspondence table."""
    if table.pace != Table.Pace.CORRESPONDENCE or seat.user_id is None:
        return now, None
    vacation = on_vacation([seat.user_id], now).get(seat.user_id)
    return (vacation.ends_at, vacation) if vacation is not None else (now, None)


def hold_for_vacation(game: Game, table: Table, seat: Seat | None, now) -> bool:
    """The clock is about to play for ``seat``: when its player is on vacation, the
    deadline is pushed back instead (the caller holds the game's row). Whether it was."""
    if seat is None or seat.user_id is None or table.pace != Table.Pace.CORRESPONDENCE:
        return False
    vacation = on_vacation([seat.user_id], now).get(seat.user_id)
    if vacation is None:
        return False
    if game.vacation_id == vacation.pk and game.deadline > now:
        return True
    game.table = table
    _push_back(game, vacation)
    return True
