"""A player's finished games as their history and their public page list them: the game,
the date, the other players, the result in words, the archive's link.

At a chip game's table each hand is a game; the history shows the hands a player was
dealt there as one entry, a session (``play.queries.history_entries``): when it started
and ended, how many hands, the chips they won or lost in all, and a link to its hands.

The result is the seat's: « Gagnée », « Perdue » (with the place when more than two
places were played for), « Abandon » for a player who resigned, « Nulle » when everybody
tied, « Annulée » for an aborted game (``Game.ending``, which may not exist yet: read
with ``getattr``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.models import Participant
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
    # A session at a chip table (its hands, their net result); a single game otherwise.
    session: bool = False
    hands: int = 1
    net: int | None = None
    started_at: datetime | None = None
    # Where the entry leads: the game's archive, or the session's hands.
    url: str = ""
    table_name: str = ""


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
    archive_url = reverse("play:archive", args=[game.pk])
    return HistoryRow(
        game_id=game.pk,
        game_slug=game.table.game_slug,
        game_name=game_name(game.table.game_slug),
        finished_at=game.finished_at,
        others=others,
        result=result_words(game, participant.position),
        won=won(game, participant.position),
        archive_url=archive_url,
        url=archive_url,
    )


def chips_words(net: int, table) -> str:
    """A net result in the table's chips: « +120 jetons » at practice, « −20 écus » at an
    écus table (their chips are écus, one for one)."""
    count = abs(net)
    if table.practice:
        amount = ngettext("%(count)s jeton", "%(count)s jetons", count) % {"count": count}
    else:
        amount = ngettext("%(count)s écu", "%(count)s écus", count) % {"count": count}
    return ("+" if net > 0 else "−" if net < 0 else "") + amount


def table_words(table) -> str:
    return table.name or _("Table %(number)s") % {"number": table.pk}


def session_row(entry: dict, participant, own: bool) -> HistoryRow:
    """A session's entry, from ``history_entries``'s values and the player's Participant
    row of its last hand (the players met there are that hand's). ``own``: the player
    reads their own history (the entry opens the session's hands; on a public page it
    opens its last hand)."""
    game = participant.game
    table = game.table
    net = entry["net"] or 0
    archive_url = reverse("play:archive", args=[game.pk])
    return HistoryRow(
        game_id=game.pk,
        game_slug=table.game_slug,
        game_name=game_name(table.game_slug),
        finished_at=entry["finished_at"],
        others=[p.display_name for p in game.participants.all()
                if p.position != participant.position],
        result=chips_words(net, table),
        won=net > 0,
        archive_url=archive_url,
        session=True,
        hands=entry["hands"],
        net=net,
        started_at=entry["started_at"],
        url=reverse("play:history_session", args=[table.pk]) if own else archive_url,
        table_name=table_words(table),
    )


def history_rows(entries, player, own: bool) -> list[HistoryRow]:
    """A page of ``history_entries`` as rows, in two queries whatever the page holds (the
    player's rows of the games shown, and their participants)."""
    entries = list(entries)
    rows = (
        Participant.objects.filter(user=player, game_id__in=[e["last_game"] for e in entries])
        .select_related("game__table")
        .defer("game__state", "game__carry_in", "game__table__options",
               "game__table__stakes")
        .prefetch_related(Prefetch("game__participants",
                                   queryset=Participant.objects.select_related("user")))
    )
    by_game = {row.game_id: row for row in rows}
    found = []
    for entry in entries:
        participant = by_game.get(entry["last_game"])
        if participant is None:
            continue
        if entry["session_table"] is not None:
            found.append(session_row(entry, participant, own))
        else:
            found.append(history_row(participant))
    return found


@dataclass(frozen=True)
class HandRow:
    """One hand of a session, as its page lists it."""

    game_id: int
    number: int
    finished_at: datetime | None
    net: int
    result: str
    won: bool
    archive_url: str


def hand_row(participant) -> HandRow:
    game = participant.game
    net = participant.chips_won or 0
    return HandRow(
        game_id=game.pk,
        number=game.number,
        finished_at=game.finished_at,
        net=net,
        result=chips_words(net, game.table),
        won=net > 0,
        archive_url=reverse("play:archive", args=[game.pk]),
    )
