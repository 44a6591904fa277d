"""A device a player asked to be told on: one Web Push subscription of a browser."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """What a browser's ``PushManager.subscribe`` gave: the push service's address for this
    device (``endpoint``, unique: a browser subscribing again replaces its row) and the
    keys a push is encrypted with (``p256dh``, ``auth``, base64url). A push service that
    answers 404 or 410 has forgotten the device: its row is deleted."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="push_subscriptions")
    endpoint = models.URLField(max_length=500, unique=True)
    p256dh = models.CharField(max_length=100)
    auth = models.CharField(max_length=50)
    # The browser that subscribed, as it says (to tell a player's devices apart).
    user_agent = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    last_success_at = models.DateTimeField(null=True, blank=True)
    last_failure_at = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(default=0)

    class Meta:
        verbose_name = _("abonnement aux notifications")
        verbose_name_plural = _("abonnements aux notifications")
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.user} · {self.endpoint[:40]}"

    def subscription_info(self) -> dict:
        """The form pywebpush takes."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushSent(models.Model):
    """A notice pushed to a player's devices: the unique row makes it at most once per
    notice, even when the worker runs a delivery twice."""

    notice = models.OneToOneField("notices.Notice", on_delete=models.CASCADE,
                                  related_name="push_sent")
    sent_at = models.DateTimeField(default=timezone.now)
    devices = models.PositiveSmallIntegerField(default=0)
