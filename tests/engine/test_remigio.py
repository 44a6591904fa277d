"""Remigio rules and house rules, each by name, on fixed decks."""

import random

import pytest
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames import CHANCE, BadOptions, IllegalAction, from_json, to_json
from cardgames.cards import multi_deck
from cardgames.core import concrete
from cardgames.melds import Rules
from cardgames.remigio.game import GAME, TURN_LIMIT, closing_kind, has_five_pairs
from play.presentation.messages import refusal as refusal_text
from play.presentation.messages import say


def said(state, action, names, lang="fr"):
    """The site's sentence for the engine's message (play/presentation/games/remigio.py)."""
    with translation.override(lang):
        return say("remigio", GAME.describe(state, action), names)

# Hands used again and again. A plain closing hand with one joker (after the discard):
CLOSING_JOKER = ["Ac.1", "2c.1", "3c.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1", "Xr.1"]
CLOSING_NATURAL = ["Ac.1", "2c.1", "3c.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1", "Ts.1"]
# Scattered hands: count = sum of values (nothing melds).
LOSER_A = ["2d.1", "4d.1", "6d.1", "8d.1", "Td.1", "Qh.2", "3h.2", "7h.2", "Kc.2", "5c.2"]
LOSER_B = ["2d.2", "4d.2", "6d.2", "8d.2", "Td.2", "Qh.1", "3h.1", "7h.1", "Kc.1", "5c.1"]
COUNT_A = 2 + 4 + 6 + 8 + 10 + 10 + 3 + 7 + 10 + 5  # 65
LOSER_C = ["2s.2", "4s.2", "6s.2", "8s.2", "Th.2", "Qd.2", "3d.2", "7c.2", "Kh.2", "5h.2"]
COUNT_C = 2 + 4 + 6 + 8 + 10 + 10 + 3 + 7 + 10 + 5  # 65


def make_deck(seats, hands, pile=None, stock=(), decks=None, dealer=None, seed=0):
    """A deck that deals ``hands[seat]`` to each listed seat, ``pile`` face up and then
    ``stock`` on top of the stock; every other card is filled in from the rest."""
    decks = decks or (3 if seats > 6 else 2)
    dealer = seats - 1 if dealer is None else dealer
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    k = len(order)
    full = multi_deck(decks)
    chosen = [c for h in hands.values() for c in h] + ([pile] if pile else []) + list(stock)
    assert len(set(chosen)) == len(chosen)
    rest = [c for c in full if c not in set(chosen)]
    random.Random(seed).shuffle(rest)
    # Filler hands must not hold five pairs by accident: take them scattered.
    slots = [None] * len(full)
    for j, seat in enumerate(order):
        for i, card in enumerate(hands.get(seat, [])):
            slots[j + k * i] = card
    if pile:
        slots[10 * k] = pile
    for i, card in enumerate(stock):
        slots[10 * k + 1 + i] = card
    for i in range(len(slots)):
        if slots[i] is None:
            slots[i] = rest.pop()
    return slots


def start(seats=3, hands=None, pile="Jd.2", stock=(), options=None, seed=0):
    options = {"five_pairs": "off", **(options or {})}
    state = GAME.new(seats, options)
    deck = make_deck(seats, hands or {}, pile, stock, seed=seed)
    return GAME.apply(state, {"type": "deal", "deck": deck})


def play(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


# ----- cards and seats -----------------------------------------------------------------


def test_two_decks_with_their_jokers_for_three_to_six_players():
    for seats in range(3, 7):
        state = GAME.new(seats, {})
        assert len(GAME.chance_cards(state)) == 108
        assert sum(c[0] == "X" for c in GAME.chance_cards(state)) == 4


def test_three_decks_above_six_players():
    for seats in (7, 8):
        assert len(GAME.chance_cards(GAME.new(seats, {}))) == 162


def test_two_players_only_with_the_option():
    with pytest.raises(BadOptions):
        GAME.new(2, {})
    state = GAME.new(2, {"two_players": True})
    assert len(GAME.chance_cards(state)) == 108


def test_card_ids_carry_the_deck_copy_and_jokers_their_colour():
    deck = GAME.chance_cards(GAME.new(4, {}))
    assert "Th.1" in deck and "Th.2" in deck
    assert {"Xr.1", "Xb.1", "Xr.2", "Xb.2"} <= set(deck)
    assert len(set(deck)) == len(deck)


# ----- the deal and the turn ----------------------------------------------------------


def test_ten_cards_each_dealt_one_at_a_time_from_the_dealers_right():
    state = GAME.new(3, {"five_pairs": "off"})
    deck = GAME.chance_cards(state)
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    # dealer is seat 2: seat 0 (its right-hand neighbour) gets the first card
    assert state["dealer"] == 2
    assert state["hands"][0] == deck[0:30:3]
    assert state["hands"][1] == deck[1:30:3]
    assert state["hands"][2] == deck[2:30:3]


def test_the_next_card_turned_up_starts_the_discard_pile():
    state = GAME.new(3, {"five_pairs": "off"})
    deck = GAME.chance_cards(state)
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    assert state["pile"] == [deck[30]]
    assert state["stock"][-1] == deck[31]  # drawn first
    assert len(state["stock"]) == 108 - 31


def test_the_dealers_right_hand_neighbour_plays_first():
    state = start(4)
    assert state["actor"] == 0 and state["phase"] == "draw"


def test_a_turn_is_a_draw_then_a_discard():
    state = start(3, stock=["Kd.1"])
    assert GAME.legal_actions(state) == [
        {"type": "draw", "from": "stock"},
        {"type": "draw", "from": "discard"},
    ]
    state = play(state, {"type": "draw", "from": "stock"})
    assert "Kd.1" in state["hands"][0] and len(state["hands"][0]) == 11
    assert {a["type"] for a in GAME.legal_actions(state)} == {"discard"}
    state = play(state, {"type": "discard", "card": "Kd.1"})
    assert state["pile"][-1] == "Kd.1"
    assert state["actor"] == 1 and len(state["hands"][0]) == 10


def test_a_player_may_take_the_top_discard():
    state = start(3, pile="Qh.1")
    state = play(state, {"type": "draw", "from": "discard"})
    assert "Qh.1" in state["hands"][0]
    assert state["pile"] == []
    view = GAME.view(state, 1)
    assert view["taken"] == "Qh"  # seen by all, as a face


def test_one_must_draw_before_discarding():
    state = start(3)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, {"type": "discard", "card": state["hands"][0][0]})
    assert refusal.value.rule == "remigio.draw-first"


def test_the_deal_passes_to_the_right_after_a_round():
    hands = {0: CLOSING_JOKER[:9] + ["Kd.2"]}
    state = start(3, hands, stock=["Xr.1"])
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    assert state["actor"] == CHANCE and state["dealer"] == 0 and state["round"] == 2
    state = GAME.apply(state, GAME.chance_action(state, random.Random(1)))
    if state["phase"] == "draw":
        assert state["actor"] == 1


def test_the_stock_is_rebuilt_from_the_discards_but_the_top_one():
    state = start(3, options={"rebuilds": 1})
    rng = random.Random(3)
    while state["actor"] != CHANCE:
        state = GAME.apply(state, {"type": "draw", "from": "stock"})
        state = GAME.apply(state, {"type": "discard", "card": state["drawn"]})
    assert state["phase"] == "rebuild" and state["stock"] == []
    top = state["pile"][-1]
    assert sorted(GAME.chance_cards(state)) == sorted(state["pile"][:-1])
    state = GAME.apply(state, GAME.chance_action(state, rng))
    assert state["pile"] == [top] and state["rebuilds"] == 1
    assert len(state["stock"]) == 108 - 31 - 0


def test_the_round_is_void_after_the_allowed_rebuilds():
    state = start(3, options={"rebuilds": 0})
    while state["phase"] != "deal":
        state = GAME.apply(state, {"type": "draw", "from": "stock"})
        state = GAME.apply(state, {"type": "discard", "card": state["drawn"]})
    assert state["last"]["kind"] == "void"
    assert state["scores"] == [0, 0, 0] and state["round"] == 2


def test_a_round_of_endless_discard_swaps_is_void_at_the_turn_limit():
    state = start(3)
    for _ in range(TURN_LIMIT):
        assert state["phase"] == "draw"
        state = GAME.apply(state, {"type": "draw", "from": "discard"})
        state = GAME.apply(state, {"type": "discard", "card": state["drawn"]})
    assert state["last"]["kind"] == "void"


# ----- closing ---------------------------------------------------------------------------


def test_closing_needs_the_ten_cards_kept_to_form_melds():
    hands = {0: LOSER_A}
    state = play(start(3, hands), {"type": "draw", "from": "stock"})
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, {"type": "close", "card": "2d.1"})
    assert refusal.value.rule == "remigio.close-melds"


def test_closing_is_offered_with_the_discard_that_leaves_ten_melded_cards():
    hands = {0: CLOSING_JOKER[:9] + ["Kd.2"]}
    state = play(start(3, hands, stock=["Xr.1"]), {"type": "draw", "from": "stock"})
    closes = [a for a in GAME.legal_actions(state) if a["type"] == "close"]
    assert {"type": "close", "card": "Kd.2"} in closes
    assert GAME.view(state, 0)["closings"][0]["multiplier"] >= 1


def test_a_player_may_choose_not_to_close():
    hands = {0: CLOSING_JOKER[:9] + ["Kd.2"]}
    state = play(start(3, hands, stock=["Xr.1"]), {"type": "draw", "from": "stock"})
    state = play(state, {"type": "discard", "card": "Kd.2"})
    assert state["actor"] == 1 and state["round"] == 1


def score_closing(closer_hand, extra, options=None, seats=3):
    """Seat 0 holds closer_hand + the stock card ``extra`` and closes on discarding Kd.2."""
    hands = {0: closer_hand, 1: LOSER_A, 2: LOSER_C}
    options = {"limit": 1000, **(options or {})}
    state = start(seats, hands, stock=[extra], options=options)
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    return state


def test_a_closing_with_a_joker_counts_the_losers_points_once():
    state = score_closing(CLOSING_JOKER, "Kd.2")
    assert state["last"]["kind"] == "plain" and state["last"]["multiplier"] == 1
    assert state["scores"] == [0, COUNT_A, COUNT_C]


def test_a_closing_without_joker_doubles_the_losers_points():
    state = score_closing(CLOSING_NATURAL, "Kd.2")
    assert state["last"]["multiplier"] == 2
    assert state["scores"] == [0, 2 * COUNT_A, 2 * COUNT_C]


COULEUR = ["Ah.1", "3h.1", "5h.1", "7h.1", "9h.1", "Jh.1", "Kh.1", "2h.1", "6h.1", "Th.1"]


def test_a_couleur_closes_without_melds_and_triples_with_a_joker():
    hand = COULEUR[:9] + ["Xr.1"]
    state = score_closing(hand, "Kd.2")
    assert state["last"]["kind"] == "couleur" and state["last"]["multiplier"] == 3
    assert state["scores"] == [0, 3 * COUNT_A, 3 * COUNT_C]


def test_a_couleur_without_joker_multiplies_by_four():
    state = score_closing(COULEUR, "Kd.2")
    assert state["last"]["kind"] == "couleur" and state["last"]["multiplier"] == 4


def test_a_couleur_must_be_melded_with_the_melded_option():
    rules = Rules()
    assert closing_kind(COULEUR, rules, "free") == "couleur"
    assert closing_kind(COULEUR, rules, "melded") is None
    melded = ["Ah.1", "2h.1", "3h.1", "5h.1", "6h.1", "7h.1", "9h.1", "Th.1", "Jh.1", "Qh.1"]
    assert closing_kind(melded, rules, "melded") == "couleur"


SEQUENCE = ["2s.1", "3s.1", "4s.1", "5s.1", "6s.1", "7s.1", "8s.1", "9s.1", "Ts.1", "Js.1"]


def test_a_sequence_of_ten_with_a_joker_multiplies_by_five():
    hand = SEQUENCE[:4] + ["Xb.1"] + SEQUENCE[5:]
    state = score_closing(hand, "Kd.2")
    assert state["last"]["kind"] == "sequence" and state["last"]["multiplier"] == 5


def test_a_sequence_without_joker_multiplies_by_six():
    state = score_closing(SEQUENCE, "Kd.2")
    assert state["last"]["kind"] == "sequence" and state["last"]["multiplier"] == 6
    assert state["scores"] == [0, 6 * COUNT_A, 6 * COUNT_C]


def test_a_sequence_is_one_single_run_not_several():
    two_runs = ["2s.1", "3s.1", "4s.1", "5s.1", "6s.1", "8s.1", "9s.1", "Ts.1", "Js.1", "Qs.1"]
    assert closing_kind(two_runs, Rules()) == "couleur"


def test_a_remigio_with_jokers_multiplies_by_eight():
    hand = ["9c.1", "9d.1", "9h.1", "9s.1", "9c.2", "9d.2", "9h.2", "9s.2", "Xr.1", "Xb.1"]
    state = score_closing(hand, "Kd.2")
    assert state["last"]["kind"] == "remigio" and state["last"]["multiplier"] == 8
    assert state["scores"] == [0, 8 * COUNT_A, 8 * COUNT_C]


def test_a_remigio_without_joker_multiplies_by_ten_with_three_decks():
    hand = [f"9{s}.{d}" for d in (1, 2) for s in "cdhs"] + ["9c.3", "9d.3"]
    assert closing_kind(hand, Rules()) == "remigio"
    hands = {0: hand, 1: LOSER_A, 2: LOSER_C}
    state = start(7, hands, stock=["Kd.2"], options={"limit": 1000})
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    assert state["last"]["multiplier"] == 10
    assert state["scores"][1] == 10 * COUNT_A


def test_the_highest_special_closing_counts_alone():
    # a ten-card run is also a couleur: only the sequence multiplier applies
    assert closing_kind(SEQUENCE, Rules()) == "sequence"


def test_losers_count_their_cards_arranged_to_their_lowest_count():
    loser = ["4c.1", "5c.1", "6c.1", "6d.1", "6h.1", "Kd.1", "Qh.1", "2s.1", "8c.2", "Xb.2"]
    hands = {0: CLOSING_JOKER, 1: loser, 2: LOSER_C}
    state = start(3, hands, stock=["Kd.2"], options={"limit": 1000})
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    shown = state["last"]["hands"][1]
    # 4-5-6 clubs and 6d 6h + joker meld; Kd Qh 2s 8c remain: 10 + 10 + 2 + 8
    assert shown["count"] == 30 and shown["points"] == 30
    assert sorted(shown["leftover"]) == sorted(["Kd", "Qh", "2s", "8c"])


def test_the_values_option_makes_aces_eleven_and_jokers_twenty_five():
    loser = ["Ad.2", "4d.2", "Xb.2", "8d.2", "Td.2", "Qh.1", "3h.1", "7h.1", "Kc.1", "5c.1"]
    hands = {0: CLOSING_JOKER, 1: loser, 2: LOSER_C}
    state = start(3, hands, stock=["Kd.2"], options={"values": "high", "limit": 1000})
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    # 8d-joker-Td meld; the ace counts 11
    assert state["last"]["hands"][1]["count"] == 11 + 4 + 10 + 3 + 7 + 10 + 5


# ----- five pairs ----------------------------------------------------------------------------

FIVE_PAIRS = ["3c.1", "3d.1", "8h.1", "8h.2", "Jc.1", "Js.1", "Kd.1", "Kh.1", "Ad.1", "As.2"]


def test_five_pairs_dealt_win_at_once_halving_the_losers_points_rounded_up():
    loser = LOSER_A[:-1] + ["6c.2"]  # count 66 → 33
    hands = {1: FIVE_PAIRS, 0: loser, 2: LOSER_C}
    state = start(3, hands, options={"five_pairs": "wild", "limit": 1000})
    assert state["last"]["kind"] == "five_pairs" and state["last"]["closer"] == 1
    assert state["last"]["multiplier"] == 0.5
    assert state["scores"] == [33, 0, 33]  # 65 / 2 rounded up too
    assert state["actor"] == CHANCE and state["round"] == 2


def test_a_joker_may_complete_a_pair_in_five_pairs():
    hand = FIVE_PAIRS[:-1] + ["Xr.1"]
    assert has_five_pairs(hand, "wild")
    assert not has_five_pairs(hand, "natural")
    assert has_five_pairs(FIVE_PAIRS, "natural")
    assert not has_five_pairs(FIVE_PAIRS, "off")
    # a pair never holds two jokers: six jokers and four cards are not five pairs
    jokers = ["Xr.1", "Xb.1", "Xr.2", "Xb.2", "Xr.3", "Xb.3"]
    assert not has_five_pairs(FIVE_PAIRS[:4] + jokers, "wild")
    assert has_five_pairs(FIVE_PAIRS[:6] + ["Kd.1", "Xb.1", "Ad.1", "Xr.1"], "wild")


def test_four_of_a_rank_make_two_pairs():
    assert has_five_pairs(["3c.1", "3d.1", "3h.1", "3s.1"] + FIVE_PAIRS[4:], "natural")


def test_five_pairs_go_to_the_first_player_in_turn_order():
    hands = {
        1: FIVE_PAIRS,
        0: ["3h.1", "3s.1", "4h.1", "4s.1", "5h.1", "5s.1", "6h.1", "6s.1"] + ["7h.1", "7s.1"],
    }
    state = start(3, hands, options={"five_pairs": "natural"})
    assert state["last"]["closer"] == 0


# ----- scoring modes ---------------------------------------------------------------------------


ACES = ["Ad.1", "Ah.1", "As.1", "Ad.2", "Ah.2", "As.2", "2h.1", "2h.2", "2s.1", "4h.1"]  # 4


def test_elimination_puts_out_a_player_reaching_the_limit_and_play_goes_on():
    hands = {0: CLOSING_NATURAL, 1: LOSER_A, 2: LOSER_C, 3: ACES}
    state = start(4, hands, stock=["Kd.2"], options={"limit": 100})
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    assert state["scores"] == [0, 130, 130, 8]
    assert state["out"] == [False, True, True, False]
    assert state["actor"] == CHANCE and state["dealer"] == 0  # play goes on without 1 and 2
    state = GAME.apply(state, GAME.chance_action(state, random.Random(2)))
    if state["phase"] == "draw":
        assert state["actor"] == 3  # seat 0 deals, the next seat still in plays first
        assert state["hands"][1] == [] and state["hands"][2] == []
    assert GAME.view(state, 0)["out"] == [False, True, True, False]


def test_the_last_player_in_wins_in_elimination():
    state = score_closing(CLOSING_NATURAL, "Kd.2", {"limit": 100})
    assert state["actor"] is None
    assert state["result"]["winners"] == [0]
    assert state["result"]["eliminated"] == [1, 2]


def test_the_stop_at_two_option_ends_with_the_lowest_score():
    hands = {0: CLOSING_JOKER, 1: LOSER_A, 2: LOSER_C, 3: LOSER_B}
    options = {"limit": 100, "last_two": True}
    state = start(4, hands, stock=["Kd.2"], options=options)
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    assert state["scores"] == [0, 65, 65, 65] and state["actor"] == CHANCE
    # second round, dealt by seat 0: seat 1 closes without joker, seats 2 and 3 go out
    hands = {1: CLOSING_NATURAL, 2: LOSER_C, 3: LOSER_B, 0: ACES}
    deck = make_deck(4, hands, pile="Jd.2", stock=["Kd.2"], dealer=0)
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    state = play(state, {"type": "draw", "from": "stock"}, {"type": "close", "card": "Kd.2"})
    assert state["out"] == [False, False, True, True]
    assert state["actor"] is None
    assert state["scores"][:2] == [8, 65]
    assert state["result"]["winners"] == [0]


def test_payment_mode_the_closer_collects_the_losers_points_in_chips():
    state = score_closing(CLOSING_NATURAL, "Kd.2", {"scoring": "payment", "limit": 1000})
    total = 2 * COUNT_A + 2 * COUNT_C
    assert state["scores"] == [total, 0, 0]
    assert state["chips"] == [total, -2 * COUNT_A, -2 * COUNT_C]
    assert state["actor"] == CHANCE


def test_payment_mode_the_first_to_the_target_wins():
    state = score_closing(CLOSING_NATURAL, "Kd.2", {"scoring": "payment", "limit": 200})
    assert state["actor"] is None
    assert state["result"]["winners"] == [0]
    assert state["result"]["lower_is_better"] is False
    assert sum(state["result"]["chips"]) == 0


def test_the_round_limit_ends_the_match_with_the_best_score():
    state = score_closing(CLOSING_JOKER, "Kd.2", {"max_rounds": 1})
    assert state["actor"] is None and state["result"]["winners"] == [0]
    state = score_closing(CLOSING_JOKER, "Kd.2", {"max_rounds": 1, "scoring": "payment"})
    assert state["result"]["winners"] == [0]


# ----- views -----------------------------------------------------------------------------------


def test_the_view_holds_what_a_table_needs():
    state = start(3, {0: CLOSING_JOKER[:9] + ["Kd.2"]}, pile="Qh.1")
    view = GAME.view(state, 0)
    assert view["discard_top"] == "Qh.1"
    assert view["stock_count"] == 108 - 31
    assert view["scores"] == [0, 0, 0] and view["out"] == [False] * 3
    assert view["hand"] == sorted(CLOSING_JOKER[:9] + ["Kd.2"])
    proposed = view["proposed"]
    assert proposed["count"] == 10 and proposed["leftover"] == ["Kd.2"]
    assert view["legal_actions"] == GAME.legal_actions(state)
    other = GAME.view(state, 1)
    assert "legal_actions" not in other
    assert not set(other["hand"]) & set(view["hand"])
    spectator = GAME.view(state, None)
    assert "hand" not in spectator


def test_at_the_end_of_a_round_every_hand_is_shown_arranged_with_count_and_multiplier():
    state = score_closing(CLOSING_NATURAL, "Kd.2")
    last = GAME.view(state, 2)["last_round"]
    assert last["closer"] == 0 and last["multiplier"] == 2 and last["kind"] == "plain"
    closer = last["hands"][0]
    assert closer["count"] == 0 and sum(len(m) for m in closer["melds"]) == 10
    assert last["hands"][1]["count"] == COUNT_A and last["hands"][1]["points"] == 2 * COUNT_A
    assert last["discard"] == "Kd"


def test_views_never_show_other_hands_or_the_stock():
    state = start(4)
    for seat in range(4):
        text = to_json(GAME.view(state, seat))
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in state["hands"][other])
        assert not any(f'"{c}"' in text for c in state["stock"])


# ----- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, rule",
    [
        ({"type": "nonsense"}, "remigio.discard-now"),
        ("draw", "remigio.malformed"),
        ({"type": "discard", "card": "Zz.9"}, "remigio.not-in-hand"),
        ({"type": "close", "card": "2d.1"}, "remigio.close-melds"),
        ({"type": "draw", "from": "stock"}, "remigio.discard-now"),
        ({"type": "discard", "card": "2d.1", "seat": 2}, "remigio.turn"),
    ],
)
def test_illegal_actions_leave_the_state_unchanged_and_name_their_rule(action, rule):
    state = play(start(3, {0: LOSER_A}), {"type": "draw", "from": "stock"})
    before = to_json(state)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, action)
    assert refusal.value.rule == rule
    with translation.override("en"):
        assert refusal_text("remigio", refusal.value.message)
    assert to_json(state) == before


def test_the_deal_must_be_a_permutation_of_the_cards_to_shuffle():
    state = GAME.new(3, {})
    deck = GAME.chance_cards(state)
    for bad in (deck[:-1], deck[:-1] + [deck[0]], deck + ["Ah.3"], "deck", [1] * 108):
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, {"type": "deal", "deck": bad})
        assert refusal.value.rule == "remigio.deck"
    with pytest.raises(IllegalAction):
        GAME.apply(state, {"type": "draw", "from": "stock"})


def test_a_finished_match_refuses_every_action():
    state = score_closing(CLOSING_NATURAL, "Kd.2", {"limit": 100})
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, {"type": "draw", "from": "stock"})
    assert refusal.value.rule == "remigio.over"


def test_describe_names_the_card_and_the_closing():
    hands = {0: CLOSING_NATURAL[:9] + ["Kd.2"]}
    state = play(start(3, hands, stock=["Ts.1"]), {"type": "draw", "from": "stock"})
    names = ["Alice", "Bob", "Charlie"]
    close = {"type": "close", "card": "Kd.2"}
    assert GAME.describe(state, close) == {
        "code": "remigio.close", "seat": 0, "card": "Kd", "kind": "plain", "multiplier": 2}
    assert said(state, close, names) == (
        "Alice se défausse du roi de carreau et ferme (fermeture, ×2) !"
    )
    assert said(state, close, names, "en") == (
        "Alice discards the king of diamonds and closes (closing, ×2)!"
    )
    ace = {"type": "discard", "card": "Ac.1"}
    assert said(state, ace, names) == "Alice se défausse de l'as de trèfle."


def test_default_action_draws_then_discards_the_drawn_card():
    state = start(3, stock=["Kd.1"])
    state = GAME.apply(state, GAME.default_action(state))
    assert GAME.default_action(state) == {"type": "discard", "card": "Kd.1"}


# ----- properties on random deals ---------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    seats=st.integers(3, 8),
    options=st.fixed_dictionaries(
        {
            "scoring": st.sampled_from(["elimination", "payment"]),
            "wrap": st.booleans(),
            "group_suits": st.sampled_from(["repeat", "distinct"]),
            "five_pairs": st.sampled_from(["wild", "natural", "off"]),
            "rebuilds": st.integers(0, 1),
        }
    ),
)
def test_random_play_keeps_every_invariant(seed, seats, options):
    rng = random.Random(seed)
    state = GAME.new(seats, options)
    for _ in range(300):
        if state["actor"] is None:
            break
        if state["actor"] == CHANCE:
            action = GAME.chance_action(state, rng)
        else:
            action = concrete(rng.choice(GAME.legal_actions(state)), rng)
        state = GAME.apply(state, action)
        assert GAME.check_invariants(state) == []
        assert from_json(to_json(state)) == state


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_offered_closing_leaves_ten_melded_cards(seed):
    rng = random.Random(seed)
    deck = multi_deck(2)
    naturals = [c for c in deck if c[1] in "hs" and c[0] in "A23456789"]
    hand = rng.sample(naturals, 10) + rng.sample(["Xr.1", "Xb.1"], rng.randint(0, 1))
    hand = hand[:11]
    from cardgames.melds import can_close
    from cardgames.remigio.game import closing_discards

    offered = {c for c, _, _ in closing_discards(hand, Rules(), "melded")}
    for card in hand:
        rest = list(hand)
        rest.remove(card)
        assert (card in offered) == can_close(rest, Rules())


def test_describe_tells_five_pairs_and_void_rounds():
    hands = {1: FIVE_PAIRS}
    state = GAME.new(3, {"five_pairs": "natural"})
    deck = make_deck(3, hands)
    names = ["Alice", "Bob", "Charlie"]
    text = said(state, {"type": "deal", "deck": deck}, names)
    assert text.endswith("Bob a reçu cinq paires et gagne le coup.")
    state = start(3, options={"rebuilds": 0})
    while len(state["stock"]) > 1:
        state = play(state, {"type": "draw", "from": "stock"})
        state = play(state, {"type": "discard", "card": state["drawn"]})
    state = play(state, {"type": "draw", "from": "stock"})
    text = said(state, {"type": "discard", "card": state["drawn"]}, names, "en")
    assert text.endswith("Void round: nobody scores.")
