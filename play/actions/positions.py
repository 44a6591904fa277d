"""« Essayer cette position »: a practice table whose first game starts at a position (a
rules example's), the reader in the seat the example describes and bots at the others.

The rules app reads the example from the published page and turns it into the engine's
actions from the start of a game to the position (rules/examples/<game>.py,
``POSITIONS``): chance's deals, with the example's cards where it puts them and the others
drawn with ``secrets.SystemRandom``, and the moves. They are played here through the
engine and logged like any others, so the game's log replays to the position (archive,
replays) and the reader sees only their seat's view, as at any table.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from cardgames import BadOptions
from play.actions.errors import ServiceError, engine_words
from play.actions.games import start_game
from play.actions.guests import check_guest_tables
from play.actions.lookups import engine_of
from play.actions.tables import check_bot_level, do_create_table, seat_bot
from play.models import Seat, Table


def do_try_position(
    user, game_slug: str, *, seats: int, options: dict, carry: dict | None, opening: list,
    seat: int, level: str = "",
) -> Table:
    """A practice table of ``seats`` seats, ``user`` at ``seat``, bots (habitué unless
    told) at the others, whose first game plays ``opening`` from ``new(seats, options,
    carry)`` and must then wait for ``seat``: the reader lands on the table at their turn."""
    engine = engine_of(game_slug)
    level = check_bot_level(level)
    if not (isinstance(seat, int) and 0 <= seat < seats):
        raise ServiceError("bad_options", _("Cette place n'existe pas."))
    try:
        engine.new(seats, engine.resolve_options(options), carry)
    except BadOptions as refusal:
        raise ServiceError("bad_options", engine_words(game_slug, refusal)) from None
    with transaction.atomic():
        check_guest_tables(user)
        table = do_create_table(
            None, game_slug, seat_count=seats, options=options,
            visibility=Table.Visibility.UNLISTED, practice=True,
        )
        table.owner = user
        table.status = Table.Status.PLAYING
        table.save(update_fields=["owner", "status", "updated_at"])
        Seat.objects.create(table=table, position=seat, user=user)
        for position in range(seats):
            if position != seat:
                seat_bot(table, position, level)
        game = start_game(table, carry, opening=opening)
        if game is None or game.actor != seat:
            raise ServiceError(
                "illegal", _("Cette position ne laisse pas jouer : la table n'est pas ouverte.")
            )
    return table
