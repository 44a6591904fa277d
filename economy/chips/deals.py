"""A hand is dealt at a chip table: who is dealt in, with which stacks.

At each deal the reserves of the players dealt in become their stacks (so a cave asked
during a hand joins the stack between hands). Dealt in: the players who play and have
enough chips (the game's ``least_stack``), and, in a game with blinds, newcomers and
players sitting back down once the big blind reaches them, or at once if they posted
one (dead money won by the hand's first winner). Each is counted a hand of the daily
allowance (economy/hands.py; tavern keepers play without limit at their own tables);
a player with none left is sat out. Fewer than two: no deal, the table waits.
"""

from __future__ import annotations

from django.db.models import Max

from economy import hands
from economy.chips import house
from economy.chips.bankrolls import pay_out, sit_out
from economy.chips.settlement import settle_hand, settle_latest
from economy.chips.tables import Kind, Status, latest_game, rules_of, seats_changed
from economy.chips.taverns import keeps_table
from economy.host import table_host
from economy.models import ChipMovement, HandDeal, TableBankroll
from play.models import Game, Table

PLAYING_STATUSES = (Status.PLAYING, Status.POST_BB, Status.WAITING_BB)


def deal_hand(table: Table, kept: dict | None, number: int) -> dict | None:
    """The carry of hand ``number`` about to be dealt, or None when fewer than two can
    play. ``kept`` is what the table kept of its last hand (the button...)."""
    settle_latest(table)
    rules = rules_of(table)
    seats = {s.position: s for s in table.seats.filter(user__isnull=False)}
    ready = _ready(table, seats, number, least=rules.least_stack(table.options))
    dealt, entry_blinds = _dealt_in(table, rules, ready, kept)
    if len(dealt) < 2:
        return None  # count nobody's hand for a deal that does not happen
    counted = [p for p in dealt if _count_hand(table, seats[p], ready[p], number)]
    if len(counted) < 2:
        return None
    blind = rules.entry_blind(table.options) if entry_blinds else None
    stacks = [None] * table.seat_count
    for position in counted:
        stacks[position] = _stack_from_reserve(table, ready[position], number, blind)
    return rules.deal_carry(stacks, kept)


def _ready(table, seats, number, least) -> dict[int, TableBankroll]:
    """The seats that may be dealt in, with their (locked) bankrolls. Players who left
    are paid out and unseated; players without a hand left are sat out."""
    bankrolls = {b.user_id: b for b in TableBankroll.objects.select_for_update().filter(
        table=table)}
    # A hand already counted for this deal (a deal that found fewer than two players
    # and is being tried again) is theirs: it is not counted twice.
    counted_before = set(HandDeal.objects.filter(table_id=table.pk, game_number=number)
                         .values_list("user_id", flat=True))
    ready = {}
    for position, seat in list(seats.items()):
        bankroll = bankrolls.get(seat.user_id)
        if seat.sitting_out:  # the player left the table: paid out, never dealt in again
            if bankroll is not None and bankroll.status != Status.LEFT:
                pay_out(table, bankroll)
            seat.delete()
            del seats[position]
            seats_changed(table)
            continue
        if bankroll is None or bankroll.reserve < least:
            continue
        if bankroll.status in PLAYING_STATUSES:
            allowed = (seat.user_id in counted_before or keeps_table(table, seat.user_id)
                       or hands.status(seat.user, table.game_slug).can_play)
            if not allowed:
                sit_out(bankroll, "no_hands")
                continue
            ready[position] = bankroll
    return ready


def _dealt_in(table, rules, ready, kept) -> tuple[list[int], bool]:
    """The seats dealt in, and whether those who posted an entry blind pay it now.

    A table (re)starting from fewer than two playing players deals everybody in without
    entry blind; in a game without blinds everybody ready is dealt in."""
    active = sorted(p for p, b in ready.items() if b.status != Status.WAITING_BB)
    if rules.entry_blind(table.options) is None or len(active) < 2:
        return sorted(ready), False
    waiting = sorted(p for p, b in ready.items() if b.status == Status.WAITING_BB)
    reached = [p for p in waiting if rules.blind_reaches(p, active, kept, table.seat_count)]
    return sorted(active + reached), True


def _count_hand(table, seat, bankroll, number) -> bool:
    """Count the hand dealt to a seat; False (and the player sat out) without one."""
    try:
        hands.consume_hand(seat.user, table.game_slug, table_id=table.pk,
                           game_number=number, is_owner=keeps_table(table, seat.user_id),
                           position=seat.position)
    except hands.NoHandLeft as refusal:
        sit_out(bankroll, refusal.reason)
        return False
    return True


def _stack_from_reserve(table, bankroll, number, blind) -> int:
    """The reserve becomes the stack; an entry blind posted comes off it as dead money."""
    if bankroll.status == Status.POST_BB and blind is not None:
        dead = min(blind, bankroll.reserve - 1)  # keep a chip to be dealt in
        if dead > 0:
            bankroll.reserve -= dead
            ChipMovement.objects.create(
                table=table, user_id=bankroll.user_id, kind=Kind.DEAD_BLIND, amount=dead,
                game_number=number,
                idempotency_key=f"dead:{table.pk}:{number}:{bankroll.user_id}",
            )
    stack = bankroll.reserve
    bankroll.reserve = 0
    bankroll.status = Status.PLAYING
    bankroll.sat_out_reason = ""
    bankroll.save()
    return stack


def hand_ended(table: Table, final_state: dict) -> dict:
    """After a hand at a chip table: settle it; the next deal keeps the button, the
    pots carried... (its stacks come from the reserves at the deal)."""
    number = table.games.aggregate(n=Max("number"))["n"]
    settle_hand(table, table.games.get(number=number))
    return rules_of(table).kept(final_state)


def deal_if_ready(table: Table) -> None:
    """A waiting chip table deals as soon as two players have chips and hands (the host
    deals it; the table goes back to waiting if fewer than two can play)."""
    if table.status != Table.Status.WAITING:
        return
    game = latest_game(table)
    if game is not None and game.status == Game.Status.PLAYING:
        return
    table.status = Table.Status.PLAYING
    table.save(update_fields=["status", "updated_at"])
    kept = rules_of(table).kept(game.state) if game is not None else None
    table_host().deal_next_hand(table, kept)


def close_if_deserted(table: Table) -> bool:
    """Close a chip table nobody plays at any more, unless a hand is still in play, or
    it is the house's last table with a free seat at its stake (it waits for players)."""
    game = latest_game(table)
    if game is not None and game.status == Game.Status.PLAYING:
        return False
    if table.seats.filter(user__isnull=False).exists() or table.status == Table.Status.CLOSED:
        return False
    if not house.may_close(table):
        if table.status != Table.Status.WAITING:
            table.status = Table.Status.WAITING
            table.save(update_fields=["status", "updated_at"])
        return False
    table.status = Table.Status.CLOSED
    table.save(update_fields=["status", "updated_at"])
    return True
