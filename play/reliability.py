"""Reliability, as Board Game Arena's reputation: the share of their games a player saw
to the end, and the share they saw to the end without the clock playing for them.

Counted: every finished game the player was dealt in (a ``Participant`` row) at a table
that is not practice, except those called off (``ending="aborted"``: nobody's fault,
before a second move). Of those, a game is

- **finished** by the player when they neither resigned it (their ``platform.resigned``)
  nor left it to the bot (a move of the bot at their seat: they left the table, or were
  marked absent after timeouts);
- **finished without timeouts** when, besides, the clock never played for them there (a
  ``timer`` move at their seat).

A player with fewer than ``NEW_PLAYER_GAMES`` counted games is *new*: their shares are
not shown (« nouveau joueur ») and a table's minimum does not refuse them, as Board Game
Arena lets a newcomer in (otherwise nobody could ever start). Computed in one grouped
query for any number of players (``reliabilities``): the query reads the participant
index and each game's actions by (game, seat). A seek (pairing/) records its seeker's
share through ``recent_finished_percent``, kept a few minutes in the cache: a seek must be
quick (docs/performance.md, "Pairing"), and a share moves only when a game ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Exists, OuterRef, Q

from play.models import Action, Game, Participant

NEW_PLAYER_GAMES = 5


@dataclass(frozen=True)
class Reliability:
    games: int  # games counted
    finished: int  # of which the player saw to the end
    clean: int  # of which they saw to the end with no timeout

    @property
    def known(self) -> bool:
        return self.games >= NEW_PLAYER_GAMES

    @property
    def finished_percent(self) -> int | None:
        """The share finished, in whole percents (rounded down: 99.6 % is not 100 %)."""
        return self.finished * 100 // self.games if self.known else None

    @property
    def clean_percent(self) -> int | None:
        return self.clean * 100 // self.games if self.known else None

    def meets(self, minimum: int | None) -> bool:
        """Whether a table asking for ``minimum`` % of finished games seats this player
        (a new player always is)."""
        return not minimum or not self.known or self.finished_percent >= minimum


UNKNOWN = Reliability(0, 0, 0)


def reliabilities(user_ids: Iterable[int]) -> dict[int, Reliability]:
    """Each player's reliability, one query for them all (a player with no counted game:
    ``UNKNOWN``)."""
    ids = list({int(pk) for pk in user_ids})
    if not ids:
        return {}
    at_seat = {"game": OuterRef("game_id"), "seat": OuterRef("position")}
    left = Exists(Action.objects.filter(
        Q(source=Action.Source.BOT)
        | Q(source=Action.Source.PLATFORM, action__type="platform.resigned"), **at_seat))
    timed_out = Exists(Action.objects.filter(source=Action.Source.TIMER, **at_seat))
    rows = (Participant.objects
            .filter(user_id__in=ids, game__status=Game.Status.FINISHED,
                    game__table__practice=False)
            .exclude(game__ending=Game.Ending.ABORTED)
            .annotate(left=left, timed_out=timed_out)
            .values("user_id")
            .annotate(games=Count("pk"),
                      finished=Count("pk", filter=Q(left=False)),
                      clean=Count("pk", filter=Q(left=False, timed_out=False))))
    found = {row["user_id"]: Reliability(row["games"], row["finished"], row["clean"])
             for row in rows}
    return {pk: found.get(pk, UNKNOWN) for pk in ids}


def reliability(user) -> Reliability:
    """One player's reliability (``reliabilities`` for a list)."""
    pk = getattr(user, "pk", user)
    return reliabilities([pk])[pk] if pk else UNKNOWN


RECENT_SECONDS = 300


def recent_finished_percent(user) -> int | None:
    """The player's share of games finished (None: a new player), as computed at most
    RECENT_SECONDS ago."""
    pk = getattr(user, "pk", user)
    key = f"reliability.finished.{pk}"
    try:
        known = cache.get(key)
    except Exception:  # the cache down (Redis): the database answers
        known = None
    if known is None:
        known = {"percent": reliability(pk).finished_percent}
        try:
            cache.set(key, known, RECENT_SECONDS)
        except Exception:
            pass
    return known["percent"]


def correspondence_games_finished(user_id: int) -> int:
    """The correspondence tables where the player saw a game to its end, neither leaving
    it nor letting the clock play for them (what raises their room: tables.py)."""
    at_seat = {"game": OuterRef("game_id"), "seat": OuterRef("position")}
    spoiled = Exists(Action.objects.filter(
        Q(source__in=(Action.Source.BOT, Action.Source.TIMER))
        | Q(source=Action.Source.PLATFORM, action__type="platform.resigned"), **at_seat))
    return (Participant.objects
            .filter(user_id=user_id, game__status=Game.Status.FINISHED,
                    game__table__practice=False, game__table__pace="correspondence")
            .exclude(game__ending=Game.Ending.ABORTED)
            .annotate(spoiled=spoiled).filter(spoiled=False)
            .values("game__table").distinct().count())
