"""All-fours: every rule of issue 3 by name, the seed's scoring facts, properties, selfplay.

Decks are built so that chosen cards land in chosen hands (``deal_deck``); the house rules
these tests pin down are in docs/rules/all-fours-house-rules.md.
"""

import random

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardgames import CHANCE, IllegalAction, from_json, get_game, to_json
from cardgames.all_fours.game import (
    GAME,
    TARGET,
    card_points,
    pack,
    playable,
    score_deal,
    side_of,
    trick_winner,
)
from cardgames.core import concrete
from cardgames.selfplay import run
from play.presentation.messages import refusal as refusal_text
from play.presentation.messages import say
from tests.support.marks import ENGINE_SOAK
from tests.support.playing import default_move, play_out

NAMES = ["Alice", "Bob", "Chloé", "David"]


def said(state, action, lang="fr"):
    """The site's sentence for the engine's message (play/presentation/games/all_fours.py)."""
    with translation.override(lang):
        return say("all-fours", GAME.describe(state, action), NAMES)


# ----- helpers ---------------------------------------------------------------------------
def cut_deck(seats, dealer, size=52):
    """A cut where ``dealer`` draws an Ace and everyone else a lower card."""
    drawn = ["7c", "8c", "9c", "Tc"][: seats - 1]
    first = drawn[:dealer] + ["As"] + drawn[dealer:]
    return first + [c for c in pack(size) if c not in first]


def deal_deck(seats, dealer, hands, turnup, after=(), size=52):
    """A deal deck: ``hands`` (seat -> up to 6 cards) dealt, then ``turnup``, then ``after``."""
    used = {c for cards in hands.values() for c in cards} | {turnup} | set(after)
    filler = [c for c in pack(size) if c not in used]
    full = {}
    for seat in range(seats):
        cards = list(hands.get(seat, []))
        while len(cards) < 6:
            cards.append(filler.pop(0))
        full[seat] = cards
    eldest = (dealer + 1) % seats
    deck = []
    for packet in range(2):
        for i in range(seats):
            deck += full[(eldest + i) % seats][3 * packet : 3 * packet + 3]
    return deck + [turnup] + list(after) + filler


def start(seats=2, dealer=0, options=None):
    """A game past the cut, ``dealer`` to deal."""
    state = GAME.new(seats, options)
    return GAME.apply(
        state, {"type": "deal", "deck": cut_deck(seats, dealer, state["options"]["deck"])}
    )


def dealt(seats=2, dealer=0, hands=None, turnup="9h", after=(), options=None):
    state = start(seats, dealer, options)
    deck = deal_deck(seats, dealer, hands or {}, turnup, after, state["options"]["deck"])
    return GAME.apply(state, {"type": "deal", "deck": deck})


def play(state, *cards):
    for card in cards:
        state = GAME.apply(state, {"type": "play", "card": card})
    return state


def act(state, kind, **fields):
    return GAME.apply(state, {"type": kind, **fields})


def refused(state, action):
    before = to_json(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert to_json(state) == before
    return caught.value.rule


def with_scores(state, scores):
    """The same state with earlier deals having brought the sides to ``scores``."""
    state = from_json(to_json(state))
    events = [
        {"kind": "game", "side": side, "seat": None, "rank": None}
        for side, points in enumerate(scores)
        for _ in range(points)
    ]
    earlier = {"deal": 0, "dealer": 0, "trump": "c", "runs": 0, "redeals": 0, "events": events}
    earlier |= {"scored": list(scores), "game_points": None}
    state["deals"] = [earlier] + state["deals"]
    for side, points in enumerate(scores):
        state["scores"][side] += points
    assert GAME.check_invariants(state) == []
    return state


# ----- seats, cut, deal ------------------------------------------------------------------
def test_the_game_is_registered_as_all_fours():
    assert get_game("all-fours") is GAME
    assert (GAME.min_seats, GAME.max_seats, GAME.default_seats) == (2, 4, 4)


@pytest.mark.parametrize("seats", [1, 5])
def test_seats_outside_two_to_four_are_refused(seats):
    from cardgames import BadOptions

    with pytest.raises(BadOptions):
        GAME.new(seats)


def test_two_or_three_players_play_alone_and_four_in_two_facing_partnerships():
    assert [s["sides"] for s in (GAME.view(GAME.new(n), None) for n in (2, 3, 4))] == [
        [[0], [1]],
        [[0], [1], [2]],
        [[0, 2], [1, 3]],
    ]
    assert [side_of(seat, 4) for seat in range(4)] == [0, 1, 0, 1]


def test_the_highest_cut_card_deals_first():
    state = GAME.new(3)
    assert state["actor"] == CHANCE and state["phase"] == "cut"
    state = act(state, "deal", deck=cut_deck(3, 2))
    assert state["dealer"] == 2 and state["phase"] == "deal" and state["actor"] == CHANCE
    assert state["cut"] == [[0, "7c"], [1, "8c"], [2, "As"]]


def test_a_tie_for_the_highest_cut_card_cuts_again():
    deck = ["Kh", "Ks", "2c"] + [c for c in pack(52) if c not in ("Kh", "Ks", "2c")]
    state = act(GAME.new(3), "deal", deck=deck)
    assert state["phase"] == "cut" and state["actor"] == CHANCE and state["dealer"] is None


def test_six_cards_each_are_dealt_in_two_packets_of_three_from_the_eldest():
    state = start(3, dealer=1)
    deck = pack(52)
    state = act(state, "deal", deck=deck)
    # eldest is seat 2 (the dealer's right-hand neighbour), then 0, then the dealer
    assert set(state["hands"][2]) == set(deck[0:3] + deck[9:12])
    assert set(state["hands"][0]) == set(deck[3:6] + deck[12:15])
    assert set(state["hands"][1]) == set(deck[6:9] + deck[15:18])
    assert len(state["stock"]) == 52 - 18 - 1


def test_the_next_card_is_turned_for_trump():
    state = dealt(2, 0, turnup="9h")
    assert state["turnup"] == "9h" and state["phase"] == "beg"
    assert state["actor"] == 1  # the eldest, right of the dealer
    assert GAME.legal_actions(state) == [{"type": "stand"}, {"type": "beg"}]


@pytest.mark.parametrize("turnup", ["Ah", "Jh", "6h"])
def test_a_turned_ace_jack_or_six_scores_one_for_the_dealer(turnup):
    state = dealt(2, 0, turnup=turnup)
    assert state["scores"] == [1, 0]
    assert state["current"]["events"] == [
        {"kind": "turnup", "side": 0, "seat": 0, "rank": turnup[0]}
    ]


@pytest.mark.parametrize("turnup", ["Kh", "Th", "2h", "5h"])
def test_other_turn_ups_score_nothing(turnup):
    assert dealt(2, 0, turnup=turnup)["scores"] == [0, 0]


def test_with_the_jack_only_option_only_a_turned_jack_scores():
    options = {"turnup_scores": "jack"}
    assert dealt(2, 0, turnup="Ah", options=options)["scores"] == [0, 0]
    assert dealt(2, 0, turnup="6h", options=options)["scores"] == [0, 0]
    assert dealt(2, 0, turnup="Jh", options=options)["scores"] == [1, 0]


def test_in_partnership_the_turn_up_point_goes_to_the_dealers_side():
    assert dealt(4, 3, turnup="Jd")["scores"] == [0, 1]


def test_a_turn_up_point_can_win_the_game_at_once():
    state = with_scores(start(2, 0), [6, 0])
    deck = deal_deck(2, 0, {}, "Jh")
    state = act(state, "deal", deck=deck)
    assert state["actor"] is None and state["result"]["winners"] == [0]
    assert state["result"]["won_on"] == "turnup"


# ----- standing, begging, the gift, running the pack --------------------------------------
def test_standing_keeps_the_turned_suit_and_the_eldest_leads():
    state = act(dealt(3, 0, turnup="9h"), "stand")
    assert state["trump"] == "h" and state["phase"] == "play"
    assert state["actor"] == state["leader"] == 1


def test_only_the_eldest_stands_or_begs_even_with_four_players():
    state = dealt(4, 0)
    assert state["actor"] == 1
    state = act(state, "beg")
    assert state["phase"] == "dealer" and state["actor"] == 0
    assert GAME.legal_actions(state) == [{"type": "give"}, {"type": "run"}]


def test_the_dealer_gives_one_point_to_the_eldest_and_the_trump_stands():
    state = act(act(dealt(3, 0, turnup="9h"), "beg"), "give")
    assert state["scores"] == [0, 1, 0]
    assert state["trump"] == "h" and state["phase"] == "play" and state["actor"] == 1
    assert state["current"]["events"][-1]["kind"] == "gift"


def test_in_partnership_the_gift_goes_to_the_eldests_side():
    state = act(act(dealt(4, 1, turnup="9h"), "beg"), "give")
    assert state["scores"] == [1, 0]  # eldest is seat 2, partner of seat 0


def test_the_dealer_may_not_give_the_point_that_would_win():
    state = with_scores(act(dealt(2, 0, turnup="9h"), "beg"), [0, TARGET - 1])
    assert GAME.legal_actions(state) == [{"type": "run"}]
    assert refused(state, {"type": "give"}) == "all-fours.gift-would-win"


def test_with_the_gift_can_win_option_the_gift_may_end_the_game():
    state = dealt(2, 0, turnup="9h", options={"gift_can_win": True})
    state = with_scores(act(state, "beg"), [0, TARGET - 1])
    state = act(state, "give")
    assert state["actor"] is None and state["result"]["winners"] == [1]
    assert state["result"]["won_on"] == "gift"


def test_running_the_pack_deals_three_more_cards_each_and_turns_a_new_trump():
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "9s"]
    state = dealt(2, 0, {0: ["Ah", "Kh", "Qh", "Ad", "Kd", "Qd"]}, "9h", after)
    state = act(act(state, "beg"), "run")
    assert state["set_aside"] == ["9h"]
    assert state["turnup"] == "9s" and state["trump"] == "s"
    assert set(state["hands"][1]) >= {"2c", "3c", "4c"}  # the eldest receives first
    assert set(state["hands"][0]) >= {"5c", "7c", "8c"}
    assert [len(h) for h in state["hands"]] == [9, 9]
    assert state["phase"] == "discard" and state["actor"] == 1


def test_a_new_turn_up_of_the_begged_suit_is_set_aside_and_the_pack_run_again():
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "Th", "2d", "3d", "4d", "5d", "6d", "7d", "Kc"]
    state = act(act(dealt(2, 0, {}, "9h", after), "beg"), "run")
    assert state["set_aside"] == ["9h", "Th"]
    assert state["turnup"] == "Kc" and state["trump"] == "c"
    assert [len(h) for h in state["hands"]] == [12, 12]
    legal = GAME.legal_actions(state)
    assert legal[0]["type"] == "discard" and legal[0]["choose"] == [6, 6]


def test_the_adopted_new_turn_up_scores_for_the_dealer():
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "Js"]
    state = act(act(dealt(2, 0, {}, "9h", after), "beg"), "run")
    assert state["scores"] == [1, 0]
    options = {"run_turnup_scores": False}
    state = act(act(dealt(2, 0, {}, "9h", after, options), "beg"), "run")
    assert state["scores"] == [0, 0]


def test_the_stock_running_out_means_a_redeal_by_the_same_dealer():
    # four players, 32 cards: 25 dealt and turned, 7 left, not enough for 12 + 1
    state = dealt(4, 2, {}, "9h", options={"deck": 32})
    state = act(act(state, "beg"), "run")
    assert state["phase"] == "deal" and state["actor"] == CHANCE and state["dealer"] == 2
    assert state["current"]["redeals"] == 1 and state["deal_no"] == 1
    assert all(h == [] for h in state["hands"])
    state = act(state, "deal", deck=pack(32))
    assert state["dealer"] == 2 and state["phase"] == "beg" and state["actor"] == 3


def test_each_player_discards_down_to_six_unseen():
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "9s"]
    state = act(act(dealt(2, 0, {}, "9h", after), "beg"), "run")
    first = state["hands"][1][:3]
    state = act(state, "discard", cards=first)
    assert len(state["hands"][1]) == 6 and state["discards"][1] == first
    assert state["actor"] == 0
    assert not set(first) & set(str(GAME.view(state, 0)))
    assert not set(first) & set(str(GAME.view(state, None)))
    assert GAME.view(state, 1)["discarded"] == first
    state = act(state, "discard", cards=state["hands"][0][-3:])
    assert state["phase"] == "play" and state["actor"] == 1 and state["trump"] == "s"


def test_discarding_the_wrong_number_or_foreign_cards_is_refused():
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "9s"]
    state = act(act(dealt(2, 0, {}, "9h", after), "beg"), "run")
    hand = state["hands"][1]
    assert refused(state, {"type": "discard", "cards": hand[:2]}) == "all-fours.discard-to-six"
    other = state["hands"][0][:3]
    assert refused(state, {"type": "discard", "cards": other}) == "all-fours.discard-own-cards"
    twice = [hand[0], hand[0], hand[1]]
    assert refused(state, {"type": "discard", "cards": twice}) == "all-fours.discard-own-cards"


# ----- play ----------------------------------------------------------------------------
def test_the_eldest_leads_the_first_trick():
    state = act(dealt(3, 2, turnup="9h"), "stand")
    assert state["actor"] == 0


def test_players_must_follow_suit():
    hands = {1: ["Ac", "2d", "3d", "4d", "5d", "7d"], 0: ["Kc", "2h", "Qs", "3s", "4s", "5s"]}
    state = play(act(dealt(2, 0, hands, "9h"), "stand"), "Ac")
    assert [a["card"] for a in GAME.legal_actions(state)] == ["Kc"]
    assert refused(state, {"type": "play", "card": "Qs"}) == "all-fours.follow-suit"


def test_a_player_void_in_the_led_suit_must_trump():
    hands = {1: ["Ac", "2d", "3d", "4d", "5d", "7d"], 0: ["Kd", "2h", "5h", "3s", "4s", "5s"]}
    state = play(act(dealt(2, 0, hands, "9h"), "stand"), "Ac")
    assert [a["card"] for a in GAME.legal_actions(state)] == ["2h", "5h"]
    assert refused(state, {"type": "play", "card": "3s"}) == "all-fours.must-trump"


def test_a_player_who_can_neither_follow_nor_trump_plays_any_card():
    hands = {1: ["Ac", "2d", "3d", "4d", "5d", "7d"], 0: ["Kd", "Qd", "5d", "3s", "4s", "5s"]}
    hands[0] = ["Kd", "Qd", "Jd", "3s", "4s", "5s"]
    state = play(act(dealt(2, 0, hands, "9h"), "stand"), "Ac")
    assert len(GAME.legal_actions(state)) == 6


def test_with_trump_at_any_time_a_player_may_trump_instead_of_following():
    options = {"trumping": "any"}
    hands = {1: ["Ac", "2d", "3d", "4d", "5d", "7d"], 0: ["Kc", "2h", "Qs", "3s", "4s", "5s"]}
    state = play(act(dealt(2, 0, hands, "9h", options=options), "stand"), "Ac")
    assert [a["card"] for a in GAME.legal_actions(state)] == ["Kc", "2h"]
    assert refused(state, {"type": "play", "card": "Qs"}) == "all-fours.follow-suit"
    # and a player void in the led suit may then discard instead of trumping
    assert playable(["2h", "Qs"], [[1, "Ad"]], "h", "any") == ["2h", "Qs"]


def test_the_highest_trump_wins_the_trick_else_the_highest_of_the_led_suit():
    assert trick_winner([[0, "5c"], [1, "Ac"], [2, "Kd"]], "h") == 1
    assert trick_winner([[0, "5c"], [1, "Ac"], [2, "2h"]], "h") == 2
    assert trick_winner([[0, "5c"], [1, "3h"], [2, "2h"], [3, "Ah"]], "h") == 3
    assert trick_winner([[0, "Kd"], [1, "Ad"]], "d") == 1


def test_ranks_run_from_the_ace_down_to_the_two():
    for high, low in zip("AKQJT98765432", "KQJT98765432", strict=False):
        assert trick_winner([[0, low + "s"], [1, high + "s"]], "h") == 1


def test_the_trick_winner_leads_the_next_trick():
    hands = {1: ["2c", "2d", "3d", "4d", "5d", "7d"], 0: ["Kc", "2h", "Qs", "3s", "4s", "5s"]}
    state = play(act(dealt(2, 0, hands, "9h"), "stand"), "2c", "Kc")
    assert state["actor"] == state["leader"] == 0
    assert state["won"][0] == ["2c", "Kc"]
    assert state["last_trick"] == {"cards": [[1, "2c"], [0, "Kc"]], "winner": 0}


# ----- scoring -------------------------------------------------------------------------
def test_card_points_ace_4_king_3_queen_2_jack_1_ten_10_others_nothing():
    assert [card_points([c]) for c in ["As", "Ks", "Qs", "Js", "Ts", "9s", "2s"]] == [
        4,
        3,
        2,
        1,
        10,
        0,
        0,
    ]


def test_high_goes_to_the_holder_of_the_highest_trump_in_play():
    held = [["Kh", "2c"], ["5h", "3c"]]
    won = [[], ["Kh", "2c", "5h", "3c"]]  # seat 1 won everything, seat 0 held the King
    outcome = score_deal("h", held, won)
    assert outcome["high"] == {"seat": 0, "side": 0, "rank": "K"}


def test_high_is_the_highest_trump_in_play_not_the_ace_left_in_the_stock():
    outcome = score_deal("h", [["9h"], ["5h"]], [["9h", "5h"], []])
    assert outcome["high"]["rank"] == "9"


def test_low_goes_to_the_holder_of_the_lowest_trump_in_play():
    held = [["Kh", "2c"], ["5h", "3c"]]
    won = [["Kh", "2c", "5h", "3c"], []]
    outcome = score_deal("h", held, won)
    assert outcome["low"] == {"seat": 1, "side": 1, "rank": "5"}


def test_with_the_winner_option_low_goes_to_who_wins_it_in_a_trick():
    held = [["Kh", "2c"], ["5h", "3c"]]
    won = [["Kh", "2c", "5h", "3c"], []]
    outcome = score_deal("h", held, won, low_goes_to="winner")
    assert outcome["low"] == {"seat": 0, "side": 0, "rank": "5"}


def test_a_single_trump_in_play_is_both_high_and_low():
    outcome = score_deal("h", [["7h", "2c"], ["3c", "4c"]], [[], ["7h", "2c", "3c", "4c"]])
    assert outcome["high"]["seat"] == outcome["low"]["seat"] == 0


def test_no_high_or_low_when_no_trump_is_in_play():
    outcome = score_deal("h", [["2c"], ["3c"]], [["2c", "3c"], []])
    assert outcome["high"] is None and outcome["low"] is None


def test_jack_goes_to_who_wins_the_trick_holding_the_trump_jack():
    held = [["Jh", "2c"], ["Ah", "3c"]]
    won = [["2c", "3c"], ["Jh", "Ah"]]
    outcome = score_deal("h", held, won)
    assert outcome["jack"] == {"seat": 1, "side": 1, "rank": "J"}


def test_no_jack_point_when_the_trump_jack_is_not_in_play():
    assert score_deal("h", [["Ah"], ["2h"]], [["Ah", "2h"], []])["jack"] is None


def test_game_goes_to_the_most_card_points_in_tricks_won():
    held = [["Tc", "2c"], ["Ac", "Kc"]]
    won = [["Tc", "2c"], ["Ac", "Kc"]]
    outcome = score_deal("h", held, won)
    assert outcome["game"] == {"side": 0, "points": [10, 7]}


def test_a_tie_for_game_gives_nobody_the_point():
    # the seed: equal totals, nobody scores Game
    held = [["Tc", "2c"], ["Ac", "Kc", "Qc", "Jc"]]
    won = [["Tc", "2c"], ["Ac", "Kc", "Qc", "Jc"]]
    assert score_deal("h", held, won)["game"] == {"side": None, "points": [10, 10]}
    three = score_deal("h", [[], [], []], [["Tc"], ["Td"], ["Ac"]], seats=3)
    assert three["game"] == {"side": None, "points": [10, 10, 4]}


def test_partners_score_together():
    held = [["Ah"], ["2c"], ["2h"], ["3c"]]
    won = [["Ah", "2c"], [], ["2h", "3c"], []]
    outcome = score_deal("h", held, won)
    assert outcome["high"]["side"] == outcome["low"]["side"] == 0
    assert outcome["game"] == {"side": 0, "points": [4, 0]}


def test_the_seed_scoring_facts_in_one_deal():
    """Trumps hearts: High (A), Low (2), Jack won by the other side, Game on the tens."""
    held = [["Ah", "2h", "3c"], ["Jh", "Tc", "Td"]]
    won = [["Ah", "Jh", "3c", "Tc"], ["2h", "Td"]]
    outcome = score_deal("h", held, won)
    assert outcome["high"]["seat"] == 0 and outcome["low"]["seat"] == 0
    assert outcome["jack"]["seat"] == 0
    assert outcome["game"] == {"side": 0, "points": [15, 10]}


def full_deal(seats=2, dealer=0, options=None, scores=None, hands=None, turnup="9h"):
    """One deal played by the default action (lowest legal card) after standing."""
    state = start(seats, dealer, options)
    if scores:
        state = with_scores(state, scores)
    deck = deal_deck(seats, dealer, hands or {}, turnup, size=state["options"]["deck"])
    state = act(act(state, "deal", deck=deck), "stand")
    while state["phase"] == "play":
        state = GAME.apply(state, GAME.default_action(state))
    return state


def test_a_finished_deal_records_who_scored_high_low_jack_and_game():
    hands = {1: ["Ah", "2h", "Tc", "3c", "4c", "5c"], 0: ["Jh", "Kc", "6d", "7d", "8d", "9d"]}
    state = full_deal(2, 0, hands=hands)
    summary = state["deals"][-1]
    kinds = [(e["kind"], e["side"]) for e in summary["events"]]
    assert kinds[:2] == [("high", 1), ("low", 1)]
    assert state["scores"] == summary["scored"]


def test_after_a_deal_the_deal_passes_to_the_right():
    state = full_deal(3, 1)
    assert state["phase"] == "deal" and state["actor"] == CHANCE and state["dealer"] == 2
    assert state["deal_no"] == 1 and all(h == [] for h in state["hands"])


def test_first_to_seven_points_wins():
    hands = {1: ["Ah", "2h", "Jh", "Tc", "3c", "4c"]}
    state = full_deal(2, 0, scores=[5, 6], hands=hands)
    assert state["actor"] is None
    assert state["result"]["winners"] == [1] and state["result"]["scores"] == [5, 7]


def test_points_count_high_low_jack_game_so_the_first_to_seven_wins():
    # side 0 holds Low (counted second), side 1 holds High (counted first): both are at 6
    hands = {1: ["Ah", "Kc", "Qc", "3c", "4c", "5c"], 0: ["2h", "Tc", "6d", "7d", "8d", "9d"]}
    state = full_deal(2, 0, scores=[6, 6], hands=hands)
    assert state["result"]["winners"] == [1] and state["result"]["won_on"] == "high"
    assert state["scores"] == [6, 7]
    hands = {0: ["Ah", "Kc", "Qc", "3c", "4c", "5c"], 1: ["2h", "Tc", "6d", "7d", "8d", "9d"]}
    state = full_deal(2, 0, scores=[6, 6], hands=hands)
    assert state["result"]["winners"] == [0] and state["result"]["won_on"] == "high"


def test_low_is_counted_before_jack_and_game():
    # High not in anyone's favour below 7; side 0 has Low, side 1 would win Jack and Game
    hands = {0: ["2h", "3c", "4c", "5c", "6c", "7c"], 1: ["Jh", "Tc", "Ac", "Kc", "Qc", "9c"]}
    state = full_deal(2, 0, scores=[6, 5], hands=hands)
    assert state["result"]["won_on"] == "low" and state["result"]["winners"] == [0]


def test_partners_win_together():
    hands = {2: ["Ah", "2h", "Jh", "Tc", "Ac", "Kc"]}
    state = full_deal(4, 0, scores=[5, 0], hands=hands)
    assert state["result"]["winners"] == [0, 2]
    assert state["result"]["scores"][0] == state["result"]["scores"][2] == 7


# ----- contract --------------------------------------------------------------------------
def test_illegal_actions_leave_the_state_unchanged_and_name_their_rule():
    state = dealt(2, 0, turnup="9h")
    assert refused(state, {"type": "play", "card": "2c"}) == "all-fours.not-playing"
    assert refused(state, {"type": "give"}) == "all-fours.not-dealer-choice"
    assert refused(state, {"type": "deal", "deck": pack(52)}) == "all-fours.not-chance"
    assert refused(state, {"type": "fly"}) == "all-fours.unknown-action"
    assert refused(state, {"kind": "stand"}) == "all-fours.malformed"
    assert refused(state, "stand") == "all-fours.malformed"
    playing = act(state, "stand")
    assert refused(playing, {"type": "play", "card": "Zz"}) == "all-fours.own-card"
    assert refused(playing, {"type": "stand"}) == "all-fours.not-begging"
    error = GAME.can_apply(playing, {"type": "discard", "cards": []})
    assert error.rule == "all-fours.not-discarding"
    with translation.override("en"):
        assert refusal_text("all-fours", error.message) == "This is not the time to discard."


def test_the_chance_deck_must_be_an_exact_permutation_of_the_pack():
    state = start(2, 0)
    assert refused(state, {"type": "deal", "deck": pack(52)[:-1]}) == "all-fours.deck"
    assert refused(state, {"type": "deal", "deck": pack(52)[:-1] + ["Ks"]}) == "all-fours.deck"
    assert refused(state, {"type": "deal", "deck": pack(32)}) == "all-fours.deck"
    assert refused(state, {"type": "deal", "deck": "AsKs"}) == "all-fours.deck"
    assert GAME.chance_cards(start(2, 0, {"deck": 32})) == pack(32)


def test_views_hide_other_hands_and_the_stock_but_show_the_turn_up():
    state = dealt(3, 0, turnup="9h")
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        shown = str(view)
        for other in range(3):
            if other != seat:
                assert not any(c in shown for c in state["hands"][other])
        assert not any(c in shown for c in state["stock"])
        assert view["turnup"] == "9h"
    assert GAME.view(state, 1)["legal_actions"] == GAME.legal_actions(state)
    assert "legal_actions" not in GAME.view(state, 0)
    assert GAME.hidden_cards(state, 0) == set(state["stock"]) | set(
        state["hands"][1] + state["hands"][2]
    )


def test_the_log_says_each_move_as_data_and_names_no_discarded_card():
    state = dealt(2, 0, turnup="Jh")
    assert GAME.describe(state, {"type": "beg"}) == {"code": "all-fours.beg", "seat": 1}
    assert said(state, {"type": "beg"}) == "Bob mendie (demande un autre atout)."
    assert said(state, {"type": "stand"}, "en") == "Bob stands."
    deal = {"type": "deal", "deck": deal_deck(2, 0, {}, "Jh")}
    assert GAME.describe(start(2, 0), deal) == {
        "code": "all-fours.deal-scores", "dealer": 0, "turnup": "Jh", "trump": "h"}
    assert said(start(2, 0), deal) == (
        "Alice donne six cartes à chacun ; la retourne est le valet de cœur, atout cœur : "
        "1 point pour le donneur."
    )
    cut = said(GAME.new(2), {"type": "deal", "deck": cut_deck(2, 1)}, "en")
    assert "Bob deals first" in cut
    after = ["2c", "3c", "4c", "5c", "7c", "8c", "9s"]
    state = act(act(dealt(2, 0, {}, "9h", after), "beg"), "run")
    discard = {"type": "discard", "cards": state["hands"][1][:3]}
    assert GAME.describe(state, discard) == {"code": "all-fours.discard", "seat": 1, "count": 3}
    assert said(state, discard) == "Bob écarte 3 cartes."
    playing = act(dealt(2, 0, {1: ["Th"]}, "9h"), "stand")
    assert said(playing, {"type": "play", "card": "Th"}) == "Bob joue le dix de cœur."
    assert said(playing, {"type": "play", "card": "Th"}, "en") == "Bob plays the ten of hearts."


def test_the_default_action_is_always_legal():
    rng = random.Random(3)
    for _ in range(20):
        state = GAME.new(rng.randint(2, 4), GAME.random_options(rng))
        state = play_out(GAME, state, rng, choose=default_move(GAME))
        assert GAME.result(state)["winners"]


# ----- properties ----------------------------------------------------------------------
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 4), bots=st.booleans())
def test_random_games_keep_every_invariant(seed, seats, bots):
    rng = random.Random(seed)
    state = GAME.new(seats, GAME.random_options(rng))
    while state["actor"] is not None:
        assert GAME.check_invariants(state) == []
        actor = state["actor"]
        if actor == CHANCE:
            action = GAME.chance_action(state, rng)
        elif bots:
            action = GAME.bot_action(GAME.view(state, actor), rng)
        else:
            action = concrete(rng.choice(GAME.legal_actions(state)), rng)
        state = GAME.apply(state, action)
        assert from_json(to_json(state)) == state
    assert GAME.check_invariants(state) == []
    result = GAME.result(state)
    assert max(result["side_scores"]) == TARGET
    assert all(result["scores"][s] == TARGET for s in result["winners"])
    # every deal's recorded points add up to the final scores
    totals = [0] * len(result["side_scores"])
    for summary in state["deals"]:
        for side, points in enumerate(summary["scored"]):
            totals[side] += points
    assert totals == result["side_scores"]


@settings(max_examples=80, deadline=None)
@given(
    deck=st.permutations(pack(52)),
    seats=st.integers(2, 4),
    trump=st.sampled_from("cdhs"),
)
def test_score_deal_gives_each_point_at_most_once_and_game_to_the_most_points(deck, seats, trump):
    held = [deck[6 * s : 6 * s + 6] for s in range(seats)]
    won = [[] for _ in range(seats)]
    for i, card in enumerate(c for hand in held for c in hand):
        won[(i * 7) % seats].append(card)
    outcome = score_deal(trump, held, won, seats)
    in_play = [c for hand in held for c in hand if c[1] == trump]
    assert (outcome["high"] is None) == (not in_play) == (outcome["low"] is None)
    assert (outcome["jack"] is not None) == ("J" + trump in in_play)
    points = outcome["game"]["points"]
    assert sum(points) == card_points(c for hand in held for c in hand)
    if outcome["game"]["side"] is not None:
        assert points[outcome["game"]["side"]] > max(
            p for side, p in enumerate(points) if side != outcome["game"]["side"]
        )


@settings(max_examples=80, deadline=None)
@given(
    hand=st.lists(st.sampled_from(pack(52)), min_size=1, max_size=6, unique=True),
    led=st.sampled_from(pack(52)),
    trump=st.sampled_from("cdhs"),
)
def test_follow_suit_then_trump_then_anything(hand, led, trump):
    if led in hand:
        return
    legal = playable(hand, [[0, led]], trump, "must")
    if any(c[1] == led[1] for c in hand):
        assert all(c[1] == led[1] for c in legal)
    elif any(c[1] == trump for c in hand):
        assert all(c[1] == trump for c in legal)
    else:
        assert legal == hand


# ----- selfplay --------------------------------------------------------------------------
# A hundred games in `make test`; a thousand with the slow checks (`make test-all`, CI).
@pytest.mark.parametrize(
    "games", [100, pytest.param(1000, marks=ENGINE_SOAK)], ids=["quick", "long"]
)
def test_selfplay_finds_no_violation(games):
    summary = run("all-fours", games, seed=7)
    assert summary["violations"] == 0, summary["first_violations"]
    assert sum(summary["games_by_seat_count"].values()) == games
    assert set(summary["games_by_seat_count"]) == {"2", "3", "4"}


def test_selfplay_with_the_bots_finds_no_violation():
    summary = run("all-fours", 60, seed=11, all_bots=True)
    assert summary["violations"] == 0, summary["first_violations"]


def test_the_result_says_who_scored_high_low_jack_and_game_in_each_deal():
    hands = {1: ["Ah", "2h", "Jh", "Tc", "3c", "4c"]}
    state = full_deal(2, 0, scores=[5, 6], hands=hands)
    last = state["result"]["by_deal"][-1]
    assert last == {
        "deal": 1,
        "turnup": [],
        "gift": None,
        "high": 1,
        "low": None,
        "jack": None,
        "game": None,
    }


def test_with_only_the_first_turn_up_scoring_a_redeals_turn_up_does_not_score():
    # Issue 16: seat 3 deals, turns up the Ace of clubs (1 point), the eldest begs, the
    # stock runs out while running the pack, the same dealer redeals and turns up a Jack.
    options = {"deck": 32, "run_turnup_scores": False}
    state = dealt(4, 3, {}, "Ac", options=options)
    assert state["scores"] == [0, 1]
    state = act(act(state, "beg"), "run")
    assert state["phase"] == "deal" and state["dealer"] == 3
    redeal = deal_deck(4, 3, {}, "Jc", size=32)
    message = GAME.describe(state, {"type": "deal", "deck": redeal})
    assert message["code"] == "all-fours.deal"  # not "all-fours.deal-scores"
    assert "point" not in said(state, {"type": "deal", "deck": redeal})
    state = act(state, "deal", deck=redeal)

    assert state["turnup"] == "Jc"
    assert state["scores"] == [0, 1]
    assert GAME.check_invariants(state) == []


def test_by_default_a_redeals_turn_up_scores_again():
    state = act(act(dealt(4, 3, {}, "Ac", options={"deck": 32}), "beg"), "run")
    state = act(state, "deal", deck=deal_deck(4, 3, {}, "Jc", size=32))

    assert state["scores"] == [0, 2]
