"""A notice kept for a player: the bell's list (notices/interface.py writes them)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("à vous de jouer")
    CHALLENGE = "challenge", _("défi")
    PAIRED = "paired", _("adversaire trouvé")
    GAME_OVER = "game_over", _("partie finie")


# The account's field that turns on the e-mail of each kind of notice (the profile page;
# one-click unsubscribe turns one off); "digest": the daily summary (notices/digest.py).
EMAIL_CHOICES = {
    Kind.YOUR_TURN: "notify_your_turn",
    Kind.CHALLENGE: "email_challenge",
    Kind.PAIRED: "email_paired",
    Kind.GAME_OVER: "email_game_over",
    "digest": "email_digest",
}

# The account's field that lets each kind of notice wake the player's devices by Web Push
# (the profile page, beside the e-mail choices; notices/push/sender.py obeys it).
PUSH_CHOICES = {
    Kind.YOUR_TURN: "push_your_turn",
    Kind.CHALLENGE: "push_challenge",
    Kind.PAIRED: "push_paired",
    Kind.GAME_OVER: "push_game_over",
}


class Notice(models.Model):
    """One thing a player is told. ``data`` holds ids and public words only (a table's
    id, a challenger's name, a result): never a card, so a notice may go anywhere (a
    push service, an e-mail) the player reads it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="notices")
    kind = models.CharField(_("sorte"), max_length=16, choices=Kind.choices)
    data = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(_("le"), default=timezone.now)
    read_at = models.DateTimeField(_("lu le"), null=True, blank=True)

    class Meta:
        verbose_name = _("avis")
        verbose_name_plural = _("avis")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"], name="notice_unread")]

    def __str__(self):
        return f"{self.user} · {self.kind}"


class DigestDay(models.Model):
    """A day whose digests were queued (notices/digest.py): the unique row makes the daily
    job run once a day however many workers or restarts; each player's mail is kept once
    by its own key (taverne.mail.send_once)."""

    day = models.DateField(unique=True)
    queued_at = models.DateTimeField(default=timezone.now)
    players = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"digest {self.day}"
