"""A player's rating at each game, and the append-only history of every rated game.

``Rating`` holds the current OpenSkill belief about a player at one game (``mu``, the
estimated skill, and ``sigma``, the uncertainty about it) with ``ordinal`` = mu − 3σ, the
number the leaderboards sort on; ``RatingChange`` records, once per rated game and
player, the values before and after (unique per game and player: a game is never rated
twice). Both are written by ``ratings.services.do_rate_game`` only.

``UnratedGame`` keeps why a game between people was left unrated by the fair-play rules
(ratings/fairness.py), for its players' result panel; ``HeldPair`` is two accounts staff
hold out of the leaderboards (ratings/holds.py) until they release them.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class AppendOnlyError(Exception):
    pass


class Rating(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    game_slug = models.CharField(_("jeu"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("classement"))
    games = models.PositiveIntegerField(_("parties classées"), default=0)
    wins = models.PositiveIntegerField(_("victoires"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("classement")
        constraints = [
            models.UniqueConstraint(fields=["user", "game_slug"], name="rating_once_per_game"),
        ]
        indexes = [models.Index(fields=["game_slug", "-ordinal"], name="rating_leaderboard")]

    def __str__(self):
        return f"{self.user_id} {self.game_slug} {self.ordinal:.1f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating. Append-only."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE,
                             related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    game_slug = models.CharField(max_length=32)
    rank = models.PositiveSmallIntegerField()  # 0: first (shared on a tie)
    won = models.BooleanField(default=False)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    # The moves the player chose themselves in that game (ratings/fairness.py); None for
    # the games rated before it was kept. The one-way pairs' report reads it (short games).
    own_moves = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_once"),
        ]
        indexes = [
            models.Index(fields=["user", "game_slug"], name="rating_change_user"),
            # the pair limit and the one-way report read the last hours or days of a game
            models.Index(fields=["game_slug", "created_at"], name="rating_change_recent"),
        ]

    def __str__(self):
        return f"{self.game_id}:{self.user_id} {self.mu_before:.1f}→{self.mu_after:.1f}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("rating changes are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("rating changes are never deleted")


class UnratedGame(models.Model):
    """A finished game between people that the fair-play rules left unrated, and why
    (ratings/fairness.py). Append-only: one row per game, never changed."""

    class Reason(models.TextChoices):
        BOT_PLAYED = "bot_played", _("un automate a joué pour un joueur")
        FEW_MOVES = "few_moves", _("trop peu de coups joués par un joueur lui-même")
        PAIR_LIMIT = "pair_limit", _("trop de parties classées entre les mêmes joueurs")

    game = models.OneToOneField("play.Game", on_delete=models.CASCADE,
                                related_name="unrated")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("partie non classée")
        verbose_name_plural = _("parties non classées")

    def __str__(self):
        return f"{self.game_id} {self.reason}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("unrated games are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("unrated games are never deleted")


class HeldPair(models.Model):
    """Two accounts held out of every leaderboard by staff, from the one-way pairs'
    report (ratings/pairs.py), until staff release them. Released, never deleted: the
    record says who held and released them, and why."""

    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="+", verbose_name=_("premier compte"))
    second = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+", verbose_name=_("second compte"))
    game_slug = models.CharField(_("jeu"), max_length=32)
    reason = models.TextField(_("motif"))
    held_at = models.DateTimeField(_("tenus depuis"), auto_now_add=True)
    held_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.SET_NULL, related_name="+",
                                verbose_name=_("tenus par"))
    released_at = models.DateTimeField(_("libérés le"), null=True, blank=True)
    released_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.SET_NULL, related_name="+",
                                    verbose_name=_("libérés par"))
    note = models.TextField(_("note"), blank=True, default="")

    class Meta:
        verbose_name = _("paire tenue hors des classements")
        verbose_name_plural = _("paires tenues hors des classements")
        constraints = [
            # one account per side, in the order of their ids: a pair is one row
            models.CheckConstraint(condition=Q(first__lt=F("second")),
                                   name="held_pair_ordered"),
            models.UniqueConstraint(fields=["first", "second"],
                                    condition=Q(released_at__isnull=True),
                                    name="held_pair_once"),
        ]

    def __str__(self):
        return f"{self.first_id}–{self.second_id} {self.game_slug}"
