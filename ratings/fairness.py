"""Fair ratings: which games between people the ratings leave out, and why.

A game that passes ``services.rateable`` (finished, between people, at a rated table) is
still left unrated, and says why (``UnratedGame``), when

- **a bot played for a player** (``BOT_PLAYED``): a move of a human's seat was the bot's
  (the player left, or was marked absent after timeouts, and the bot stood in). A win the
  bot earned is nobody's;
- **a player made fewer than MIN_OWN_MOVES moves of their own** (``FEW_MOVES``): a move
  of their own is one the player chose, sent from their seat; the clock's move when their
  time ran out, a bot's, chance's deals and the platform's lines (resign, abort, come
  back) are not. An instant resignation hands the others a win nobody played for (the
  win-trading of issue #31); it still counts in the players' reliability;
- **the same two players already have PAIR_GAMES_PER_DAY rated games together at this
  game in the last 24 hours** (``PAIR_LIMIT``): a rolling 24 hours, not a calendar day
  (six games around midnight are six games in an evening), counted per game, since a
  leaderboard is per game. At a table of three or more, any two players over the limit
  leave the whole game unrated: a game is rated for everyone or for no one.

``Conduct`` is what play tells of how each seat was played (play owns the log and knows
its sources); the ratings never read play's log themselves.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from itertools import combinations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from ratings.models import RatingChange, UnratedGame

MIN_OWN_MOVES = 2
PAIR_GAMES_PER_DAY = 3
PAIR_WINDOW = timedelta(hours=24)

BOT_PLAYED = UnratedGame.Reason.BOT_PLAYED
FEW_MOVES = UnratedGame.Reason.FEW_MOVES
PAIR_LIMIT = UnratedGame.Reason.PAIR_LIMIT

# What the end of a game tells its players (the result panel), by reason.
WORDS = {
    BOT_PLAYED: _("Partie non classée : un automate a joué pour un joueur."),
    FEW_MOVES: ngettext_lazy(
        "Partie non classée : elle s'est terminée avant que chaque joueur ait joué "
        "%(count)s coup lui-même.",
        "Partie non classée : elle s'est terminée avant que chaque joueur ait joué "
        "%(count)s coups lui-même.", "count"),
    PAIR_LIMIT: ngettext_lazy(
        "Partie non classée : entre les mêmes joueurs, %(count)s partie au plus compte par "
        "24 heures à chaque jeu.",
        "Partie non classée : entre les mêmes joueurs, %(count)s parties au plus comptent "
        "par 24 heures à chaque jeu.", "count"),
}
COUNTS = {FEW_MOVES: MIN_OWN_MOVES, PAIR_LIMIT: PAIR_GAMES_PER_DAY}


@dataclass(frozen=True)
class Conduct:
    """How each seat of a finished game was played, as play's log tells it."""

    own_moves: Mapping[int, int] = field(default_factory=dict)  # seat → moves it chose
    bot_played: frozenset[int] = frozenset()  # seats a bot played at least one move for


def words(reason: str) -> str:
    """Why a game was left unrated, in the reader's language."""
    text = WORDS[reason]
    return text % {"count": COUNTS[reason]} if reason in COUNTS else str(text)


def conduct_refusal(seats: list[int], conduct: Conduct) -> str | None:
    """The reason the way ``seats`` were played leaves the game unrated, or None."""
    if any(seat in conduct.bot_played for seat in seats):
        return BOT_PLAYED
    if any(conduct.own_moves.get(seat, 0) < MIN_OWN_MOVES for seat in seats):
        return FEW_MOVES
    return None


def pair_over_limit(game_slug: str, user_ids, now) -> bool:
    """Whether two of ``user_ids`` already have PAIR_GAMES_PER_DAY rated games together at
    ``game_slug`` in the PAIR_WINDOW before ``now``. Read with their rating rows locked,
    so two games of the same pair finishing at once are counted one after the other."""
    ids = set(user_ids)
    players_of = defaultdict(set)
    for game_id, user_id in RatingChange.objects.filter(
        game_slug=game_slug, user_id__in=ids, created_at__gt=now - PAIR_WINDOW,
    ).values_list("game_id", "user_id"):
        players_of[game_id].add(user_id)
    together = defaultdict(int)
    for players in players_of.values():
        for pair in combinations(sorted(players), 2):
            together[pair] += 1
    return any(count >= PAIR_GAMES_PER_DAY for count in together.values())


def do_record_unrated(game, reason: str) -> None:
    """Keep why ``game`` was left unrated (once: a second call changes nothing)."""
    UnratedGame.objects.get_or_create(game_id=game.pk, defaults={"reason": reason})


def unrated_reason(game) -> str | None:
    """The reason ``game`` was left unrated by these rules, or None."""
    return UnratedGame.objects.filter(game_id=game.pk).values_list("reason", flat=True).first()
