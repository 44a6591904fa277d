"""The "À vous de jouer" e-mail: the mail of a ``your_turn`` notice (kept when a player's
turn starts while they are away: play/actions/account_events.py), sent by the notices'
delivery task in the worker (notices/delivery.py calls ``send_turn_notice``).

One mail per game per turn, exactly once (its `TurnNotification` row, unique on game,
seat and version, is written in the transaction that sends it: taverne/mail.py,
``send_once``), only to players who want turn e-mails (`notify_your_turn` and
`notify_by_email` on their account: notices/mail.py ``wants_mail``), with RFC 8058's
one-click unsubscribe, and only if it is still their turn and they still have no socket
open on the table (a live ``Presence`` row: a socket whose process died stops counting
when its row expires, play/actions/presence.py). Live tables, whose turns last seconds,
mail at most once per LIVE_INTERVAL per game so a player who closed the tab is not sent
one mail a minute.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.core.mail import EmailMessage
from django.db import transaction
from django.tasks import task
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notices.mail import footer, unsubscribe_headers, wants_mail
from notices.models import Kind
from play.models import Game, Table, TurnNotification
from taverne.games import game_name
from taverne.mail import send_once
from taverne.site import absolute_url

log = logging.getLogger(__name__)

LIVE_INTERVAL = timedelta(minutes=15)


def _mail(user, table: Table, game: Game) -> tuple[str, str]:
    """The mail's subject and body, in the active language."""
    name = game_name(table.game_slug)
    table_name = table.name or name
    deadline = ""
    if game.deadline:
        when = timezone.localtime(game.deadline).strftime("%d/%m/%Y %H:%M")
        deadline = _("Vous avez jusqu'au %(when)s pour jouer.") % {"when": when} + "\n"
    subject = _("À vous de jouer : %(table)s") % {"table": table_name}
    body = _(
        "Bonjour %(name)s,\n\n"
        "C'est votre tour à la table « %(table)s » (%(game)s).\n"
        "%(deadline)s"
        "Jouez ici : %(url)s"
    ) % {
        "name": user.public_name,
        "table": table_name,
        "game": name,
        "deadline": deadline,
        "url": absolute_url(table.get_absolute_url()),
    }
    return subject, body


def wants_turn_email(user) -> bool:
    return wants_mail(user, Kind.YOUR_TURN)


def send_turn_email_now(game_id: int, position: int, version: int) -> bool:
    """Send the mail if it is still that seat's turn at that version and still away."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.PLAYING or game.version != version:
        return False
    if game.actor != position:
        return False
    table = game.table
    seat = table.seats.with_presence().select_related("user").filter(position=position).first()
    if seat is None or seat.user is None or seat.connected or seat.sitting_out:
        return False
    user = seat.user
    if not wants_turn_email(user):
        return False
    if table.pace == Table.Pace.LIVE and TurnNotification.objects.filter(
        game=game, seat=position, created_at__gte=timezone.now() - LIVE_INTERVAL
    ).exists():
        return False
    if TurnNotification.objects.filter(game=game, seat=position, version=version).exists():
        return False  # already sent for this turn
    with translation.override(user.preferred_language):
        subject, body = _mail(user, table, game)
        body += footer(user, Kind.YOUR_TURN)
    # Marked in the transaction of the send, committed once the mail server took it.
    return send_once(
        f"turn-{game_id}-{position}-{version}",
        EmailMessage(subject, body, None, [user.email],
                     headers=unsubscribe_headers(user, Kind.YOUR_TURN)),
        mark=lambda: TurnNotification.objects.create(game=game, seat=position,
                                                     version=version),
    )


def send_turn_notice(notice) -> bool:
    """The e-mail of a ``your_turn`` notice (notices/mail.py calls it in the worker)."""
    data = notice.data or {}
    if not all(isinstance(data.get(key), int) for key in ("game", "position", "version")):
        return False
    return send_turn_email_now(data["game"], data["position"], data["version"])


# ----- the reminder by correspondence: a quarter of the time left ----------------------


def _reminder_mail(user, table: Table, game: Game) -> tuple[str, str]:
    """The reminder's subject and body, in the active language."""
    name = game_name(table.game_slug)
    table_name = table.name or name
    when = timezone.localtime(game.deadline).strftime("%d/%m/%Y %H:%M") if game.deadline else ""
    subject = _("Plus qu'un quart de votre temps : %(table)s") % {"table": table_name}
    body = _(
        "Bonjour %(name)s,\n\n"
        "C'est toujours votre tour à la table « %(table)s » (%(game)s), et il ne vous reste "
        "qu'un quart du temps de réflexion : vous avez jusqu'au %(when)s pour jouer.\n"
        "Passé ce délai, un automate jouera à votre place jusqu'à votre retour.\n"
        "Jouez ici : %(url)s"
    ) % {
        "name": user.public_name,
        "table": table_name,
        "game": name,
        "when": when,
        "url": absolute_url(table.get_absolute_url()),
    }
    return subject, body


def queue_reminder(game: Game, position: int) -> None:
    """Called by ``do_remind`` inside its transaction: queue the reminder after commit."""
    game_id, version = game.pk, game.version

    def enqueue():
        try:
            send_reminder_email.enqueue(game_id, position, version)
        except Exception:  # a mail queue down must not break the game
            log.exception("could not queue the reminder e-mail for game %s", game_id)

    transaction.on_commit(enqueue)


def send_reminder_now(game_id: int, position: int, version: int) -> bool:
    """Send the reminder if it is still that seat's turn at that version, to a player who
    wants turn e-mails and has not the table open; once per game, seat and version."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.PLAYING or game.version != version:
        return False
    if game.actor != position:
        return False
    table = game.table
    seat = table.seats.with_presence().select_related("user").filter(position=position).first()
    if seat is None or seat.user is None or seat.connected or seat.sitting_out:
        return False
    user = seat.user
    if not wants_turn_email(user):
        return False
    with translation.override(user.preferred_language):
        subject, body = _reminder_mail(user, table, game)
        body += footer(user, Kind.YOUR_TURN)
    return send_once(f"reminder-{game_id}-{position}-{version}",
                     EmailMessage(subject, body, None, [user.email],
                                  headers=unsubscribe_headers(user, Kind.YOUR_TURN)))


@task
def send_reminder_email(game_id: int, position: int, version: int) -> bool:
    """The queued reminder (same queue as the turn e-mail)."""
    return send_reminder_now(game_id, position, version)
