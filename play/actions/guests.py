"""Guests (accounts/guests.py says what they are): created in one click, their games moved
to the account they sign up for, removed a week after their last activity.

- ``do_create_guest``: a new guest user, with an unused number for a name;
- ``refuse_guest``: the refusal of what guests may not do (chat, a table with people);
- ``check_guest_tables``: a guest plays at most ``GUEST_TABLES`` practice games at once;
- ``do_stand_in_while_signing_up``: a guest opening the sign-up form leaves their live
  games to the bot meanwhile (as an absent player's), so no clock runs out on them;
- ``do_adopt_guest``: the account created from a guest's session takes its seats, games
  and history, and the guest is gone;
- ``do_purge_guests``: guests idle for ``GUEST_DAYS`` days are deleted with their
  practice tables (nobody else ever sat there).
"""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.guests import GUEST_DAYS, GUEST_USERNAME_PREFIX, is_guest
from accounts.language import site_language
from play.actions.broadcast import broadcast_table_changed
from play.actions.errors import ServiceError
from play.actions.games import publish, record_platform, schedule
from play.actions.leaving import seat_and_game
from play.models import Action, ChatMessage, ChatMute, Game, Participant, Seat, Table

log = logging.getLogger(__name__)

GUEST_TABLES = 3  # practice games a guest may have running at once
PURGE_BATCH = 500  # guests deleted per pass at most; the rest wait for the next one

NO_CHAT = _("Les invités ne peuvent pas écrire à table : créez un compte pour discuter.")
NO_HUMAN_TABLE = _(
    "Les invités jouent contre les robots seulement : créez un compte pour vous asseoir à "
    "une table avec d'autres joueurs."
)


def refuse_guest(user, message) -> None:
    """Raise ``account_required`` with ``message`` if ``user`` is a guest."""
    if is_guest(user):
        raise ServiceError("account_required", message)


def _may_create_guest(address: str) -> bool:
    """At most ``GUESTS_PER_IP`` new guests per address and hour (a visitor who plays
    again keeps their guest: this only stops a script from filling the table of users)."""
    count, seconds = settings.GUESTS_PER_IP
    key = f"guests-created:{address}"
    cache.add(key, 0, timeout=seconds)
    try:
        return cache.incr(key) <= count
    except ValueError:  # expired between the two calls
        cache.set(key, 1, timeout=seconds)
        return True


def do_create_guest(language: str = "", address: str | None = None):
    """A new guest: no password, no e-mail, an unused number of 4 digits (more when those
    run short) for a name, and ``language`` (the one the visitor was reading) as its
    preferred language: its pages, table and socket stay in it, and so does the account
    it may become. ``address``: the visitor's, refused after ``GUESTS_PER_IP`` guests."""
    if address is not None and not _may_create_guest(address):
        raise ServiceError(
            "rate_limited",
            _("Trop de parties d'essai depuis votre adresse : réessayez dans une heure, ou "
              "créez un compte."),
        )
    User = get_user_model()
    language = site_language(language)
    now = timezone.now()
    for digits in (4, 4, 4, 5, 5, 6, 6, 8, 8, 8):
        number = str(10 ** (digits - 1) + secrets.randbelow(9 * 10 ** (digits - 1)))
        guest = User(username=GUEST_USERNAME_PREFIX + number, display_name=number,
                     is_guest=True, last_login=now, preferred_language=language)
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:  # the number is taken: draw again
            continue
        return guest
    raise ServiceError("busy", _("Trop d'invités en ce moment : réessayez dans un instant."))


def check_guest_tables(user) -> None:
    """A guest starting one more practice game while ``GUEST_TABLES`` run is refused."""
    if not is_guest(user):
        return
    # The guest's row locked: two clicks at once count each other.
    get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
    running = (
        Table.objects.filter(seats__user=user, seats__sitting_out=False)
        .filter(status__in=(Table.Status.WAITING, Table.Status.PLAYING))
        .count()
    )
    if running >= GUEST_TABLES:
        raise ServiceError(
            "too_many_games",
            _("Vous avez déjà %(count)s parties en cours : finissez-en une ou quittez-la "
              "(Mes parties) avant d'en commencer une autre, ou créez un compte."),
            count=GUEST_TABLES,
        )


def do_stand_in_while_signing_up(guest) -> list[int]:
    """The guest opens the sign-up form: at each of their live games in progress the bot
    plays their seat, as it does an absent player's, until they come back (``do_come_back``,
    which the sign-up calls at the table it returns them to). The log says so. Returns the
    ids of those tables.

    A live clock runs out in a minute, and two of them mark the seat absent anyway; this
    only spares the guest the timeouts, and shows at once who is playing.
    """
    if not is_guest(guest):
        return []
    tables = (
        Seat.objects.filter(user=guest, sitting_out=False, table__status=Table.Status.PLAYING,
                            table__pace=Table.Pace.LIVE)
        .order_by("table_id").values_list("table_id", flat=True)
    )
    away = []
    for table_id in list(tables):
        with transaction.atomic():
            try:
                table, seat, game = seat_and_game(table_id, guest)
            except ServiceError:  # the game ended meanwhile
                continue
            if seat.sitting_out:
                continue
            seat.sitting_out = True
            seat.save(update_fields=["sitting_out"])
            previous_key = (game.pk, game.version)
            record_platform(game, table, "platform.signing_up", seat.position, guest)
            schedule(game, table, previous_actor=game.actor)
            game.save()
            publish(game, table, previous_key)
        away.append(table_id)
    return away


def do_adopt_guest(guest, account) -> list[int]:
    """The account just created from a guest's session takes the guest's seats, games,
    moves and history; the guest is deleted. Returns the ids of the tables that moved.

    ``account`` is a new account (it sits at none of the guest's tables). The guest's
    games in progress are locked first, in id order, as a move locks them, so a move of
    the guest is either before (and moves too) or refused after (no longer seated).
    Nothing happens when the guest is already gone (adopted or purged meanwhile).
    """
    if is_guest(account):
        raise ValueError("a guest is adopted by an account, not by another guest")
    User = get_user_model()
    with transaction.atomic():
        tables = sorted(set(Seat.objects.filter(user=guest).values_list("table_id", flat=True)))
        games = list(
            Game.objects.select_for_update()
            .filter(table_id__in=tables, status=Game.Status.PLAYING)
            .order_by("id")
            .values_list("id", "table_id", "version")
        )
        if not User.objects.select_for_update().filter(pk=guest.pk, is_guest=True).exists():
            return []
        Seat.objects.filter(user=guest).update(user=account)
        # The name kept for the archive follows: the guest's number meant nobody.
        Participant.objects.filter(user=guest).update(user=account, name=account.public_name)
        Action.objects.filter(user=guest).update(user=account)
        Table.objects.filter(owner=guest).update(owner=account)
        ChatMute.objects.filter(user=guest).update(user=account)
        ChatMessage.objects.filter(user=guest).update(user=account)
        User.objects.filter(pk=guest.pk).delete()
        for game_id, table_id, version in games:
            # Its players' names changed: the tables' pages read them again.
            broadcast_table_changed(table_id, version, game_id)
    return tables


def _idle_guests(cutoff):
    """Guests whose last activity (arrival, a seat taken, a move) is before ``cutoff``."""
    User = get_user_model()
    return (
        User.objects.filter(is_guest=True, date_joined__lt=cutoff)
        .filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
        .exclude(seats__joined_at__gte=cutoff)
        .exclude(action__created_at__gte=cutoff)
    )


def _tables_of_only(guest) -> list[int]:
    """The practice tables where nobody but ``guest`` (and bots) ever sat."""
    candidates = set(
        Table.objects.filter(practice=True, seats__user=guest).values_list("pk", flat=True)
    ) | set(
        Table.objects.filter(practice=True, games__participants__user=guest)
        .values_list("pk", flat=True)
    )
    shared = set(
        Seat.objects.filter(table_id__in=candidates, user__isnull=False)
        .exclude(user=guest).values_list("table_id", flat=True)
    ) | set(
        Participant.objects.filter(game__table_id__in=candidates, user__isnull=False)
        .exclude(user=guest).values_list("game__table_id", flat=True)
    )
    return sorted(candidates - shared)


def do_purge_guests(now=None, batch: int = PURGE_BATCH) -> int:
    """Delete the guests idle for ``GUEST_DAYS`` days, each in its own transaction; returns
    how many went.

    Their practice tables go with them (games, moves, archives: nobody else ever sat
    there). Any other row that names a guest keeps its game whole: the archive's
    participants and the log's actions keep the name and lose the link
    (``on_delete=SET_NULL``). A guest the economy knows (``PROTECT``: it should never
    happen) is kept and logged.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(days=GUEST_DAYS)
    deleted = 0
    for guest_id in list(_idle_guests(cutoff).order_by("pk").values_list("pk", flat=True)[:batch]):
        try:
            with transaction.atomic():
                # Again, locked: a guest who came back or signed up meanwhile stays.
                guest = (_idle_guests(cutoff).select_for_update().filter(pk=guest_id)
                         .first())
                if guest is None:
                    continue
                Table.objects.filter(pk__in=_tables_of_only(guest)).delete()
                guest.delete()
        except ProtectedError:
            log.warning("guest %s is known to the economy: kept", guest_id)
            continue
        deleted += 1
    return deleted
