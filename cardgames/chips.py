"""Chips at a cash table: what a chained game lets a host read and write of its chips.

A chained game (``Game.chained``) can be played hand after hand at a table where the
players bring their own chips (a cave) and take them back between hands. The host (the
site's economy, or any program using this library) then needs a few facts that only the
game knows: what the table's stakes count in, who is dealt in a hand, how many chips each
seat has in it, what a finished hand leaves on the table, how to write the stacks of the
next hand into a carry. A game answers through its ``Game.chips``, a ``ChipRules`` set by
the game's package (``cardgames/<game>/chips.py``), so the host never reads a state's keys
itself. Games played for points leave ``Game.chips`` at ``None``.

Conservation, for the host to check: at every step of a hand, ``on_table(state)`` equals
the chips of the carry the hand started from (its stacks and the pots it carried).
"""

from __future__ import annotations


class ChipRules:
    """How a chained game's chips are read from its states and written into its carry.

    The defaults describe a game without blinds, rake, debts or pots left for the next
    hand; each game overrides what differs.
    """

    def cave_unit(self, options: dict) -> int:
        """What a table's cave bounds count in, in chips (the big blind, the ante...)."""
        raise NotImplementedError

    def entry_blind(self, options: dict) -> int | None:
        """The blind a newcomer owes to be dealt in at once (as dead money won by the
        hand's winner), or ``None`` when the game has no blinds: then nobody waits for
        one, and every player with chips is dealt in."""
        return None

    def least_stack(self, options: dict) -> int:
        """The fewest chips a player needs to be dealt in."""
        return 1

    def fresh_stack(self, options: dict) -> int:
        """The chips each player starts with at a table where nobody caves (a host's
        practice table: ``new`` without carry): what a broke player is given again."""
        raise NotImplementedError

    def seat_stacks(self, state: dict) -> list[int | None]:
        """Every seat's chips once a hand is over, dealt in or not (``None``: nobody
        plays there), as the game's own ``carry`` passes them to the next hand."""
        raise NotImplementedError

    def blind_reaches(self, seat: int, active: list[int], kept: dict, seats: int) -> bool:
        """Whether the big blind reaches ``seat`` (waiting for it) in the next hand, when
        ``active`` are dealt in and ``kept`` is what the table kept of the last hand."""
        return True

    # ----- a hand's chips ----------------------------------------------------------------
    def dealt(self, state: dict) -> list[int]:
        """The seats dealt in the hand."""
        raise NotImplementedError

    def chips_in_hand(self, state: dict, seat: int) -> int | None:
        """The chips ``seat`` has in the hand (stack and bets); ``None`` if not dealt in."""
        raise NotImplementedError

    def final_stacks(self, state: dict) -> dict[int, int]:
        """At the end of a hand, the chips each seat dealt in takes back from the table."""
        raise NotImplementedError

    def winners(self, state: dict) -> list[int]:
        """The seats that won a finished hand, first winner first."""
        result = state.get("result") or {}
        return list(result.get("winners") or []) or self.dealt(state)

    def start_stacks(self, state: dict) -> dict[int, int]:
        """The chips each seat dealt in brought into the hand, before any blind or ante."""
        raise NotImplementedError

    def forced(self, state: dict) -> dict[int, int]:
        """The chips each seat had to put in before any choice of its own (blinds,
        antes): what it loses folding without having put anything in."""
        return {}

    def folded(self, state: dict) -> list[int]:
        """The seats dealt in that gave the hand up before its end (folded): they lost
        what they had put in without their cards being compared."""
        return []

    def debts(self, state: dict) -> list[tuple[int, int, int]]:
        """Debts a finished hand leaves between seats: ``(debtor, creditor, amount)``,
        for the host to settle outside the game."""
        return []

    def rake(self, state: dict) -> int:
        """The chips the house took from the hand's pots."""
        return 0

    def on_table(self, state: dict) -> int:
        """Every chip in a hand: the stacks of the seats dealt in, bets, pots, rake."""
        raise NotImplementedError

    def carried(self, state: dict) -> int:
        """The chips a finished hand leaves on the table for the next (pots nobody won)."""
        return 0

    # ----- the next hand ------------------------------------------------------------------
    def kept(self, final_state: dict) -> dict:
        """What the next hand keeps of a finished one, stacks aside (the button...)."""
        return {}

    def deal_carry(self, stacks: list[int | None], kept: dict | None) -> dict:
        """The carry of the next hand: ``stacks`` (``None``: not dealt in) and what the
        table kept (``None`` at a table's first hand). The host brings every chip in from
        outside, between hands: the carry turns off any chips the game would add itself."""
        raise NotImplementedError

    # Whether a carry remembers something of the players themselves (Ramponneau's public
    # statistics of each seat), which ``forget_seats`` drops when a seat changes hands.
    remembers_players = False

    def forget_seats(self, carry: dict, positions: list[int]) -> dict:
        """``carry`` without what it remembers of the players who sat at ``positions``:
        the host calls it when another player took those seats, or may have, since the
        last hand. Nothing by default."""
        return carry
