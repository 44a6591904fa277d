"""Seeks (a player looking for opponents) and challenges (a player asking others by name).

Changed only by pairing/services.py. A seek's or a challenge's life is a status and a
heartbeat: a live one lives while ``alive_until`` is in the future (its page, the API or
the account socket pushes it on); a correspondence one lives for days.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Pace(models.TextChoices):
    LIVE = "live", _("en direct")
    CORRESPONDENCE = "correspondence", _("par correspondance")


class Pool(models.Model):
    """One row per kind of game sought (game, seats, pace, time, rated): the lock that
    puts the pairings of one kind one after the other, so that a seek made at the same
    instant as another always sees it (docs/architecture.md, "Pairing")."""

    key = models.CharField(max_length=80, unique=True)

    def __str__(self):
        return self.key


class Seek(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("ouverte")
        PAIRED = "paired", _("appariée")
        CANCELLED = "cancelled", _("annulée")
        EXPIRED = "expired", _("expirée")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="seeks")
    game_slug = models.CharField(_("jeu"), max_length=32)
    seat_count = models.PositiveSmallIntegerField(_("places"))
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("temps par coup (secondes)"))
    rated = models.BooleanField(_("classée"), default=True)
    # The seeker's rating at this game when they sought (as players read it), and the
    # ratings they accept (None: no bound).
    rating = models.IntegerField(default=0)
    rating_min = models.IntegerField(null=True, blank=True)
    rating_max = models.IntegerField(null=True, blank=True)
    # A casual seek's wish: bots take the seats still empty after this many seconds.
    bots_after = models.PositiveIntegerField(null=True, blank=True)
    # The seeker's reliability when they sought (play/reliability.py: the share of their
    # games finished, None for a new player) and the least they ask of the others (None:
    # none; a new player is never refused, as at a table).
    reliability = models.PositiveSmallIntegerField(null=True, blank=True)
    min_reliability = models.PositiveSmallIntegerField(_("fiabilité minimale"), null=True,
                                                       blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    alive_until = models.DateTimeField(db_index=True)
    table = models.ForeignKey("play.Table", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")

    class Meta:
        verbose_name = _("recherche d'adversaires")
        verbose_name_plural = _("recherches d'adversaires")
        ordering = ["created_at", "pk"]
        # The pairing reads a pool's open seeks, oldest first, through this index alone:
        # only the open ones are in it (the paired, cancelled and expired pile up).
        indexes = [models.Index(fields=["game_slug", "seat_count", "pace", "move_seconds",
                                        "rated", "created_at"], name="seek_pool_open",
                                condition=models.Q(status="open"))]

    def __str__(self):
        return f"{self.user_id} {self.game_slug}/{self.seat_count} {self.status}"

    @property
    def pool_key(self) -> str:
        return pool_key(self.game_slug, self.seat_count, self.pace, self.move_seconds,
                        self.rated)

    def accepts(self, rating: int) -> bool:
        return ((self.rating_min is None or rating >= self.rating_min)
                and (self.rating_max is None or rating <= self.rating_max))

    def trusts(self, reliability: int | None) -> bool:
        """Whether a player of this reliability (None: a new player) meets its minimum."""
        return (self.min_reliability is None or reliability is None
                or reliability >= self.min_reliability)


def pool_key(game_slug, seat_count, pace, move_seconds, rated) -> str:
    return f"{game_slug}/{seat_count}/{pace}/{move_seconds}/{'rated' if rated else 'casual'}"


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("en attente")
        ACCEPTED = "accepted", _("acceptée")
        DECLINED = "declined", _("refusée")
        CANCELLED = "cancelled", _("annulée")
        EXPIRED = "expired", _("expirée")

    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                   related_name="challenges_made")
    game_slug = models.CharField(_("jeu"), max_length=32)
    seat_count = models.PositiveSmallIntegerField(_("places"))
    options = models.JSONField(default=dict, blank=True)
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("temps par coup (secondes)"))
    rated = models.BooleanField(_("classée"), default=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    # Live: pushed on by the challenger's page (or API poll, or account socket); by
    # correspondence: seven days after the challenge.
    alive_until = models.DateTimeField(db_index=True)
    table = models.ForeignKey("play.Table", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")

    class Meta:
        verbose_name = _("défi")
        verbose_name_plural = _("défis")
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.challenger_id} {self.game_slug} {self.status}"


class Invitee(models.Model):
    """One challenged player and their answer."""

    class Answer(models.TextChoices):
        PENDING = "pending", _("sans réponse")
        ACCEPTED = "accepted", _("accepté")
        DECLINED = "declined", _("refusé")

    class Reason(models.TextChoices):
        LATER = "later", _("Pas maintenant, plus tard")
        TOO_FAST = "too_fast", _("Trop rapide pour moi")
        NOT_THIS_GAME = "not_this_game", _("Pas ce jeu")

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="invitees")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="challenges_received")
    answer = models.CharField(max_length=10, choices=Answer.choices, default=Answer.PENDING)
    reason = models.CharField(max_length=16, choices=Reason.choices, blank=True, default="")
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["challenge", "user"],
                                               name="invitee_once")]

    def __str__(self):
        return f"{self.challenge_id} → {self.user_id} {self.answer}"
