"""What play asks of the ratings: the one module of this app that play imports.

``rate_finished_game`` is called where a game finishes, inside that transaction, with
how its seats were played (``Conduct``: play reads it from its log); the rest reads, for
the players' pages and the end of a game.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction

from ratings import fairness
from ratings.fairness import Conduct
from ratings.outcomes import standing
from ratings.queries import (
    CASH_DAYS,
    CASH_MIN_HANDS,
    MIN_GAMES,
    change_of,
    leaderboard,
    ranks_by_ecus,
    ratings_of,
    shown,
)
from ratings.services import do_rate_game

log = logging.getLogger(__name__)

__all__ = [
    "CASH_DAYS",
    "CASH_MIN_HANDS",
    "Conduct",
    "MIN_GAMES",
    "change_of",
    "leaderboard",
    "place_of",
    "ranks_by_ecus",
    "rate_finished_game",
    "ratings_of",
    "shown",
    "unrated_reason",
]


def rate_finished_game(game, conduct: Callable[[], Conduct]) -> None:
    """A game has just finished (status, result and ``ending`` set, row locked): rate it
    if it is rated (between people, not practice, not at a chip table, not aborted, and
    fairly played: ratings/fairness.py), once. ``conduct`` tells how its seats were
    played; it is asked only of a game that could be rated.

    A rating that fails (a bug) is logged and rolled back to its savepoint: the game
    still finishes."""
    try:
        with transaction.atomic():
            do_rate_game(game, conduct)
    except Exception:
        log.exception("rating game %s failed", getattr(game, "pk", None))


def place_of(seat_count: int, result: dict | None, seat: int, resigned=()) -> tuple[int, int]:
    """``seat``'s place in a finished game and the number of places, as the ratings rank
    it (1 first; partners, tied on their side's score, share theirs); (0, 0) when the
    result ranks nobody."""
    place = standing(seat_count, result or {}, None, resigned) if result else None
    if place is None or not 0 <= seat < seat_count:
        return 0, 0
    return place.ranks[seat] + 1, max(place.ranks) + 1


def unrated_reason(game) -> str | None:
    """Why the fair-play rules left ``game`` unrated, in the reader's language (the end of
    a game says it); None when they did not (rated, or unrated for another reason)."""
    reason = fairness.unrated_reason(game)
    return fairness.words(reason) if reason else None
