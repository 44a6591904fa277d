"""What play (and the ratings) ask of the economy: the one module of the economy they import.

Play calls these from its action functions (play/actions/), inside the transaction that
holds the table locked, and only at a hand's boundaries: when a player sits down, when a
hand is dealt, when it ends, when a player leaves. A move inside a hand never reaches the
economy. Two kinds of tables concern it (docs/economy.md):

- **chip tables** (a chip game's tables but practice tables: economy/games.py), where
  players cave écus into chips: the economy decides who is dealt in with which stacks
  (``deal_chip_hand``), settles each hand (``chip_hand_ended``), pays out a player who
  leaves (``player_leaves_chip_table``), closes a deserted table (``chip_table_waits``);
- **tables that count hands per game** (every other table but practice tables): a player
  needs a hand of the daily allowance left to sit down (``may_sit``), and each game dealt
  counts one for each player (``deal_in``).

The economy never calls play's action functions back: what it needs play to do, it asks
the table host play registers (economy/host.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from economy import collusion, contests, games, hands, ledger
from economy.chips import caves, deals, house, standings, taverns, upkeep, waiting
from economy.chips.caves import CashOut
from economy.chips.taverns import keeps_table
from economy.errors import EconomyError
from economy.hands import NoHandLeft

__all__ = [
    "CashOut",
    "EconomyError",
    "HandsToday",
    "NoHandLeft",
    "Purse",
    "Verdict",
    "chip_hand_ended",
    "chip_table_waits",
    "chip_table_waiting_reasons",
    "cash_out",
    "cave_in",
    "counts_hands_per_game",
    "deal_chip_hand",
    "deal_in",
    "game_finished",
    "house_table_ids",
    "is_chip_game",
    "is_chip_table",
    "keep_house_taverns",
    "keeper_options",
    "kept_table_ids",
    "may_sit",
    "player_leaves_chip_table",
    "purse",
    "seat_taken",
    "settled_ecus_won",
]


@dataclass(frozen=True)
class Verdict:
    """Whether a player may sit or be dealt in; ``reason`` when not: "level" (e-mail not
    verified) or "no_hands" (no free hand left today and no pack hand)."""

    allowed: bool
    reason: str = ""


ALLOWED = Verdict(True)


def is_chip_table(table) -> bool:
    """Whether the table is played for écus (caves and chips)."""
    return games.is_chip_table(table)


def is_chip_game(game_slug: str) -> bool:
    """Whether the game's tables (but practice tables) are played for écus."""
    return games.is_chip_game(game_slug)


def keeper_options(game_slug: str) -> tuple[str, ...]:
    """The game's table options only a tavern keeper sets, from "Ma taverne" (the rake):
    play's ordinary table creation neither offers nor accepts them."""
    return games.keeper_options(game_slug)


def kept_table_ids(user) -> list[int]:
    """The tables ``user`` keeps as a tavern keeper (one of their decks is on each)."""
    return taverns.kept_table_ids(user)


def counts_hands_per_game(game_slug: str, practice: bool) -> bool:
    """Whether each game dealt at such a table counts one hand per player (chip tables
    count one per deal, themselves; practice tables against bots are free play)."""
    return not practice and not games.is_chip_game(game_slug)


# ----- tables that count hands per game ------------------------------------------------


def _verdict(user, game_slug: str) -> Verdict:
    allowed, level_ok = hands.can_play(user, game_slug)
    if allowed:
        return ALLOWED
    return Verdict(False, "no_hands" if level_ok else "level")


def may_sit(user, game_slug: str, *, practice: bool) -> Verdict:
    """May ``user`` take a seat at a new or waiting table of this game?"""
    if not counts_hands_per_game(game_slug, practice):
        return ALLOWED
    return _verdict(user, game_slug)


def deal_in(table, seats, number: int) -> list:
    """Game ``number`` is about to be dealt at a table that counts hands per game, to the
    players of ``seats``: the seats whose player may not be dealt in (nothing counted:
    the table waits for others), or [] once each one's hand is counted. The game's
    allowance is read once for them all. Raises ``NoHandLeft`` if a hand was spent
    elsewhere at the same instant."""
    keepers = {s.user_id for s in seats if keeps_table(table, s.user_id)}
    allowance = hands.daily_allowance(table.game_slug)
    if allowance is not None:
        broke = [s for s in seats if s.user_id not in keepers and not hands.can_play(
            s.user, table.game_slug, allowance=allowance)[0]]
        if broke:
            return broke
    hands.consume_hands(table.game_slug,
                        [(s.user, s.position, s.user_id in keepers) for s in seats],
                        table_id=table.pk, game_number=number, allowance=allowance)
    return []


# ----- chip tables -----------------------------------------------------------------------


def deal_chip_hand(table, kept: dict | None, number: int) -> dict | None:
    """Hand ``number`` is being dealt: the carry it starts from (who has chips, with what
    stacks), each player dealt in counted a hand; None when fewer than two can play (the
    table waits)."""
    return deals.deal_hand(table, kept, number)


def chip_hand_ended(table, final_state: dict) -> dict:
    """A hand has ended: settle it (stacks back to the reserves, rake, debts, players
    leaving paid out); returns what the next deal keeps of it."""
    return deals.hand_ended(table, final_state)


def chip_table_waits(table) -> None:
    """No hand could be dealt: the table waits for players, or closes if nobody is left."""
    deals.close_if_deserted(table)


def chip_table_waiting_reasons(table) -> dict | None:
    """Why a chip table deals no hand, as data for play to word: how many players are
    still to sit down, and what each seated player lacks (economy/chips/waiting.py).
    None at any other table (its seats say it all)."""
    if not games.is_chip_table(table):
        return None
    return waiting.waiting_reasons(table)


def seat_taken(table) -> None:
    """A player took a seat at a chip table (locked) in this transaction: if it is one of
    the house's tables and it is now full, the house opens another at its stakes
    (economy/chips/house.py)."""
    house.seat_taken(table)


def house_table_ids():
    """The ids of the house's open tables, as a subquery: the lobby lists them in their
    game's écus section, and they never expire (the house keeps them for players)."""
    return house.house_table_ids()


def keep_house_taverns(now) -> int:
    """The house's upkeep (play's worker loop runs it every minute): at each of its stakes
    a table with a free seat, and no empty one beyond it. Returns how many opened."""
    return upkeep.do_keep_house_taverns()


def player_leaves_chip_table(table, seat) -> None:
    """A player leaves: paid out at once, or when the hand they are dealt in is settled
    (the bot plays their seat until then)."""
    caves.leave_chip_table(table, seat)


def cave_in(table, user, amount, *, request_key: str, post_now=False, may_sit=False):
    """A player brings ``amount`` écus as chips to a chip table, sitting down if needed
    (the API's door; the table's page calls the same service). ``EconomyError`` when
    refused."""
    return caves.do_cave(table, user, amount, request_key=request_key, post_now=post_now,
                         may_sit=may_sit)


def cash_out(table, user) -> CashOut:
    """« Ramasser ses gains »: the écus paid now, or the hand at whose end they are paid."""
    return caves.do_cash_out(table, user)


# ----- read only: what the cash games' leaderboards show ------------------------------


def settled_ecus_won(game_slug: str, since, min_hands: int = 0) -> list[tuple[int, int, int]]:
    """(user id, écus won net, hands dealt) at the game's tables since ``since``, best
    first: settled sessions only (a cave counts once its player cashed out or left), and
    players dealt at least ``min_hands`` hands there (economy/chips/standings.py)."""
    return standings.settled_ecus_won(game_slug, since, min_hands)


# ----- read only: what a player holds (the API's GET /account) ------------------------


@dataclass(frozen=True)
class HandsToday:
    """Today's free hands of a game with a daily limit (``free_left`` of ``allowance``);
    ``level_ok``: the player's e-mail address is verified (none are dealt otherwise)."""

    game_slug: str
    allowance: int
    free_left: int
    level_ok: bool


@dataclass(frozen=True)
class Purse:
    """What a player holds, as the profile's « Ma bourse » shows it: écus, gold tokens,
    hands of packs, and today's free hands of each game with a daily limit."""

    ecus: int
    tokens: int
    hand_credits: int
    hands_today: tuple[HandsToday, ...]


def purse(user) -> Purse:
    """``user``'s purse (read only: no lock)."""
    wallet = ledger.wallet_of(user)
    return Purse(
        ecus=wallet.ecus, tokens=wallet.tokens, hand_credits=wallet.hand_credits,
        hands_today=tuple(HandsToday(s.game_slug, s.allowance, s.free_left, s.level_ok)
                          for s in hands.limited_statuses(user)),
    )


# ----- contests ------------------------------------------------------------------------


def game_finished(game) -> None:
    """A game has just finished (result and ``finished_at`` set, in the transaction that
    finished it): its players' scores join the running contests' standings. A failure is
    logged and rolled back to its savepoint: the game still finishes."""
    contests.game_finished_safely(game)


def watch_collusion(now) -> int:
    """The watch over the chip tables (play's worker loop runs it): the suspect pairs of
    the last 30 days flagged for staff (economy/collusion.py). Returns how many flags."""
    return len(collusion.do_watch(now))
