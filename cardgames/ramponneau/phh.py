"""Ramponneau hands as PHH files (Poker Hand History, the TOML format PokerKit reads).

``export_phh(game, seats, options, carry, log)`` replays a hand's log with the engine and
writes it out: variant ``"NT"`` (no-limit Texas Hold'em), no antes, the blinds, the
minimum bet, the starting stacks, then the actions: ``d dh p1 AcKd`` (hole cards),
``d db 2h3h4h`` (board), ``p1 f`` (fold), ``p1 cc`` (check or call), ``p1 cbr 300``
(bet or raise to 300), ``p1 sm AcKd`` (shows), ``p1 sm`` (mucks).

PHH numbers the players from the button's left: p1 is the small blind (heads-up, the big
blind) and the last player is the button; that is the engine's ``order``. The table's seat
numbers (from 1) go in the ``seats`` field. Rake has no standard PHH field: the hand's
rake and the table's settings go in user-defined fields (``_rake``, ``_rake_percent``...),
which PokerKit keeps aside.

A hand history for a player (``viewer``: a seat, or ``None`` for a spectator) holds what
that seat saw at the table and nothing else: its own hole cards, the hands shown at the
showdown, the board, the actions and stacks. Every other hand is written ``????`` (``??`` is PHH's
unknown card), and a mucked hand is ``sm`` with no cards. ``viewer=EVERYTHING`` (the
default) writes every hole card: for selfplay and the engine's tests, never for players.
"""

from __future__ import annotations

import json

from ..core import CHANCE, replay

EVERYTHING = "everything"
UNKNOWN_CARD = "??"  # PHH: a card nobody may name


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def phh_actions(game, seats, options, carry, log, viewer=EVERYTHING) -> tuple[dict, list[str]]:
    """The final state and the PHH action lines of a hand, as ``viewer`` saw it."""
    final = replay(game, seats, options, carry, log)
    if viewer == EVERYTHING:
        known = set(final["order"])
    else:
        known = {s for s in final["order"] if final["shown"][s] or s == viewer}
    state = game.new(seats, options, carry)
    player = {seat: f"p{i + 1}" for i, seat in enumerate(state["order"])}
    lines: list[str] = []
    for action in log:
        actor = state["actor"]
        before = state
        state = game.apply(state, action)
        kind = action["type"]
        if actor == CHANCE:
            for seat in state["order"]:
                hole = state["hole"][seat]
                hole = "".join(hole) if seat in known else UNKNOWN_CARD * len(hole)
                lines.append(f"d dh {player[seat]} {hole}")
        elif kind == "fold":
            lines.append(f"{player[actor]} f")
        elif kind in ("check", "call"):
            lines.append(f"{player[actor]} cc")
        elif kind in ("bet", "raise"):
            lines.append(f"{player[actor]} cbr {action['amount']}")
        elif kind == "show":
            lines.append(f"{player[actor]} sm {''.join(state['hole'][actor])}")
        elif kind == "muck":
            lines.append(f"{player[actor]} sm")
        # What the engine did on its own after the action: hands turned over (an all-in
        # exposes every hand before the rest of the board, as in PokerKit), then the board.
        for seat in state["order"]:
            if (
                state["shown"][seat]
                and not before["shown"][seat]
                and not (kind == "show" and seat == actor)
            ):
                lines.append(f"{player[seat]} sm {''.join(state['hole'][seat])}")
        dealt = len(before["board"])
        for size in (3, 4, 5):
            if dealt < size <= len(state["board"]):
                lines.append(f"d db {''.join(state['board'][dealt:size])}")
                dealt = size
    return state, lines


def export_phh(
    game, seats, options, carry, log, viewer=EVERYTHING, names=None, hand=None, table=None
) -> str:
    """One hand as the text of a PHH file; ``names`` by seat, ``hand`` its number and
    ``table`` the table's name, when known."""
    state, actions = phh_actions(game, seats, options, carry, log, viewer)
    options = state["options"]
    order = state["order"]
    n = len(order)
    players = [names[s] if names else f"Siège {s + 1}" for s in order]
    fields = []
    if table is not None:
        fields.append(("table", str(table)))
    if hand is not None:
        fields.append(("hand", hand))
    fields += [
        ("variant", "NT"),
        ("antes", [0] * n),
        ("blinds_or_straddles", [options["small_blind"], options["big_blind"]] + [0] * (n - 2)),
        ("min_bet", options["big_blind"]),
        ("starting_stacks", [state["start"][s] for s in order]),
        ("actions", actions),
        ("seats", [s + 1 for s in order]),
        ("seat_count", seats),
        ("players", players),
        ("finishing_stacks", [state["stacks"][s] for s in order]),
        ("_game", "ramponneau"),
        ("_button_seat", state["button"] + 1),
        ("_rake", state["rake"]),
        ("_rake_percent", options["rake_percent"]),
        ("_rake_cap", options["rake_cap"]),
        ("_no_flop_no_drop", options["no_flop_no_drop"]),
    ]
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)
