"""Caves, chips and écus at Ramponneau and Ambigu tables; owners' tables and their rake.

A chip table is a Ramponneau or Ambigu table that is not a practice table. Players bring
chips (Ambigu's jetons) by caving (écus → chips, between the table's bounds: in big
blinds at Ramponneau, in antes at Ambigu) and take them back with "Ramasser ses gains"
(chips → écus). Chips a player has at a table but not in the hand being dealt wait in
their `TableBankroll.reserve`:

- at the end of each hand (`settle_hand`, called from `play.actions.next_carry`) every
  final stack goes back to its owner's reserve, the rake leaves the table and is paid
  to the table's owner in écus, and players who asked to leave are paid out;
- at each deal (`carry_for_deal`, called from `play.actions.start_game`) the reserves
  of the players dealt in become their stacks. So a cave or a recave asked during a
  hand waits in the reserve and joins the stack between hands, as the rules say.

Who is dealt in at Ramponneau: players who play (and have chips), newcomers and players
sitting back down once the big blind reaches them (or at once if they posted a big
blind, as dead money won by the hand's winner); at Ambigu: every player who plays and
can pay the ante (no blinds, so no entry blind). In both, only with a hand left
(`accounts.hands.consume_hand`: tavern keepers play without limit at their own tables).

Ambigu also carries the poule and the batterie from deal to deal: they stay the table's
chips until a deal is won. Its in-deal recave is off at chip tables (a top-up is caved
between deals) and a debt between players is settled when the deal that made it is
settled: from the debtor's reserve, then their écus; what neither covers is written off.

Conservation, at every moment and for every table (`table_chips`, `verify_tables`):
caves − cash-outs = reserves + chips in the unsettled hand + pots carried to the next
deal + rake + entry blinds not yet won.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max, Sum
from django.utils.translation import gettext_lazy as _

from accounts import hands, ledger
from accounts.conf import economy
from accounts.models import Currency, HandDeal, LedgerEntry
from play.actions import ServiceError, broadcast_table_changed
from play.models import CardDeck, ChipMovement, Game, Seat, Table, TableBankroll, TableEconomy

CHIP_GAMES = ("ramponneau", "ambigu")
Status = TableBankroll.Status
Kind = ChipMovement.Kind


def is_chip_table(table: Table) -> bool:
    return table.game_slug in CHIP_GAMES and not table.practice


def is_ambigu(table: Table) -> bool:
    return table.game_slug == "ambigu"


def keeps_table(table: Table, user_id) -> bool:
    """Whether `user_id` is the tavern keeper of the table (opened with a deck of cards).

    Only they play without limit there: a player who merely created a table owns its
    settings, not a licence to unlimited hands.
    """
    return (user_id is not None and table.owner_id == user_id
            and CardDeck.objects.filter(table=table).exists())


def _refuse(code, message, **params):
    raise ServiceError(code, message, **params)


def table_economy(table: Table) -> TableEconomy:
    stakes = table.stakes or {}
    if is_ambigu(table):  # no tavern keepers at Ambigu: the bounds are the site's
        low, high = economy("AMBIGU_CAVE_MIN_ANTES"), economy("AMBIGU_CAVE_MAX_ANTES")
    else:
        low, high = economy("CAVE_MIN_BIG_BLINDS"), economy("CAVE_MAX_BIG_BLINDS")
    econ, _ = TableEconomy.objects.get_or_create(
        table=table,
        defaults={
            "cave_min_bb": stakes.get("cave_min_bb", low),
            "cave_max_bb": stakes.get("cave_max_bb", high),
        },
    )
    return econ


def cave_unit(table: Table) -> int:
    """What the bounds count in: the big blind (Ramponneau) or the ante (Ambigu)."""
    return table.options["ante"] if is_ambigu(table) else table.options["big_blind"]


def cave_bounds(table: Table) -> tuple[int, int]:
    """The least and most chips a player may have at the table after a cave."""
    econ = table_economy(table)
    unit = cave_unit(table)
    return econ.cave_min_bb * unit, econ.cave_max_bb * unit


def _lock(table) -> Table:
    table_id = table.pk if isinstance(table, Table) else table
    try:
        table = Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        _refuse("not_found", _("Cette table n'existe pas."))
    if not is_chip_table(table):
        _refuse("forbidden", _("On ne cave pas à cette table."))
    _settle_latest(table)  # a hand that ended while the table was closing
    return table


def _latest(table) -> Game | None:
    return table.games.order_by("-number").first()


def _dealt(table, state) -> list[int]:
    """The seats dealt in a hand (Ambigu's `order` is empty until the draw for the deal)."""
    return state.get("players" if is_ambigu(table) else "order", [])


def _in_hand(table, seat) -> int | None:
    """Chips of a seat in the hand being played (None: not dealt in it)."""
    game = _latest(table)
    if game is None or game.status != Game.Status.PLAYING or seat is None:
        return None
    state = game.state
    if seat.position not in _dealt(table, state):
        return None
    return state["stacks"][seat.position] + state["bets"][seat.position]


def _bankroll(table, user, create=False) -> TableBankroll | None:
    bankroll = TableBankroll.objects.select_for_update().filter(table=table, user=user).first()
    if bankroll is None and create:
        bankroll = TableBankroll.objects.create(table=table, user=user)
    return bankroll


def _seat_user(table, user, position=None) -> Seat:
    seat = table.seats.filter(user=user).first()
    if seat is not None:
        return seat
    taken = set(table.seats.values_list("position", flat=True))
    free = [p for p in range(table.seat_count) if p not in taken]
    if position is not None:
        free = [p for p in free if p == position]
    if not free:
        _refuse("table_full", _("La table est complète."))
    return Seat.objects.create(table=table, position=free[0], user=user)


def _changed(table):
    game = _latest(table)
    broadcast_table_changed(table.pk, game.version if game else 0, game.pk if game else None)


# ----- caves, cash-outs, standing up ---------------------------------------------------


def _may_sit(table, user, may_sit) -> bool:
    """Whether `user`, not seated yet, may take a seat: at a public table, as its owner,
    or with the invitation (`may_sit`, computed by the caller from the request)."""
    return (bool(may_sit) or table.visibility == Table.Visibility.PUBLIC
            or (table.owner_id is not None and table.owner_id == user.pk))


def do_cave(table, user, amount, *, request_key: str, post_now=False, position=None,
            may_sit=False):
    """Convert écus into chips at the table (sitting the player down if needed).

    The chips join the player's stack at the next deal. Refused outside the table's
    bounds: the player's chips at the table after the cave must lie between
    cave_min_bb and cave_max_bb big blinds. A player who is not seated may only sit at
    a public table, at their own, or with the invitation (`may_sit`).
    """
    if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
        _refuse("bad_amount", _("Montant de cave invalide."))
    with transaction.atomic():
        table = _lock(table)
        if table.status in (Table.Status.CLOSED, Table.Status.FINISHED):
            _refuse("forbidden", _("Cette table est fermée."))
        if (not table.seats.filter(user=user).exists()
                and not _may_sit(table, user, may_sit)):
            _refuse("forbidden", _("Table sur invitation."))
        seat = _seat_user(table, user, position)
        if seat.sitting_out:  # a player who left and caves again is back
            seat.sitting_out = False
            seat.save(update_fields=["sitting_out"])
        bankroll = _bankroll(table, user, create=True)
        low, high = cave_bounds(table)
        in_hand = _in_hand(table, seat)
        total = bankroll.reserve + (in_hand or 0) + amount
        if total > high or total < low:
            unit = cave_unit(table)
            bounds = {"low": low, "high": high, "low_units": low // unit,
                      "high_units": high // unit}
            if is_ambigu(table):
                _refuse("cave_bounds", _("La cave doit porter vos jetons entre %(low)s et "
                                         "%(high)s (de %(low_units)s à %(high_units)s antes "
                                         "ici)."), **bounds)
            _refuse("cave_bounds", _("La cave doit porter vos jetons entre %(low)s et "
                                     "%(high)s (de %(low_units)s à %(high_units)s grosses "
                                     "blindes ici)."), **bounds)
        key = f"cave:{table.pk}:{user.pk}:{request_key}"
        try:
            posting = ledger.post(user, Currency.ECUS, -amount, reason=LedgerEntry.Reason.CAVE,
                                  key=key, ref=("table", table.pk))
        except ledger.InsufficientFunds as short:
            _refuse(
                "insufficient_ecus",
                _("Il vous manque des écus (vous en avez %(balance)s)."),
                balance=short.balance,
            )
        if not posting.created:
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
        _maybe_start(table)
        _changed(table)
        return bankroll


def do_cash_out(table, user) -> int | None:
    """"Ramasser ses gains": chips back into écus and leave the table.

    During a hand the player is dealt in, the cash-out happens when the hand ends
    (returns None); otherwise at once (returns the écus credited).
    """
    with transaction.atomic():
        table = _lock(table)
        bankroll = _bankroll(table, user)
        seat = table.seats.filter(user=user).first()
        if bankroll is None:
            _refuse("not_seated", _("Vous n'avez pas de jetons à cette table."))
        if _in_hand(table, seat) is not None:
            bankroll.status = Status.LEAVING
            bankroll.save(update_fields=["status", "updated_at"])
            _changed(table)
            return None
        paid = _pay_out(table, bankroll)
        if seat is not None:
            seat.delete()
        _changed(table)
        return paid


def leave_chip_table(table: Table, seat: Seat) -> None:
    """A player leaves a chip table (`play.actions.do_leave`, the table locked).

    Leaving is cashing out: at once when the player is not dealt in the hand being
    played; otherwise their seat is played by the bot for the rest of that hand only and
    they are paid when it is settled (`settle_hand`), never dealt in again. The table
    closes once no player is left and no hand is in play (a hand in play finishes by the
    timers and bots, so that its chips are settled).
    """
    _settle_latest(table)
    bankroll = _bankroll(table, seat.user_id)
    if _in_hand(table, seat) is not None:
        if bankroll is not None:
            bankroll.status = Status.LEAVING
            bankroll.save(update_fields=["status", "updated_at"])
        seat.sitting_out = True
        seat.save(update_fields=["sitting_out"])
    else:
        if bankroll is not None and bankroll.status != Status.LEFT:
            _pay_out(table, bankroll)
        seat.delete()
    if hasattr(table, "_seats_by_position"):
        del table._seats_by_position
    close_if_deserted(table)


def close_if_deserted(table: Table) -> bool:
    """Close a chip table nobody plays at any more, unless a hand is still in play."""
    game = _latest(table)
    if game is not None and game.status == Game.Status.PLAYING:
        return False
    if table.seats.filter(user__isnull=False).exists() or table.status == Table.Status.CLOSED:
        return False
    table.status = Table.Status.CLOSED
    table.save(update_fields=["status", "updated_at"])
    return True


def _pay_out(table, bankroll) -> int:
    amount = bankroll.reserve
    bankroll.status = Status.LEFT
    if amount:
        sequence = ChipMovement.objects.filter(table=table, user=bankroll.user_id,
                                               kind=Kind.CASH_OUT).count() + 1
        key = f"cash_out:{table.pk}:{bankroll.user_id}:{sequence}"
        ledger.post(bankroll.user_id, Currency.ECUS, amount, reason=LedgerEntry.Reason.CASH_OUT,
                    key=key, ref=("table", table.pk))
        ChipMovement.objects.create(table=table, user_id=bankroll.user_id, kind=Kind.CASH_OUT,
                                    amount=amount, idempotency_key=key)
        bankroll.cashed_out += amount
        bankroll.reserve = 0
    bankroll.save()
    return amount


def do_stand_up(table, user) -> TableBankroll:
    """"Se lever": keep the seat and the chips, receive no cards and pay no blinds."""
    with transaction.atomic():
        table = _lock(table)
        bankroll = _bankroll(table, user)
        if bankroll is None or bankroll.status == Status.LEFT:
            _refuse("not_seated", _("Vous n'êtes pas à cette table."))
        bankroll.status = Status.STANDING
        bankroll.save(update_fields=["status", "updated_at"])
        _changed(table)
        return bankroll


def do_sit_back(table, user, *, post_now=False) -> TableBankroll:
    """"Se rasseoir": wait for the big blind, or post one at once (dead money)."""
    with transaction.atomic():
        table = _lock(table)
        bankroll = _bankroll(table, user)
        if bankroll is None or bankroll.status == Status.LEFT:
            _refuse("not_seated", _("Vous n'êtes pas à cette table."))
        if bankroll.status in (Status.STANDING, Status.WAITING_BB, Status.POST_BB):
            bankroll.status = Status.POST_BB if post_now else Status.WAITING_BB
        bankroll.sat_out_reason = ""
        bankroll.save(update_fields=["status", "sat_out_reason", "updated_at"])
        _maybe_start(table)
        _changed(table)
        return bankroll


# ----- the platform's hooks: end of a hand, next deal ----------------------------------


def _big_blind_seat(dealt: list[int], button: int, seats: int) -> int:
    """The seat that posts the big blind when `dealt` are dealt in (as the engine does)."""
    while button not in dealt:
        button = (button + 1) % seats
    start = dealt.index(button) + 1
    order = dealt[start:] + dealt[:start]
    return order[0] if len(order) == 2 else order[1]


def settle_hand(table: Table, game: Game) -> None:
    """A hand ended: stacks back to the reserves, rake to the owner, pending cash-outs paid."""
    econ = TableEconomy.objects.select_for_update().get(pk=table_economy(table).pk)
    if game.number <= econ.settled_number:
        return
    state = game.state
    bankrolls = {b.user_id: b for b in TableBankroll.objects.select_for_update().filter(
        table=table)}
    players = _hand_players(table, game)

    def bankroll_at(position):
        user_id = players.get(position)
        if user_id is None:
            return None
        if user_id not in bankrolls:  # never happens: a player dealt in has a bankroll
            bankrolls[user_id] = TableBankroll.objects.create(
                table=table, user_id=user_id, status=Status.LEAVING)
        return bankrolls[user_id]

    for position in _dealt(table, state):
        bankroll = bankroll_at(position)
        if bankroll is None:  # nobody to give them to: refuse rather than lose chips
            raise RuntimeError(f"table {table.pk} hand {game.number}: no player at seat "
                               f"{position} to take back its chips")
        bankroll.reserve += state["stacks"][position]
    if is_ambigu(table):
        _settle_debts(table, game, bankrolls, players)
    dead = ChipMovement.objects.filter(table=table, kind=Kind.DEAD_BLIND,
                                       game_number=game.number).aggregate(s=Sum("amount"))["s"]
    if dead:
        winners = (state.get("result") or {}).get("winners") or state.get("order", [])
        winner = next((p for p in winners if bankroll_at(p) is not None), None)
        if winner is None:
            raise RuntimeError(f"table {table.pk} hand {game.number}: no winner to take "
                               "the entry blinds")
        bankroll = bankroll_at(winner)
        bankroll.reserve += dead
        ChipMovement.objects.create(
            table=table, user_id=bankroll.user_id, kind=Kind.DEAD_BLIND_WON, amount=dead,
            game_number=game.number, idempotency_key=f"dead_won:{table.pk}:{game.number}",
        )
    rake = state.get("rake") or 0
    if rake:
        key = f"rake:{table.pk}:{game.number}"
        ChipMovement.objects.create(table=table, user_id=table.owner_id, kind=Kind.RAKE,
                                    amount=rake, game_number=game.number, idempotency_key=key)
        econ.rake_total += rake
        if table.owner_id:
            ledger.post(table.owner_id, Currency.ECUS, rake, reason=LedgerEntry.Reason.RAKE,
                        key=key, ref=("table", table.pk))
    for bankroll in bankrolls.values():
        if bankroll.status == Status.LEAVING:
            _pay_out(table, bankroll)
            Seat.objects.filter(table=table, user_id=bankroll.user_id).delete()
        else:
            bankroll.save()
    econ.settled_number = game.number
    econ.save(update_fields=["settled_number", "rake_total"])
    if hasattr(table, "_seats_by_position"):
        del table._seats_by_position  # seats may have been freed


def _hand_players(table, game) -> dict[int, int]:
    """Who played each seat of a hand: its deal record (`HandDeal`), since seats change
    hands between hands; the seats as they are now for a hand dealt without one."""
    players = dict(HandDeal.objects.filter(table_id=table.pk, game_number=game.number,
                                           position__isnull=False)
                   .values_list("position", "user_id"))
    for seat in table.seats.filter(user__isnull=False):
        players.setdefault(seat.position, seat.user_id)
    return players


def _settle_debts(table, game, bankrolls, players=None) -> None:
    """Ambigu: the deal's debts, paid from the debtor's reserve, then from their écus.

    A debt arises when a player's jetons run out paying for the winner's combination. At a
    chip table it cannot follow the seat to the next deal (players leave, seats change
    hands), so it is settled now; what neither the reserve nor the écus cover is written
    off (the deal's result keeps the record). Écus move with keys
    `debt:<table>:<game number>:<debtor seat>:<creditor seat>:paid|received`.
    """
    result = game.state.get("result") or {}
    if players is None:
        players = _hand_players(table, game)
    for debtor_seat, creditor_seat, amount in result.get("debts") or []:
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


def _settle_latest(table):
    game = _latest(table)
    if game is not None and game.status == Game.Status.FINISHED:
        settle_hand(table, game)


def carry_for_deal(table: Table, carry: dict | None, number: int) -> dict | None:
    """The carry of the hand about to be dealt, or None when fewer than two can play."""
    _settle_latest(table)
    seats = {s.position: s for s in table.seats.filter(user__isnull=False)}
    bankrolls = {b.user_id: b for b in TableBankroll.objects.select_for_update().filter(
        table=table)}
    # An Ambigu player must be able to pay the ante: the engine would otherwise recave
    # them out of nothing (auto_recave) or deal them no cards.
    least = table.options["ante"] if is_ambigu(table) else 1
    # A hand already counted for this deal (a deal that found fewer than two players
    # and is being tried again) is theirs: it is not counted twice.
    counted_before = set(HandDeal.objects.filter(table_id=table.pk, game_number=number)
                         .values_list("user_id", flat=True))
    ready = {}
    for position, seat in list(seats.items()):
        bankroll = bankrolls.get(seat.user_id)
        if seat.sitting_out:  # the player left the table: paid out, never dealt in again
            if bankroll is not None and bankroll.status != Status.LEFT:
                _pay_out(table, bankroll)
            seat.delete()
            del seats[position]
            if hasattr(table, "_seats_by_position"):
                del table._seats_by_position
            continue
        if bankroll is None or bankroll.reserve < least:
            continue
        if bankroll.status in (Status.PLAYING, Status.POST_BB, Status.WAITING_BB):
            allowed = (seat.user_id in counted_before or keeps_table(table, seat.user_id)
                       or hands.status(seat.user, table.game_slug).can_play)
            if not allowed:
                _sit_out(bankroll, "no_hands")
                continue
            ready[position] = bankroll
    if is_ambigu(table):
        return _ambigu_carry_for_deal(table, carry, number, seats, ready)
    button = (carry or {}).get("button", 0)
    active = sorted(p for p, b in ready.items() if b.status != Status.WAITING_BB)
    if len(active) < 2:
        dealt = sorted(ready)  # a (re)starting table: nobody waits for the big blind
    else:
        dealt = list(active)
        for position in sorted(p for p, b in ready.items() if b.status == Status.WAITING_BB):
            if _big_blind_seat(sorted(active + [position]), button, table.seat_count) == position:
                dealt.append(position)
        dealt.sort()
    if len(dealt) < 2:
        return None  # count nobody's hand for a deal that does not happen
    counted = []
    for position in dealt:
        seat = seats[position]
        if _count_hand(table, seats[position], ready[position], number):
            counted.append(position)
    if len(counted) < 2:
        return None
    big_blind = table.options["big_blind"]
    stacks = [None] * table.seat_count
    for position in counted:
        bankroll = ready[position]
        if bankroll.status == Status.POST_BB and len(active) >= 2:
            dead = min(big_blind, bankroll.reserve - 1)  # keep a chip to be dealt in
            if dead > 0:
                bankroll.reserve -= dead
                ChipMovement.objects.create(
                    table=table, user_id=bankroll.user_id, kind=Kind.DEAD_BLIND, amount=dead,
                    game_number=number,
                    idempotency_key=f"dead:{table.pk}:{number}:{bankroll.user_id}",
                )
        stacks[position] = bankroll.reserve
        bankroll.reserve = 0
        bankroll.status = Status.PLAYING
        bankroll.sat_out_reason = ""
        bankroll.save()
    return {"stacks": stacks, "button": button}


def _count_hand(table, seat, bankroll, number) -> bool:
    """Count the hand dealt to a seat; False (and the player sat out) without one."""
    try:
        hands.consume_hand(seat.user, table.game_slug, table_id=table.pk,
                           game_number=number, is_owner=keeps_table(table, seat.user_id),
                           position=seat.position)
    except hands.NoHandLeft as refusal:
        _sit_out(bankroll, refusal.reason)
        return False
    return True


def _ambigu_carry_for_deal(table, carry, number, seats, ready) -> dict | None:
    """Ambigu: everyone ready is dealt in with their reserve; the pots carried stay."""
    if len(ready) < 2:
        return None
    counted = [p for p in sorted(ready) if _count_hand(table, seats[p], ready[p], number)]
    if len(counted) < 2:
        return None
    stacks = [None] * table.seat_count
    for position in counted:
        bankroll = ready[position]
        stacks[position] = bankroll.reserve
        bankroll.reserve = 0
        bankroll.status = Status.PLAYING
        bankroll.sat_out_reason = ""
        bankroll.save()
    carry = carry or {}
    return {
        "stacks": stacks,
        # None at a table's first deal: the engine draws for the deal.
        "dealer": carry.get("dealer"),
        "poule": carry.get("poule", 0),
        "batterie": carry.get("batterie", 0),
        "debts": [],  # settled with each deal (_settle_debts)
        "recave": False,  # top-ups are caved between deals
    }


def _sit_out(bankroll, reason):
    bankroll.status = Status.STANDING
    bankroll.sat_out_reason = reason
    bankroll.save(update_fields=["status", "sat_out_reason", "updated_at"])


def next_carry(table: Table, final_state: dict) -> dict:
    """After a hand at a chip table: settle it; the next deal starts from the next button."""
    number = table.games.aggregate(n=Max("number"))["n"]
    settle_hand(table, table.games.get(number=number))
    return _carry_after(table, final_state)


def _carry_after(table: Table, final_state: dict) -> dict:
    """What the next deal keeps of a finished one: the button (Ramponneau); the dealer,
    poule and batterie (Ambigu). The stacks come from the reserves at the deal."""
    carry = table.engine.carry(final_state)
    if is_ambigu(table):
        return {key: carry[key] for key in ("dealer", "poule", "batterie")}
    if carry is None:
        seats = final_state["seats"]
        carry = {"button": (final_state.get("button", 0) + 1) % seats}
    return {"button": carry["button"]}


def _maybe_start(table: Table) -> None:
    """A waiting chip table deals as soon as two players have chips and hands."""
    if table.status != Table.Status.WAITING:
        return
    game = _latest(table)
    if game is not None and game.status == Game.Status.PLAYING:
        return
    from play.actions import start_game

    table.status = Table.Status.PLAYING
    table.save(update_fields=["status", "updated_at"])
    carry = _carry_after(table, game.state) if game is not None else None
    if carry is None and not is_ambigu(table):
        carry = {"button": 0}
    start_game(table, carry)  # start_game sets the table back to waiting if not


# ----- conservation --------------------------------------------------------------------


@dataclass
class TableChips:
    table_id: int
    caves: int
    cash_outs: int
    reserves: int
    in_play: int
    rake: int
    dead_pending: int
    carried: int = 0  # Ambigu: poule and batterie waiting for the next deal

    @property
    def balanced(self) -> bool:
        return self.caves - self.cash_outs == (
            self.reserves + self.in_play + self.carried + self.rake + self.dead_pending
        )

    def __str__(self):
        return (
            f"table {self.table_id}: caves {self.caves} - cash-outs {self.cash_outs} != "
            f"reserves {self.reserves} + in play {self.in_play} + carried pots "
            f"{self.carried} + rake {self.rake} + entry blinds {self.dead_pending}"
        )


def table_chips(table: Table) -> TableChips:
    sums = dict(
        ChipMovement.objects.filter(table=table).values_list("kind").order_by()
        .annotate(total=Sum("amount")).values_list("kind", "total")
    )
    econ = table_economy(table)
    reserves = TableBankroll.objects.filter(table=table).aggregate(s=Sum("reserve"))["s"] or 0
    in_play = carried = 0
    game = _latest(table)
    if game is not None and game.number > econ.settled_number and game.carry_in:
        state = game.state
        in_play = (sum(state["stacks"][s] for s in _dealt(table, state)) + state.get("pot", 0)
                   + sum(state["bets"]) + (state.get("rake") or 0)
                   + state.get("poule", 0) + state.get("batterie", 0))
    elif game is not None and is_ambigu(table):
        carried = game.state["poule"] + game.state["batterie"]
    return TableChips(
        table_id=table.pk,
        caves=sums.get(Kind.CAVE, 0),
        cash_outs=sums.get(Kind.CASH_OUT, 0),
        reserves=reserves,
        in_play=in_play,
        rake=sums.get(Kind.RAKE, 0),
        dead_pending=sums.get(Kind.DEAD_BLIND, 0) - sums.get(Kind.DEAD_BLIND_WON, 0),
        carried=carried,
    )


def verify_tables() -> list[TableChips]:
    """Every chip table whose chips do not add up (verify_ledgers reports them)."""
    return [
        chips
        for econ in TableEconomy.objects.select_related("table")
        if not (chips := table_chips(econ.table)).balanced
    ]


# ----- owners: decks of cards and tavern tables ----------------------------------------


def do_buy_card_deck(user, request_key: str) -> CardDeck:
    """A deck of cards for tokens: it opens one Ramponneau table of one's own."""
    price = economy("CARD_DECK_PRICE_TOKENS")
    key = f"card_deck:{user.pk}:{request_key}"
    with transaction.atomic():
        try:
            posting = ledger.post(user, Currency.TOKENS, -price,
                                  reason=LedgerEntry.Reason.CARD_DECK, key=key,
                                  ref=("card_deck", request_key))
        except ledger.InsufficientFunds as short:
            _refuse(
                "insufficient_tokens",
                _("Un jeu de cartes coûte %(price)s jetons d'or (vous en avez %(balance)s)."),
                price=price,
                balance=short.balance,
            )
        if not posting.created:
            return CardDeck.objects.filter(owner=user).order_by("-id").first()
        return CardDeck.objects.create(owner=user, price_tokens=price)


def do_open_tavern_table(owner, *, name, small_blind, big_blind, rake_percent=0, rake_cap=0,
                         cave_min_bb=None, cave_max_bb=None, seat_count=6) -> Table:
    """Open a Ramponneau table the owner runs, with one of their unused decks."""
    from play.actions import do_create_table

    low = economy("CAVE_MIN_BIG_BLINDS")
    high = economy("CAVE_MAX_BIG_BLINDS")
    cave_min_bb = cave_min_bb or low
    cave_max_bb = cave_max_bb or high
    if not low <= cave_min_bb <= cave_max_bb <= high:
        _refuse(
            "bad_options",
            _("Les bornes de cave doivent rester entre %(low)s et %(high)s grosses blindes."),
            low=low,
            high=high,
        )
    with transaction.atomic():
        deck = (CardDeck.objects.select_for_update()
                .filter(owner=owner, table__isnull=True).order_by("id").first())
        if deck is None:
            _refuse("no_deck", _("Il vous faut d'abord acheter un jeu de cartes."))
        table = do_create_table(
            owner, "ramponneau", seat_count=seat_count, name=name,
            options={"small_blind": small_blind, "big_blind": big_blind,
                     "rake_percent": rake_percent, "rake_cap": rake_cap},
            stakes={"cave_min_bb": cave_min_bb, "cave_max_bb": cave_max_bb},
        )
        deck.table = table
        deck.save(update_fields=["table"])
        TableEconomy.objects.create(table=table, cave_min_bb=cave_min_bb,
                                    cave_max_bb=cave_max_bb)
        return table


def owner_takings(owner) -> dict:
    """The rake credited to an owner, in écus, in total and per table."""
    entries = LedgerEntry.objects.filter(account=owner, reason=LedgerEntry.Reason.RAKE)
    per_table = dict(entries.values_list("ref_id").order_by().annotate(total=Sum("amount"))
                     .values_list("ref_id", "total"))
    return {"total": sum(per_table.values()), "tables": per_table}
