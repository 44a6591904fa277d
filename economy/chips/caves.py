"""Caves and cash-outs at chip tables; standing up, sitting back, leaving.

A chip table is a chip game's table that is not a practice table (economy/games.py).
Players bring chips by caving (écus → chips, between the table's bounds, counted in the
game's cave unit: big blinds, antes) and take them back with "Ramasser ses gains"
(chips → écus). Chips a player has at a table but not in the hand being played wait in
their `TableBankroll.reserve` and join their stack at the next deal
(economy/chips/deals.py): a cave or a top-up asked during a hand waits for it to end.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from economy import games, ledger
from economy.chips import house
from economy.chips.bankrolls import lock_bankroll, pay_out
from economy.chips.deals import close_if_deserted, deal_if_ready
from economy.chips.settlement import settle_latest
from economy.chips.tables import (
    Kind,
    Status,
    announce,
    cave_bounds,
    cave_unit,
    chips_in_hand,
    latest_game,
    seats_changed,
)
from economy.errors import EconomyError
from economy.models import ChipMovement, Currency, LedgerEntry, TableBankroll
from play.models import Seat, Table


def _lock(table) -> Table:
    """The chip table, locked, its last hand settled if it ended meanwhile."""
    table_id = table.pk if isinstance(table, Table) else table
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise EconomyError("not_found", _("Cette table n'existe pas.")) from None
    if not games.is_chip_table(table):
        raise EconomyError("forbidden", _("On ne cave pas à cette table."))
    settle_latest(table)  # a hand that ended while the table was closing
    return table


def _seat_user(table, user, position=None) -> Seat:
    seat = table.seats.filter(user=user).first()
    if seat is not None:
        return seat
    taken = set(table.seats.values_list("position", flat=True))
    free = [p for p in range(table.seat_count) if p not in taken]
    if position is not None:
        free = [p for p in free if p == position]
    if not free:
        raise EconomyError("table_full", _("La table est complète."))
    seat = Seat.objects.create(table=table, position=free[0], user=user)
    seats_changed(table)
    house.seat_taken(table)  # its last seat: the house opens another table at its stake
    return seat


def _may_sit(table, user, may_sit) -> bool:
    """Whether `user`, not seated yet, may take a seat: at a public table, as its owner,
    or with the invitation (`may_sit`, computed by the caller from the request)."""
    return (bool(may_sit) or table.visibility == Table.Visibility.PUBLIC
            or (table.owner_id is not None and table.owner_id == user.pk))


def _check_bounds(table, total) -> None:
    low, high = cave_bounds(table)
    if low <= total <= high:
        return
    unit = cave_unit(table)
    raise EconomyError(
        "cave_bounds",
        _("La cave doit porter vos jetons entre %(low)s et %(high)s (de %(low_units)s à "
          "%(high_units)s %(unit)s ici)."),
        low=low, high=high, low_units=low // unit, high_units=high // unit,
        unit=games.chip_tables(table.game_slug).unit_name,
    )


def _take_ecus(table, user, amount, key):
    try:
        return ledger.post(user, Currency.ECUS, -amount, reason=LedgerEntry.Reason.CAVE,
                           key=key, ref=("table", table.pk))
    except ledger.InsufficientFunds as short:
        raise EconomyError(
            "insufficient_ecus",
            _("Il vous manque des écus (vous en avez %(balance)s)."),
            balance=short.balance,
        ) from None


def do_cave(table, user, amount, *, request_key: str, post_now=False, position=None,
            may_sit=False) -> TableBankroll:
    """Convert écus into chips at the table (sitting the player down if needed).

    The chips join the player's stack at the next deal. Refused outside the table's
    bounds: the player's chips at the table after the cave must lie between them. A
    player who is not seated may only sit at a public table, at their own, or with the
    invitation (`may_sit`). `post_now`: an entry blind posted at once (games with blinds).
    """
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        raise EconomyError("bad_amount", _("Montant de cave invalide."))
    with transaction.atomic():
        table = _lock(table)
        if table.status in (Table.Status.CLOSED, Table.Status.FINISHED):
            raise EconomyError("forbidden", _("Cette table est fermée."))
        if (not table.seats.filter(user=user).exists()
                and not _may_sit(table, user, may_sit)):
            raise EconomyError("forbidden", _("Table sur invitation."))
        seat = _seat_user(table, user, position)
        if seat.sitting_out:  # a player who left and caves again is back
            seat.sitting_out = False
            seat.save(update_fields=["sitting_out"])
        bankroll = lock_bankroll(table, user, create=True)
        _check_bounds(table, bankroll.reserve + (chips_in_hand(table, seat) or 0) + amount)
        key = f"cave:{table.pk}:{user.pk}:{request_key}"
        if not _take_ecus(table, user, amount, key).created:
            return bankroll
        ChipMovement.objects.create(table=table, user=user, kind=Kind.CAVE, amount=amount,
                                    idempotency_key=key)
        bankroll.reserve += amount
        bankroll.caved += amount
        if bankroll.status in (Status.LEFT, Status.LEAVING):
            bankroll.status = Status.WAITING_BB
        if post_now and bankroll.status == Status.WAITING_BB:
            bankroll.status = Status.POST_BB
        bankroll.save()
        deal_if_ready(table)
        announce(table)
        return bankroll


def do_cave_at_house(user, stake_key: str, amount, *, request_key: str,
                     post_now=False) -> Table:
    """Sit at one of the house's tables at a stake and cave (the lobby's one click): the
    table the player already sits at there, else the fullest with a free seat, else a new
    one. Returns the table. A table filled meanwhile: the next one is tried."""
    stake = house.stake(stake_key)
    if stake is None:
        raise EconomyError("not_found", _("La maison ne tient pas de table à ces enjeux."))
    for _attempt in range(3):
        table = house.table_for(stake, user) or house.open_table_for(stake)
        try:
            do_cave(table, user, amount, request_key=request_key, post_now=post_now)
        except EconomyError as refusal:
            if refusal.code == "table_full":
                continue
            raise
        return table
    raise EconomyError("table_full", _("Les tables de la maison à ces enjeux viennent de se "
                                       "remplir : réessayez dans un instant."))


@dataclass(frozen=True)
class CashOut:
    """What "Ramasser ses gains" did: ``paid`` the écus credited now; or nothing yet
    (``paid`` None) while the player is dealt in the hand ``game_id``, at whose end they
    are paid."""

    paid: int | None
    game_id: int | None = None

    @property
    def pending(self) -> bool:
        return self.paid is None


def do_cash_out(table, user) -> CashOut:
    """"Ramasser ses gains": chips back into écus and leave the table.

    During a hand the player is dealt in, the cash-out happens when the hand ends (the
    answer names that hand); otherwise at once (the answer says the écus credited).
    """
    with transaction.atomic():
        table = _lock(table)
        bankroll = lock_bankroll(table, user)
        seat = table.seats.filter(user=user).first()
        if bankroll is None:
            raise EconomyError("not_seated", _("Vous n'avez pas de jetons à cette table."))
        if chips_in_hand(table, seat) is not None:
            bankroll.status = Status.LEAVING
            bankroll.save(update_fields=["status", "updated_at"])
            announce(table)
            return CashOut(paid=None, game_id=latest_game(table).pk)
        paid = pay_out(table, bankroll)
        if seat is not None:
            seat.delete()
            seats_changed(table)
        announce(table)
        return CashOut(paid=paid)


def leave_chip_table(table: Table, seat: Seat) -> None:
    """A player leaves a chip table (play's `do_leave`, the table locked).

    Leaving is cashing out: at once when the player is not dealt in the hand being
    played; otherwise their seat is played by the bot for the rest of that hand only and
    they are paid when it is settled, never dealt in again. The table closes once no
    player is left and no hand is in play (a hand in play finishes by the timers and
    bots, so that its chips are settled).
    """
    settle_latest(table)
    bankroll = lock_bankroll(table, seat.user_id)
    if chips_in_hand(table, seat) is not None:
        if bankroll is not None:
            bankroll.status = Status.LEAVING
            bankroll.save(update_fields=["status", "updated_at"])
        seat.sitting_out = True
        seat.save(update_fields=["sitting_out"])
    else:
        if bankroll is not None and bankroll.status != Status.LEFT:
            pay_out(table, bankroll)
        seat.delete()
    seats_changed(table)
    close_if_deserted(table)


def _seated_bankroll(table, user) -> TableBankroll:
    bankroll = lock_bankroll(table, user)
    if bankroll is None or bankroll.status == Status.LEFT:
        raise EconomyError("not_seated", _("Vous n'êtes pas à cette table."))
    return bankroll


def do_stand_up(table, user) -> TableBankroll:
    """"Se lever": keep the seat and the chips, receive no cards and pay no blinds."""
    with transaction.atomic():
        table = _lock(table)
        bankroll = _seated_bankroll(table, user)
        bankroll.status = Status.STANDING
        bankroll.save(update_fields=["status", "updated_at"])
        announce(table)
        return bankroll


def do_sit_back(table, user, *, post_now=False) -> TableBankroll:
    """"Se rasseoir": wait for the big blind, or post one at once (dead money); in a game
    without blinds, dealt in at the next deal either way."""
    with transaction.atomic():
        table = _lock(table)
        bankroll = _seated_bankroll(table, user)
        if bankroll.status in (Status.STANDING, Status.WAITING_BB, Status.POST_BB):
            bankroll.status = Status.POST_BB if post_now else Status.WAITING_BB
        bankroll.sat_out_reason = ""
        bankroll.save(update_fields=["status", "sat_out_reason", "updated_at"])
        deal_if_ready(table)
        announce(table)
        return bankroll
