"""What chained games tell a cash table about their chips (``Game.chips``,
cardgames/chips.py): it agrees with the rules, and the chips it counts are conserved."""

import random

import pytest

from cardgames import CHANCE, available_games, get_game
from cardgames.chips import ChipRules
from cardgames.core import concrete
from cardgames.ramponneau.chips import big_blind_seat

CHIP_GAMES = [slug for slug, game in available_games().items() if game.chips is not None]


def test_the_chip_games_are_chained_and_declare_their_chips():
    assert CHIP_GAMES  # Ramponneau and Ambigu today
    for slug in CHIP_GAMES:
        game = get_game(slug)
        assert game.chained and isinstance(game.chips, ChipRules), slug


def _cash_table_hand(game, rng, seats, options, kept):
    """A hand dealt as a cash table deals it: caves as stacks, some seats empty, after
    what the table ``kept`` of its last hand (None: its first)."""
    unit = game.chips.cave_unit(options)
    stacks = [rng.randint(20, 100) * unit if rng.random() < 0.8 else None for _ in range(seats)]
    while sum(1 for s in stacks if s) < 2:
        stacks[rng.randrange(seats)] = 50 * unit
    carry = game.chips.deal_carry(stacks, kept)
    return carry, game.new(seats, options, carry)


def _play_out(game, state, rng, check):
    while game.actor(state) is not None:
        check(state)
        if game.actor(state) == CHANCE:
            action = game.chance_action(state, rng)
        else:
            action = concrete(rng.choice(game.legal_actions(state)), rng)
        state = game.apply(state, action)
    check(state)
    return state


@pytest.mark.parametrize("slug", CHIP_GAMES)
def test_the_chips_on_the_table_are_those_the_hand_was_dealt_with(slug):
    game, rng = get_game(slug), random.Random(18)
    for _ in range(20):
        seats = rng.randint(2, min(game.max_seats, 6))
        options, kept, left_on_table = game.random_options(rng), None, 0
        for _hand in range(2):  # a table's first hand, then one after it
            carry, state = _cash_table_hand(game, rng, seats, options, kept)
            brought = sum(s for s in carry["stacks"] if s) + left_on_table

            def conserved(state, brought=brought):
                assert game.chips.on_table(state) == brought

            final = _play_out(game, state, rng, conserved)
            taken_back = sum(game.chips.final_stacks(final).values())
            assert taken_back + game.chips.rake(final) + game.chips.carried(final) == brought
            assert set(game.chips.final_stacks(final)) == set(game.chips.dealt(final))
            for seat in range(seats):
                in_hand = game.chips.chips_in_hand(final, seat)
                assert (in_hand is None) == (seat not in game.chips.dealt(final))
            assert set(game.chips.winners(final)) <= set(game.chips.dealt(final))
            kept, left_on_table = game.chips.kept(final), game.chips.carried(final)


@pytest.mark.parametrize("slug", CHIP_GAMES)
def test_a_cash_table_carry_turns_off_chips_the_game_would_add(slug):
    game = get_game(slug)
    options = game.resolve_options({})
    stacks = [game.chips.cave_unit(options) * 20, None, game.chips.cave_unit(options) * 30]
    state = game.new(3, options, game.chips.deal_carry(stacks, None))
    assert sorted(game.chips.dealt(state)) == [0, 2]
    if slug == "ambigu":
        assert not state["recave_open"] and state["debts"] == []


def test_ramponneau_waiting_players_are_dealt_in_where_the_engine_puts_the_big_blind():
    game, rng = get_game("ramponneau"), random.Random(7)
    for _ in range(300):
        seats = rng.randint(2, 10)
        dealt = sorted(rng.sample(range(seats), rng.randint(2, seats)))
        button = rng.randrange(seats)
        stacks = [100 if s in dealt else None for s in range(seats)]
        state = game.new(seats, {"small_blind": 1, "big_blind": 2},
                         {"stacks": stacks, "button": button})
        assert big_blind_seat(dealt, button, seats) == state["bb_seat"]
        newcomer = dealt[-1]
        active = dealt[:-1]
        if len(active) >= 2:
            assert game.chips.blind_reaches(newcomer, active, {"button": button}, seats) == (
                state["bb_seat"] == newcomer)


def test_ramponneau_keeps_the_button_and_the_statistics_for_the_next_hand_and_ambigu_its_pots():
    ramponneau, ambigu = get_game("ramponneau"), get_game("ambigu")
    rng = random.Random(3)
    state = _play_out(ramponneau, ramponneau.new(3, {}, {"stacks": [50, 50, 50], "button": 1}),
                      rng, lambda s: None)
    kept = ramponneau.chips.kept(state)
    assert set(kept) == {"button", "stats"}
    assert [seat["hands"] for seat in kept["stats"]] == [1, 1, 1]
    assert ramponneau.chips.deal_carry([50, None, 50], kept)["stats"] == kept["stats"]
    state = _play_out(ambigu, ambigu.new(3, {}, ambigu.chips.deal_carry([30, 30, 30], None)),
                      rng, lambda s: None)
    kept = ambigu.chips.kept(state)
    assert set(kept) == {"dealer", "poule", "batterie"}
    assert kept["poule"] + kept["batterie"] == ambigu.chips.carried(state)
