"""What play does when the economy asks (economy/host.py): the economy never calls play's
action functions itself, play registers this host when it starts (play/apps.py)."""

from __future__ import annotations

from play.actions.broadcast import broadcast_table_changed
from play.actions.games import start_game
from play.actions.lookups import forget_seats
from play.actions.tables import do_create_table
from play.models import Table


class PlayTableHost:
    def table_changed(self, table: Table) -> None:
        game = table.games.order_by("-number").first()
        # A waiting table shows its last hand's version: what changed (chips, seats, why
        # it waits) is no new version, so its connections must read it again anyway.
        broadcast_table_changed(table.pk, game.version if game else 0, game.pk if game else None,
                                refresh=table.status == Table.Status.WAITING)

    def seats_changed(self, table: Table) -> None:
        forget_seats(table)

    def deal_next_hand(self, table: Table, kept: dict | None) -> None:
        start_game(table, kept)  # sets the table back to waiting if fewer than two can play

    def open_table(self, owner, game_slug, *, name, seat_count, options, stakes) -> Table:
        return do_create_table(owner, game_slug, seat_count=seat_count, name=name,
                               options=options, stakes=stakes, tavern=True)
