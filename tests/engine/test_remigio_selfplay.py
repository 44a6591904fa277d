"""Remigio selfplay: 500 complete matches through the contract checker, plus a bare loop
that checks the scoring modes and round endings random play reaches, and bot matches."""

import random
import time

import pytest

from cardgames import replay
from cardgames.remigio.game import GAME
from cardgames.selfplay import run
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


@pytest.mark.parametrize(
    "matches", [60, pytest.param(500, marks=pytest.mark.slow)], ids=["quick", "long"]
)
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


# Fifteen matches in `make test`; with the slow checks, 500 in four seeded chunks that
# pytest-xdist spreads over the workers.
@pytest.mark.parametrize(
    "seed, matches",
    [(4, 8)] + [pytest.param(seed, 125, marks=pytest.mark.slow) for seed in (5, 6, 7, 8)],
)
def test_the_selfplay_checker_passes_on_random_matches(seed, matches):
    summary = run("remigio", matches, seed=seed)
    assert summary["violations"] == 0, summary["first_violations"]
    assert sum(summary["games_by_seat_count"].values()) == matches


def test_the_selfplay_checker_passes_on_bot_matches():
    summary = run("remigio", 4, seed=6, all_bots=True)
    assert summary["violations"] == 0, summary["first_violations"]
