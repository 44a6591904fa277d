"""Pairs whose results flow one way: the staff's report on rated games (issue #31).

Two accounts working together can still trade wins within the rules of fair ratings
(ratings/fairness.py): two moves each, then a resignation, three times a day. What gives
them away is the pattern: over WINDOW_DAYS days, the same account comes out ahead of the
other game after game, and most of those games are short. The report reads the rated
games of the period (``RatingChange``: one row per game and player, with the place and
the moves the player chose), pair by pair and game by game, and lists a pair when

- they played at least MIN_GAMES rated games together at that game;
- one of them finished ahead of the other in at least ONE_WAY_SHARE of them;
- more than SHORT_SHARE of them were short: one of the two made fewer than SHORT_MOVES
  moves of their own (a game played out takes dozens; a game rated before the moves were
  kept is not counted short).

Each row explains itself in words. Staff read it in the admin (« Paires à sens unique »)
and may hold a pair out of the leaderboards (ratings/holds.py). A strong player who beats
a friend in full games is not listed: their games are long.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import combinations

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ratings.holds import held_pairs
from ratings.models import RatingChange

# The thresholds, in one place (the report's page repeats them).
WINDOW_DAYS = 30
MIN_GAMES = 5
ONE_WAY_SHARE = 0.8
SHORT_MOVES = 10
SHORT_SHARE = 0.5


@dataclass
class Pair:
    """Two accounts' rated games together at one game: ``winner`` came out ahead of
    ``loser`` in ``wins`` of ``games`` (``short`` of them short)."""

    game_slug: str
    winner: object
    loser: object
    games: int
    wins: int
    losses: int
    short: int
    held: bool = False

    @property
    def one_way(self) -> bool:
        return (self.games >= MIN_GAMES and self.wins >= ONE_WAY_SHARE * self.games
                and self.short > SHORT_SHARE * self.games)

    @property
    def explanation(self) -> str:
        """Why the pair is listed, in words."""
        games = ngettext("%(count)s partie classée ensemble en %(days)s jours",
                         "%(count)s parties classées ensemble en %(days)s jours",
                         self.games) % {"count": self.games, "days": WINDOW_DAYS}
        ahead = _("%(winner)s devant %(loser)s dans %(wins)s, derrière dans %(losses)s") % {
            "winner": self.winner.username, "loser": self.loser.username,
            "wins": self.wins, "losses": self.losses}
        short = ngettext(
            "%(count)s courte (l'un des deux a joué moins de %(moves)s coups lui-même)",
            "%(count)s courtes (l'un des deux a joué moins de %(moves)s coups lui-même)",
            self.short) % {"count": self.short, "moves": SHORT_MOVES}
        return f"{games} ; {ahead} ; {short}."


def one_way_pairs(now: datetime | None = None, everyone: bool = False) -> list[Pair]:
    """The pairs whose rated results flowed one way over the last WINDOW_DAYS days (every
    pair that played together, with ``everyone``), most games first."""
    now = now or timezone.now()
    seats = defaultdict(list)  # game → [(user, rank, own moves)]
    slug_of = {}
    for game_id, slug, user_id, rank, moves in RatingChange.objects.filter(
        created_at__gt=now - timedelta(days=WINDOW_DAYS),
    ).values_list("game_id", "game_slug", "user_id", "rank", "own_moves"):
        seats[game_id].append((user_id, rank, moves))
        slug_of[game_id] = slug
    tally = defaultdict(lambda: [0, 0, 0, 0])  # (slug, a, b) → games, a ahead, b ahead, short
    for game_id, players in seats.items():
        for (a, rank_a, moves_a), (b, rank_b, moves_b) in combinations(sorted(players), 2):
            counts = tally[(slug_of[game_id], a, b)]
            counts[0] += 1
            counts[1] += rank_a < rank_b
            counts[2] += rank_b < rank_a
            counts[3] += any(m is not None and m < SHORT_MOVES for m in (moves_a, moves_b))
    users = get_user_model().objects.in_bulk({u for key in tally for u in key[1:]})
    held = held_pairs()
    pairs = []
    for (slug, a, b), (games, a_ahead, b_ahead, short) in tally.items():
        winner, loser, wins, losses = ((a, b, a_ahead, b_ahead) if a_ahead >= b_ahead
                                       else (b, a, b_ahead, a_ahead))
        pair = Pair(slug, users[winner], users[loser], games, wins, losses, short,
                    held=(a, b) in held)
        if everyone or pair.one_way:
            pairs.append(pair)
    return sorted(pairs, key=lambda p: (-p.games, p.game_slug, p.winner.pk, p.loser.pk))
