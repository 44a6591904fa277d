"""The daily digest: one e-mail a day to each player who asked for it (the profile's « un
résumé par jour », ``email_digest``, off by default).

It lists the player's correspondence games waiting on them (table, game, opponents, time
left, link: « À vous de jouer » by e-mail) and their unread notices of the last 24 hours;
nothing is sent when both are empty. Live games are left out: their turns last seconds,
over before the mail is read. The unread « à vous de jouer » notices are left out too: the
games list says, as of now, which turns are still the player's.

The digest is independent of the e-mails per kind: a player who wants only the digest
turns those off. Like every notice mail it carries RFC 8058's one-click unsubscribe
(notices/mail.py, kind "digest": unsubscribing turns ``email_digest`` off), and speaks the
player's language.

Who sends it: the worker's scheduler (play/clock/scheduler.py) calls ``queue_digests``
once a minute; from NOTICES_DIGEST_HOUR (server time) on, the first call of the day claims
the day (a ``DigestDay`` row: once however many workers) and queues ``send_digests`` tasks
of DIGEST_BATCH players each, so the loop never waits for a mail server. Each player's
mail leaves exactly once a day (taverne.mail.send_once, key ``digest-<user>-<day>``), so
a task run twice, or ``manage.py send_digests`` run by hand, sends nobody a second one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.tasks import task
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import get_text_list
from django.utils.timesince import timeuntil
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from notices.mail import notice_mail, wants_mail
from notices.models import DigestDay, Kind, Notice
from notices.words import describe
from play import queries
from play.models import Game, Table
from taverne.games import game_name
from taverne.mail import MAIL_SERVER_DOWN, retry_later
from taverne.site import absolute_url

log = logging.getLogger(__name__)

DIGEST = "digest"  # its kind in EMAIL_CHOICES and the unsubscribe token
DIGEST_BATCH = 200  # players per task
LAST_DAY = timedelta(hours=24)
LISTED = 30  # games, and notices, listed at most (the rest: a link to the whole list)


@dataclass
class Digest:
    games: list[Game] = field(default_factory=list)
    notices: list[Notice] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.games or self.notices)


def digest_of(user, now: datetime) -> Digest:
    """What ``user``'s digest would hold now (empty: nothing to send)."""
    games = list(
        queries.games_waiting_on(user).filter(table__pace=Table.Pace.CORRESPONDENCE)
        .prefetch_related("table__seats__user")[:LISTED])
    notices = list(
        Notice.objects.filter(user=user, read_at__isnull=True, created_at__gte=now - LAST_DAY)
        .exclude(kind=Kind.YOUR_TURN)[:LISTED])
    return Digest(games, notices)


def _url(path: str) -> str:
    return absolute_url(path if path.startswith("/") else "/avis/")


def _game_line(user, game: Game, now: datetime) -> str:
    table = game.table
    name = game_name(table.game_slug)
    opponents = [seat.name for seat in table.seats.all() if seat.user_id != user.pk]
    if game.deadline is None:
        left = _("sans limite de temps")
    elif game.deadline <= now:
        left = _("temps écoulé")
    else:
        left = _("il vous reste %(time)s") % {"time": timeuntil(game.deadline, now)}
    words = {"table": table.name or name, "game": name, "left": left,
             "opponents": get_text_list(opponents, _("et"))}
    line = (_("« %(table)s » (%(game)s), contre %(opponents)s : %(left)s.") if opponents
            else _("« %(table)s » (%(game)s) : %(left)s.")) % words
    return f"- {line}\n  {absolute_url(table.get_absolute_url())}"


def words(user, digest: Digest, now: datetime) -> tuple[str, str]:
    """The digest's subject and body, in the active language."""
    games, notices = len(digest.games), len(digest.notices)
    if games:
        subject = ngettext("Votre résumé : une partie vous attend",
                           "Votre résumé : %(count)s parties vous attendent",
                           games) % {"count": games}
    else:
        subject = ngettext("Votre résumé : un avis non lu",
                           "Votre résumé : %(count)s avis non lus",
                           notices) % {"count": notices}
    parts = [_("Bonjour %(name)s,") % {"name": user.public_name}]
    if games:
        parts.append(ngettext("Une partie par correspondance vous attend :",
                              "%(count)s parties par correspondance vous attendent :",
                              games) % {"count": games}
                     + "\n" + "\n".join(_game_line(user, g, now) for g in digest.games)
                     + "\n" + _("Toutes : %(url)s") % {
                         "url": absolute_url(reverse("play:waiting_on_me"))})
    if notices:
        parts.append(ngettext("Votre avis non lu des dernières 24 heures :",
                              "Vos avis non lus des dernières 24 heures :", notices)
                     + "\n" + "\n".join(f"- {describe(n)}\n  {_url(n.url)}"
                                        for n in digest.notices))
    return subject, "\n\n".join(parts) + "\n"


def digest_key(user_id: int, day: date) -> str:
    return f"digest-{user_id}-{day.isoformat()}"


def send_digest(user, day: date, now: datetime | None = None) -> bool:
    """Sends ``user`` the digest of ``day`` if they want it and it holds something, once a
    day whatever calls it; returns whether a mail left."""
    if not wants_mail(user, DIGEST):
        return False
    now = now or timezone.now()
    with translation.override(user.preferred_language):
        digest = digest_of(user, now)
        if not digest:
            return False
        subject, body = words(user, digest, now)
        return notice_mail(user, DIGEST, digest_key(user.pk, day), subject, body)


def players_wanting_digest():
    """The ids of the players who may get a digest, in order."""
    return (get_user_model().objects
            .filter(email_digest=True, notify_by_email=True, is_active=True, is_guest=False)
            .exclude(email="").order_by("pk").values_list("pk", flat=True))


def send_batch(day: date, user_ids) -> int:
    """Sends the digest of ``day`` to each of these players; the number sent. A player whose
    mail failed does not keep the others from theirs; the first error is raised at the end."""
    sent, failed = 0, None
    for user in get_user_model().objects.filter(pk__in=list(user_ids)).order_by("pk"):
        try:
            sent += send_digest(user, day)
        except Exception as error:
            log.exception("digest of player %s failed", user.pk)
            failed = failed or error
    if failed is not None:
        raise failed
    return sent


@task()
def send_digests(day: str, user_ids: list[int], attempt: int = 0) -> int:
    """The worker's task: one batch of the day's digests (a batch run twice sends nobody a
    second mail). A mail server that does not answer: the batch is tried again later."""
    try:
        return send_batch(date.fromisoformat(day), user_ids)
    except MAIL_SERVER_DOWN:
        if retry_later(send_digests, (day, user_ids), attempt):
            return 0
        raise


def digest_day(now: datetime) -> date | None:
    """The day whose digests are due at ``now`` (server time), None before the hour."""
    local = timezone.localtime(now)
    return local.date() if local.hour >= settings.NOTICES_DIGEST_HOUR else None


def queue_digests(now: datetime | None = None) -> int | None:
    """The scheduler's daily job: from the digest's hour, the first call of the day queues
    the day's digests in batches (one query and one task a batch: the loop does not wait
    for any mail); the number of players queued, None when nothing was due."""
    now = now or timezone.now()
    day = digest_day(now)
    if day is None or DigestDay.objects.filter(day=day).exists():
        return None
    try:
        with transaction.atomic():
            claim = DigestDay.objects.create(day=day, queued_at=now)
            user_ids = list(players_wanting_digest())
            for start in range(0, len(user_ids), DIGEST_BATCH):
                send_digests.enqueue(day.isoformat(), user_ids[start:start + DIGEST_BATCH])
            claim.players = len(user_ids)
            claim.save(update_fields=["players"])
    except IntegrityError:
        return None  # another worker claimed the day first
    log.info("digests of %s queued for %s players", day, len(user_ids))
    return len(user_ids)
