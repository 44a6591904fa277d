"""Plain rules of thumb to play an imagined All-fours deal to its end, fast.

The maître's search plays hundreds of imagined deals a decision: every seat plays them by
these rules, on the whole engine state (the engine applies and scores). The dealer gives
with good trumps, discards keep trumps, tens and aces; in play a seat wins a trick with
points at stake (or the last card of a trick) with its cheapest winner, feeds a ten to a
partner who holds the trick, and otherwise throws its cheapest card.
"""

from __future__ import annotations

from .game import CARD_POINTS, GAME, HAND_SIZE, POWER, TARGET, playable, side_of, trick_winner

GIVE_STRENGTH = 3.5
TRUMP_STRENGTH = {"A": 3.0, "K": 2.5, "Q": 2.0, "J": 2.5, "T": 1.5, "2": 1.5, "3": 1.2}


def keep_value(card: str, trump: str) -> float:
    """How much a card is worth keeping after running the pack (trumps first, then tens)."""
    rank = card[0]
    if card[1] == trump:
        low_bonus = 8 if rank in "23" else 0  # a very low trump is a likely Low point
        return 100 + POWER[rank] + low_bonus + (20 if rank == "J" else 0)
    if rank == "T":
        return 50
    return POWER[rank] * 3 + CARD_POINTS.get(rank, 0)


def beats(card: str, best: str, trump: str) -> bool:
    if card[1] == best[1]:
        return POWER[card[0]] > POWER[best[0]]
    return card[1] == trump


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


def _strength(hand: list[str], suit: str) -> float:
    return sum(TRUMP_STRENGTH.get(c[0], 0.7) for c in hand if c[1] == suit)


def quick_card(state: dict, seat: int) -> str:
    """A seat's card by the rules of thumb, from the whole state."""
    trump, trick = state["trump"], state["trick"]
    legal = playable(state["hands"][seat], trick, trump, state["options"]["trumping"])
    if len(legal) == 1:
        return legal[0]
    if not trick:
        trumps = [c for c in legal if c[1] == trump]
        if len(trumps) >= 3:
            return max(trumps, key=lambda c: POWER[c[0]])
        return throw_away(legal, trump)
    seats = state["seats"]
    winner = trick_winner(trick, trump)
    best = next(c for s, c in trick if s == winner)
    last = len(trick) == seats - 1
    if seats == 4 and side_of(winner, seats) == side_of(seat, seats) and last:
        return max(legal, key=lambda c: (c[1] != trump, CARD_POINTS.get(c[0], 0)))
    jack = "J" + trump
    at_stake = sum(CARD_POINTS.get(c[0], 0) for _, c in trick) + 10 * any(
        c == jack for _, c in trick
    )
    winners = [c for c in legal if beats(c, best, trump)]
    if winners and (at_stake > 0 or last):
        return min(winners, key=lambda c: (c == jack and at_stake < 10, POWER[c[0]]))
    return throw_away(legal, trump)


def quick_action(state: dict) -> dict:
    """The acting seat's action by the rules of thumb."""
    seat, phase = state["actor"], state["phase"]
    hand = state["hands"][seat]
    if phase == "play":
        return {"type": "play", "card": quick_card(state, seat)}
    if phase == "discard":
        k = len(hand) - HAND_SIZE
        ranked = sorted(hand, key=lambda c: keep_value(c, state["trump"]))
        return {"type": "discard", "cards": ranked[:k]}
    strong = _strength(hand, state["turnup"][1]) >= GIVE_STRENGTH
    if phase == "beg":
        return {"type": "stand" if strong else "beg"}
    eldest = (state["dealer"] + 1) % state["seats"]
    score = state["scores"][side_of(eldest, state["seats"])]
    give = strong and GAME.gift_allowed(state) and score + 2 < TARGET
    return {"type": "give" if give else "run"}


def play_to_end(state: dict, rng=None) -> dict:
    """The state once the current deal is over (or the game), every seat by rule of thumb."""
    while isinstance(state["actor"], int):
        state = GAME.apply(state, quick_action(state))
    return state
