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
query for any number of players (``count_reliabilities``): the query reads the participant
index and each game's actions by (game, seat). Its counts are kept per player
(``ReliabilityRecord``), counted again inside the transaction that ends one of their
games (``record_game_end``: the players' rows locked first, so that two of their games
ending at once both count); everything else reads the rows (``reliabilities``): a seek
must be quick (docs/performance.md, "Pairing").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q

from play.models import Action, Game, Participant, ReliabilityRecord

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
    """Each player's reliability as kept, one query for them all (a player with no counted
    game: ``UNKNOWN``)."""
    ids = list({int(pk) for pk in user_ids})
    if not ids:
        return {}
    found = {row.user_id: Reliability(row.games, row.finished, row.clean)
             for row in ReliabilityRecord.objects.filter(user_id__in=ids)}
    return {pk: found.get(pk, UNKNOWN) for pk in ids}


def record_game_end(game: Game) -> None:
    """Inside the transaction that finishes ``game``: its players' counts again (a
    practice or called-off game changes nobody's)."""
    if game.ending == Game.Ending.ABORTED or game.table.practice:
        return
    # The game's row is saved by the caller once everything is settled: its end is
    # written now, so that the count sees it.
    Game.objects.filter(pk=game.pk).update(status=game.status, ending=game.ending)
    ids = [pk for pk in game.participants.values_list("user_id", flat=True) if pk]
    refresh_reliabilities(ids)


def refresh_reliabilities(user_ids: Iterable[int]) -> None:
    """Counts the players' games again and keeps the counts (their rows locked first, in
    order: a game of theirs ending elsewhere waits, then counts this one too)."""
    ids = sorted({int(pk) for pk in user_ids})
    if not ids:
        return
    ReliabilityRecord.objects.bulk_create([ReliabilityRecord(user_id=pk) for pk in ids],
                                          ignore_conflicts=True)
    list(ReliabilityRecord.objects.select_for_update().filter(user_id__in=ids)
         .order_by("user_id").values_list("user_id", flat=True))
    counted = count_reliabilities(ids)
    ReliabilityRecord.objects.bulk_update(
        [ReliabilityRecord(user_id=pk, games=r.games, finished=r.finished, clean=r.clean)
         for pk, r in counted.items()], ["games", "finished", "clean"])


def count_reliabilities(user_ids: Iterable[int]) -> dict[int, Reliability]:
    """Each player's reliability counted from their games, one query for them all."""
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


def finished_percent_of(user) -> int | None:
    """The player's share of games finished as kept (None: a new player): one row read."""
    pk = getattr(user, "pk", user)
    row = ReliabilityRecord.objects.filter(user_id=pk).first() if pk else None
    return Reliability(row.games, row.finished, row.clean).finished_percent if row else None


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
