"""A player's finished games as their history and their public page list them: the game,
the date, the other players, the result in words, the archive's link.

The result is the seat's: « Gagnée », « Perdue » (with the place when more than two
places were played for), « Abandon » for a player who resigned, « Nulle » when everybody
tied, « Annulée » for an aborted game (``Game.ending``, which may not exist yet: read
with ``getattr``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse
from django.utils.translation import gettext as _

from play.presentation.games import game_name
from ratings import interface as ratings


@dataclass(frozen=True)
class HistoryRow:
    game_id: int
    game_slug: str
    game_name: str
    finished_at: datetime | None
    others: list[str]
    result: str
    won: bool
    archive_url: str


def resigned_seats(game) -> list:
    if getattr(game, "ending", "") != "resigned":
        return []
    return list((game.result or {}).get("resigned") or [])


def won(game, seat: int) -> bool:
    result = game.result or {}
    return (getattr(game, "ending", "") != "aborted" and seat in (result.get("winners") or ())
            and seat not in resigned_seats(game))


def result_words(game, seat: int) -> str:
    """What the game came to for ``seat``, in a word or two."""
    if getattr(game, "ending", "") == "aborted":
        return _("Annulée")
    if seat in resigned_seats(game):
        return _("Abandon")
    if won(game, seat):
        return _("Gagnée")
    place, places = ratings.place_of(game.table.seat_count, game.result, seat,
                                     resigned_seats(game))
    if places == 1:
        return _("Nulle")
    if places > 2:
        return _("Perdue · place %(place)s sur %(count)s") % {"place": place, "count": places}
    return _("Perdue")


def history_row(participant) -> HistoryRow:
    """One finished game from a Participant row (its game's participants prefetched)."""
    game = participant.game
    others = [p.display_name for p in game.participants.all()
              if p.position != participant.position]
    return HistoryRow(
        game_id=game.pk,
        game_slug=game.table.game_slug,
        game_name=game_name(game.table.game_slug),
        finished_at=game.finished_at,
        others=others,
        result=result_words(game, participant.position),
        won=won(game, participant.position),
        archive_url=reverse("play:archive", args=[game.pk]),
    )
