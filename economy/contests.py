"""Contests (concours): standings of one game over a period.

Ranked on net chips for the chip games (economy/games.py), on points for the others,
from the results of the games finished within the period. Nothing is stored but the
contest itself: standings are computed from the game log's results, so they
are live while the contest runs and final once it ended.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q
from django.utils import timezone

from accounts.models import User
from cardgames.registry import get_game
from economy import games
from economy.models import Contest, HandDeal
from play.models import Game, Seat


@dataclass
class Standing:
    rank: int
    user_id: int
    name: str
    score: int
    games: int


def scoring(contest: Contest) -> str:
    return "chips" if games.is_chip_game(contest.game_slug) else "points"


def _games(contest):
    return Game.objects.filter(
        table__game_slug=contest.game_slug,
        table__practice=False,
        status=Game.Status.FINISHED,
        finished_at__gte=contest.starts_at,
        finished_at__lt=contest.ends_at,
    ).select_related("table")


def _seating(contest, finished) -> list[tuple[int, Game | None, int]]:
    """(player, game, seat) for every player of the finished games."""
    tables = {t for t, _ in finished}
    if get_game(contest.game_slug).chained:
        # Who sat where in each hand: the deal records it (seats change between hands at
        # the tables of chained games).
        deals = HandDeal.objects.filter(
            game_slug=contest.game_slug, position__isnull=False
        ).filter(
            Q(table_id__in=tables)
        ).values_list("user_id", "table_id", "game_number", "position")
        return [(u, finished.get((t, n)), p) for u, t, n, p in deals]
    seats = defaultdict(list)
    for seat in Seat.objects.filter(table_id__in=tables, user__isnull=False):
        seats[seat.table_id].append(seat)
    return [(s.user_id, g, s.position) for g in finished.values() for s in seats[g.table_id]]


def standings(contest: Contest) -> list[Standing]:
    totals: dict[int, int] = defaultdict(int)
    counts: dict[int, int] = defaultdict(int)
    finished = {(g.table_id, g.number): g for g in _games(contest)}
    if not finished:
        return []
    for user_id, game, position in _seating(contest, finished):
        if game is None:
            continue
        scores = (game.result or {}).get("scores") or []
        if position < len(scores) and scores[position] is not None:
            totals[user_id] += int(scores[position])
            counts[user_id] += 1
    names = {u.pk: u.public_name for u in User.objects.filter(pk__in=totals)}
    ordered = sorted(totals, key=lambda u: (-totals[u], -counts[u], names.get(u, "")))
    result, previous, rank = [], None, 0
    for index, user_id in enumerate(ordered, start=1):
        if totals[user_id] != previous:
            rank, previous = index, totals[user_id]
        result.append(Standing(rank, user_id, names.get(user_id, "?"), totals[user_id],
                               counts[user_id]))
    return result


def running(now=None):
    """The contests under way, the soonest to end first."""
    now = now or timezone.now()
    return Contest.objects.filter(starts_at__lte=now, ends_at__gt=now).order_by("ends_at")


def phase(contest: Contest, now=None) -> str:
    now = now or timezone.now()
    if now < contest.starts_at:
        return "upcoming"
    return "running" if now < contest.ends_at else "over"


def winners(contest: Contest) -> list[Standing]:
    if phase(contest) != "over":
        return []
    return [s for s in standings(contest) if s.rank <= contest.winners_count]
