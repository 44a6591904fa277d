"""A practice table of a chip game (Ramponneau, Ambigu against bots): its chips are the
game's own, passed from hand to hand by the engine's ``carry``, and its session ends when
they run out.

At a table played for écus the economy settles each hand and a broke player caves again;
at a practice table nobody caves, so a player who lost every chip would sit out every
later hand while the bots played on, the game never over. Instead the session ends after
the hand where no player of the table can be dealt the next one, or fewer than two seats
can (one seat won every chip): the table finishes, the last hand's result keeps a
summary (``session``), and a broke player takes a new stack at the same table
(``do_new_stack``, play/actions/leaving.py) or plays again (a rematch).
"""

from __future__ import annotations

from cardgames import BadOptions
from play.actions.lookups import seats_by_position


def is_practice_chip_table(table) -> bool:
    engine = table.engine
    return bool(table.practice and engine.chained and getattr(engine, "chips", None))


def next_dealt(table, final_state: dict) -> list[int]:
    """The seats the engine would deal the next hand after ``final_state`` (its own
    recaves included: Ambigu's ``auto_recave``); none when fewer than two could play."""
    engine = table.engine
    carry = engine.carry(final_state)
    if carry is None:  # Ramponneau: fewer than two have chips left
        return []
    try:
        return list(engine.chips.dealt(engine.new(table.seat_count, table.options, carry)))
    except BadOptions:
        return []


def session_end(table, game) -> dict | None:
    """The summary that ends a practice chip table's session after ``game`` (its last hand,
    just finished), or None when the next hand is to be dealt: its players' chips, the
    hands played and the stack each player had to start with."""
    if not is_practice_chip_table(table):
        return None
    dealt = next_dealt(table, game.state)
    humans = [p for p, seat in seats_by_position(table).items() if seat.user_id is not None]
    if len(dealt) >= 2 and any(p in dealt for p in humans):
        return None
    chips = table.engine.chips
    stacks = [stack or 0 for stack in chips.seat_stacks(game.state)]
    least = chips.least_stack(table.options)
    return {
        "stacks": stacks,
        "hands": game.number,
        "fresh": chips.fresh_stack(table.options),
        "broke": [p for p, stack in enumerate(stacks) if stack < least],
    }


def restacked_carry(table, final_state: dict, position: int) -> dict:
    """The next hand's carry after ``final_state``, ``position`` given a fresh stack."""
    engine = table.engine
    chips = engine.chips
    carry = engine.carry(final_state)
    if carry is None:
        carry = chips.deal_carry(chips.seat_stacks(final_state), chips.kept(final_state))
    # Both chip games carry the seats' chips as "stacks", which a host may set between
    # hands (cardgames/ramponneau/game.py, "Carry").
    carry["stacks"][position] = chips.fresh_stack(table.options)
    return carry
