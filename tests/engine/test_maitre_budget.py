"""The maîtres budget their search by work, not by the clock (issue 32, point 4).

A maître that stopped on a wall clock played weaker on a busy server: fewer imagined deals
in its 50–80 ms. Now each decision is a function of the view and the rng only: the same
action, after the same imagined deals (the same draws from the rng, the same cards tried),
whether the clock runs normally or as on a machine several times slower. Only a safety
stop (``cardgames.budget.SAFETY_SECONDS``) reads the clock, and no case here reaches it.
"""

from __future__ import annotations

import random
import time

import pytest

from cardgames import get_game
from cardgames.remigio import search as remigio_search
from tests.support.positions import seat_view

# Each clock read jumps this far: an imagined deal (0.2–0.7 ms of CPU on a quiet machine)
# seen to take 2 ms or more, as on a machine 3–10 times slower. The old searches (50–80 ms
# budgets) stopped after a few dozen deals; a work budget reads the clock at most a few
# hundred times a decision, so it stays short of the 2 s safety stop.
STEP = 0.002


@pytest.fixture
def slow_clock(monkeypatch):
    """Make the clocks a search could read run STEP seconds per read."""

    def install():
        now = [time.perf_counter()]

        def tick():
            now[0] += STEP
            return now[0]

        monkeypatch.setattr(time, "perf_counter", tick)
        monkeypatch.setattr(time, "monotonic", tick)

    return install


def decide(slug: str, view: dict, seed: int, calls: list | None = None) -> tuple:
    """The maître's action, the rng's state after it, and the cards tried (Remigio)."""
    if calls is not None:
        calls.clear()
    rng = random.Random(seed)
    action = get_game(slug).bot_action(view, rng, "maitre")
    return action, rng.getstate(), len(calls) if calls is not None else None


def assert_same_when_slow(slug, view, slow_clock, calls=None):
    """The same decisions (two seeds) with the clock running normally, then slowly."""
    quiet = [decide(slug, view, seed, calls) for seed in (1, 2)]
    slow_clock()
    assert [decide(slug, view, seed, calls) for seed in (1, 2)] == quiet


def playing(view, cards: int) -> bool:
    """A card to choose, among several, from a hand of ``cards``."""
    return view["phase"] == "play" and len(view["hand"]) == cards and len(view["legal_actions"]) > 1


@pytest.mark.parametrize("phase", ["bid", "play"])
def test_the_ascenseur_maitre_decides_the_same_on_a_slow_clock(phase, slow_clock):
    def wanted(view):
        if view["size"] != 5:
            return False
        if phase == "bid":
            return view["phase"] == "bid" and len(view["legal_actions"]) >= 3
        return playing(view, 4)

    view = seat_view("ascenseur", 4, 3, wanted)
    assert_same_when_slow("ascenseur", view, slow_clock)


@pytest.mark.parametrize("phase", ["beg", "play"])
def test_the_all_fours_maitre_decides_the_same_on_a_slow_clock(phase, slow_clock):
    def wanted(view):
        if phase == "beg":
            return view["phase"] == "beg"
        return playing(view, 3)

    view = seat_view("all-fours", 2, 5, wanted)
    assert_same_when_slow("all-fours", view, slow_clock)


def test_the_ambigu_maitre_decides_the_same_on_a_slow_clock(slow_clock):
    view = seat_view("ambigu", 4, 0, lambda v: v["phase"] == "renvis" and v["legal_actions"])
    assert_same_when_slow("ambigu", view, slow_clock)


def test_the_remigio_maitre_decides_the_same_on_a_slow_clock(slow_clock, monkeypatch):
    calls = []
    counted = remigio_search.count_after_drawing

    def count_after_drawing(*args):
        calls.append(args[3])
        return counted(*args)

    monkeypatch.setattr(remigio_search, "count_after_drawing", count_after_drawing)

    def wanted(view):
        return view["phase"] == "discard" and view["turns"] >= 4

    view = seat_view("remigio", 4, 0, wanted, {"max_rounds": 1})
    assert_same_when_slow("remigio", view, slow_clock, calls)
