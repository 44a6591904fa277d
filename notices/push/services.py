"""Subscribing a device to Web Push and unsubscribing it: the only changes to
``PushSubscription`` besides the sender's bookkeeping. A refusal is a ``PushError`` and
changes nothing."""

from __future__ import annotations

import base64
import binascii
from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.guests import is_guest
from notices.push.models import PushSubscription
from notices.push.sender import push_configured
from taverne.refusals import Refusal

DEVICES_PER_PLAYER = 10  # a new one beyond replaces the oldest

SIGN_UP_FOR_PUSH = _("Créez un compte pour être prévenu sur votre téléphone.")
NO_PUSH = _("Les notifications sur téléphone ne sont pas activées sur ce site.")
UNKNOWN_DEVICE = _("Cet appareil n'est pas (ou plus) parmi les vôtres.")
BAD_SUBSCRIPTION = _("Abonnement aux notifications invalide : le navigateur doit donner une "
                     "adresse https et ses clés p256dh et auth.")


class PushError(Refusal):
    """A refused subscription: ``code`` is stable (docs/api.md lists them)."""


def _decoded(value, length: int) -> bool:
    if not isinstance(value, str) or len(value) > 120:
        return False
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(raw) == length


def _check(user, endpoint, p256dh, auth) -> None:
    if not getattr(user, "is_authenticated", False) or is_guest(user):
        raise PushError("account_required", SIGN_UP_FOR_PUSH)
    if not push_configured():
        raise PushError("push_unavailable", NO_PUSH)
    parts = urlsplit(endpoint) if isinstance(endpoint, str) else None
    if (parts is None or parts.scheme != "https" or not parts.hostname or len(endpoint) > 500
            or not _decoded(p256dh, 65) or not _decoded(auth, 16)):
        raise PushError("bad_subscription", BAD_SUBSCRIPTION)


def subscriptions_of(user) -> list[PushSubscription]:
    """The devices ``user`` is told on, the newest first."""
    return list(PushSubscription.objects.filter(user=user))


def do_subscribe(user, endpoint, p256dh, auth, user_agent: str = "") -> PushSubscription:
    """This device (its push service's ``endpoint``) now tells ``user``: a browser that
    subscribes again, or under another account, keeps one row, the latest account's."""
    _check(user, endpoint, p256dh, auth)
    with transaction.atomic():
        device, _created = PushSubscription.objects.select_for_update().update_or_create(
            endpoint=endpoint,
            defaults={"user": user, "p256dh": p256dh, "auth": auth,
                      "user_agent": (user_agent or "")[:200], "failures": 0})
        older = (PushSubscription.objects.filter(user=user).order_by("-created_at", "-id")
                 .values_list("pk", flat=True)[DEVICES_PER_PLAYER:])
        PushSubscription.objects.filter(pk__in=list(older)).delete()
        return device


def do_unsubscribe(user, endpoint) -> int:
    """This device no longer tells ``user`` (another player's device is left alone); the
    number of rows removed, 0 when there was none."""
    if not getattr(user, "is_authenticated", False):
        raise PushError("account_required", SIGN_UP_FOR_PUSH)
    with transaction.atomic():
        removed, _ = PushSubscription.objects.filter(user=user, endpoint=str(endpoint)).delete()
        return removed


def do_remove_device(user, device_id) -> PushSubscription:
    """The profile's « Retirer »: one of ``user``'s devices, by id, is told nothing more.
    Another player's device, or one already gone, is refused (``unknown_device``)."""
    if not getattr(user, "is_authenticated", False):
        raise PushError("account_required", SIGN_UP_FOR_PUSH)
    with transaction.atomic():
        device = (PushSubscription.objects.select_for_update()
                  .filter(user=user, pk=device_id).first())
        if device is None:
            raise PushError("unknown_device", UNKNOWN_DEVICE)
        device.delete()
        return device


def do_unsubscribe_all(user) -> int:
    """Push off for ``user``: every device forgotten."""
    with transaction.atomic():
        removed, _ = PushSubscription.objects.filter(user=user).delete()
        return removed
