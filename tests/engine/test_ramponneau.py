"""Ramponneau (no-limit Texas Hold'em): every rule of issue 5 by name, and the seed's examples."""

from __future__ import annotations

import random

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import CHANCE, BadOptions, IllegalAction, clone, to_json
from cardgames.cards import deck52
from cardgames.ramponneau.game import GAME, compute_pots
from cardgames.selfplay import run
from play.presentation.messages import refusal as refusal_text
from play.presentation.messages import say
from tests.support.marks import ENGINE_SOAK
from tests.support.playing import play_out, random_move

NO_RAKE = {"small_blind": 5, "big_blind": 10, "rake_percent": 0}


def deal(state, holes: dict, board=()):
    """Deal a fixed deck: ``holes`` maps seats to their two cards, ``board`` the 5 cards."""
    used = [c for cards in holes.values() for c in cards] + list(board)
    rest = [c for c in deck52() if c not in used]
    order = state["order"]
    n = len(order)
    deck = [None] * (2 * n)
    for i, seat in enumerate(order):
        cards = holes.get(seat) or [rest.pop(), rest.pop()]
        deck[i], deck[i + n] = cards
    board = list(board) + [rest.pop() for _ in range(5 - len(board))]
    deck += board + rest
    return GAME.apply(state, {"type": "deal", "deck": deck})


def play(state, *actions):
    """Apply actions given as short strings: "check", "fold", "call", "bet 50", "raise 300"."""
    for text in actions:
        kind, _, amount = text.partition(" ")
        action = {"type": kind}
        if amount:
            action["amount"] = int(amount)
        state = GAME.apply(state, action)
    return state


def show_all(state):
    """Every player asked at showdown shows."""
    while state["actor"] is not None and state["phase"] == "showdown":
        state = GAME.apply(state, {"type": "show"})
    return state


def legal_types(state):
    return [a["type"] for a in GAME.legal_actions(state)]


def raise_entry(state):
    return next((a for a in GAME.legal_actions(state) if a["type"] in ("bet", "raise")), None)


def new(stacks, button, **options):
    return GAME.new(len(stacks), NO_RAKE | options, {"stacks": stacks, "button": button})


# ----- the seed's worked examples ----------------------------------------------------------


def heads_up_turn_with_200_in_the_pot():
    """The seed's first example: A and B on the turn, B on the button, 200 in the pot."""
    a, b = 0, 1
    state = new([1000, 1000], button=b, small_blind=10, big_blind=20)
    state = deal(state, {a: ["As", "Kd"], b: ["Qh", "Qc"]}, ["2c", "7d", "9h", "3s", "4c"])
    state = play(state, "call", "check")  # B completes the small blind, A checks: 40
    state = play(state, "bet 80", "call")  # flop: 40 + 160 = 200
    assert state["street"] == 2 and state["pot"] == 200 and state["actor"] == a
    return state, a, b


def test_seed_example_a_bets_50_on_the_turn_and_b_folds():
    state, a, b = heads_up_turn_with_200_in_the_pot()
    state = play(state, "bet 50", "fold")
    assert state["actor"] is None
    # A takes back the 50 and wins the 200 (100 of it was B's).
    assert state["stacks"][a] == 1100 and state["stacks"][b] == 900
    assert GAME.result(state)["scores"] == [100, -100]


def test_seed_example_b_calls_and_the_pot_holds_300_at_the_river():
    state, a, b = heads_up_turn_with_200_in_the_pot()
    state = play(state, "bet 50", "call")
    assert state["street"] == 3 and state["pot"] == 300


def test_seed_example_b_raises_to_300_and_a_may_fold_call_250_or_reraise():
    state, a, b = heads_up_turn_with_200_in_the_pot()
    state = play(state, "bet 50")
    raise_ = raise_entry(state)
    assert raise_ == {"type": "raise", "min": 100, "max": 900}
    state = play(state, "raise 300")
    assert state["actor"] == a
    legal = GAME.legal_actions(state)
    assert {"type": "fold"} in legal and {"type": "call", "amount": 250} in legal
    assert raise_entry(state)["min"] == 550  # a re-raise adds at least B's 250
    folded = play(state, "fold")
    assert folded["stacks"][a] == 1000 - 100 - 50 and folded["stacks"][b] == 1000 + 150
    called = play(state, "call")
    assert called["street"] == 3 and called["pot"] == 800


def test_seed_example_a_may_check_and_b_check_ends_the_round():
    state, a, b = heads_up_turn_with_200_in_the_pot()
    assert "check" in legal_types(state)
    state = play(state, "check", "check")
    assert state["street"] == 3 and state["pot"] == 200


def test_a_raise_must_be_at_least_the_previous_bet_so_after_50_at_least_100():
    state, a, b = heads_up_turn_with_200_in_the_pot()
    state = play(state, "bet 50")
    with pytest.raises(IllegalAction) as refusal:
        play(state, "raise 75")
    assert refusal.value.rule == "ramponneau.min-raise"
    assert play(state, "raise 100")["bets"][b] == 100


def side_pot_example(hands):
    """The seed's side-pot example: A, B, C and D, 330 in the pot at the river, C has 20."""
    a, b, c, d = 0, 1, 2, 3  # D has the button: A is the small blind, B the big blind
    state = new([1000, 1000, 120, 1000], button=d)
    state = deal(state, hands, ["2c", "7d", "9h", "3s", "4h"])
    state = play(state, "call", "call", "call", "check")  # C, D, A call 10; B checks: 40
    # Flop: A and B check, C bets 20, D calls, A raises to 90, B and C call, D folds.
    state = play(state, "check", "check", "bet 20", "call", "raise 90", "call", "call", "fold")
    assert state["committed"] == [100, 100, 100, 30] and state["pot"] == 330
    state = play(state, "check", "check", "check")  # turn
    assert state["street"] == 3 and state["stacks"][c] == 20
    state = play(state, "bet 50", "call")  # river: A bets 50, B calls
    assert legal_types(state) == ["fold", "call"]  # C can only call all-in for 20
    assert GAME.legal_actions(state)[1] == {"type": "call", "amount": 20}
    return play(state, "call"), (a, b, c, d)


def test_seed_side_pot_example_main_pot_390_and_side_pot_60_for_a_and_b():
    hands = {0: ["Ad", "Jd"], 1: ["Kc", "Kd"], 2: ["9c", "9d"], 3: ["Qs", "Js"]}
    state, (a, b, c, d) = side_pot_example(hands)
    assert state["actor"] is None  # A (ace high) showed first; B and C were not beaten
    pots = GAME.result(state)["pots"]
    # C's trips win the main pot; the side pot C cannot touch goes to B's kings.
    assert [(p["amount"], p["winners"]) for p in pots] == [(390, [c]), (60, [b])]
    assert compute_pots(state) == [
        {"amount": 390, "eligible": [a, b, c]},
        {"amount": 60, "eligible": [a, b]},
    ]
    assert state["stacks"] == [850, 850 + 60, 390, 970]


def test_an_all_in_player_wins_only_what_they_matched():
    hands = {0: ["Kc", "5d"], 1: ["Qc", "Qd"], 2: ["9c", "9d"], 3: ["As", "Js"]}
    state, (a, b, c, d) = side_pot_example(hands)
    assert state["stacks"][c] == 390  # not the 450 on the table


def test_pots_won_by_the_same_players_are_paid_as_one_pot():
    # As PokerKit does: A wins both pots, which are paid (and raked) as one 450 pot.
    hands = {0: ["9c", "9d"], 1: ["Kc", "Kd"], 2: ["Qh", "5d"], 3: ["Qs", "Js"]}
    state, (a, b, c, d) = side_pot_example(hands)
    state = show_all(state)
    assert [(p["amount"], p["winners"]) for p in GAME.result(state)["pots"]] == [(450, [a])]


# ----- blinds and order --------------------------------------------------------------------


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_before_the_flop():
    state = new([500, 500], button=1)
    assert state["bets"] == [10, 5]
    state = deal(state, {})
    assert state["actor"] == 1
    state = play(state, "call", "check")
    assert state["street"] == 1 and state["actor"] == 0  # the big blind speaks first after


def test_blinds_sit_left_of_the_button_and_the_next_player_opens():
    state = deal(new([500] * 5, button=2), {})
    assert state["bets"] == [0, 0, 0, 5, 10]
    assert state["actor"] == 0 and state["order"] == [3, 4, 0, 1, 2]


def test_the_big_blind_may_check_its_option_or_raise():
    state = deal(new([500] * 3, button=0), {})
    state = play(state, "call", "call")
    assert state["actor"] == 2 and legal_types(state) == ["check", "raise"]


def test_empty_and_broke_seats_are_not_dealt_in_and_the_button_skips_them():
    state = new([None, 300, 0, 300, 300], button=0)
    assert state["order"] == [3, 4, 1] and state["button"] == 1
    assert state["sb_seat"] == 3 and state["bb_seat"] == 4


def test_fewer_than_two_players_cannot_be_dealt():
    with pytest.raises(BadOptions):
        new([None, 300, 0], button=0)


def test_carry_moves_the_button_to_the_next_seat_with_chips():
    state = deal(new([300, 0, 300, 300], button=0), {})
    state = play(state, "fold", "fold")
    carry = GAME.carry(state)
    assert carry["button"] == 2 and carry["stacks"][1] == 0
    state = GAME.new(4, NO_RAKE, carry)
    assert state["button"] == 2 and state["order"] == [3, 0, 2]


def test_carry_is_none_when_only_one_player_has_chips():
    state = deal(
        new([100, 100], button=0),
        {0: ["As", "Ad"], 1: ["7c", "2d"]},
        ["Ah", "Kd", "9c", "3s", "4d"],
    )
    state = play(state, "raise 100", "call")
    assert GAME.carry(state) is None


def test_a_short_blind_is_posted_all_in():
    state = new([300, 3, 300], button=0)
    assert state["bets"][2] == 10 and state["bets"][1] == 3 and state["stacks"][1] == 0


# ----- betting -----------------------------------------------------------------------------


def test_the_minimum_bet_is_the_big_blind():
    state = play(deal(new([500, 500], button=1), {}), "call", "check")
    assert raise_entry(state) == {"type": "bet", "min": 10, "max": 490}
    with pytest.raises(IllegalAction) as refusal:
        play(state, "bet 9")
    assert refusal.value.rule == "ramponneau.min-bet"


def test_a_player_short_of_the_minimum_may_still_go_all_in():
    state = play(deal(new([500, 16], button=1), {}), "call", "check")
    state = play(state, "check")
    assert raise_entry(state) == {"type": "bet", "min": 6, "max": 6}


def test_all_in_is_a_raise_to_the_whole_stack():
    state = deal(new([500, 500], button=1), {})
    state = play(state, "raise 500")
    assert state["stacks"][1] == 0
    assert GAME.legal_actions(state) == [{"type": "fold"}, {"type": "call", "amount": 490}]


def test_no_fold_when_checking_is_free():
    state = play(deal(new([500, 500], button=1), {}), "call")
    with pytest.raises(IllegalAction) as refusal:
        play(state, "fold")
    assert refusal.value.rule == "ramponneau.fold-free"


def four_on_the_flop(stacks):
    """Four players see a flop for 10 each; seat 0 (left of the button, seat 3) speaks first."""
    state = deal(new(stacks, button=3), {})
    return play(state, "call", "call", "call", "check")


def test_a_short_all_in_does_not_reopen_the_betting_for_players_who_already_acted():
    a = 0  # B (seat 1) goes all-in short, C (seat 2) has not acted yet
    state = four_on_the_flop([1000, 160, 1000, 1000])
    state = play(state, "bet 100", "raise 150")  # B's all-in raises by 50 only
    # C has not acted yet: C may raise, by a full raise at least.
    assert raise_entry(state) == {"type": "raise", "min": 250, "max": 990}
    state = play(state, "call", "fold")  # C calls 150, D folds
    assert state["actor"] == a
    assert legal_types(state) == ["fold", "call"]
    with pytest.raises(IllegalAction) as refusal:
        play(state, "raise 400")
    assert refusal.value.rule == "ramponneau.no-reopen"


def test_two_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting():
    a = 0
    state = four_on_the_flop([1000, 160, 210, 1000])
    state = play(state, "bet 100", "raise 150", "raise 200", "call")  # +50 and +50: 100 in all
    assert state["actor"] == a
    assert raise_entry(state) == {"type": "raise", "min": 300, "max": 990}
    state = play(state, "raise 300")
    assert state["actor"] == 3


def test_a_full_all_in_raise_reopens_the_betting():
    state = four_on_the_flop([1000, 210, 1000, 1000])
    state = play(state, "bet 100", "raise 200", "call", "fold")
    assert raise_entry(state)["min"] == 300


def test_an_unmatched_bet_goes_back_to_its_owner():
    state = four_on_the_flop([1000, 1000, 60, 1000])
    state = play(state, "bet 200", "fold", "call", "fold")  # C calls all-in for 50
    state = show_all(state)
    # A's bet is cut to the 50 C could match: 150 goes back, the pots hold 40 + 100.
    assert state["committed"][0] == 60
    assert sum(p["amount"] for p in GAME.result(state)["pots"]) == 140


def test_everyone_else_folds_and_the_last_player_takes_the_pot_without_showing():
    state = deal(new([500] * 3, button=0), {})
    state = play(state, "raise 30", "fold", "fold")
    assert state["actor"] is None and state["stacks"] == [515, 495, 490]
    assert not any(state["shown"])
    assert GAME.hidden_cards(state, None) >= set(state["hole"][0])
    assert GAME.result(state)["winners"] == [0]


def test_an_all_in_showdown_turns_every_hand_over_and_deals_the_board():
    state = deal(new([500, 500], button=1), {0: ["As", "Ad"], 1: ["Kc", "Kd"]})
    state = play(state, "raise 500", "call")
    assert state["actor"] is None and len(state["board"]) == 5
    assert state["shown"] == [True, True]


# ----- showdown ----------------------------------------------------------------------------


def river_showdown(hands, board):
    """Three players check to the river; A (seat 0) bets, B and C call."""
    state = deal(new([500] * 3, button=2), hands, board)
    state = play(state, "call", "call", "check")
    state = play(state, *["check"] * 6)
    assert state["street"] == 3
    return play(state, "bet 20", "call", "call")


def test_the_last_river_bettor_shows_first_and_a_beaten_player_may_muck():
    hands = {0: ["Ac", "Ad"], 1: ["Kc", "Kd"], 2: ["Qc", "Qd"]}
    state = river_showdown(hands, ["2h", "7s", "9h", "3s", "4d"])
    assert state["shown"] == [True, False, False]
    assert state["actor"] == 1 and legal_types(state) == ["show", "muck"]
    assert GAME.default_action(state) == {"type": "show"}
    state = play(state, "muck")
    assert state["actor"] == 2
    state = play(state, "show")
    assert state["mucked"] == [False, True, False] and state["shown"] == [True, False, True]
    assert set(hands[1]) <= GAME.hidden_cards(state, None)
    assert state["stacks"] == [530 + 30, 470, 470]


def test_without_a_river_bet_the_first_player_left_of_the_button_shows_first():
    hands = {0: ["Jc", "8d"], 1: ["Kc", "Kd"], 2: ["Qc", "Qd"]}
    state = deal(new([500] * 3, button=2), hands, ["2h", "7s", "9h", "3s", "4d"])
    state = play(state, "call", "call", "check", *["check"] * 9)
    # Seat 0 shows first (jack high), seat 1's kings are not beaten and show; seat 2's
    # queens are beaten by the kings: seat 2 may muck.
    assert state["shown"] == [True, True, False] and state["actor"] == 2


def test_a_hand_that_is_not_beaten_must_be_shown():
    hands = {0: ["Qc", "Qd"], 1: ["Ac", "Ad"], 2: ["Kc", "Kd"]}
    state = river_showdown(hands, ["2h", "7s", "9h", "3s", "4d"])
    # B beats A's shown queens: B shows by itself; C, beaten by B, may muck.
    assert state["shown"] == [True, True, False] and state["actor"] == 2


def test_odd_chips_go_to_the_first_winner_left_of_the_button():
    # The button calls, the small blind folds (5 dead chips), the big blind checks: 25.
    hands = {0: ["2c", "3d"], 1: ["2d", "3c"], 2: ["4c", "5d"]}
    state = deal(new([500] * 3, button=2), hands, ["Ah", "Ks", "Qh", "Js", "Td"])
    state = play(state, "call", "fold", "check", *["check"] * 6)
    pot = GAME.result(state)["pots"][0]
    assert pot["amount"] == 25 and pot["winners"] == [1, 2] and pot["shares"] == [13, 12]
    assert state["stacks"] == [495, 503, 502]


# ----- rake --------------------------------------------------------------------------------


def test_rake_takes_a_percentage_of_each_pot_up_to_its_cap():
    hands = {0: ["Ac", "Ad"], 1: ["Kc", "Kd"]}
    board = ["2h", "7s", "9h", "3s", "4d"]
    state = deal(new([1000, 1000], button=1, rake_percent=10, rake_cap=30), hands, board)
    state = show_all(play(state, "raise 200", "call", *["check"] * 6))
    assert state["rake"] == 30 and GAME.result(state)["rake"] == 30
    assert state["stacks"] == [1000 + 200 - 30, 800]
    uncapped = deal(new([1000, 1000], button=1, rake_percent=10), hands, board)
    uncapped = show_all(play(uncapped, "raise 200", "call", *["check"] * 6))
    assert uncapped["rake"] == 40
    assert sum(GAME.result(uncapped)["scores"]) == -40


def test_no_flop_no_drop_takes_no_rake_from_a_hand_won_before_the_flop():
    moves = ("raise 100", "call", "raise 300", "fold", "fold")
    state = play(deal(new([1000, 1000, 1000], button=2, rake_percent=10), {}), *moves)
    assert state["actor"] is None and state["rake"] == 0
    assert state["stacks"] == [900, 1200, 900]
    dropped = deal(new([1000] * 3, button=2, rake_percent=10, no_flop_no_drop=False), {})
    dropped = play(dropped, *moves)
    # The big blind's own unmatched 300 comes back; the rake is 10 % of the 200 won.
    assert dropped["rake"] == 20 and dropped["stacks"] == [900, 1180, 900]


# ----- contract ----------------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged_and_name_their_rule():
    state = deal(new([500] * 3, button=0), {})
    before = to_json(state)
    for action, rule in [
        ({"type": "check"}, "ramponneau.check-facing-bet"),
        ({"type": "bet", "amount": 50}, "ramponneau.raise-not-bet"),
        ({"type": "raise", "amount": 15}, "ramponneau.min-raise"),
        ({"type": "raise", "amount": 5000}, "ramponneau.over-stack"),
        ({"type": "raise", "amount": "lots"}, "ramponneau.amount"),
        ({"type": "call", "amount": 3}, "ramponneau.call-amount"),
        ({"type": "show"}, "ramponneau.unknown"),
        ({"type": "deal", "deck": []}, "ramponneau.unknown"),
        ({"nonsense": 1}, "ramponneau.unknown"),
    ]:
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, action)
        assert refusal.value.rule == rule, action
        with translation.override("fr"):
            assert refusal_text("ramponneau", refusal.value.message)
    assert to_json(state) == before
    fresh = new([500, 500], button=0)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(fresh, {"type": "deal", "deck": deck52()[:51]})
    assert refusal.value.rule == "ramponneau.deck"


def test_views_show_own_cards_the_board_pots_and_bet_limits_but_never_the_deck():
    state = deal(new([500] * 3, button=0), {1: ["As", "Kd"]})
    state = play(state, "call", "call", "check", "bet 40")
    view = GAME.view(state, 2)
    assert view["hand"] == state["hole"][2] and view["street"] == "flop"
    assert view["board"] == state["board"] and view["pots"] == [
        {"amount": 30, "eligible": [1, 2, 0]}
    ]
    assert view["bets"] == [0, 40, 0] and view["to_call"] == 40
    assert {"type": "raise", "min": 80, "max": 490} in view["legal_actions"]
    other = GAME.view(state, 0)
    assert "legal_actions" not in other and "As" not in to_json(other)
    assert not set(state["deck"]) & set(to_json(GAME.view(state, None)).split('"'))


def test_the_options_check_the_blinds():
    with pytest.raises(BadOptions):
        GAME.resolve_options({"small_blind": 50, "big_blind": 20})
    assert GAME.new(6, {})["bets"].count(0) == 4


def test_the_log_names_bets_raises_and_all_ins_in_both_languages():
    state = deal(new([500, 500], button=1), {})
    names = ["Alice", "Bob"]
    all_in = GAME.describe(state, {"type": "raise", "amount": 500})
    assert all_in == {"code": "ramponneau.raise-all-in", "seat": 1, "amount": 500}
    call = GAME.describe(state, {"type": "call", "amount": 5})
    with translation.override("fr"):
        assert say("ramponneau", all_in, names) == "Bob relance à 500 (tapis)."
    with translation.override("en"):
        assert say("ramponneau", call, names) == "Bob calls 5."


# ----- properties and selfplay -------------------------------------------------------------


def random_hand(rng, seats, stacks, options):
    state = GAME.new(seats, options, {"stacks": stacks, "button": rng.randrange(seats)})
    start = sum(s for s in stacks if s)

    def conserved(before, action, after):
        assert GAME.check_invariants(after) == []
        total = sum(after["stacks"][s] for s in after["order"]) + after["pot"]
        assert total + sum(after["bets"]) + after["rake"] == start

    return play_out(GAME, state, rng, each=conserved)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    seats=st.integers(2, 10),
    rake=st.sampled_from([0, 5, 10]),
    cap=st.sampled_from([0, 7, 100]),
)
def test_chips_are_conserved_through_every_action(seed, seats, rake, cap):
    rng = random.Random(seed)
    stacks = [rng.choice([None, 0, 1, 7, 25, 60, 200, 1000]) for _ in range(seats)]
    for s in rng.sample(range(seats), 2):
        stacks[s] = stacks[s] or rng.randint(1, 500)
    options = NO_RAKE | {"rake_percent": rake, "rake_cap": cap}
    state = random_hand(rng, seats, stacks, options)
    result = GAME.result(state)
    assert sum(result["scores"]) == -result["rake"]
    assert sum(p["amount"] for p in result["pots"]) == sum(state["committed"])
    if cap:
        assert result["rake"] <= cap


@pytest.mark.parametrize(
    "hands", [150, pytest.param(1000, marks=ENGINE_SOAK)], ids=["quick", "long"]
)
def test_selfplay_of_chained_hands_keeps_every_invariant(hands):
    summary = run("ramponneau", hands, seed=11)
    assert summary["violations"] == 0, summary["first_violations"]


def test_apply_never_changes_its_input():
    rng = random.Random(3)
    state = GAME.new(4, NO_RAKE)
    while state["actor"] is not None:
        copy = clone(state)
        if state["actor"] == CHANCE:
            action = GAME.chance_action(state, rng)
        else:
            action = random_move(GAME)(state, rng)
        after = GAME.apply(state, action)
        assert state == copy
        state = after
