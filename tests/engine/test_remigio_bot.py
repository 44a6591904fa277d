"""The Remigio bot: it decides from its view only, closes, draws usefully, beats random play."""

import os
import random
import sys

from cardgames.melds import Rules
from cardgames.remigio.bot import best_discard, no_joker_outs
from cardgames.remigio.game import GAME

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))


def view_for(hand, discard_top="Kd.2", phase="discard", closings=(), **extra):
    options = GAME.resolve_options({})
    legal = (
        [{"type": "draw", "from": "stock"}, {"type": "draw", "from": "discard"}]
        if phase == "draw"
        else [{"type": "discard", "card": c} for c in sorted(hand)]
        + [{"type": "close", "card": c["card"]} for c in closings]
    )
    view = {
        "options": options,
        "phase": phase,
        "hand": sorted(hand),
        "discard_top": discard_top,
        "legal_actions": legal,
        "closings": list(closings),
        "turns": 0,
        "out": [False] * 4,
        "stock_count": 60,
    }
    view.update(extra)
    return view


MELDED9 = ["Ac.1", "2c.1", "3c.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1"]


def test_the_bot_closes_when_it_can():
    hand = MELDED9 + ["Ts.1", "Kd.2"]
    closings = [{"card": "Kd.2", "kind": "plain", "multiplier": 2}]
    action = GAME.bot_action(view_for(hand, closings=closings), random.Random(1))
    assert action == {"type": "close", "card": "Kd.2"}


def test_the_bot_takes_the_discard_that_lets_it_close():
    hand = MELDED9 + ["5d.1"]
    view = view_for(hand, discard_top="Ts.2", phase="draw")
    assert GAME.bot_action(view, random.Random(1)) == {"type": "draw", "from": "discard"}


def test_the_bot_draws_from_the_stock_when_the_discard_does_not_help():
    hand = MELDED9 + ["5d.1"]
    view = view_for(hand, discard_top="8c.2", phase="draw")
    assert GAME.bot_action(view, random.Random(1)) == {"type": "draw", "from": "stock"}


def test_the_bot_discards_the_card_that_lowers_its_count_most_and_keeps_jokers():
    hand = MELDED9[:6] + ["Kd.1", "4h.1", "Xr.1", "7c.2", "2s.2"]
    count, card = best_discard(hand, Rules())
    assert card == "Kd.1"
    action = GAME.bot_action(view_for(hand), random.Random(1))
    assert action == {"type": "discard", "card": "Kd.1"}


def test_no_joker_outs_counts_the_faces_that_replace_a_joker():
    kept = ["Ac.1", "2c.1", "Xr.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1", "Ts.1"]
    assert no_joker_outs(kept, Rules()) == 1  # only the three of clubs (A-2-3)


def test_the_bot_beats_random_players_by_a_clear_margin():
    from bench.engine_remigio import bot_versus_random

    report = bot_versus_random(40, random.Random(3))
    print(report)
    assert report["bot_share_of_decided_rounds"] > 0.6  # fair share 0.25
    assert report["bot_mean_points_per_round"] < report["random_mean_points_per_round"]
