"""The table host: what the economy needs play to do, registered by play when it starts.

The economy reads play's tables, seats and games, but never calls play's action
functions: play sits above it (play/actions calls economy/interface.py). Where the economy
must make play act (a table to deal once two players have caved, viewers to tell, a
tavern keeper's table to open), it asks the host play registered (play/apps.py,
play/actions/economy_host.py).
"""

from __future__ import annotations

from typing import Protocol


class TableHost(Protocol):
    def table_changed(self, table) -> None:
        """Tell the table's viewers, once the transaction commits, that it changed."""

    def seats_changed(self, table) -> None:
        """The economy seated or unseated players at ``table`` (locked) in this
        transaction: play reads its seats again."""

    def deal_next_hand(self, table, kept: dict | None) -> None:
        """Deal the next hand at a (locked) chip table that waited for players; ``kept``
        is what it kept of its last hand (None at its first)."""

    def open_table(self, owner, game_slug: str, *, name: str, seat_count: int, options: dict,
                   stakes: dict):
        """Open a table the way play opens any (its options checked), owned by ``owner``."""


_host: TableHost | None = None


def register(host: TableHost) -> None:
    global _host
    _host = host


def table_host() -> TableHost:
    if _host is None:
        raise RuntimeError("no table host registered: play registers one when it starts")
    return _host
