"""Remigio bots: they close, take the card that closes, count dead cards (no waiting for
cards in the pile, no feeding live partners), and play a legal action from every level."""

import random

import pytest

from cardgames import CHANCE
from cardgames.core import BOT_LEVELS, concrete
from cardgames.melds import Rules
from cardgames.remigio.game import GAME, closing_discards
from cardgames.remigio.hand import best_discard

MELDED9 = ["Ac.1", "2c.1", "3c.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1"]


def view_for(hand, phase="discard", discard_top="Kd.2", pile=(), **extra):
    """A seat's view with ``hand`` at four seats, mid-round."""
    options = GAME.resolve_options({})
    if phase == "draw":
        legal = [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}]
        closings = []
    else:
        found = closing_discards(sorted(hand), Rules.from_options(options), options["special"])
        closings = [{"card": c, "kind": k, "multiplier": m} for c, k, m in found]
        legal = [{"type": "discard", "card": c} for c in sorted(hand)]
        legal += [{"type": "close", "card": c["card"]} for c in closings]
    view = {
        "options": options,
        "seats": 4,
        "phase": phase,
        "hand": sorted(hand),
        "discard_top": discard_top,
        "pile_faces": [*pile, discard_top[:2]] if discard_top else list(pile),
        "legal_actions": legal,
        "closings": closings,
        "turns": 20,
        "out": [False] * 4,
        "stock_count": 40,
    }
    view.update(extra)
    return view


@pytest.mark.parametrize("level", ["habitue", "maitre"])
def test_the_bot_closes_when_it_can(level):
    view = view_for(MELDED9 + ["Ts.1", "Kd.2"])
    assert GAME.bot_action(view, random.Random(1), level) == {"type": "close", "card": "Kd.2"}


@pytest.mark.parametrize("level", ["habitue", "maitre"])
def test_the_bot_takes_the_discard_that_lets_it_close(level):
    view = view_for(MELDED9 + ["5d.1"], phase="draw", discard_top="Ts.2")
    assert GAME.bot_action(view, random.Random(1), level) == {"type": "draw", "from": "discard"}


def test_the_maitre_waits_for_a_doubled_closing_only_while_the_cards_for_it_are_live():
    # Closable with the joker (x1); a three or a six of clubs would close without it (x2).
    hand = ["4c.1", "5c.1", "Xr.1", *MELDED9[3:], "Ts.1", "8d.1"]
    live = view_for(hand)
    assert GAME.bot_action(live, random.Random(1), "maitre") == {"type": "discard", "card": "8d.1"}
    dead = view_for(hand, pile=["3c", "3c", "6c", "6c"])
    assert GAME.bot_action(dead, random.Random(1), "maitre") == {"type": "close", "card": "8d.1"}


@pytest.mark.parametrize("level", ["habitue", "maitre"])
def test_a_bot_waiting_for_a_doubled_closing_draws_the_stock_unless_the_top_doubles_it(level):
    # Melded with the joker (4-5-joker of clubs); the pile's eight of diamonds adds nothing
    # (the first bots took it and threw it back, never drawing the stock's chance), the
    # three of clubs closes without the joker.
    hand = ["4c.1", "5c.1", "Xr.1", *MELDED9[3:], "Ts.1"]
    useless = view_for(hand, phase="draw", discard_top="8d.2")
    assert GAME.bot_action(useless, random.Random(1), level) == {"type": "draw", "from": "stock"}
    doubling = view_for(hand, phase="draw", discard_top="3c.2")
    assert GAME.bot_action(doubling, random.Random(1), level) == {
        "type": "draw",
        "from": "discard",
    }


def test_the_maitre_discards_the_card_whose_partners_are_dead():
    # Two kings left over, worth the same: the king of hearts can meet nothing (its
    # neighbours and the clubs kings are in the pile), the king of diamonds still can.
    hand = [*MELDED9[:6], "5d.1", "6d.1", "7d.1", "Kh.1", "Kd.1"]
    pile = ["Qh", "Qh", "Jh", "Jh", "Kc", "Kc"]
    view = view_for(hand, discard_top=None, pile=pile)
    view["pile_faces"] = pile
    assert best_discard(hand, Rules())[0] == 10  # either king leaves ten
    assert GAME.bot_action(view, random.Random(1), "maitre") == {"type": "discard", "card": "Kh.1"}


def random_views(count: int, seed: int):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        options = GAME.random_options(rng)
        low, high = GAME.seat_range(options)
        state = GAME.new(rng.randint(low, min(high, 5)), options)
        for _ in range(rng.randint(1, 80)):
            if state["actor"] is None:
                break
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
            else:
                state = GAME.apply(state, concrete(rng.choice(GAME.legal_actions(state)), rng))
        if isinstance(state["actor"], int):
            found.append((state, GAME.view(state, state["actor"])))
    return found


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_plays_a_legal_action_from_random_positions(level):
    for number, (state, view) in enumerate(random_views(20, seed=4)):
        action = GAME.bot_action(view, random.Random(number), level)
        assert GAME.can_apply(state, action) is None, (view, action)
