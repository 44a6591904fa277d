"""Ambigu over many chained deals: chip conservation, selfplay, the bot against random."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import selfplay
from cardgames.ambigu.game import GAME
from tests.support.marks import ENGINE_SOAK
from tests.support.playing import bots_at, play_out


def play_deal(state, rng, bot_seats=()):
    def sound(before, action, after):
        assert GAME.check_invariants(after) == []

    return play_out(GAME, state, rng, choose=bots_at(GAME, set(bot_seats)),
                    each=sound)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(2, 6),
    ante=st.sampled_from([1, 2]),
    cave=st.sampled_from([20, 50]),
    payers=st.sampled_from(["all", "remaining", "none"]),
    no_opening=st.sampled_from(["dealer-pays", "abandon"]),
    refuse=st.booleans(),
    deals=st.integers(1, 12),
)
def test_chips_are_conserved_across_chained_deals_with_carry_overs(
    seed, seats, ante, cave, payers, no_opening, refuse, deals
):
    rng = random.Random(seed)
    options = {
        "ante": ante,
        "cave": cave,
        "combination_payers": payers,
        "no_opening": no_opening,
        "refuse_discard": refuse,
    }
    carry = None
    chips = seats * cave  # every jeton on the table: stacks, poule and batterie
    debts = {}
    for _ in range(deals):
        state = play_deal(GAME.new(seats, options, carry), rng)
        result = GAME.result(state)
        chips += sum(result["recaved"])
        on_table = sum(s for s in state["stacks"] if s is not None)
        assert on_table + state["poule"] + state["batterie"] == chips
        assert sum(state["bets"]) == 0
        for debtor, creditor, amount in result["debts"]:
            assert amount > 0 and debtor != creditor
            debts[(debtor, creditor)] = debts.get((debtor, creditor), 0) + amount
        if result["combination"]:
            value = result["combination"]["value"]
            owed = {}
            for payer, _, paid in result["payments"]:
                owed[payer] = owed.get(payer, 0) + paid
            for debtor, _, amount in result["debts"]:
                owed[debtor] = owed.get(debtor, 0) + amount
            assert all(total == value for total in owed.values())
        # the scores are the jetons won and lost (debts count): what the pots gained
        # or gave back is what the players lost or won together
        pots_before = (carry["poule"] + carry["batterie"]) if carry else 0
        assert sum(result["scores"]) == pots_before - state["poule"] - state["batterie"]
        carry = GAME.carry(state)
        assert {(d, c): a for d, c, a in carry["debts"]} == debts


# A hundred chained deals in `make test`; a thousand with the slow checks.
@pytest.mark.parametrize(
    "deals", [100, pytest.param(1000, marks=ENGINE_SOAK)], ids=["quick", "long"]
)
def test_selfplay_of_chained_deals_keeps_the_contract(deals):
    summary = selfplay.run("ambigu", deals, 3)
    assert summary["violations"] == 0, summary["first_violations"]
    assert sum(summary["games_by_seat_count"].values()) == deals


def test_selfplay_with_bots_keeps_the_contract():
    summary = selfplay.run("ambigu", 60, 11, all_bots=True)
    assert summary["violations"] == 0, summary["first_violations"]


def test_the_bot_wins_more_jetons_than_random_players():
    rng = random.Random(5)
    carry = None
    net = [0, 0, 0]
    for _ in range(150):
        state = play_deal(GAME.new(3, {}, carry), rng, bot_seats={0})
        net = [a + b for a, b in zip(net, GAME.result(state)["scores"], strict=True)]
        carry = GAME.carry(state)
    assert net[0] > max(net[1], net[2]) and net[0] > 0
