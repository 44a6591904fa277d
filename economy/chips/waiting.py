"""Why a waiting chip table deals no hand: how many players are missing, and what each
seated player lacks.

A chip table deals as soon as two players can be dealt in (economy/chips/deals.py): a
seated player who plays (not standing up, not leaving), has at least the game's least
stack in their reserve and a hand left today (tavern keepers always have one at their
own table). This reads the same facts, without locking anything, for the table's page
and the protocol's view (``waiting``): the reasons are data (codes, seat positions,
amounts), worded by play in each reader's language.
"""

from __future__ import annotations

from economy import hands
from economy.chips.tables import Status, cave_bounds, rules_of
from economy.chips.taverns import keeps_table
from economy.models import TableBankroll, Wallet

# A hand needs two players dealt in.
PLAYERS_TO_DEAL = 2

# What a seated player may lack, most fundamental first (docs/protocol.md, ``waiting``).
LEVEL = "level"  # e-mail address not verified: no cards at a game that counts hands
NO_HANDS = "no_hands"  # no free hand left today and no pack hand
NOT_ENOUGH_ECUS = "not_enough_ecus"  # fewer écus than the table's least cave
NOT_CAVED = "not_caved"  # seated, écus enough, no chips brought yet
MUST_RECAVE = "must_recave"  # chips left below the least stack dealt in
STANDING = "standing"  # stood up ("Se lever")
LEAVING = "leaving"  # cashing out


def waiting_reasons(table) -> dict:
    """What the (waiting) chip table lacks to deal: ``players_needed`` (seats still to be
    taken by someone), ``ready`` (players who would be dealt in now), ``cave_min`` (the
    least cave, in chips) and ``missing``: ``{"position", "reason", "busted"}`` for each
    seated player who would not be dealt in, by seat (``busted``: their chips at the
    table ran out, so the table fell back to waiting for their recave)."""
    least_cave, _ = cave_bounds(table)
    least_stack = rules_of(table).least_stack(table.options)
    seats = list(table.seats.filter(user__isnull=False, sitting_out=False)
                 .select_related("user").order_by("position"))
    user_ids = [s.user_id for s in seats]
    bankrolls = {b.user_id: b for b in TableBankroll.objects.filter(table=table,
                                                                    user_id__in=user_ids)}
    ecus = dict(Wallet.objects.filter(user_id__in=user_ids).values_list("user_id", "ecus"))
    missing, ready = [], 0
    for seat in seats:
        reason = _lacks(table, seat, bankrolls.get(seat.user_id), ecus.get(seat.user_id, 0),
                        least_cave, least_stack)
        if reason is None:
            ready += 1
        else:
            busted = reason in (MUST_RECAVE, NOT_ENOUGH_ECUS) and _busted(bankrolls.get(
                seat.user_id), least_stack)
            missing.append({"position": seat.position, "reason": reason, "busted": busted})
    return {
        "players_needed": max(0, PLAYERS_TO_DEAL - len(seats)),
        "ready": ready,
        "cave_min": least_cave,
        "missing": missing,
    }


def _busted(bankroll, least_stack) -> bool:
    """Whether the player's chips at the table ran out (below the least stack dealt in)."""
    return (bankroll is not None and bankroll.status == Status.PLAYING
            and bankroll.reserve < least_stack)


def _lacks(table, seat, bankroll, ecus, least_cave, least_stack) -> str | None:
    """What keeps ``seat``'s player from being dealt in (None: nothing)."""
    if not keeps_table(table, seat.user_id):
        status = hands.status(seat.user, table.game_slug)
        if not status.can_play:
            return NO_HANDS if status.level_ok else LEVEL
    if bankroll is None or bankroll.status == Status.LEFT:
        return NOT_CAVED if ecus >= least_cave else NOT_ENOUGH_ECUS
    if bankroll.status == Status.LEAVING:
        return LEAVING
    if bankroll.status == Status.STANDING:
        # by choice, or sat out for want of a hand since bought: "Se rasseoir" either way
        return STANDING
    if bankroll.reserve < least_stack:
        # a recave must bring the chips at the table up to the least cave
        return MUST_RECAVE if bankroll.reserve + ecus >= least_cave else NOT_ENOUGH_ECUS
    return None
