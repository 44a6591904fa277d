"""Actions carry exactly the keys of their type; anything else is refused (docs/engine.md)."""

import random

import pytest

from cardgames import SLUGS, get_game
from cardgames.core import CHANCE, Game, IllegalAction, concrete, is_amount

JUNK = {"x": float("nan")}
BIG = {"note": "j" * 8192}


def walk(slug, steps=60, seed=3):
    """(state, concrete legal action) pairs along a random game, chance steps included."""
    game = get_game(slug)
    rng = random.Random(seed)
    options = game.random_options(rng)
    low, high = game.seat_range(options)
    state = game.new(rng.randint(low, high), options)
    for _ in range(steps):
        actor = game.actor(state)
        if actor is None:
            return
        if actor == CHANCE:
            action = game.chance_action(state, rng)
        else:
            action = concrete(rng.choice(game.legal_actions(state)), rng)
        yield state, action
        state = game.apply(state, action)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_action_with_an_unknown_key_is_refused_as_malformed(slug):
    game = get_game(slug)
    checked = set()
    for state, action in walk(slug):
        for extra in (JUNK, BIG):
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, action | extra)
            assert refused.value.rule == f"{slug}.malformed"
            assert refused.value.params["unknown"]
        game.apply(state, action)  # and without it, it is legal
        checked.add(action["type"])
    assert len(checked) >= 2


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_declares_the_keys_of_each_of_its_actions(slug):
    game = get_game(slug)
    assert "deal" in game.action_keys
    for _state, action in walk(slug, steps=40, seed=5):
        assert action["type"] in game.action_keys
        assert set(action) - {"type"} <= set(game.action_keys[action["type"]])


def test_check_keys_names_the_unknown_field_and_ignores_unknown_types():
    game = Game(slug="demo", action_keys={"bid": ("tricks",)})
    game.check_keys({"type": "bid", "tricks": 1})
    game.check_keys({"type": "other", "x": 1})  # apply refuses it with its own rule
    game.check_keys({"type": ["not", "hashable"], "x": 1})
    game.check_keys({"nonsense": 1})
    with pytest.raises(IllegalAction) as refused:
        game.check_keys({"type": "bid", "tricks": 1, "y" * 100: 2})
    assert refused.value.rule == "demo.malformed"
    assert refused.value.params == {"unknown": ["y" * 20]}


def test_amounts_are_ints_never_bools_or_floats():
    assert is_amount(20) and is_amount(0)
    assert not any(is_amount(v) for v in (20.0, True, False, "20", None, float("nan")))


def _first(slug, wanted, seed_range=range(40)):
    """A state where the actor may play an action of type `wanted`, and that entry."""
    game = get_game(slug)
    for seed in seed_range:
        for state, _action in walk(slug, steps=80, seed=seed):
            if game.actor(state) == CHANCE:
                continue
            for entry in game.legal_actions(state):
                if entry["type"] == wanted:
                    return game, state, entry
    pytest.skip(f"no {wanted} found")


def test_ramponneau_refuses_a_float_or_bool_call_amount():
    game, state, entry = _first("ramponneau", "call")
    amount = entry["amount"]
    game.apply(state, {"type": "call", "amount": amount})
    game.apply(state, {"type": "call"})
    for bad in (float(amount), True if amount == 1 else float("nan"), str(amount)):
        with pytest.raises(IllegalAction) as refused:
            game.apply(state, {"type": "call", "amount": bad})
        assert refused.value.rule == "ramponneau.call-amount"


@pytest.mark.parametrize(
    "slug, kind", [("ramponneau", "raise"), ("ramponneau", "bet"), ("ambigu", "vade"),
                   ("ambigu", "renvi")],
)
def test_float_amounts_are_refused(slug, kind):
    game, state, entry = _first(slug, kind)
    game.apply(state, {"type": kind, "amount": entry["min"]})
    for bad in (float(entry["min"]), True):
        with pytest.raises(IllegalAction):
            game.apply(state, {"type": kind, "amount": bad})


def test_ascenseur_refuses_float_tricks():
    game, state, entry = _first("ascenseur", "bid")
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, {"type": "bid", "tricks": float(entry["tricks"])})
    assert refused.value.rule == "ascenseur.malformed"
