"""Contests (concours): standings of one game over a period.

Ranked on net chips for the chip games (economy/games.py), on points for the others.
Each player's total is a ``ContestScore`` row, added to in the transaction that finishes
a game of the period (``game_finished``, through economy/interface.py): a standings page
reads one row per player, whatever the number of hands played. ``rebuild`` computes the
rows again from the finished games, for a contest created or re-timed after games were
played (the admin does it on save; ``python manage.py rebuild_contests`` too).

Who counts: the players dealt in (the ``HandDeal`` of that table and game number says
who sat where: seats change between hands at a chip table), never a bot nor a guest;
practice tables never. Accounts under an open flag, their own (``AccountFlag``) or a pair's
the collusion report raised (``PairFlag``, economy/collusion.py), keep their rows but are
held out of the standings and the winners until staff clear them.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import User
from economy import games
from economy.models import Contest, ContestScore, HandDeal, held_out_ids
from play.models import Game, Participant

log = logging.getLogger(__name__)


@dataclass
class Standing:
    rank: int
    user_id: int
    name: str
    score: int
    games: int


def scoring(contest: Contest) -> str:
    return "chips" if games.is_chip_game(contest.game_slug) else "points"


# ----- what one finished game adds ---------------------------------------------------------


def _lines(result, seats: dict[int, int]) -> list[tuple[int, int]]:
    """(player, score) of a finished game, from its result and who sat at each position."""
    scores = (result or {}).get("scores") or []
    return [(user_id, int(scores[position])) for position, user_id in sorted(seats.items())
            if position < len(scores) and scores[position] is not None]


def _seats_of(game: Game) -> dict[int, int]:
    """Position → player dealt in, for one game: its hand deals, else its participants."""
    seats = dict(HandDeal.objects.filter(
        table_id=game.table_id, game_number=game.number, position__isnull=False,
    ).values_list("position", "user_id"))
    if not seats:
        seats = dict(Participant.objects.filter(game=game, user__isnull=False)
                     .values_list("position", "user_id"))
    guests = set(User.objects.filter(pk__in=seats.values(), is_guest=True)
                 .values_list("pk", flat=True))
    return {p: u for p, u in seats.items() if u not in guests}


def _lock_shared(contest_ids: list[int]) -> None:
    """Finishing games share the contests' rows; ``rebuild`` takes them alone (FOR UPDATE),
    so it never runs between a game's increments and their commit. SQLite serialises
    writers: nothing to take there."""
    if connection.vendor == "postgresql" and contest_ids:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM {Contest._meta.db_table} WHERE id = ANY(%s) "
                "ORDER BY id FOR SHARE", [contest_ids])


def game_finished(game: Game) -> None:
    """A game has just finished (result and ``finished_at`` set, in its transaction): add
    each player's score to the running totals of the contests whose period holds it."""
    table = game.table
    if table.practice or game.finished_at is None or not (game.result or {}).get("scores"):
        return
    contest_ids = list(Contest.objects.filter(
        game_slug=table.game_slug, starts_at__lte=game.finished_at,
        ends_at__gt=game.finished_at,
    ).values_list("pk", flat=True))
    if not contest_ids:
        return
    lines = _lines(game.result, _seats_of(game))
    if not lines:
        return
    _lock_shared(contest_ids)
    add = defaultdict(lambda: [0, 0])
    for user_id, score in lines:
        add[user_id][0] += score
        add[user_id][1] += 1
    ContestScore.objects.bulk_create(
        [ContestScore(contest_id=c, user_id=u) for c in contest_ids for u in add],
        ignore_conflicts=True,
    )
    # One row at a time, in the same order everywhere: two games finishing at once for the
    # same players wait for each other's row instead of deadlocking.
    for contest_id in sorted(contest_ids):
        for user_id in sorted(add):
            score, count = add[user_id]
            ContestScore.objects.filter(contest_id=contest_id, user_id=user_id).update(
                score=F("score") + score, games=F("games") + count)


def game_finished_safely(game: Game) -> None:
    """``game_finished`` in a savepoint: a bug here is logged, the game still finishes
    (``rebuild`` puts the totals right)."""
    try:
        with transaction.atomic():
            game_finished(game)
    except Exception:
        log.exception("contest scores of game %s failed", getattr(game, "pk", None))


# ----- the totals again from the history -------------------------------------------------


def _history(contest: Contest) -> dict[int, list[int]]:
    """player → [score, games] from every game of the period, read in a few queries."""
    finished = list(Game.objects.filter(
        table__game_slug=contest.game_slug, table__practice=False,
        status=Game.Status.FINISHED,
        finished_at__gte=contest.starts_at, finished_at__lt=contest.ends_at,
    ).values_list("pk", "table_id", "number", "result"))
    totals: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    if not finished:
        return totals
    tables = {t for _, t, _, _ in finished}
    dealt: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for user_id, table_id, number, position in HandDeal.objects.filter(
        table_id__in=tables, position__isnull=False,
    ).values_list("user_id", "table_id", "game_number", "position").iterator():
        dealt[(table_id, number)][position] = user_id
    missing = [pk for pk, t, n, _ in finished if (t, n) not in dealt]
    sat: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, position, user_id in Participant.objects.filter(
        game_id__in=missing, user__isnull=False,
    ).values_list("game_id", "position", "user_id").iterator():
        sat[game_id][position] = user_id
    for pk, table_id, number, result in finished:
        seats = dealt.get((table_id, number)) or sat.get(pk) or {}
        for user_id, score in _lines(result, seats):
            totals[user_id][0] += score
            totals[user_id][1] += 1
    for guest in User.objects.filter(pk__in=totals, is_guest=True).values_list("pk", flat=True):
        del totals[guest]
    return totals


def rebuild(contest: Contest) -> int:
    """Compute the contest's rows again from the finished games of its period; returns
    the number of players ranked. Alone on the contest's row while it runs."""
    with transaction.atomic():
        Contest.objects.select_for_update().filter(pk=contest.pk).first()
        ContestScore.objects.filter(contest=contest).delete()
        totals = _history(contest)
        ContestScore.objects.bulk_create(
            ContestScore(contest=contest, user_id=u, score=s, games=n)
            for u, (s, n) in totals.items()
        )
    return len(totals)


# ----- reading ---------------------------------------------------------------------------


def standings(contest: Contest) -> list[Standing]:
    """The ranked players, one row each: accounts under an open flag held out."""
    rows = list(ContestScore.objects.filter(contest=contest, games__gt=0)
                .exclude(user_id__in=held_out_ids())
                .select_related("user").only("score", "games", "user__username",
                                              "user__display_name", "user__is_guest"))
    rows.sort(key=lambda r: (-r.score, -r.games, r.user.public_name))
    result, previous, rank = [], None, 0
    for index, row in enumerate(rows, start=1):
        if row.score != previous:
            rank, previous = index, row.score
        result.append(Standing(rank, row.user_id, row.user.public_name, row.score, row.games))
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


def winners(contest: Contest, ranked: list[Standing] | None = None) -> list[Standing]:
    if phase(contest) != "over":
        return []
    ranked = standings(contest) if ranked is None else ranked
    return [s for s in ranked if s.rank <= contest.winners_count]
