"""The view a reader receives: the engine's view of their seat (a spectator's otherwise),
the platform's fields, and the log worded in their language.

Made from a table's snapshot (``play.queries.Snapshot``) without a query, so that the
connections of a table share one read; the log is worded once per language and snapshot.
"""

from __future__ import annotations

from django.utils import timezone, translation

from play.models import Game, Table
from play.presentation.labels import lang_code
from play.presentation.messages import log_line
from play.queries import Snapshot, load_snapshot, players


def log_in(snapshot: Snapshot, lang: str) -> list[dict]:
    """The snapshot's log in ``lang``, each line ``{"text", "by", "seat"}`` (``log_line``),
    worded once for all the connections reading it (they share these dicts: never change
    them), leaving out the messages with nothing to say.

    A snapshot built from the previous one (play/snapshots.py) carries the lines already
    worded; only the new ones (``None``) are worded here.
    """
    found = snapshot.worded.get(lang)
    if found is None or None in found:
        found = list(found) if found is not None else [None] * len(snapshot.log)
        slug = snapshot.table.game_slug
        with translation.override(lang):
            # in the reader's language too: a guest is « Invité 4821 », « Guest 4821 »
            names = [p["name"] for p in players(snapshot.table, snapshot.seats)]
            for i, line in enumerate(found):
                if line is None:
                    found[i] = log_line(slug, snapshot.log[i], names) or False
        snapshot.worded[lang] = found
    return [line for line in found if line]


def view_from_snapshot(snapshot: Snapshot, user, lang=None) -> dict:
    """The user's seat's view (spectator view otherwise) + the platform fields; no query."""
    table, game, seats = snapshot.table, snapshot.game, snapshot.seats
    lang = lang_code(lang or getattr(user, "preferred_language", None))
    user_id = getattr(user, "pk", None)
    you = next((s.position for s in seats if user_id is not None and s.user_id == user_id),
               None)
    if game is not None:
        view = table.engine.view(game.state, you)
    else:  # no game dealt yet: the engine's keys, as a view of a game nobody plays
        view = {"game": table.game_slug, "seats": table.seat_count,
                "options": dict(table.options or {}), "actor": None, "you": you,
                "result": None}
    # Every view has every platform key (docs/protocol.md): nobody to act is
    # ``actor: null`` and no choice an empty ``legal_actions``.
    view.setdefault("legal_actions", [])
    view.setdefault("result", None)
    muted = user_id in snapshot.muted
    hidden = snapshot.chat_hidden.get(user_id)  # a block, either way, with their authors
    with translation.override(lang):  # a guest's name is worded
        everyone = players(table, seats, you)
    view.update(
        {
            "version": game.version if game else 0,
            "table_id": table.pk,
            "game_id": game.pk if game else None,
            "game_number": game.number if game else 0,
            "game_slug": table.game_slug,
            "status": game.status if game else "waiting",
            "ending": game.ending if game else "",
            "table_status": table.status,
            "pace": table.pace,
            "move_seconds": table.move_seconds,
            "you": you,
            "seat_names": [p["name"] for p in everyone],
            "seating": everyone,
            "deadline": game.deadline.isoformat() if game and game.deadline else None,
            "server_time": timezone.now().isoformat(),
            "log": list(log_in(snapshot, lang)),
            "chat": [] if muted else [line for line in snapshot.chat
                                      if not hidden or line["id"] not in hidden],
            "chat_muted": muted,
            "waiting": snapshot.waiting,
            "rematch": None,
        }
    )
    if snapshot.rematch is not None:
        view["rematch"] = {
            **{k: v for k, v in snapshot.rematch.items() if k != "invited"},
            "invited": [{k: v for k, v in invite.items() if k != "user_id"}
                        for invite in snapshot.rematch["invited"]],
        }
    if game is not None and game.status == Game.Status.FINISHED:
        view["result"] = game.result
        if game.ending:  # resigned or aborted before its end: nobody is to act any more
            view["actor"] = None
            view["legal_actions"] = []
    return view


def view_for(game: Game | None, user, lang=None, table: Table | None = None) -> dict:
    """The engine's view for the user's seat (spectator view otherwise) + platform fields.

    `game` may be None for a table still waiting for players (then pass `table`).
    """
    return view_from_snapshot(load_snapshot(table or game.table, game), user, lang)
