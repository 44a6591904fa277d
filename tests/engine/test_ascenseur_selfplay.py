"""L'Ascenseur played whole: the selfplay checker, a thousand random games, property tests."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import CHANCE, IllegalAction, from_json, replay, to_json
from cardgames.ascenseur.game import GAME, POWER, deal_sizes, playable
from cardgames.cards import deck52
from cardgames.core import concrete
from cardgames.selfplay import run
from tests.support.marks import ENGINE_SOAK
from tests.support.playing import play_out


# Every step runs the full contract checks (views of every seat, JSON round trips,
# invariants, refusal of a bogus action) and each game's log replays to its end. Fifteen
# games in `make test`; with the slow checks, 1,000 in four seeded chunks of 250 that
# pytest-xdist spreads over the workers.
@pytest.mark.parametrize(
    "seed, games",
    [(10, 15)] + [pytest.param(seed, 250, marks=ENGINE_SOAK) for seed in (11, 12, 13, 14)],
)
def test_selfplay_finds_no_violation(seed, games):
    summary = run("ascenseur", games, seed=seed)
    assert summary["violations"] == 0, summary["first_violations"]
    assert sum(summary["games_by_seat_count"].values()) == games
    assert set(summary["games_by_seat_count"]) == {"3", "4", "5", "6", "7"}


def test_the_selfplay_checker_finds_nothing_with_the_bots():
    summary = run("ascenseur", 4, seed=12, all_bots=True)
    assert summary["violations"] == 0, summary["first_violations"]


def check_between_deals(before, action, after):
    if after["actor"] in (CHANCE, None):
        assert GAME.check_invariants(after) == []
        assert from_json(to_json(after)) == after


@pytest.mark.parametrize(
    "games", [20, pytest.param(200, marks=ENGINE_SOAK)], ids=["quick", "long"]
)
def test_the_winners_are_the_highest_totals_after_the_last_deal(games):
    """Whole random games: the winners are exactly the seats with the highest total."""
    rng = random.Random(1000)
    actions = 0
    for _ in range(games):
        options = GAME.random_options(rng)
        seats = rng.randint(3, 7)
        state = GAME.new(seats, options)
        log = []
        state = play_out(GAME, state, rng, each=check_between_deals, log=log)
        assert len(state["history"]) == len(deal_sizes(seats))
        result = GAME.result(state)
        top = max(result["scores"])
        assert result["winners"] == [s for s in range(seats) if result["scores"][s] == top]
        assert replay(GAME, seats, options, None, log) == state
        actions += len(log)
    assert actions > 500 * games


# ----- properties on random deals ----------------------------------------------------------
DECKS = st.permutations(deck52())


def random_deal(seats, index, options, seed):
    """The state after shuffling deal ``index`` (0-based), earlier deals played at random."""
    rng = random.Random(seed)
    state = GAME.new(seats, options)
    while not (state["phase"] == "deal" and state["deal"] == index):
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
        else:
            state = GAME.apply(state, concrete(rng.choice(GAME.legal_actions(state)), rng))
    return state


@settings(max_examples=60, deadline=None)
@given(seats=st.integers(3, 7), index=st.integers(0, 32), deck=DECKS)
def test_any_deck_deals_the_right_cards_to_the_right_seats(seats, index, deck):
    index %= len(deal_sizes(seats))
    state = random_deal(seats, index, None, index)
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    size, dealer = state["size"], state["dealer"]
    assert size == deal_sizes(seats)[index]
    for seat in range(seats):
        offset = (seat - dealer - 1) % seats
        assert sorted(state["hands"][seat]) == sorted(deck[offset : seats * size : seats])
    assert state["turnup"] == (deck[seats * size] if seats * size < 52 else None)
    assert state["actor"] == (dealer + 1) % seats
    assert GAME.check_invariants(state) == []


OPTION_SETS = st.fixed_dictionaries(
    {
        "scoring": st.sampled_from(["exact", "bonus", "small"]),
        "dealer_constraint": st.booleans(),
        "must_climb": st.booleans(),
        "void_rule": st.sampled_from(["undertrump", "overtrump", "free"]),
    }
)


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(3, 7),
    index=st.integers(0, 32),
    deck=DECKS,
    options=OPTION_SETS,
    seed=st.integers(0, 10**6),
)
def test_a_random_deal_obeys_the_rules_of_play(seats, index, deck, options, seed):
    index %= len(deal_sizes(seats))
    rng = random.Random(seed)
    state = GAME.apply(random_deal(seats, index, options, seed), {"type": "deal", "deck": deck})
    size, trump, number = state["size"], state["trump"], state["deal"]
    hands_at_start = [list(h) for h in state["hands"]]
    while state["actor"] != CHANCE and state["actor"] is not None:
        seat, trick = state["actor"], state["trick"]
        legal = GAME.legal_actions(state)
        assert legal, "someone to act always has an action"
        if state["phase"] == "play":
            hand = state["hands"][seat]
            chosen = [a["card"] for a in legal]
            assert set(chosen) <= set(hand)
            if trick and any(c[1] == trick[0][1] for c in hand):
                assert all(c[1] == trick[0][1] for c in chosen), "must follow suit"
            outside = [c for c in hand if c not in chosen]
            for card in outside:
                refused = GAME.can_apply(state, {"type": "play", "card": card})
                assert isinstance(refused, IllegalAction)
            assert chosen == playable(hand, trick, trump, state["options"])
        for other in range(seats):
            if other != seat:
                view = to_json(GAME.view(state, other))
                assert not any(f'"{c}"' in view for c in state["hands"][seat])
        state = GAME.apply(state, concrete(rng.choice(legal), rng))
    record = state["history"][number]
    assert sum(record["won"]) == size
    assert sorted(c for h in hands_at_start for c in h) == sorted(c for c in deck[: seats * size])
    if options["dealer_constraint"]:
        assert sum(record["bids"]) != size
        assert any(b != w for b, w in zip(record["bids"], record["won"], strict=True)), (
            "with the dealer's constraint someone always misses"
        )
    assert GAME.check_invariants(state) == []


@settings(max_examples=40, deadline=None)
@given(deck=DECKS, seed=st.integers(0, 10**6))
def test_each_trick_goes_to_the_highest_trump_or_the_highest_card_of_the_suit_led(deck, seed):
    rng = random.Random(seed)
    state = GAME.apply(random_deal(4, 7, None, seed), {"type": "deal", "deck": deck})
    while state["phase"] != "deal":
        before = state
        state = GAME.apply(state, concrete(rng.choice(GAME.legal_actions(state)), rng))
        if before["phase"] == "play" and len(before["trick"]) == 3:
            trick = state["last_trick"]["cards"]
            trumps = [c for c in trick if c[1] == before["trump"]]
            pool = trumps or [c for c in trick if c[1] == trick[0][1]]
            best = max(pool, key=POWER.get)
            assert state["last_trick"]["winner"] == (before["leader"] + trick.index(best)) % 4
