"""A move's log line and count: table, game, version, the action's type (never its
cards), who played it and how long it took from the engine's apply to the commit."""

from __future__ import annotations

import logging
import time

from django.db import transaction

from taverne.observability import metrics
from taverne.observability.logs import event

log = logging.getLogger("taverne.moves")


def action_type(action) -> str:
    """The action's type alone: its other keys may name cards."""
    kind = action.get("type") if isinstance(action, dict) else None
    return str(kind)[:40] if kind is not None else "?"


def move_played(table, game, action, source, started: float) -> None:
    """Called by the move function once the move is recorded; logs and counts it when
    its transaction commits (a move rolled back was never played)."""
    fields = {
        "table_id": table.pk,
        "game_id": game.pk,
        "game": table.game_slug,
        "version": game.version,
        "action": action_type(action),
        "source": str(source),
    }

    def committed():
        duration_ms = round((time.perf_counter() - started) * 1000, 1)
        metrics.count_move(fields["game"], fields["source"])
        event(log, "table {table_id} game {game_id} v{version}: {action} by {source}".format(
            **fields) + f" ({duration_ms} ms)", duration_ms=duration_ms, **fields)

    transaction.on_commit(committed, robust=True)
