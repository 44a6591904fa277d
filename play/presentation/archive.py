"""The archive of finished games: who may open it, and what each viewer sees in it.

The reveal policy is the engine's (``Game.archive_view``, docs/engine.md): a participant
sees, at every step, what their own seat saw at that moment; anyone else who may watch
the table sees what a spectator saw; and both see what the rules turn face up once a
hand or deal is over (the showdown, the count, the cards of a finished deal). Deck
orders, folded and mucked hands, discards and undealt cards never leave the server: not
in these pages, nor in the hand histories players download.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass

from django.utils.translation import gettext as _

from cardgames.core import replay
from play.actions.games import is_platform_action
from play.models import Action, Game, Participant, Table
from play.presentation.messages import log_line, log_mark
from play.queries import LogEntry


@dataclass(frozen=True)
class ArchiveAccess:
    """Who opens an archive: ``seat`` is the viewer's position in that game, or None."""

    seat: int | None
    participants: tuple  # Participant rows by position (None where nobody sat)

    @property
    def names(self) -> list[str]:
        return [p.display_name if p is not None else "?" for p in self.participants]

    @property
    def bot_seats(self) -> set[int]:
        """The seats a bot held (a bot seat's moves are not marked as a stand-in's)."""
        return {p.position for p in self.participants if p is not None and p.bot}


def participants_of(game: Game) -> tuple:
    rows = {p.position: p for p in game.participants.select_related("user")}
    return tuple(rows.get(position) for position in range(game.table.seat_count))


def access(game: Game, user, may_watch: bool) -> ArchiveAccess | None:
    """The viewer's place in a finished game, or None when they may not open it.

    Participants may always open their games. Others may when they may watch the table
    (``may_watch``: a public table, or an unlisted one with its invitation), which at a
    cash table means the hand is over: each hand is its own game, finished or not.
    """
    if game.status != Game.Status.FINISHED:
        return None
    participants = participants_of(game)
    user_id = getattr(user, "pk", None)
    seat = next(
        (p.position for p in participants
         if p is not None and user_id is not None and p.user_id == user_id),
        None,
    )
    if seat is None and not may_watch:
        return None
    return ArchiveAccess(seat=seat, participants=participants)


# The log lines an archive page shows before the step it stands on (a long game has
# thousands; the steps themselves are one click away).
LOG_LINES = 60


@dataclass(frozen=True)
class LoggedAction:
    action: dict
    message: dict | None  # what the log says of it, worded when shown
    source: str = Action.Source.PLAYER  # who made it (``Action.author``)
    seat: int | None = None

    @property
    def entry(self) -> LogEntry:
        return LogEntry.of(self.message, self.source, self.seat)


def actions_of(game: Game) -> list[LoggedAction]:
    """The game's log, oldest first (plain values: a long game has thousands of rows)."""
    rows = game.actions.order_by("seq").values_list("action", "message", "source", "seat")
    return [LoggedAction(*row) for row in rows]


def state_at(game: Game, actions: list[LoggedAction], step: int) -> dict:
    """The game's state after ``step`` actions of its log (the log is the game)."""
    table = game.table
    options = (game.state or {}).get("options", table.options)
    moves = [a.action for a in actions[:step] if not is_platform_action(a.action)]
    return replay(table.engine, table.seat_count, options, game.carry_in, moves)


# An archive page stands on one step of a log that may hold thousands of actions: it reads
# only what it shows (the moves up to its step for the replay, the last LOG_LINES actions
# for the log), not every row with its log message each time.


def log_length(game: Game) -> int:
    """How many actions the game's log holds: its last step."""
    return game.actions.count()


def state_after(game: Game, step: int) -> dict:
    """``state_at`` for one step, reading only the moves it replays."""
    moves = game.actions.order_by("seq").values_list("action", flat=True)[:step]
    table = game.table
    options = (game.state or {}).get("options", table.options)
    moves = [a for a in moves if not is_platform_action(a)]
    return replay(table.engine, table.seat_count, options, game.carry_in, moves)


def recent_actions(game: Game, step: int) -> list[LoggedAction]:
    """The last LOG_LINES actions up to ``step``: what a page at that step words (give
    them to ``log_before`` and ``line_at`` with their own length as the step)."""
    rows = game.actions.order_by("seq").values_list("action", "message", "source", "seat")
    return [LoggedAction(*row) for row in rows[max(0, step - LOG_LINES) : step]]


def log_before(game: Game, actions: list[LoggedAction], step: int, names) -> list[dict]:
    """The last LOG_LINES lines up to ``step`` (``{"text", "by", "seat"}``, as a table's
    log), newest first, in the active language."""
    slug = game.table.game_slug
    shown = actions[max(0, step - LOG_LINES) : step]
    lines = (log_line(slug, a.entry, names) for a in shown)
    return [line for line in lines if line][::-1]


def line_at(game: Game, actions: list[LoggedAction], step: int, names) -> dict | None:
    """The log line of the action that led to ``step`` (None at the start, or when the
    log says nothing of it)."""
    return log_line(game.table.game_slug, actions[step - 1].entry, names) if step > 0 else None


def marked(lines: list[dict], bot_seats) -> list[dict]:
    """Log lines with what a page shows beside each (``log_mark``)."""
    return [{**line, "mark": log_mark(line, bot_seats)} for line in lines]


def revealed_rows(view: dict, names: list[str], you: int | None) -> list[dict]:
    """The hands the archive view reveals (everyone's), the viewer's own marked."""
    rows = []
    for seat, cards in enumerate(view.get("revealed") or []):
        if cards:
            rows.append({"seat": seat, "name": names[seat], "cards": cards, "you": seat == you})
    return rows


# ----- hand histories (Ramponneau) -----------------------------------------------------


def dealt_in(game: Game, seat: int | None) -> bool:
    """Whether ``seat`` was dealt cards in this Ramponneau hand."""
    state = game.state or {}
    return seat is not None and seat in state.get("order", ())


def hand_history(game: Game, seat: int, names: list[str]) -> str:
    """The PHH file of one hand as ``seat`` saw it: nothing it did not see."""
    table = game.table
    engine = table.engine
    return engine.export_phh(
        table.seat_count,
        (game.state or {}).get("options", table.options),
        game.carry_in,
        [a.action for a in actions_of(game)],
        viewer=seat,
        names=names,
        hand=game.number,
        table=table.name or _("Table %(number)s") % {"number": table.pk},
    )


def hands_played(table: Table, user) -> list[tuple[Game, int, list[str]]]:
    """The finished hands of a chained table that ``user`` was dealt in, in order."""
    rows = (
        Participant.objects.filter(game__table=table, game__status=Game.Status.FINISHED,
                                   user=user)
        .select_related("game")
        .order_by("game__number")
    )
    hands = []
    for row in rows:
        game = row.game
        game.table = table
        if dealt_in(game, row.position):
            names = list(access(game, user, may_watch=False).names)
            hands.append((game, row.position, names))
    return hands


def session_zip(table: Table, user) -> bytes | None:
    """Every hand ``user`` played at the table, one PHH file each, in a zip archive."""
    hands = hands_played(table, user)
    if not hands:
        return None
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for game, seat, names in hands:
            archive.writestr(f"table-{table.pk}-main-{game.number:05d}.phh",
                             hand_history(game, seat, names))
    return buffer.getvalue()

