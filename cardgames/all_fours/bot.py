"""The All-fours heuristic bot: it decides from one seat's view only.

Stand or beg from the strength of the hand in the turned suit; the dealer gives a point
when his own trumps are worth keeping and runs the pack otherwise; discards keep trumps,
tens and aces; play aims at the four points: win tricks holding tens and the trump Jack
cheaply, keep the Jack out of danger, feed points to a partner who is sure to win.
"""

from __future__ import annotations

from .game import CARD_POINTS, HAND_SIZE, POWER, pack, side_of, trick_winner

TRUMP_STRENGTH = {"A": 3.0, "K": 2.5, "Q": 2.0, "J": 2.5, "T": 1.5, "2": 1.5, "3": 1.2}
STAND_AT = 3.5


def trump_strength(hand: list[str], suit: str) -> float:
    """How much a hand is worth with ``suit`` as trump: High, Low and Jack chances, length."""
    return sum(TRUMP_STRENGTH.get(c[0], 0.7) for c in hand if c[1] == suit)


def keep_value(card: str, trump: str) -> float:
    """How much a card is worth keeping after running the pack (trumps first, then tens)."""
    rank = card[0]
    if card[1] == trump:
        low_bonus = 8 if rank in "23" else 0  # a very low trump is a likely Low point
        return 100 + POWER[rank] + low_bonus + (20 if rank == "J" else 0)
    if rank == "T":
        return 50
    return POWER[rank] * 3 + CARD_POINTS.get(rank, 0)


def choose(view: dict, rng, level: str = "habitue") -> dict:
    phase = view["phase"]
    hand = view["hand"]
    if phase == "beg":
        strong = trump_strength(hand, view["turnup"][1]) >= STAND_AT
        return {"type": "stand" if strong else "beg"}
    if phase == "dealer":
        keep = trump_strength(hand, view["turnup"][1]) >= STAND_AT
        eldest_side = side_of(view["eldest"], view["seats"])
        # a gift that leaves the eldest one point short of the game is too dear
        dear = view["scores"][eldest_side] + 2 >= view["target"]
        if view["gift_allowed"] and keep and not dear:
            return {"type": "give"}
        return {"type": "run"}
    if phase == "discard":
        k = len(hand) - HAND_SIZE
        ranked = sorted(hand, key=lambda c: keep_value(c, view["trump"]))
        return {"type": "discard", "cards": ranked[:k]}
    return {"type": "play", "card": choose_card(view, rng)}


def unseen_cards(view: dict) -> set[str]:
    """Cards this seat has not seen: in other hands, the stock or others' discards."""
    seen = set(view["hand"]) | set(view["discarded"]) | set(view["set_aside"])
    if view["turnup"]:
        seen.add(view["turnup"])
    for cards in view["won"]:
        seen.update(cards)
    seen.update(c for _, c in view["trick"])
    return set(pack(view["options"]["deck"])) - seen


def beats(card: str, best: str, trump: str) -> bool:
    if card[1] == best[1]:
        return POWER[card[0]] > POWER[best[0]]
    return card[1] == trump


def is_sure(card: str, view: dict, unseen: set[str], last: bool) -> bool:
    """Will ``card`` surely win the trick if it is the best card now?"""
    if last:
        return True
    trump = view["trump"]
    higher = [u for u in unseen if u[1] == card[1] and POWER[u[0]] > POWER[card[0]]]
    if card[1] == trump:
        return not higher
    return not higher and not any(u[1] == trump for u in unseen)


def choose_card(view: dict, rng) -> str:
    me, n, trump = view["you"], view["seats"], view["trump"]
    legal = [a["card"] for a in view["legal_actions"]]
    if len(legal) == 1:
        return legal[0]
    jack = "J" + trump
    unseen = unseen_cards(view)
    trick = view["trick"]
    if not trick:
        return lead(view, legal, unseen)

    last = len(trick) == n - 1
    winner_seat = trick_winner(trick, trump)
    best = next(c for s, c in trick if s == winner_seat)
    partner_winning = (
        n == 4
        and side_of(winner_seat, n) == side_of(me, n)
        and (last or is_sure(best, view, unseen, False))
    )
    at_stake = sum(CARD_POINTS.get(c[0], 0) for _, c in trick) + (
        10 if any(c == jack for _, c in trick) else 0
    )

    if partner_winning:
        # feed the partner's trick: a ten first, never a trump worth keeping
        return max(
            legal,
            key=lambda c: (c != jack, CARD_POINTS.get(c[0], 0) * (c[1] != trump), -POWER[c[0]]),
        )

    winners = [c for c in legal if beats(c, best, trump)]
    sure = [c for c in winners if is_sure(c, view, unseen, last)]
    if sure:
        tens = [c for c in sure if c[0] == "T"]
        if tens:
            return tens[0]
        if at_stake > 0 or last or jack in sure:
            return min(sure, key=lambda c: (c == jack and at_stake < 10, POWER[c[0]]))
    if winners and at_stake >= 10:
        risky = [c for c in winners if c != jack] or winners
        return min(risky, key=lambda c: POWER[c[0]])
    return throw_away(legal, trump)


def throw_away(legal: list[str], trump: str) -> str:
    """The cheapest card: no card points, no trump, never the trump Jack."""
    jack = "J" + trump
    return min(
        legal,
        key=lambda c: (
            c == jack,
            CARD_POINTS.get(c[0], 0) >= 10,
            c[1] == trump,
            CARD_POINTS.get(c[0], 0),
            POWER[c[0]],
        ),
    )


def lead(view: dict, legal: list[str], unseen: set[str]) -> str:
    trump = view["trump"]
    jack = "J" + trump
    trumps = [c for c in legal if c[1] == trump]
    unseen_trumps = [u for u in unseen if u[1] == trump]
    if trumps:
        top = max(trumps, key=lambda c: POWER[c[0]])
        master = all(POWER[u[0]] < POWER[top[0]] for u in unseen_trumps)
        # draw trumps with the master trump to make the Jack and the tens safe
        if master and unseen_trumps and (len(trumps) >= 2 or top == jack):
            return top
    plain = [c for c in legal if c[1] != trump]
    if plain:
        # a master card of a plain suit wins its points when nobody can trump
        masters = [
            c
            for c in plain
            if not unseen_trumps
            and not any(u[1] == c[1] and POWER[u[0]] > POWER[c[0]] for u in unseen)
        ]
        if masters:
            return max(masters, key=lambda c: CARD_POINTS.get(c[0], 0))
        return throw_away(plain, trump)
    return throw_away(legal, trump)
