"""The maître's appraisal of a Ramponneau decision: its action is the maître's, every line it
weighs and the player's own are valued in chips, a clear blunder is worth less than the
best line, and its reason is the shared vocabulary's equity against pot odds."""

from __future__ import annotations

import copy
import json
import random

import pytest

from cardgames.core import ADVICE_REASONS, CHANCE, concrete, to_json
from cardgames.ramponneau import GAME
from tests.engine.test_bots_ramponneau import OPTIONS, act, dealt  # the bots' positions


def river_bet_into(hero: str, board: str, bet: int) -> dict:
    """Heads-up, the big blind (the hero, seat 1) called an open, checked every street and
    faces ``bet`` on the river."""
    state = dealt(2, {1: hero.split(), 0: "Qs 3d".split()}, button=0, board=board.split())
    state = act(state, {"type": "raise", "amount": 50}, {"type": "call", "amount": 30})
    for _ in range(2):  # the flop and the turn
        state = act(state, {"type": "check"}, {"type": "check"})
    state = act(state, {"type": "check"}, {"type": "bet", "amount": bet})
    assert state["actor"] == 1
    return state


def valued(appraisal) -> dict[str, float]:
    return {to_json(entry["action"]): entry["value"] for entry in appraisal["values"]}


def some_views(count: int, seed: int, options=OPTIONS):
    """Views of seats to act from hands played at random, preflop and after."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new(rng.randint(2, 6), options)
        while state["actor"] is not None and len(found) < count:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
                continue
            view = GAME.view(state, state["actor"])
            if rng.random() < 0.4 and view["legal_actions"][0]["type"] not in ("show", "muck"):
                found.append(view)
            state = GAME.apply(state, concrete(rng.choice(view["legal_actions"]), rng))
    return found


def test_the_appraisal_plays_what_the_maitre_plays_with_the_same_generator():
    for number, view in enumerate(some_views(12, seed=4)):
        appraisal = GAME.appraise(view, random.Random(number))
        assert appraisal["action"] == GAME.bot_action(view, random.Random(number), "maitre")


def test_the_players_action_is_valued_even_a_raise_the_maitre_would_not_size():
    view = GAME.view(river_bet_into("Qh Jh", "Ah Th 2c 9s Kd", 20), 1)
    odd = {"type": "raise", "amount": 1234}
    appraisal = GAME.appraise(view, random.Random(1), odd)
    assert to_json(odd) in valued(appraisal)
    assert to_json(appraisal["action"]) in valued(appraisal)


def test_folding_the_nuts_on_the_river_to_a_small_bet_is_worth_less_than_the_best_line():
    view = GAME.view(river_bet_into("Qh Jh", "Ah Th 2c 9s Kd", 20), 1)
    appraisal = GAME.appraise(view, random.Random(1), {"type": "fold"})
    values = valued(appraisal)
    best = max(values.values())
    assert values[to_json({"type": "fold"})] <= best - GAME.review_threshold
    assert appraisal["action"]["type"] in ("call", "raise")


def test_the_reason_is_the_equity_against_the_pot_odds_in_plain_data():
    view = GAME.view(river_bet_into("Qh Jh", "Ah Th 2c 9s Kd", 20), 1)
    reason = GAME.appraise(view, random.Random(1))["reason"]
    assert reason["code"] == "advice.equity"
    assert set(reason) - {"code"} == set(ADVICE_REASONS["advice.equity"])
    assert reason["equity"] > 0.9
    assert reason["pot_odds"] == pytest.approx(20 / (100 + 20 + 20), abs=1e-3)
    json.dumps(reason)


def test_with_nothing_to_call_there_are_no_pot_odds_and_the_view_is_left_alone():
    for number, view in enumerate(some_views(8, seed=5)):
        untouched = copy.deepcopy(view)
        appraisal = GAME.appraise(view, random.Random(number))
        json.dumps(appraisal)
        assert view == untouched
        if not view.get("to_call"):
            assert appraisal["reason"]["pot_odds"] is None


def test_no_appraisal_without_a_choice_or_at_the_showdown():
    view = GAME.view(river_bet_into("Qh Jh", "Ah Th 2c 9s Kd", 20), 1)
    assert GAME.appraise(view | {"legal_actions": [{"type": "check"}]}, random.Random(1)) is None
    showdown = view | {"legal_actions": [{"type": "show"}, {"type": "muck"}]}
    assert GAME.appraise(showdown, random.Random(1)) is None


def test_an_action_that_is_not_legal_is_refused():
    view = GAME.view(river_bet_into("Qh Jh", "Ah Th 2c 9s Kd", 20), 1)
    with pytest.raises(ValueError):
        GAME.appraise(view, random.Random(1), {"type": "check"})
    assert GAME.appraisal_unit == "chips" and GAME.review_threshold > 0



def test_a_review_marks_losses_from_one_big_blind_of_the_table_whatever_its_blinds():
    blinds = {**OPTIONS, "small_blind": 50, "big_blind": 100}
    thresholds = set()
    for view in some_views(4, seed=5) + some_views(4, seed=5, options=blinds):
        appraisal = GAME.appraise(view, random.Random(1))
        if appraisal is not None:
            thresholds.add(appraisal["threshold"])
    assert thresholds == {20.0, 100.0}
