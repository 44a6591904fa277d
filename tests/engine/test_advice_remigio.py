"""The maître's appraisal of a Remigio decision: its action is the maître's, the options it
weighs and the player's own are valued in points of count, breaking a made meld is worth
less than the best discard, and its reason names the melds kept and the count left."""

from __future__ import annotations

import json
import random

import pytest

from cardgames.core import ADVICE_REASONS, CHANCE, concrete, to_json
from cardgames.remigio import GAME
from tests.engine.test_bots_remigio import MELDED9, view_for  # the bots' tests' positions


def valued(appraisal) -> dict[str, float]:
    return {to_json(entry["action"]): entry["value"] for entry in appraisal["values"]}


def some_views(count: int, seed: int):
    """Views of seats to act from rounds played at random."""
    rng = random.Random(seed)
    found = []
    state = GAME.new(4, {})
    while len(found) < count:
        if state["actor"] is None:
            state = GAME.new(4, {})
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
            continue
        view = GAME.view(state, state["actor"])
        if rng.random() < 0.3:
            found.append(view)
        state = GAME.apply(state, concrete(rng.choice(view["legal_actions"]), rng))
    return found


def test_the_appraisal_plays_what_the_maitre_plays_with_the_same_generator():
    for number, view in enumerate(some_views(10, seed=2)):
        appraisal = GAME.appraise(view, random.Random(number))
        assert appraisal["action"] == GAME.bot_action(view, random.Random(number), "maitre")


def test_the_players_discard_is_valued_even_one_the_maitre_does_not_weigh():
    view = view_for(MELDED9 + ["5d.1", "8h.2"])
    for card in view["hand"]:
        chosen = {"type": "discard", "card": card}
        assert to_json(chosen) in valued(GAME.appraise(view, random.Random(1), chosen))


def test_discarding_a_card_from_a_made_meld_is_worth_less_than_the_best_discard():
    view = view_for(MELDED9 + ["5d.1", "8h.2"])
    broken = {"type": "discard", "card": "9h.1"}
    appraisal = GAME.appraise(view, random.Random(1), broken)
    values = valued(appraisal)
    assert appraisal["action"]["card"] in ("5d.1", "8h.2")
    assert values[to_json(broken)] <= values[to_json(appraisal["action"])] - GAME.review_threshold


def test_not_closing_when_the_maitre_closes_is_a_loss():
    view = view_for(MELDED9 + ["Ts.1", "Kd.2"])
    kept_open = {"type": "discard", "card": "Ts.1"}
    appraisal = GAME.appraise(view, random.Random(1), kept_open)
    values = valued(appraisal)
    assert appraisal["action"] == {"type": "close", "card": "Kd.2"}
    assert (
        values[to_json(kept_open)] <= values[to_json(appraisal["action"])] - GAME.review_threshold
    )


def test_taking_the_card_that_closes_is_the_best_draw():
    view = view_for(MELDED9 + ["5d.1"], phase="draw", discard_top="Ts.2")
    values = valued(GAME.appraise(view, random.Random(1)))
    taken = values[to_json({"type": "draw", "from": "discard"})]
    assert taken > values[to_json({"type": "draw", "from": "stock"})]


def test_the_reason_names_the_melds_kept_and_the_count_in_plain_data():
    view = view_for(MELDED9 + ["5d.1", "8h.2"])
    reason = GAME.appraise(view, random.Random(1))["reason"]
    assert reason["code"] == "advice.meld"
    assert set(reason) - {"code"} == set(ADVICE_REASONS["advice.meld"])
    groups = [sorted(group) for group in reason["cards"]]
    assert ["9d", "9h", "9s"] in groups and ["2c", "3c", "Ac"] in groups  # faces of the melds
    assert reason["count"] in (5, 8)  # the leftover card kept
    json.dumps(reason)
    closing = GAME.appraise(view_for(MELDED9 + ["Ts.1", "Kd.2"]), random.Random(1))["reason"]
    assert closing["count"] == 0


def test_no_appraisal_without_a_choice_and_an_illegal_action_is_refused():
    view = view_for(MELDED9 + ["5d.1", "8h.2"])
    assert (
        GAME.appraise(view | {"legal_actions": view["legal_actions"][:1]}, random.Random(1)) is None
    )
    with pytest.raises(ValueError):
        GAME.appraise(view, random.Random(1), {"type": "discard", "card": "As.2"})
    assert GAME.appraisal_unit == "points" and GAME.review_threshold > 0
