"""The maître's appraisal of an All-fours decision (``Game.appraise``): the maître's own
action, a discard it would not weigh valued on the same imagined deals, a plainly bad card
valued below the best, and a reason in the shared vocabulary."""

from __future__ import annotations

import random

import pytest

from cardgames.all_fours.game import GAME, pack
from cardgames.core import ADVICE_REASONS
from tests.support.positions import seat_view


def dealt(eldest_hand, dealer_hand, turnup, seed=0) -> dict:
    """Heads-up, seat 0 deals (it cut the king): the state at the eldest's stand-or-beg,
    each seat holding the cards given, ``turnup`` turned up."""
    state = GAME.new(2, {})
    cut = ["Ks", "2h"]
    state = GAME.apply(state, {"type": "deal", "deck": cut + [c for c in pack(52) if c not in cut]})
    assert state["dealer"] == 0
    rest = [c for c in pack(52) if c not in {*eldest_hand, *dealer_hand, turnup}]
    random.Random(seed).shuffle(rest)
    hands = {1: list(eldest_hand), 0: list(dealer_hand)}
    deck = [card for packet in (0, 3) for s in (1, 0) for card in hands[s][packet : packet + 3]]
    return GAME.apply(state, {"type": "deal", "deck": deck + [turnup] + rest})


def jack_under_the_ace() -> dict:
    """Clubs are trumps; the eldest leads the trump ace and the dealer, to follow, holds
    the trump jack and the trump two."""
    state = dealt(["Ac", "9d", "7h", "8s", "4d", "3h"], ["Jc", "2c", "Kd", "Td", "5s", "6h"], "Qc")
    state = GAME.apply(state, {"type": "stand"})
    state = GAME.apply(state, {"type": "play", "card": "Ac"})
    assert state["actor"] == 0
    assert sorted(a["card"] for a in GAME.legal_actions(state)) == ["2c", "Jc"]
    return state


def discard_view() -> dict:
    """A seat about to put three cards aside after the pack was run (a seeded game)."""
    return seat_view("all-fours", 2, 5, lambda v: v["phase"] == "discard")


def appraise(view, seed=1, also=None):
    return GAME.appraise(view, random.Random(seed), also)


def value_of(appraisal, action) -> float:
    [value] = [e["value"] for e in appraisal["values"] if e["action"] == action]
    return value


def check_reason(appraisal) -> dict:
    reason = dict(appraisal["reason"])
    assert reason.pop("code") == "advice.win_chance"
    assert set(reason) == set(ADVICE_REASONS["advice.win_chance"])
    assert 0 <= reason["chance"] <= 1
    return reason


@pytest.mark.parametrize("seed", [1, 2])
def test_giving_the_trump_jack_to_the_ace_is_valued_below_the_best(seed):
    view = GAME.view(jack_under_the_ace(), 0)
    jack = {"type": "play", "card": "Jc"}
    appraisal = appraise(view, seed, also=jack)
    assert appraisal["action"] == {"type": "play", "card": "2c"}
    # the jack's point goes to the ace: a loss a review marks
    assert appraisal["values"][0]["value"] - value_of(appraisal, jack) > GAME.review_threshold
    reason = check_reason(appraisal)
    assert reason["chance"] == pytest.approx(appraisal["values"][0]["value"], abs=1e-3)


POSITIONS = {
    "beg": lambda: seat_view("all-fours", 2, 5, lambda v: v["phase"] == "beg"),
    "discard": discard_view,
    "play": lambda: GAME.view(jack_under_the_ace(), 0),
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("decision", sorted(POSITIONS))
def test_the_appraisal_plays_what_the_maitre_plays(decision, seed):
    view = POSITIONS[decision]()
    expected = GAME.bot_action(view, random.Random(seed), "maitre")
    appraisal = appraise(view, seed)
    assert appraisal["action"] == expected
    assert appraisal["values"][0]["action"] == expected
    check_reason(appraisal)


def test_a_discard_the_maitre_would_not_weigh_is_valued_on_the_same_deals():
    view = discard_view()
    trumps = [c for c in view["hand"] if c[1] == view["trump"]]
    # the trumps (the two among them: the Low point) and the queen put aside
    also = {"type": "discard", "cards": [*trumps, "Qh"][:3]}
    assert len(also["cards"]) == 3 and len(trumps) == 2
    alone = appraise(view)
    assert not any(sorted(e["action"]["cards"]) == sorted(also["cards"]) for e in alone["values"])
    appraisal = appraise(view, also=also)
    assert appraisal["action"] == alone["action"]
    # the same imagined deals: the maître's candidates keep their values to the last digit
    assert [e for e in appraisal["values"] if e["action"] != also] == alone["values"]
    assert value_of(appraisal, also) < appraisal["values"][0]["value"]
    # the same discard in another order is the same action: not valued twice
    again = appraise(view, also={"type": "discard", "cards": list(reversed(also["cards"]))})
    assert len(again["values"]) == len(appraisal["values"])


def test_values_are_best_first():
    view = GAME.view(jack_under_the_ace(), 0)
    values = [e["value"] for e in appraise(view)["values"]]
    assert values == sorted(values, reverse=True) and len(values) == 2


def test_no_appraisal_without_a_choice():
    state = jack_under_the_ace()
    state = GAME.apply(state, {"type": "play", "card": "2c"})
    # the eldest took the trick and leads: the dealer waits
    assert GAME.appraise(GAME.view(state, 0), random.Random(1)) is None
    def forced(view):
        return view["phase"] == "play" and len(view["legal_actions"]) == 1

    view = seat_view("all-fours", 2, 5, forced)
    assert GAME.appraise(view, random.Random(1)) is None


def test_the_game_declares_its_appraisal_scale():
    assert GAME.appraisal_unit == "win_chance"
    assert 0 < GAME.review_threshold < 0.5
