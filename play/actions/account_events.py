"""What a table tells its players outside it: their account stream (``your_turn``,
``game_over``: docs/protocol.md, "The account stream") and the notices kept for the bell
and e-mail (notices/interface.py).

Called inside the transaction of the move; nothing leaves before it commits. A notice is
kept only for what the player has not seen: never while their socket is at the table
(``Seat.connected``). A live table's turns last seconds: a player away from one is kept
one notice per LIVE_INTERVAL at most (the e-mail has the same rule,
play/clock/notifications.py).
"""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from notices.interface import announce_each, notified_since, notify, notify_each
from play.actions.lookups import seats_by_position
from play.models import Game, Seat, Table

__all__ = ["announce_each", "game_over", "turn_done", "turn_given"]

LIVE_INTERVAL = timedelta(minutes=15)


def _iso(moment):
    return moment.isoformat() if moment else None


def turn_given(game: Game, table: Table, seat: Seat, now=None, also=()) -> None:
    """A person's seat (read with ``connected``) is to act: their stream hears of it, and
    a notice is kept when they are not at the table. ``also``: the move's other account
    events (``turn_done``), sent in the same trip."""
    user_id = seat.user_id
    announce_each([*also, (user_id, "your_turn", {
        "table": table.pk, "game": game.pk, "deadline": _iso(game.deadline),
        "pace": table.pace})])
    if seat.connected:
        return
    now = now or timezone.now()
    if table.pace == Table.Pace.LIVE and notified_since(user_id, "your_turn", table.pk,
                                                        now - LIVE_INTERVAL):
        return
    notify(user_id, "your_turn", url=table.get_absolute_url(), table=table.pk,
           game=game.pk, position=seat.position, version=game.version,
           table_name=table.name, game_slug=table.game_slug, pace=table.pace,
           deadline=_iso(game.deadline))


def turn_done(game: Game, table: Table, seat: Seat) -> tuple:
    """A person's turn passed to another seat (they moved, or the clock moved for them):
    their pages' counts of games waiting on them drop at once. The event, for the caller
    to send with the move's others (``turn_given``'s ``also``, or ``announce_each``)."""
    return (seat.user_id, "turn_done", {"table": table.pk, "game": game.pk})


def game_over(game: Game, table: Table) -> None:
    """A game (a chained table's whole session) is over: each person dealt in hears of it
    with their place's result; a notice is kept for those not at the table."""
    result = game.result or {}
    outcome = {"scores": result.get("scores"), "winners": result.get("winners")}
    events, kept = [], []
    for position, seat in seats_by_position(table).items():
        if seat.user_id is None or seat.bot:
            continue
        won = position in (outcome["winners"] or [])
        events.append((seat.user_id, "game_over", {
            "table": table.pk, "game": game.pk, "ending": game.ending, "you": position,
            "won": won, "result": outcome}))
        if not getattr(seat, "connected", False):
            kept.append((seat.user_id, "game_over", table.get_absolute_url(), {
                "table": table.pk, "game": game.pk, "table_name": table.name,
                "game_slug": table.game_slug, "ending": game.ending, "won": won}))
    announce_each(events)
    notify_each(kept)
