"""What a Ramponneau seat knows when it must act, read from its view alone.

``Spot(view)`` gathers what every level of the bot needs: the cards, the pot and the price,
the legal bet sizes, who is still in and who can still act, the position of each seat,
the effective stack, and the hand's public betting history (``view["history"]``) sorted
by street. Nothing here guesses at hidden cards: that is ``ranges.py``'s business.
"""

from __future__ import annotations

STREETS = ("preflop", "flop", "turn", "river")
STREET_OF_BOARD = {0: 0, 3: 1, 4: 2, 5: 3}


class Spot:
    """A seat's decision point, from its view (``view["legal_actions"]`` must be there)."""

    def __init__(self, view: dict):
        self.view = view
        self.me: int = view["you"]
        self.hole: list[str] = list(view["hand"])
        self.board: list[str] = list(view["board"])
        self.street: int = STREET_OF_BOARD[len(self.board)]
        self.bb: int = view["blinds"][1]
        self.pot: int = view["total_pot"]  # everything in the middle, bets of this round too
        self.to_call: int = view.get("to_call", 0)
        self.stacks: list = view["stacks"]
        self.bets: list[int] = view["bets"]
        self.stack: int = self.stacks[self.me]
        self.bet: int = self.bets[self.me]
        self.order: list[int] = view["order"]
        self.legal = {entry["type"]: entry for entry in view["legal_actions"]}
        folded = view["folded"]
        self.live = [s for s in self.order if not folded[s]]
        self.opponents = [s for s in self.live if s != self.me]
        self.active_opponents = [s for s in self.opponents if self.stacks[s] > 0]
        self.history: list[dict] = view.get("history", [])

    # ----- money ----------------------------------------------------------------------
    @property
    def top(self) -> int:
        return max(self.bets)

    @property
    def price(self) -> float:
        """The share of the final pot a call pays for: what equity a call needs."""
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    def effective(self, seat: int | None = None) -> int:
        """Chips ``seat`` (default: me) can still win or lose against the others in."""
        seat = self.me if seat is None else seat
        others = [self.stacks[s] + self.bets[s] for s in self.live if s != seat]
        mine = self.stacks[seat] + self.bets[seat]
        return min(mine, max(others)) if others else mine

    @property
    def effective_bb(self) -> float:
        return self.effective() / self.bb

    @property
    def raise_entry(self) -> dict | None:
        return self.legal.get("bet") or self.legal.get("raise")

    def sized(self, amount: float) -> dict:
        """A bet or raise to ``amount`` chips, clamped to the legal range (a call or a
        check when no raise is allowed)."""
        entry = self.raise_entry
        if entry is None:
            return self.passive()
        amount = max(entry["min"], min(entry["max"], int(amount)))
        # A raise that leaves less than a small bet behind might as well be all-in.
        if entry["max"] - amount < 2 * self.bb:
            amount = entry["max"]
        return {"type": entry["type"], "amount": amount}

    def all_in(self) -> dict:
        entry = self.raise_entry
        if entry is None:
            return self.passive()
        return {"type": entry["type"], "amount": entry["max"]}

    def passive(self) -> dict:
        """Check when free, otherwise call."""
        if "check" in self.legal:
            return {"type": "check"}
        return dict(self.legal["call"])

    def fold(self) -> dict:
        return {"type": "check"} if "check" in self.legal else {"type": "fold"}

    # ----- seats ----------------------------------------------------------------------
    def preflop_sequence(self) -> list[int]:
        """Dealt seats in their order of speaking before the flop (the blinds last)."""
        order = self.order
        if len(order) == 2:
            return [order[1], order[0]]  # heads-up the button (small blind) speaks first
        return order[2:] + order[:2]

    def behind_preflop(self, seat: int) -> int:
        """How many dealt seats speak after ``seat`` before the flop (0 for the big blind)."""
        sequence = self.preflop_sequence()
        return len(sequence) - 1 - sequence.index(seat)

    def in_position(self, seat: int | None = None) -> bool:
        """After the flop, does ``seat`` (default: me) speak after every opponent who can
        still act?"""
        seat = self.me if seat is None else seat
        others = [s for s in self.live if s != seat and self.stacks[s] > 0]
        at = self.order.index(seat)
        return all(self.order.index(s) < at for s in others)

    def is_blind(self, seat: int) -> bool:
        return seat in (self.view["small_blind_seat"], self.view["big_blind_seat"])

    # ----- the betting so far -------------------------------------------------------------
    def actions(self, street: int) -> list[dict]:
        name = STREETS[street]
        return [entry for entry in self.history if entry["street"] == name]

    def raises(self, street: int) -> list[dict]:
        """The bets and raises of a street, in order."""
        return [e for e in self.actions(street) if e["type"] in ("bet", "raise")]

    def last_aggressor(self, street: int) -> int | None:
        raised = self.raises(street)
        return raised[-1]["seat"] if raised else None

    def limpers(self) -> list[int]:
        """Seats that called the big blind before anyone raised."""
        seats = []
        for entry in self.actions(0):
            if entry["type"] == "raise":
                break
            if entry["type"] == "call":
                seats.append(entry["seat"])
        return seats

    def pot_before_street(self) -> int:
        """The pot as this betting round began."""
        return self.pot - sum(self.bets)

    def replay(self) -> list[dict]:
        """The betting history with the money at each step: for every action, the pot
        before it (``pot``), what it cost to call then (``to_call``), its size as a share
        of the pot (``fraction``: a bet or raise's increase over the bet faced, a call's
        price, both against the pot once the caller has matched), and how many bets and
        raises the street had seen before it (``raised``)."""
        view = self.view
        bets = {view["small_blind_seat"]: 0, view["big_blind_seat"]: 0}
        blinds = view["blinds"]
        # A blind short of chips posted less: the committed chips say how much.
        for seat, blind in (
            (view["small_blind_seat"], blinds[0]),
            (view["big_blind_seat"], blinds[1]),
        ):
            bets[seat] = min(blind, view["committed"][seat]) if view["committed"][seat] else blind
        pot = sum(bets.values())
        street = "preflop"
        out = []
        raised = 0  # bets and raises earlier in the street
        for entry in self.history:
            if entry["street"] != street:
                street, bets, raised = entry["street"], {}, 0
            seat = entry["seat"]
            top = max(bets.values(), default=0)
            mine = bets.get(seat, 0)
            to_call = top - mine
            base = max(1, pot + to_call)
            fraction = 0.0
            if entry["type"] == "call":
                fraction = entry["amount"] / max(1, pot - entry["amount"])
            elif entry["type"] in ("bet", "raise"):
                fraction = (entry["amount"] - top) / base
            out.append(dict(entry, pot=pot, to_call=to_call, fraction=fraction, raised=raised))
            if entry["type"] == "call":
                bets[seat] = mine + entry["amount"]
                pot += entry["amount"]
            elif entry["type"] in ("bet", "raise"):
                bets[seat] = entry["amount"]
                pot += entry["amount"] - mine
                raised += 1
        return out
