"""The table's chat: post a line (seated players only, rate-limited), mute it."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from play.actions.broadcast import group_send
from play.actions.errors import ServiceError
from play.actions.guests import NO_CHAT, refuse_guest
from play.actions.lookups import lock_table
from play.models import ChatMessage, ChatMute

CHAT_RATE = (5, 10)  # at most 5 messages per 10 seconds, per user and table


def do_chat(table, user, text) -> ChatMessage:
    """Post a chat line (text only: escaped when rendered), capped and rate-limited; not
    by guests."""
    refuse_guest(user, NO_CHAT)
    text = (text or "").strip()
    if not text:
        raise ServiceError("bad_message", _("Message vide."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            "chat_too_long",
            _("Message trop long (%(MAX_LENGTH)s caractères au plus)."),
            MAX_LENGTH=ChatMessage.MAX_LENGTH,
        )
    with transaction.atomic():
        table = lock_table(table)
        if not table.seats.filter(user=user).exists():
            raise ServiceError("not_seated", _("Seuls les joueurs de la table peuvent écrire ici."))
        count, seconds = CHAT_RATE
        since = timezone.now() - timedelta(seconds=seconds)
        if (
            ChatMessage.objects.filter(table=table, user=user, created_at__gte=since).count()
            >= count
        ):
            raise ServiceError("chat_rate", _("Doucement : pas plus de 5 messages en 10 secondes."))
        minute_ago = timezone.now() - timedelta(seconds=60)
        if (ChatMessage.objects.filter(user=user, created_at__gte=minute_ago).count()
                >= settings.CHAT_LINES_PER_MINUTE):
            # All tables together: writing at many tables at once multiplies nothing.
            raise ServiceError(
                "chat_rate",
                ngettext_lazy(
                    "Doucement : pas plus de %(count)s message par minute, toutes tables "
                    "confondues.",
                    "Doucement : pas plus de %(count)s messages par minute, toutes tables "
                    "confondues.",
                    "count",
                ),
                count=settings.CHAT_LINES_PER_MINUTE,
            )
        message = ChatMessage.objects.create(
            table=table, game=table.current_game(), user=user, text=text
        )
        table_id, message_id = table.pk, message.pk
        transaction.on_commit(
            lambda: group_send(table_id, {"type": "table.chat", "id": message_id})
        )
    return message


def do_mute_chat(table, user, muted: bool) -> None:
    with transaction.atomic():
        if muted:
            ChatMute.objects.get_or_create(table_id=getattr(table, "pk", table), user=user)
        else:
            ChatMute.objects.filter(table_id=getattr(table, "pk", table), user=user).delete()
