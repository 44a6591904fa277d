"""The moves nobody sends: a timer that ran out, a bot's turn (play/clock/scheduler.py
finds them due and calls these)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from cardgames.core import DEFAULT_BOT_LEVEL
from economy import interface as economy
from play import thinking
from play.actions import vacation
from play.actions.errors import ServiceError
from play.actions.games import apply_for_seat
from play.actions.lookups import seats_by_position
from play.clock.notifications import queue_reminder
from play.models import Action, Game, Table

# Timeouts in a row after which a live player is marked absent (the bot plays for them
# until they come back); by correspondence the first timeout does.
LIVE_TIMEOUTS_TO_ABSENT = 2

log = logging.getLogger(__name__)


def _scheduled_move(game_id, now, column, source, choose):
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True)
            .select_related("table")
            .filter(pk=game_id)
            .first()
        )
        if game is None or game.status != Game.Status.PLAYING:
            return None  # another worker holds it, or it ended meanwhile
        due = getattr(game, column)
        table = game.table
        if due is None or due > now or table.status != Table.Status.PLAYING:
            return None
        engine = table.engine
        actor = engine.actor(game.state)
        if not isinstance(actor, int):
            return None
        note = None
        if source == Action.Source.TIMER and vacation.hold_for_vacation(
                game, table, seats_by_position(table).get(actor), now):
            return None  # never on a player on vacation: their deadline moved past it
        if source == Action.Source.TIMER:
            note, choose = _time_ran_out(table, actor, choose)
        action = choose(engine, game.state, actor, _level_of(table, actor), game.version)
        try:
            apply_for_seat(game, table, actor, action, user=None, source=source, note=note)
        except ServiceError:
            # still the bot's move (or the clock's): the log says who played, not how
            log.exception("%s move refused in game %s; playing the default", source, game.pk)
            apply_for_seat(game, table, actor, engine.default_action(game.state),
                            user=None, source=source, note=note)
        return game


def _time_ran_out(table, actor, choose):
    """A player's clock ran out: the log says so; after LIVE_TIMEOUTS_TO_ABSENT in a row
    (the first, by correspondence) the seat is marked absent and the bot plays it, this
    move too by correspondence. Chip tables keep their own meaning of an absent seat (a
    player who cashed out): there the clock only plays the default move."""
    seat = seats_by_position(table).get(actor)
    if seat is None or seat.user_id is None or seat.sitting_out:
        return {"code": "platform.timeout", "seat": actor, "absent": False}, choose
    absent = False
    if not economy.is_chip_table(table):
        seat.timeouts += 1
        correspondence = table.pace == Table.Pace.CORRESPONDENCE
        absent = correspondence or seat.timeouts >= LIVE_TIMEOUTS_TO_ABSENT
        seat.sitting_out = seat.sitting_out or absent
        seat.save(update_fields=["timeouts", "sitting_out"])
        if correspondence:
            choose = _standing_in
    return {"code": "platform.timeout", "seat": actor, "absent": absent}, choose


def _standing_in(engine, state, actor, level, version):
    return _bot_choice(engine, state, actor, level)


def _level_of(table, position) -> str:
    """The level of the bot at that seat; a player sitting out is stood in for at the
    default level."""
    seat = seats_by_position(table).get(position)
    return (seat.bot_level if seat is not None else "") or DEFAULT_BOT_LEVEL


def do_timeout(game_id, now=None) -> Game | None:
    """The actor's time ran out: play the game's default action for them."""
    return _scheduled_move(
        game_id, now or timezone.now(), "deadline", Action.Source.TIMER,
        lambda engine, state, actor, level, version: engine.default_action(state),
    )


def _bot_choice(engine, state, actor, level, planned=None):
    try:
        return thinking.decision(engine.slug, engine.view(state, actor), level, planned)
    except Exception:  # a game without a bot yet, or a bot bug: never stall the table
        log.exception("bot of %s failed; playing the default action", engine.slug)
        return engine.default_action(state)


def plan_bot_move(game_id):
    """Start an expensive bot decision before its game is locked: the search runs in the
    thinking pool (play/thinking.py) while the scheduler locks and moves other games, and
    no row stays locked while it thinks. ``None`` when the bot's level is cheap or the game
    is not waiting on a bot; else ``(version, future)``, which ``do_bot_move`` uses only
    if the game has not moved since."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.PLAYING:
        return None
    engine = game.table.engine
    actor = engine.actor(game.state)
    if not isinstance(actor, int):
        return None
    seat = seats_by_position(game.table).get(actor)
    if seat is None or not seat.played_by_bot:
        return None  # a player's clock: they may still move before it runs out
    view = engine.view(game.state, actor)
    future = thinking.plan_decision(engine.slug, view, _level_of(game.table, actor))
    return None if future is None else (game.version, future)


def do_bot_move(game_id, now=None, planned=None) -> Game | None:
    """The bot (or the bot standing in for a player who left) moves, from its view only;
    ``planned`` is ``plan_bot_move``'s answer, used if the game is still at its version."""

    def choose(engine, state, actor, level, version):
        ready = planned[1] if planned is not None and planned[0] == version else None
        return _bot_choice(engine, state, actor, level, ready)

    return _scheduled_move(
        game_id, now or timezone.now(), "bot_due_at", Action.Source.BOT, choose
    )


def do_remind(game_id, now=None) -> Game | None:
    """A quarter of a correspondence player's time is left: e-mail them, once per move
    (clearing ``remind_at`` in the same transaction is the record that it was sent)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True)
            .select_related("table")
            .filter(pk=game_id)
            .first()
        )
        if game is None or game.remind_at is None or game.remind_at > now:
            return None
        game.remind_at = None
        game.save(update_fields=["remind_at"])
        if game.status == Game.Status.PLAYING and game.actor is not None:
            queue_reminder(game, game.actor)
        return game
