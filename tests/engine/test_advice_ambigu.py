"""The maître's appraisal of an Ambigu decision: its action is the maître's, every option it
weighs and the player's own are valued as the deal's mean result in jetons, folding a
fredon is worth less than the best play, and its reason is the expected points."""

from __future__ import annotations

import json
import random

import pytest

from cardgames import CHANCE
from cardgames.ambigu import GAME, advice, search
from cardgames.core import ADVICE_REASONS, concrete, to_json

ME = 0  # the dealer: speaks and exchanges last


@pytest.fixture(autouse=True)
def quick_maitre(monkeypatch):
    """The maître and the appraisal on smaller numbers of samples: quicker tests."""
    monkeypatch.setattr(search, "SAMPLES", 120)
    monkeypatch.setattr(advice, "SAMPLES", 60)


def shuffle_to(state, first: list[str]) -> dict:
    """Apply the chance action whose deck starts with ``first`` (the rest in any order)."""
    pool = GAME.chance_cards(state)
    rest = [c for c in pool if c not in first]
    return GAME.apply(state, {"type": "deal", "deck": list(first) + rest})


OPPONENTS = {1: "Tc Th Td 9s".split(), 2: "8c 7c 6c 4c".split(), 3: "Ah 2s 3d 4h".split()}
FOLLOW = {2: {"type": "follow"}, 3: {"type": "pass"}}


def at_speech2(my_hand: list[str]) -> dict:
    """Seat 0 deals at four seats; seat 1 says "battez" and opens a vade of 2, seat 2
    follows, seat 3 passes: the dealer (the seat appraised) answers the vade."""
    hands = OPPONENTS | {ME: my_hand}
    state = GAME.new(4, {}, {"stacks": [50] * 4, "dealer": ME})
    order = state["order"]  # 1, 2, 3, 0
    state = shuffle_to(state, [hands[s][k] for k in range(2) for s in order])
    state = GAME.apply(state, {"type": "battez"})
    state = shuffle_to(state, [hands[s][k] for k in range(2, 4) for s in order])
    state = GAME.apply(state, {"type": "vade", "amount": 2})
    for seat in order[1:-1]:
        state = GAME.apply(state, FOLLOW[seat])
    assert state["actor"] == ME
    return state


def facing_a_big_raise(my_hand: list[str]) -> dict:
    """The dealer followed and stood pat; seat 1 raises 30 at the renvis, seat 2 calls."""
    state = GAME.apply(at_speech2(my_hand), {"type": "follow"})
    if state["actor"] == CHANCE:
        state = shuffle_to(state, [])
    while state["phase"] == "exchange2":
        state = GAME.apply(state, {"type": "exchange", "cards": []})
    state = GAME.apply(state, {"type": "renvi", "amount": 30})
    state = GAME.apply(state, {"type": "call"})
    assert state["actor"] == ME
    return state


def valued(appraisal) -> dict[str, float]:
    return {to_json(entry["action"]): entry["value"] for entry in appraisal["values"]}


def some_views(count: int, seed: int):
    """Views of seats to act from deals played at random (every phase)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new(rng.randint(2, 5), GAME.random_options(rng))
        while isinstance(state["actor"], (int, str)) and len(found) < count:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
                continue
            view = GAME.view(state, state["actor"])
            if rng.random() < 0.35:
                found.append(view)
            state = GAME.apply(state, concrete(rng.choice(view["legal_actions"]), rng))
    return found


def test_the_appraisal_plays_what_the_maitre_plays_with_the_same_generator():
    for number, view in enumerate(some_views(12, seed=3)):
        appraisal = GAME.appraise(view, random.Random(number))
        if appraisal is not None:
            assert appraisal["action"] == GAME.bot_action(view, random.Random(number), "maitre")


def test_the_players_action_is_valued_an_odd_raise_or_any_exchange():
    view = GAME.view(facing_a_big_raise("5h 5c 5d 5s".split()), ME)
    odd = {"type": "renvi", "amount": 33}
    assert to_json(odd) in valued(GAME.appraise(view, random.Random(1), odd))
    for number, view in enumerate(some_views(10, seed=8)):
        chosen = concrete(
            random.Random(number).choice(view["legal_actions"]), random.Random(number)
        )
        appraisal = GAME.appraise(view, random.Random(number), chosen)
        if appraisal is not None:
            assert to_json(chosen) in valued(appraisal), (view["phase"], chosen)


def test_folding_a_fredon_to_a_raise_is_worth_less_than_the_best_play():
    view = GAME.view(facing_a_big_raise("5h 5c 5d 5s".split()), ME)
    fold = {"type": "fold"}
    values = valued(GAME.appraise(view, random.Random(1), fold))
    assert values[to_json(fold)] <= max(values.values()) - GAME.review_threshold


def test_passing_a_vade_with_a_fredon_is_worth_less_than_following_it():
    view = GAME.view(at_speech2("5h 5c 5d 5s".split()), ME)
    appraisal = GAME.appraise(view, random.Random(1), {"type": "pass"})
    values = valued(appraisal)
    assert appraisal["action"] == {"type": "follow"}
    assert (
        values[to_json({"type": "pass"})]
        <= values[to_json({"type": "follow"})] - GAME.review_threshold
    )


def test_the_reason_is_the_expected_points_in_jetons_in_plain_data():
    view = GAME.view(facing_a_big_raise("5h 5c 5d 5s".split()), ME)
    appraisal = GAME.appraise(view, random.Random(1))
    reason = appraisal["reason"]
    assert reason["code"] == "advice.expected_points"
    assert set(reason) - {"code"} == set(ADVICE_REASONS["advice.expected_points"])
    assert reason["unit"] == "jetons" == GAME.appraisal_unit
    assert reason["points"] == valued(appraisal)[to_json(appraisal["action"])]
    json.dumps(appraisal)


def test_a_fold_counts_what_the_seat_already_put_in():
    view = GAME.view(facing_a_big_raise("9h 7h 3c 2d".split()), ME)
    values = valued(GAME.appraise(view, random.Random(1)))
    # the ante and the vade are lost, and the winner's combination paid (every seat pays)
    assert values[to_json({"type": "fold"})] == -(1 + 2 + search.AVERAGE_PAYMENT)


def test_no_appraisal_without_a_choice_and_an_illegal_action_is_refused():
    state = GAME.new(4, {}, {"stacks": [1] * 4, "dealer": ME, "recave": False})
    state = GAME.apply(state, GAME.chance_action(state, random.Random(1)))
    view = GAME.view(state, state["actor"])
    assert view["legal_actions"] == [{"type": "pass"}]  # the ante took every jeton
    assert GAME.appraise(view, random.Random(1)) is None
    view = GAME.view(facing_a_big_raise("5h 5c 5d 5s".split()), ME)
    with pytest.raises(ValueError):
        GAME.appraise(view, random.Random(1), {"type": "check"})
