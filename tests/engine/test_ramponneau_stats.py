"""Ramponneau's public statistics: counts of what everyone at the table saw, carried from
hand to hand, shown in every view, never read from a hidden card."""

from __future__ import annotations

import json
import random

from cardgames import poker
from cardgames.ramponneau import GAME, stats

OPTIONS = {"small_blind": 10, "big_blind": 20, "rake_percent": 0}
FOLD = {"type": "fold"}


def dealt(seats, holes, button=0, board=(), carry=None, seed=3):
    """A hand dealt with ``holes`` ({seat: [two cards]}) and ``board`` to come."""
    carry = carry or {"stacks": [2000] * seats, "button": button}
    state = GAME.new(seats, OPTIONS, carry)
    order = state["order"]
    n = len(order)
    used = {c for hole in holes.values() for c in hole} | set(board)
    rest = [c for c in poker.CARDS if c not in used]
    random.Random(seed).shuffle(rest)
    deck: list = [None] * (2 * n) + list(board)
    for i, seat in enumerate(order):
        if seat in holes:
            deck[i], deck[i + n] = holes[seat]
    filler = iter(rest)
    deck = [c or next(filler) for c in deck]
    deck += [c for c in rest if c not in deck]
    return GAME.apply(state, {"type": "deal", "deck": deck})


def act(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def counted(**counts):
    return dict(stats.blank(), **counts)


def shove_and_call(folded_hole):
    """Three seats: the button opens, the small blind (holding ``folded_hole``) folds, the
    big blind moves in, the button calls; the board is dealt out to the showdown."""
    holes = {0: ["Ah", "Kh"], 1: folded_hole, 2: ["Qs", "Qd"]}
    state = dealt(3, holes, board=["2c", "7d", "9s", "Tc", "3h"])
    return act(
        state,
        {"type": "raise", "amount": 60},
        FOLD,
        {"type": "raise", "amount": 2000},
        {"type": "call", "amount": 1940},
    )


def test_the_stats_count_only_what_everyone_saw():
    final = shove_and_call(["As", "Ad"])
    assert final["phase"] == "over"
    counts = GAME.carry(final)["stats"]
    assert counts[0] == counted(
        hands=1, vpip=1, pfr=1, open_chances=1, opens=1, faced_reraise=1, faced_shove=1,
        called_shove=1, flops=1, showdowns=1,
    )
    assert counts[1] == counted(hands=1, faced_raise=1, folded_to_raise=1)
    assert counts[2] == counted(
        hands=1, vpip=1, pfr=1, faced_raise=1, reraises=1, reshoves=1, flops=1, showdowns=1,
        showdowns_won=1,
    )
    # The small blind folded aces: had it folded seven-deuce, nobody would know better.
    assert GAME.carry(shove_and_call(["7s", "2h"]))["stats"] == counts


def test_the_stats_count_each_decision_after_the_flop():
    state = dealt(2, {}, button=0, board=["2c", "7d", "9s", "Tc", "3h"])
    # Heads-up the button completes, the big blind checks; on the flop the big blind
    # bets, the button raises, the big blind calls; on the turn the big blind checks,
    # the button bets and the big blind folds.
    state = act(
        state,
        {"type": "call", "amount": 10},
        {"type": "check"},
        {"type": "bet", "amount": 20},
        {"type": "raise", "amount": 80},
        {"type": "call", "amount": 60},
        {"type": "check"},
        {"type": "bet", "amount": 100},
        FOLD,
    )
    button, big_blind = GAME.carry(state)["stats"]
    assert button == counted(
        hands=1, vpip=1, open_chances=1, flops=1, bets=1, raises=1, faced_bet=1,
    )
    assert big_blind == counted(
        hands=1, open_chances=1, flops=1, bets=1, checks=1, calls=1, faced_bet=2,
        folded_to_bet=1,
    )


def test_the_stats_follow_the_table_from_hand_to_hand_and_every_seat_sees_them():
    first = shove_and_call(["7s", "2h"])
    carry = GAME.chips.deal_carry([2000] * 3, GAME.chips.kept(first))  # the loser caved
    assert carry["stats"] == GAME.carry(first)["stats"]
    second = dealt(3, {}, carry=carry)
    assert second["button"] == 1
    views = [GAME.view(second, seat) for seat in (0, 1, 2, None)]
    assert all(view["stats"] == carry["stats"] for view in views)
    assert json.loads(json.dumps(views[0]))["stats"] == carry["stats"]
    assert (second["sb_seat"], second["bb_seat"]) == (2, 0)
    second = act(second, FOLD, FOLD)  # the button and the small blind fold: a walk
    after = GAME.carry(second)["stats"]
    assert [seat["hands"] for seat in after] == [2, 2, 2]
    assert after[2]["open_chances"] == carry["stats"][2]["open_chances"] + 1  # it chose
    assert after[0]["open_chances"] == carry["stats"][0]["open_chances"]  # a walk: no choice


def test_a_table_that_keeps_only_the_button_keeps_the_stats_too():
    final = shove_and_call(["7s", "2h"])
    kept = GAME.chips.kept(final)
    carry = GAME.chips.deal_carry([2000, None, 2000], kept)
    assert carry["stats"] == GAME.carry(final)["stats"]
    # A seat not dealt in keeps its counts, unchanged, until it plays again.
    later = act(dealt(3, {}, carry=carry), FOLD)
    assert GAME.carry(later)["stats"][1] == carry["stats"][1]


def test_a_seat_that_changes_hands_starts_afresh():
    carry = GAME.carry(shove_and_call(["7s", "2h"]))
    assert GAME.chips.remembers_players
    forgotten = GAME.chips.forget_seats(carry, [2])
    assert forgotten["stats"][2] == stats.blank()
    assert forgotten["stats"][0] == carry["stats"][0]
    assert carry["stats"][2]["hands"] == 1  # the carry given is left as it was


def test_a_malformed_record_never_stops_a_deal():
    good = stats.blank() | {"hands": 4}
    for bad in ([good, {"hands": -1}], [good, "x"], [good, dict(good, vpip=True)], "x", [good]):
        state = GAME.new(2, OPTIONS, {"stacks": [2000, 2000], "button": 0, "stats": bad})
        keeps = isinstance(bad, list) and len(bad) == 2
        assert state["stats"][0] == (good if keeps else stats.blank())
        assert state["stats"][1] == stats.blank()
