"""A player's rating at each game, and the append-only history of every rated game.

``Rating`` holds the current OpenSkill belief about a player at one game (``mu``, the
estimated skill, and ``sigma``, the uncertainty about it) with ``ordinal`` = mu − 3σ, the
number the leaderboards sort on; ``RatingChange`` records, once per rated game and
player, the values before and after (unique per game and player: a game is never rated
twice). Both are written by ``ratings.services.do_rate_game`` only.
"""

from django.conf import settings
from django.db import models
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
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_once"),
        ]
        indexes = [models.Index(fields=["user", "game_slug"], name="rating_change_user")]

    def __str__(self):
        return f"{self.game_id}:{self.user_id} {self.mu_before:.1f}→{self.mu_after:.1f}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("rating changes are never updated")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("rating changes are never deleted")
