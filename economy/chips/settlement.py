"""A hand ended: its chips go back to the reserves, and what it owes is paid.

Settling a hand (once: ``TableEconomy.settled_number``) gives each seat dealt in its final
stack back in its reserve, records what the hand moved seat by seat (``HandChips``),
settles the debts the hand left between players (Ambigu's), gives the entry blinds posted
for it to its first winner, pays the rake out, and pays out the players who asked to
leave during the hand.
"""

from __future__ import annotations

from django.db.models import Sum
from django.utils import timezone

from economy import ledger
from economy.chips.bankrolls import pay_out
from economy.chips.rake import pay_rake
from economy.chips.tables import Kind, Status, latest_game, rules_of, seats_changed, table_economy
from economy.models import (
    ChipMovement,
    Currency,
    HandChips,
    HandDeal,
    LedgerEntry,
    TableBankroll,
    TableEconomy,
)
from play.models import Game, Seat, Table


def settle_latest(table: Table) -> None:
    """Settle the table's last hand if it ended (while the table was closing, say)."""
    game = latest_game(table)
    if game is not None and game.status == Game.Status.FINISHED:
        settle_hand(table, game)


def hand_players(table, game) -> dict[int, int]:
    """Who played each seat of a hand: its deal record (`HandDeal`), since seats change
    hands between hands; the seats as they are now for a hand dealt without one."""
    players = dict(HandDeal.objects.filter(table_id=table.pk, game_number=game.number,
                                           position__isnull=False)
                   .values_list("position", "user_id"))
    for seat in table.seats.filter(user__isnull=False):
        players.setdefault(seat.position, seat.user_id)
    return players


class _HandBankrolls:
    """The table's bankrolls (locked), found by the seat each player had in the hand."""

    def __init__(self, table, game):
        self.table, self.game = table, game
        self.by_user = {b.user_id: b for b in TableBankroll.objects.select_for_update()
                        .filter(table=table)}
        self.players = hand_players(table, game)

    def at(self, position) -> TableBankroll | None:
        user_id = self.players.get(position)
        if user_id is None:
            return None
        if user_id not in self.by_user:  # never happens: a player dealt in has a bankroll
            self.by_user[user_id] = TableBankroll.objects.create(
                table=self.table, user_id=user_id, status=Status.LEAVING)
        return self.by_user[user_id]

    def taking(self, position) -> TableBankroll:
        """The bankroll that takes back a seat's chips; refuse rather than lose chips."""
        bankroll = self.at(position)
        if bankroll is None:
            raise RuntimeError(f"table {self.table.pk} hand {self.game.number}: no player at "
                               f"seat {position} to take back its chips")
        return bankroll


def settle_hand(table: Table, game: Game) -> None:
    """A hand ended: stacks back to the reserves, rake to the owner, pending cash-outs paid."""
    econ = TableEconomy.objects.select_for_update().get(pk=table_economy(table).pk)
    if game.number <= econ.settled_number:
        return
    rules = rules_of(table)
    state = game.state
    bankrolls = _HandBankrolls(table, game)
    final = rules.final_stacks(state)
    for position, stack in final.items():
        bankrolls.taking(position).reserve += stack
    record_hand(table, game, rules, final, bankrolls.players)
    settle_debts(table, game, bankrolls.by_user, bankrolls.players)
    _award_entry_blinds(table, game, rules.winners(state), bankrolls)
    pay_rake(table, game, econ, rules.rake(state))
    for bankroll in bankrolls.by_user.values():
        if bankroll.status == Status.LEAVING:
            pay_out(table, bankroll)
            Seat.objects.filter(table=table, user_id=bankroll.user_id).delete()
        else:
            bankroll.save()
    econ.settled_number = game.number
    econ.save(update_fields=["settled_number", "rake_total"])
    seats_changed(table)  # seats may have been freed


def record_hand(table, game, rules, final, players) -> None:
    """What the hand moved, seat by seat (``HandChips``): brought in, forced in, taken
    back, folded. The collusion report reads these rows (economy/collusion.py)."""
    state, now = game.state, timezone.now()
    start, forced, folded = rules.start_stacks(state), rules.forced(state), set(
        rules.folded(state))
    HandChips.objects.bulk_create([
        HandChips(table=table, game_number=game.number, position=position,
                  user_id=players[position], brought=start.get(position, stack),
                  forced=forced.get(position, 0), taken=stack, folded=position in folded,
                  settled_at=now)
        for position, stack in final.items() if players.get(position) is not None
    ], ignore_conflicts=True)


def _award_entry_blinds(table, game, winners, bankrolls) -> None:
    """The entry blinds posted for the hand (dead money) go to its first winner."""
    dead = ChipMovement.objects.filter(table=table, kind=Kind.DEAD_BLIND,
                                       game_number=game.number).aggregate(s=Sum("amount"))["s"]
    if not dead:
        return
    winner = next((p for p in winners if bankrolls.at(p) is not None), None)
    if winner is None:
        raise RuntimeError(f"table {table.pk} hand {game.number}: no winner to take "
                           "the entry blinds")
    bankroll = bankrolls.at(winner)
    bankroll.reserve += dead
    ChipMovement.objects.create(
        table=table, user_id=bankroll.user_id, kind=Kind.DEAD_BLIND_WON, amount=dead,
        game_number=game.number, idempotency_key=f"dead_won:{table.pk}:{game.number}",
    )


def settle_debts(table, game, bankrolls, players=None) -> None:
    """The debts a hand left between players, paid from the debtor's reserve, then écus.

    At Ambigu a debt arises when a player's jetons run out paying for the winner's
    combination. At a chip table it cannot follow the seat to the next deal (players leave,
    seats change hands), so it is settled now; what neither the reserve nor the écus cover
    is written off (the deal's result keeps the record). Écus move with keys
    `debt:<table>:<game number>:<debtor seat>:<creditor seat>:paid|received`.
    """
    if players is None:
        players = hand_players(table, game)
    for debtor_seat, creditor_seat, amount in rules_of(table).debts(game.state):
        debtor = bankrolls.get(players.get(debtor_seat))
        creditor = bankrolls.get(players.get(creditor_seat))
        if debtor is None or creditor is None:
            continue
        chips = min(amount, debtor.reserve)
        debtor.reserve -= chips
        creditor.reserve += chips
        owed = amount - chips
        wallet = ledger.lock_wallet(debtor.user_id) if owed else None
        ecus = min(owed, wallet.ecus) if wallet else 0
        if ecus:
            key = f"debt:{table.pk}:{game.number}:{debtor_seat}:{creditor_seat}"
            ledger.post(debtor.user_id, Currency.ECUS, -ecus, reason=LedgerEntry.Reason.DEBT,
                        key=f"{key}:paid", ref=("table", table.pk), wallet=wallet)
            ledger.post(creditor.user_id, Currency.ECUS, ecus, reason=LedgerEntry.Reason.DEBT,
                        key=f"{key}:received", ref=("table", table.pk))
