"""Ramponneau hands exported as PHH replay in PokerKit to the same final stacks, and
PokerKit agrees with our legal bets at every decision (min raise, reopening, all-ins)."""

from __future__ import annotations

import random
import tomllib
import warnings

import pytest

from cardgames.core import CHANCE, concrete
from cardgames.ramponneau.game import GAME
from cardgames.selfplay import run

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import HandHistory  # noqa: E402
from pokerkit.notation import parse_action  # noqa: E402


def floor_rake(amount, state, percent=0, no_flop_no_drop=False):
    """Our rake as a PokerKit rake function: a floored percentage of each pot."""
    if no_flop_no_drop and not any(state.board_cards):
        return 0, amount
    raked = amount * percent // 100
    return raked, amount - raked


def load(text: str) -> HandHistory:
    meta = tomllib.loads(text)
    assert not (meta["_rake_cap"] and meta["_rake"]), "PokerKit caps each pot, we cap the hand"

    def rake(amount, state):
        return floor_rake(amount, state, meta["_rake_percent"], meta["_no_flop_no_drop"])

    return HandHistory.loads(text, rake=rake)


def advance(state) -> None:
    """One of PokerKit's bookkeeping steps that a PHH file leaves implicit."""
    if state.can_collect_bets():
        state.collect_bets()
    elif state.can_burn_card():
        state.burn_card("??")
    elif state.can_select_runout_count():
        state.select_runout_count()
    elif state.can_kill_hand():
        state.kill_hand()
    elif state.can_push_chips():
        state.push_chips()
    elif state.can_pull_chips():
        state.pull_chips()
    else:
        raise AssertionError("PokerKit is stuck")


def our_limits(state):
    """(call amount or 0, (min, max) of a bet/raise or None) from our legal actions."""
    calling, bounds = 0, None
    for entry in GAME.legal_actions(state):
        if entry["type"] == "call":
            calling = entry["amount"]
        if entry["type"] in ("bet", "raise"):
            bounds = (entry["min"], entry["max"])
    return calling, bounds


def random_hand(rng):
    """A hand with random stacks (many short) and random, fairly aggressive players."""
    seats = rng.randint(2, 10)
    big = rng.choice([2, 10, 20])
    stacks = [
        rng.choice([None, 0, 1, big // 2 + 1, 3 * big, 12 * big, 40 * big, 150 * big])
        for _ in range(seats)
    ]
    for s in rng.sample(range(seats), 2):
        stacks[s] = stacks[s] or rng.randint(1, 60 * big)
    options = {
        "small_blind": big // 2,
        "big_blind": big,
        "rake_percent": rng.choice([0, 0, 5, 10]),
        "rake_cap": 0,
        "no_flop_no_drop": rng.choice([True, False]),
    }
    carry = {"stacks": stacks, "button": rng.randrange(seats)}
    state = GAME.new(seats, options, carry)
    log, limits = [], []
    while state["actor"] is not None:
        if state["actor"] == CHANCE:
            action = GAME.chance_action(state, rng)
        else:
            legal = GAME.legal_actions(state)
            if state["phase"] == "bet":
                limits.append(our_limits(state))
                weights = [{"fold": 1, "check": 4, "call": 4}.get(e["type"], 3) for e in legal]
                entry = rng.choices(legal, weights)[0]
            else:
                entry = rng.choice(legal)
            action = concrete(entry, rng)
            if "min" in entry and rng.random() < 0.5:
                action["amount"] = rng.choice([entry["min"], entry["max"]])
        log.append(action)
        state = GAME.apply(state, action)
    return seats, options, carry, log, state, limits


def replay_in_pokerkit(text: str, limits: list) -> list[int]:
    """Replay a PHH file in PokerKit, checking its betting limits against ours."""
    history = load(text)
    state = history.create_state()
    decisions = iter(limits)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for line in history.actions:
            words = line.split()
            if words[0] != "d" and words[1] in ("f", "cc", "cbr"):
                while state.actor_index is None:
                    advance(state)
                assert state.actor_index == int(words[0][1:]) - 1
                calling, bounds = next(decisions)
                assert (state.checking_or_calling_amount or 0) == calling, line
                theirs = (
                    state.min_completion_betting_or_raising_to_amount,
                    state.max_completion_betting_or_raising_to_amount,
                )
                assert (theirs if theirs[0] is not None else None) == bounds, line
            while True:
                try:
                    parse_action(state, line)
                    break
                except ValueError:
                    advance(state)
        while state.status:
            advance(state)
    assert next(decisions, None) is None  # every decision of ours was compared
    return list(state.stacks)


def test_pokerkit_replays_random_hands_with_side_pots_and_all_ins_to_the_same_stacks():
    rng = random.Random(2024)
    side_pots = all_ins = 0
    for _ in range(300):
        seats, options, carry, log, final, limits = random_hand(rng)
        text = GAME.export_phh(seats, options, carry, log)
        assert replay_in_pokerkit(text, limits) == [final["stacks"][s] for s in final["order"]]
        side_pots += len(GAME.result(final)["pots"]) > 1
        all_ins += any(final["shown"])
    assert side_pots > 10 and all_ins > 50


def test_selfplay_exports_phh_files_that_pokerkit_replays_identically(tmp_path):
    summary = run("ramponneau", 150, seed=7, export_phh=str(tmp_path))
    assert summary["violations"] == 0
    files = sorted(tmp_path.glob("*.phh"))
    assert len(files) == 150
    checked = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        meta = tomllib.loads(text)
        if meta["_rake_cap"] and meta["_rake"]:
            continue  # PokerKit has no per-hand cap
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            states = list(load(text))
        assert list(states[-1].stacks) == meta["finishing_stacks"], path.name
        checked += 1
    assert checked > 100


def test_the_phh_file_names_the_variant_blinds_stacks_and_every_action():
    seats, options, carry, log, final, _ = random_hand(random.Random(5))
    meta = tomllib.loads(GAME.export_phh(seats, options, carry, log))
    assert meta["variant"] == "NT" and meta["min_bet"] == options["big_blind"]
    assert meta["blinds_or_straddles"][:2] == [options["small_blind"], options["big_blind"]]
    assert meta["starting_stacks"] == [final["start"][s] for s in final["order"]]
    assert sum(a.startswith("d dh") for a in meta["actions"]) == len(final["order"])
