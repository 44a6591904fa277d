"""Sending a kept notice to the player's devices by Web Push (pywebpush), in the worker.

``notices.delivery.deliver_notices`` calls ``send_push(notice)`` after the commit that kept
the notice, so a move never waits for a push service. Each notice is pushed at most once
(``PushSent``); each device gets the payload encrypted with its own keys (RFC 8291) and
signed with the site's VAPID key (RFC 8292). A device the push service no longer knows
(404, 410) is forgotten; another failure is counted on it and the next notice tries again.

The payload holds words and a link only (title, body, url, tag): never a card."""

from __future__ import annotations

import json
import logging

import requests
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from notices.models import PUSH_CHOICES
from notices.push.models import PushSent, PushSubscription
from taverne.games import game_name
from taverne.site import absolute_url

log = logging.getLogger(__name__)

GONE = {404, 410}
TIMEOUT_SECONDS = 10


def push_configured() -> bool:
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def vapid_subject() -> str:
    if settings.VAPID_SUBJECT:
        return settings.VAPID_SUBJECT
    sender = settings.DEFAULT_FROM_EMAIL
    address = sender.rsplit("<", 1)[-1].rstrip(">").strip()
    return f"mailto:{address}"


def payload(notice) -> dict:
    """What the service worker shows, in the player's language: title, body, url, tag."""
    data = notice.data or {}
    with translation.override(getattr(notice.user, "preferred_language", None) or "fr"):
        where = data.get("table_name") or (game_name(data["game"]) if data.get("game") else "")
        who = data.get("by") or data.get("from") or data.get("opponent") or ""
        if notice.kind == "your_turn":
            title = _("À vous de jouer")
            body = (_("C'est votre tour : %(where)s.") % {"where": where} if where
                    else _("C'est votre tour à la table."))
        elif notice.kind == "challenge":
            title = _("Un défi")
            body = (_("%(who)s vous défie.") % {"who": who} if who
                    else _("Un joueur vous défie."))
        elif notice.kind == "paired":
            title = _("Adversaire trouvé")
            body = (_("Votre table est prête : %(where)s.") % {"where": where} if where
                    else _("Votre table est prête."))
        else:
            title = _("Partie finie")
            body = (_("La partie est finie : %(where)s.") % {"where": where} if where
                    else _("Une de vos parties est finie."))
    url = absolute_url(notice.url or "/")
    return {"title": title, "body": body, "url": url, "tag": notice.url or notice.kind}


def wants_push(user, kind: str) -> bool:
    """Whether ``user`` lets that kind of notice wake their devices: a turn, a challenge, a
    seek met, a game over, each the player's choice (``PUSH_CHOICES``: the profile's « sur
    mes appareils »). Removing every device turns push off altogether."""
    return kind in PUSH_CHOICES and bool(getattr(user, PUSH_CHOICES[kind], False))


def send_push(notice) -> int:
    """Push the notice to each of its player's devices; the number reached."""
    if not push_configured() or not wants_push(notice.user, notice.kind):
        return 0
    devices = list(PushSubscription.objects.filter(user_id=notice.user_id))
    if not devices:
        return 0
    try:
        with transaction.atomic():
            PushSent.objects.create(notice=notice)
    except IntegrityError:
        return 0  # pushed already (a delivery run twice)
    data = json.dumps(payload(notice), ensure_ascii=False)
    reached = 0
    for device in devices:
        reached += _push_one(device, data)
    PushSent.objects.filter(notice=notice).update(devices=reached)
    return reached


def _push_one(device: PushSubscription, data: str) -> int:
    now = timezone.now()
    try:
        webpush(device.subscription_info(), data,
                vapid_private_key=settings.VAPID_PRIVATE_KEY,
                vapid_claims={"sub": vapid_subject()},
                ttl=settings.PUSH_TTL_SECONDS, timeout=TIMEOUT_SECONDS,
                content_encoding="aes128gcm")
    except WebPushException as error:
        status = getattr(error.response, "status_code", None)
        if status in GONE:
            PushSubscription.objects.filter(pk=device.pk).delete()
            return 0
        log.warning("push to device %s refused: %s", device.pk, status)
    except requests.RequestException as error:
        log.warning("push to device %s failed: %s", device.pk, type(error).__name__)
    else:
        PushSubscription.objects.filter(pk=device.pk).update(last_success_at=now, failures=0)
        return 1
    PushSubscription.objects.filter(pk=device.pk).update(
        last_failure_at=now, failures=min(device.failures + 1, 32767))
    return 0
