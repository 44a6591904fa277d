"""Remigio selfplay: 500 complete matches through the contract checker (which also asserts
the scoring modes and round endings random play reaches), a quick bare loop of 60, and bot
matches."""

import random
import time

import pytest

from cardgames import replay
from cardgames.remigio.game import GAME
from cardgames.selfplay import run
from tests.support.marks import ENGINE_SOAK
from tests.support.playing import bots_at, play_out


def play_match(rng, bots=()):
    options = GAME.random_options(rng)
    low, high = GAME.seat_range(options)
    seats = rng.randint(low, high)
    state = GAME.new(seats, options)
    log = []

    def sound_between_rounds(before, action, after):
        if after["phase"] in ("deal", "over"):
            assert GAME.check_invariants(after) == [], GAME.check_invariants(after)

    state = play_out(GAME, state, rng, choose=bots_at(GAME, set(bots)),
                     each=sound_between_rounds, log=log)
    assert replay(GAME, seats, options, None, log) == state
    return state


# The slow checks' 500 matches go through the selfplay checker below, which checks the
# same invariants at every step and replays each match: the same scoring modes and round
# endings are asserted there, once.
@pytest.mark.parametrize("matches", [60], ids=["quick"])
def test_random_matches_end_with_a_sound_result(matches):
    rng = random.Random(2024)
    started = time.perf_counter()
    modes = set()
    kinds = set()
    for _ in range(matches):
        state = play_match(rng)
        result = GAME.result(state)
        assert result["winners"]
        assert len(result["scores"]) == state["seats"]
        modes.add(result["scoring"])
        kinds.add(state["last"]["kind"])
    seconds = time.perf_counter() - started
    print(f"{matches} random Remigio matches in {seconds:.1f} s")
    assert modes == {"elimination", "payment"}
    assert "void" in kinds


def test_bot_matches_close_rounds_in_both_scoring_modes():
    rng = random.Random(7)
    modes = set()
    closings = set()
    for _ in range(24):
        state = play_match(rng, bots=range(8))
        modes.add(state["result"]["scoring"])
        closings.add(state["last"]["kind"])
    assert modes == {"elimination", "payment"}
    assert closings & {"plain", "couleur", "sequence", "remigio", "five_pairs"}


# Eight matches in `make test`; with the slow checks, 500 in eight seeded chunks that
# pytest-xdist spreads over the workers (small enough that the run's end stays balanced).
CHUNKS = [(seed, 63 if seed < 12 else 59) for seed in range(5, 13)]
assert sum(matches for _, matches in CHUNKS) == 500


@pytest.mark.parametrize(
    "seed, matches",
    [(4, 8)] + [pytest.param(seed, matches, marks=ENGINE_SOAK) for seed, matches in CHUNKS],
)
def test_the_selfplay_checker_passes_on_random_matches(seed, matches):
    scorings, closings = [], []

    def reached(state):
        scorings.append(GAME.result(state)["scoring"])
        closings.append(state["last"]["kind"])

    summary = run("remigio", matches, seed=seed, on_game=reached)
    assert summary["violations"] == 0, summary["first_violations"]
    assert sum(summary["games_by_seat_count"].values()) == matches
    if matches >= 50:  # a long chunk reaches both scoring modes and a void round
        assert set(scorings) == {"elimination", "payment"}, set(scorings)
        assert "void" in closings


def test_the_selfplay_checker_passes_on_bot_matches():
    summary = run("remigio", 4, seed=6, all_bots=True)
    assert summary["violations"] == 0, summary["first_violations"]
