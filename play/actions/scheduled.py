"""The moves nobody sends: a timer that ran out, a bot's turn (play/clock/scheduler.py
finds them due and calls these)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from cardgames.core import DEFAULT_BOT_LEVEL
from play.actions import games
from play.actions.errors import ServiceError
from play.actions.games import apply_for_seat
from play.actions.lookups import seats_by_position
from play.models import Action, Game, Table

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
        action = choose(engine, game.state, actor, _level_of(table, actor))
        try:
            apply_for_seat(game, table, actor, action, user=None, source=source)
        except ServiceError:
            log.exception("%s move refused in game %s; playing the default", source, game.pk)
            apply_for_seat(game, table, actor, engine.default_action(game.state),
                            user=None, source=Action.Source.TIMER)
        return game


def _level_of(table, position) -> str:
    """The level of the bot at that seat; a player sitting out is stood in for at the
    default level."""
    seat = seats_by_position(table).get(position)
    return (seat.bot_level if seat is not None else "") or DEFAULT_BOT_LEVEL


def do_timeout(game_id, now=None) -> Game | None:
    """The actor's time ran out: play the game's default action for them."""
    return _scheduled_move(
        game_id, now or timezone.now(), "deadline", Action.Source.TIMER,
        lambda engine, state, actor, level: engine.default_action(state),
    )


def _bot_choice(engine, state, actor, level):
    try:
        return engine.bot_action(engine.view(state, actor), games.system_random, level)
    except Exception:  # a game without a bot yet, or a bot bug: never stall the table
        log.exception("bot of %s failed; playing the default action", engine.slug)
        return engine.default_action(state)


def do_bot_move(game_id, now=None) -> Game | None:
    """The bot (or the bot standing in for a player who left) moves, from its view only."""
    return _scheduled_move(
        game_id, now or timezone.now(), "bot_due_at", Action.Source.BOT, _bot_choice
    )
