"""Who follows whom, who blocked whom: one row each, never two for the same pair."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    """``follower`` follows ``followed``: one way, nobody asked."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="following_links")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="follower_links")
    created_at = models.DateTimeField(_("depuis"), auto_now_add=True)

    class Meta:
        verbose_name = _("suivi")
        verbose_name_plural = _("suivis")
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")),
                                   name="follow_not_oneself"),
        ]

    def __str__(self):
        return f"{self.follower} → {self.followed}"


class Block(models.Model):
    """``blocker`` blocked ``blocked``: neither reads the other at a table, and neither
    follows the other while it stands."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="block_links")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="blocked_by_links")
    created_at = models.DateTimeField(_("depuis"), auto_now_add=True)

    class Meta:
        verbose_name = _("blocage")
        verbose_name_plural = _("blocages")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")),
                                   name="block_not_oneself"),
        ]

    def __str__(self):
        return f"{self.blocker} ⊘ {self.blocked}"
