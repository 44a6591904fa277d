"""Ambigu bots: no more betting a point like a flush at the renvis, no breaking a made
hand at the exchange, and a legal action from every level in any position."""

import random

import pytest

from cardgames import CHANCE
from cardgames.ambigu import search
from cardgames.ambigu.game import DECK, GAME
from cardgames.core import BOT_LEVELS, concrete

ME = 0  # the dealer: speaks and exchanges last


@pytest.fixture(autouse=True)
def quick_maitre(monkeypatch):
    """The maître on fewer samples than it plays with, so these tests stay quick; its
    decisions never depend on the clock (test_maitre_budget)."""
    monkeypatch.setattr(search, "SAMPLES", 120)


def shuffle_to(state, first: list[str]) -> dict:
    """Apply the chance action whose deck starts with ``first`` (the rest in any order)."""
    pool = GAME.chance_cards(state)
    rest = [c for c in pool if c not in first]
    return GAME.apply(state, {"type": "deal", "deck": list(first) + rest})


def after_exchanges(hands: dict[int, list[str]], speech: dict[int, dict]) -> dict:
    """Seat 0 deals at a four-seat table; every seat gets its four ``hands`` cards (two
    dealt, two after seat 1's "battez"); seat 1 opens a vade of 2, the others speak as
    ``speech`` says; then every seat still in stands pat. The state is at the renvis."""
    state = GAME.new(4, {}, {"stacks": [50] * 4, "dealer": ME})
    order = state["order"]  # 1, 2, 3, 0
    state = shuffle_to(state, [hands[s][k] for k in range(2) for s in order])
    state = GAME.apply(state, {"type": "battez"})
    state = shuffle_to(state, [hands[s][k] for k in range(2, 4) for s in order])
    state = GAME.apply(state, {"type": "vade", "amount": 2})
    for seat in order[1:]:
        state = GAME.apply(state, speech[seat])
    if state["actor"] == CHANCE:
        state = shuffle_to(state, [])
    while state["phase"] == "exchange2":
        state = GAME.apply(state, {"type": "exchange", "cards": []})
    assert state["phase"] == "renvis"
    return state


OPPONENTS = {1: "Tc Th Td 9s".split(), 2: "8c 7c 6c 4c".split(), 3: "Ah 2s 3d 4h".split()}
FOLLOW = {2: {"type": "follow"}, 3: {"type": "pass"}, ME: {"type": "follow"}}


def facing_a_big_raise(my_hand: list[str]) -> dict:
    state = after_exchanges(OPPONENTS | {ME: my_hand}, FOLLOW)
    state = GAME.apply(state, {"type": "renvi", "amount": 30})  # seat 1, who stood pat
    state = GAME.apply(state, {"type": "call"})  # seat 2
    assert state["actor"] == ME
    return state


@pytest.mark.parametrize("level", ["habitue", "maitre"])
def test_a_mere_point_folds_to_a_big_raise_from_a_player_who_stood_pat(level):
    # The first bot measured a hand against random hands at the renvis: a point of 16 beat
    # most of them, so it raised and re-raised with it against exchanged hands.
    state = facing_a_big_raise("9h 7h 3c 2d".split())
    action = GAME.bot_action(GAME.view(state, ME), random.Random(1), level)
    assert action == {"type": "fold"}


@pytest.mark.parametrize("level", ["habitue", "maitre"])
def test_a_fredon_never_folds_to_a_raise(level):
    state = facing_a_big_raise("5h 5c 5d 5s".split())
    action = GAME.bot_action(GAME.view(state, ME), random.Random(1), level)
    assert action["type"] in ("call", "renvi", "tapis")


@pytest.mark.parametrize("level", ["habitue", "maitre"])
@pytest.mark.parametrize("hand", ["8h 6h 3h 2h", "5s 5c 5d 5h", "Ts 8s 6s 3s"])
def test_a_made_flush_or_fredon_stands_pat_at_the_exchange(level, hand):
    hands = OPPONENTS | {ME: hand.split()}
    state = GAME.new(4, {}, {"stacks": [50] * 4, "dealer": ME})
    order = state["order"]
    state = shuffle_to(state, [hands[s][k] for k in range(2) for s in order])
    state = GAME.apply(state, {"type": "battez"})
    state = shuffle_to(state, [hands[s][k] for k in range(2, 4) for s in order])
    state = GAME.apply(state, {"type": "vade", "amount": 2})
    for seat in order[1:]:
        state = GAME.apply(state, FOLLOW[seat])
    state = shuffle_to(state, [])
    while state["actor"] != ME:
        state = GAME.apply(state, {"type": "exchange", "cards": []})
    action = GAME.bot_action(GAME.view(state, ME), random.Random(2), level)
    assert action == {"type": "exchange", "cards": []}


def random_views(count: int, seed: int):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        seats = rng.randint(2, 6)
        state = GAME.new(seats, GAME.random_options(rng), {"stacks": [rng.randint(1, 60)] * seats})
        for _ in range(rng.randint(1, 40)):
            if state["actor"] is None:
                break
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
            else:
                action = concrete(rng.choice(GAME.legal_actions(state)), rng)
                state = GAME.apply(state, action)
        if isinstance(state["actor"], int):
            found.append((state, GAME.view(state, state["actor"])))
    return found


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_plays_a_legal_action_from_random_positions(level):
    assert len(DECK) == 40
    for number, (state, view) in enumerate(random_views(40, seed=9)):
        action = GAME.bot_action(view, random.Random(number), level)
        assert GAME.can_apply(state, action) is None, (view, action)
