"""The maître's appraisal of a L'Ascenseur decision (``Game.appraise``): the maître's own
action, the actions it weighed and the one asked about valued on the same imagined deals,
a plainly bad card valued below the best, and a reason in the shared vocabulary."""

from __future__ import annotations

import random

import pytest

from cardgames import CHANCE
from cardgames.ascenseur.game import DECK, GAME
from cardgames.core import ADVICE_REASONS

SEATS = 4


def at_deal(index: int, options=None) -> dict:
    """The state waiting for the shuffle of deal ``index`` (index + 1 cards a hand)."""
    state = GAME.new(SEATS, options or {})
    rng = random.Random(index)
    while not (state["phase"] == "deal" and state["deal"] == index):
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
        else:
            state = GAME.apply(state, GAME.default_action(state))
    return state


def dealt(index: int, hand: list[str], turnup: str, seed: int = 0, others=(), options=None):
    """Deal ``index`` with ``hand`` for the first bidder (who leads), then ``others`` for the
    next seats if given, ``turnup`` turned up (its suit trumps), the rest shuffled; the
    state at the first bid."""
    state = at_deal(index, options)
    size = state["size"]
    fixed = [list(hand), *map(list, others)]
    rest = [c for c in DECK if c not in sum(fixed, []) and c != turnup]
    random.Random(seed).shuffle(rest)
    hands = fixed + [rest[size * i : size * (i + 1)] for i in range(SEATS - len(fixed))]
    rest = rest[size * (SEATS - len(fixed)) :]
    deck = [hands[i % SEATS][i // SEATS] for i in range(SEATS * size)]
    deck += [turnup] + rest
    return GAME.apply(state, {"type": "deal", "deck": deck})


def bids_made(state: dict, bids: list[int]) -> dict:
    for tricks in bids:
        state = GAME.apply(state, {"type": "bid", "tricks": tricks})
    return state


def view_of_actor(state: dict) -> dict:
    return GAME.view(state, state["actor"])


def appraise(view, seed=1, also=None):
    return GAME.appraise(view, random.Random(seed), also)


def value_of(appraisal, action) -> float:
    [value] = [e["value"] for e in appraisal["values"] if e["action"] == action]
    return value


def check_reason(appraisal):
    reason = dict(appraisal["reason"])
    code = reason.pop("code")
    assert set(reason) == set(ADVICE_REASONS[code])
    return code, reason


def bid_made_last_to_play() -> dict:
    """A two-card deal without the duty to climb: the dealer bid 0 and plays last to a
    trick of hearts holding the king, which takes it for sure, and the two, which loses."""
    state = dealt(
        1,
        ["Qh", "3s"],
        "9c",
        others=[["4h", "5d"], ["6h", "7d"], ["Kh", "2h"]],
        options={"must_climb": False},
    )
    state = bids_made(state, [1, 0, 0, 0])
    for card in ("Qh", "4h", "6h"):
        state = GAME.apply(state, {"type": "play", "card": card})
    assert state["actor"] == state["dealer"] and len(GAME.legal_actions(state)) == 2
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_taking_a_trick_once_the_bid_is_made_is_valued_below_the_best(seed):
    view = view_of_actor(bid_made_last_to_play())
    king = {"type": "play", "card": "Kh"}
    appraisal = appraise(view, seed, also=king)
    assert appraisal["action"] == {"type": "play", "card": "2h"}
    assert [e["action"] for e in appraisal["values"]] == [appraisal["action"], king]
    # the king takes the trick: the bid of 0 is missed for sure, a loss a review marks
    assert appraisal["values"][0]["value"] - value_of(appraisal, king) > GAME.review_threshold
    code, reason = check_reason(appraisal)
    assert code == "advice.exact_bid" and 0 < reason["chance"] < 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_appraisal_plays_what_the_maitre_plays(seed):
    card = view_of_actor(bid_made_last_to_play())
    bid = view_of_actor(dealt(5, ["Ah", "Kh", "Qs", "7d", "4c", "2s"], "9h", seed))
    for view in (card, bid):
        expected = GAME.bot_action(view, random.Random(seed), "maitre")
        assert appraise(view, seed)["action"] == expected
        also = view["legal_actions"][-1]  # valued too, the maître's choice unchanged
        assert appraise(view, seed, also)["action"] == expected


def test_a_bid_the_maitre_would_not_weigh_is_valued_on_the_same_deals():
    # A weak six-card hand: the maître weighs the bids near its estimate (0 to 2 or so),
    # not 6; asked about 6, it values it too, far below the best.
    view = view_of_actor(dealt(5, ["2h", "3h", "4d", "5s", "2s", "3d"], "9c"))
    six = {"type": "bid", "tricks": 6}
    alone = appraise(view)
    assert six not in [e["action"] for e in alone["values"]]
    appraisal = appraise(view, also=six)
    assert appraisal["action"] == alone["action"]
    weighed = {str(e["action"]): e["value"] for e in alone["values"]}
    # the same imagined deals: the maître's candidates keep their values to the last digit
    assert {str(e["action"]): e["value"] for e in appraisal["values"] if e["action"] != six} == (
        weighed
    )
    assert appraisal["values"][0]["value"] - value_of(appraisal, six) > 10
    code, reason = check_reason(appraisal)
    assert code == "advice.bid_tricks" and reason["bid"] == appraisal["action"]["tricks"]
    assert 0 <= reason["tricks"] <= 6


def test_values_are_best_first_and_cover_every_legal_card():
    view = view_of_actor(bids_made(dealt(3, ["Ah", "Th", "7s", "4d"], "Jc"), [2, 1, 1, 1]))
    appraisal = appraise(view)
    values = [e["value"] for e in appraisal["values"]]
    assert values == sorted(values, reverse=True)
    legal = sorted(a["card"] for a in view["legal_actions"])
    assert sorted(e["action"]["card"] for e in appraisal["values"]) == legal


def test_no_appraisal_without_a_choice():
    state = dealt(0, ["Ah"], "9c")  # one card each: a bid of 0 or 1, then one card to play
    state = bids_made(state, [1, 0, 0, 1])
    assert len(GAME.legal_actions(state)) == 1
    assert GAME.appraise(view_of_actor(state), random.Random(1)) is None
    not_to_act = GAME.view(state, (state["actor"] + 1) % SEATS)
    assert GAME.appraise(not_to_act, random.Random(1)) is None


def test_the_game_declares_its_appraisal_scale():
    assert GAME.appraisal_unit == "points"
    assert GAME.review_threshold > 0
