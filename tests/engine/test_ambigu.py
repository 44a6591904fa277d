"""The rules of Ambigu (issue 7) and the house rules of docs/rules/ambigu-house-rules.md."""

import random

import pytest
from django.utils import translation

from cardgames import CHANCE, BadOptions, IllegalAction, from_json, to_json
from cardgames.ambigu.game import DECK, GAME, classify
from cardgames.core import concrete
from play.presentation.messages import say


def said(message, names, lang="fr"):
    """The site's sentence for a log message (play/presentation/games/ambigu.py)."""
    with translation.override(lang):
        return say("ambigu", message, names)

# ----- helpers ---------------------------------------------------------------------------


def carry(n, dealer=0, stacks=None, poule=0, batterie=0):
    return {"stacks": stacks or [50] * n, "dealer": dealer, "poule": poule, "batterie": batterie}


def ordered(pool, order, hands):
    """A permutation of ``pool`` that deals ``hands[seat]`` (two cards) one at a time
    from the dealer's right, the remaining cards following in pack order."""
    k = len(order)
    head = [None] * (2 * k)
    for j, seat in enumerate(order):
        head[j], head[k + j] = hands[seat]
    used = set(head)
    return head + [c for c in pool if c not in used]


def start(n=3, dealer=0, first=None, options=None, stacks=None, poule=0, batterie=0):
    """A deal dealt with chosen first two cards, at the first speech."""
    state = GAME.new(n, options or {}, carry(n, dealer, stacks, poule, batterie))
    first = first or {}
    order = state["order"]
    pool = list(DECK)
    rest = [c for c in pool if all(c not in h for h in first.values())]
    hands = {s: first.get(s) or [rest.pop(), rest.pop()] for s in order}
    return GAME.apply(state, {"type": "deal", "deck": ordered(pool, order, hands)})


def second_deal(state, second=None):
    """The chance shuffle of the stock after "battez", dealing chosen cards."""
    assert state["actor"] == CHANCE and state["shuffle_for"] == "deal2"
    pool = GAME.chance_cards(state)
    second = second or {}
    rest = [c for c in pool if all(c not in h for h in second.values())]
    hands = {s: second.get(s) or [rest.pop(), rest.pop()] for s in state["order"]}
    return GAME.apply(state, {"type": "deal", "deck": ordered(pool, state["order"], hands)})


def play(state, *actions):
    for action in actions:
        if state["actor"] == CHANCE:
            state = GAME.apply(state, {"type": "deal", "deck": GAME.chance_cards(state)})
        state = GAME.apply(state, action)
    return state


def shuffle(state):
    assert state["actor"] == CHANCE
    return GAME.apply(state, {"type": "deal", "deck": GAME.chance_cards(state)})


def types(state):
    return [a["type"] for a in GAME.legal_actions(state)]


def to_phase2(n=3, dealer=0, first=None, second=None, options=None, stacks=None, battez=None):
    state = start(n, dealer, first, options, stacks)
    speaker = battez if battez is not None else state["order"][0]
    while state["actor"] != speaker:
        state = play(state, {"type": "pass"})
    state = play(state, {"type": "battez"})
    return second_deal(state, second)


STAND = {"type": "exchange", "cards": []}

# a fixed deal for three players, dealer 0 (speech order 1, 2, 0)
FIRST = {1: ["Th", "Td"], 2: ["9h", "8h"], 0: ["Ah", "3d"]}
SECOND = {1: ["Tc", "9s"], 2: ["7h", "2d"], 0: ["5c", "7s"]}


# ----- the pack, the seats, the dealer -----------------------------------------------


def test_the_pack_has_forty_cards_ace_low_to_ten_without_court_cards():
    assert len(DECK) == 40
    assert not {c for c in DECK if c[0] in "JQK"}
    state = start()
    assert len(GAME.chance_cards(GAME.new(3, {}))) == 40
    assert GAME.check_invariants(state) == []


@pytest.mark.parametrize("seats", [2, 6])
def test_two_to_six_players(seats):
    assert GAME.new(seats, {})["players"] == list(range(seats))
    with pytest.raises(BadOptions):
        GAME.new(7, {})


def test_the_first_dealer_is_the_player_who_draws_the_highest_card():
    state = GAME.new(3, {})
    assert state["phase"] == "draw" and state["actor"] == CHANCE
    deck = ["5c", "Tc", "3d"] + [c for c in DECK if c not in ("5c", "Tc", "3d")]
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    assert state["dealer"] == 1 and state["phase"] == "deal"


def test_the_log_of_the_draw_for_the_deal_names_ranks_only_like_the_view():
    state = GAME.new(3, {})
    deck = ["5c", "Tc", "3d"] + [c for c in DECK if c not in ("5c", "Tc", "3d")]
    action = {"type": "deal", "deck": deck}
    names = ["Ana", "Bea", "Cy"]
    message = GAME.describe(state, action)
    assert message == {"code": "ambigu.draw", "draws": [[0, "5"], [1, "T"], [2, "3"]],
                       "dealer": 1}
    fr, en = said(message, names), said(message, names, "en")
    assert fr == "Tirage pour la donne (Ana : cinq, Bea : dix, Cy : trois) ; Bea donne."
    assert en == "Draw for the deal (Ana: five, Bea: ten, Cy: three); Bea deals."
    after = GAME.apply(state, action)
    assert GAME.view(after, None)["draw"] == [[0, "5"], [1, "T"], [2, "3"]]
    for text in (fr, en):
        for word in ("trèfle", "carreau", "clubs", "diamonds"):
            assert word not in text


def test_players_tied_for_the_highest_card_draw_again():
    state = GAME.new(3, {})
    head = ["Tc", "Td", "3d", "4c", "9h"]
    deck = head + [c for c in DECK if c not in head]
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    assert state["dealer"] == 1
    assert [s for s, _ in state["draw"]] == [0, 1, 2, 0, 1]


def test_the_deal_and_the_speech_start_with_the_dealers_right_hand_neighbour():
    state = GAME.new(4, {}, carry(4, dealer=2))
    assert state["order"] == [3, 0, 1, 2]
    state = start(4, dealer=2, first={3: ["Ah", "Ac"], 0: ["2h", "2c"]})
    assert state["hands"][3] == ["Ah", "Ac"] and state["hands"][0] == ["2h", "2c"]
    assert state["actor"] == 3


def test_the_deal_passes_to_the_right_from_one_deal_to_the_next():
    state = to_phase2()
    state = play(state, {"type": "pass"}, {"type": "pass"}, {"type": "pass"})
    assert GAME.carry(state)["dealer"] == 1


# ----- stakes ------------------------------------------------------------------------------


@pytest.mark.parametrize("ante", [1, 2])
def test_each_player_antes_to_the_poule_before_the_deal(ante):
    state = GAME.new(4, {"ante": ante}, carry(4))
    assert state["poule"] == 4 * ante
    assert state["stacks"] == [50 - ante] * 4


def test_an_unwon_poule_carries_over_to_the_next_deal():
    state = start(options={"exchange_rounds": 1})
    state = play(state, *[{"type": "pass"}] * 3, *[STAND] * 3, *[{"type": "pass"}] * 3)
    assert state["result"]["outcome"] == "abandoned"
    following = GAME.new(3, {}, GAME.carry(state))
    assert following["poule"] == 6


def test_without_carry_every_player_starts_with_the_cave_option():
    assert GAME.new(2, {"cave": 100})["stacks"] == [99, 99]


# ----- phase 1 -------------------------------------------------------------------------


def test_battez_pays_the_batterie_and_ends_the_first_speech():
    state = start()
    state = play(state, {"type": "pass"}, {"type": "battez"})
    assert state["batterie"] == 1 and state["stacks"][2] == 48
    assert state["battez"] == 2
    assert state["actor"] == CHANCE and state["shuffle_for"] == "deal2"


def test_the_battez_stake_is_a_table_option():
    state = play(start(options={"battez_stake": 2}), {"type": "battez"})
    assert state["batterie"] == 2


def test_battez_needs_the_stake():
    state = start(stacks=[50, 1, 50])
    assert "battez" not in types(state)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, {"type": "battez"})
    assert refusal.value.rule == "ambigu.battez-stake"


def test_after_battez_the_stock_is_shuffled_and_every_hand_completed_to_four():
    state = play(start(first=FIRST), {"type": "battez"})
    assert sorted(GAME.chance_cards(state)) == sorted(state["stock"])
    state = second_deal(state, {1: ["Tc", "9s"]})
    assert all(len(state["hands"][s]) == 4 for s in range(3))
    assert state["hands"][1][2:] == ["Tc", "9s"]
    assert state["phase"] == "speech2"


def test_when_everybody_passes_each_player_may_exchange_from_the_unshuffled_stock():
    state = start(first=FIRST)
    state = play(state, *[{"type": "pass"}] * 3)
    assert state["phase"] == "exchange1" and state["actor"] == 1
    assert GAME.legal_actions(state) == [{"type": "exchange", "choose": [0, 2], "from": FIRST[1]}]
    top = state["stock"][:1]
    state = play(state, {"type": "exchange", "cards": ["Td"]})
    assert state["hands"][1] == ["Th"] + top  # the top of the stock, no shuffle


def test_discards_are_not_mixed_into_the_stock():
    state = play(start(first=FIRST), *[{"type": "pass"}] * 3, {"type": "exchange", "cards": ["Td"]})
    assert "Td" not in state["stock"] and state["discards"][1] == ["Td"]


def test_after_the_exchanges_speech_begins_again_and_battez_stops_the_exchanges():
    state = play(start(), *[{"type": "pass"}] * 3, *[STAND] * 3)
    assert state["phase"] == "speech1" and state["round"] == 2 and state["actor"] == 1
    state = play(state, {"type": "battez"})
    assert state["shuffle_for"] == "deal2"


def test_if_everybody_still_passes_after_the_last_exchange_round_the_deal_is_abandoned():
    state = start(options={"exchange_rounds": 2})
    for _ in range(2):
        state = play(state, *[{"type": "pass"}] * 3, *[STAND] * 3)
    state = play(state, *[{"type": "pass"}] * 3)
    assert state["actor"] is None and state["result"]["outcome"] == "abandoned"
    assert state["poule"] == 3


def test_a_recave_is_allowed_before_the_third_card_only():
    state = start(stacks=[50, 20, 50])
    recave = [a for a in GAME.legal_actions(state) if a["type"] == "recave"]
    assert recave == [{"type": "recave", "min": 1, "max": 31}]
    state = play(state, {"type": "recave", "amount": 31})
    assert state["stacks"][1] == 50 and state["recaved"][1] == 31
    assert state["actor"] == 1  # the recave does not end one's turn
    assert "recave" not in types(state)  # once a deal
    state = play(state, {"type": "battez"})
    state = second_deal(state)
    assert "recave" not in types(state)


def test_no_recave_at_the_first_deal_of_a_table():
    state = GAME.new(3, {})
    state = shuffle(shuffle(state))
    assert "recave" not in types(state)


def test_a_broke_player_recaves_to_the_starting_cave_when_the_deal_begins():
    state = GAME.new(3, {}, carry(3, stacks=[0, 50, 50]))
    assert state["recaved"][0] == 50 and state["stacks"][0] == 49
    assert 0 in state["players"]


def test_without_auto_recave_a_broke_player_is_dealt_out():
    state = GAME.new(3, {"auto_recave": False}, carry(3, stacks=[0, 50, 50]))
    assert state["players"] == [1, 2]
    state = shuffle(state)
    assert state["hands"][0] == []


def test_a_seat_without_stack_sits_out_and_the_deal_moves_past_it():
    state = GAME.new(4, {}, carry(4, dealer=0, stacks=[None, 50, 50, 50]))
    assert state["players"] == [1, 2, 3] and state["dealer"] == 1
    assert state["poule"] == 3


def test_fewer_than_two_players_make_a_void_deal():
    state = GAME.new(3, {"auto_recave": False}, carry(3, stacks=[0, 0, 50]))
    assert state["actor"] is None and state["result"]["outcome"] == "void"
    assert GAME.carry(state)["stacks"] == [0, 0, 50]


# ----- phase 2 -------------------------------------------------------------------------


def test_a_vade_is_two_to_four_jetons():
    state = to_phase2()
    assert GAME.legal_actions(state)[1] == {"type": "vade", "min": 2, "max": 4}
    for amount in (1, 5):
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, {"type": "vade", "amount": amount})
        assert refusal.value.rule == "ambigu.vade-amount"


def test_an_unanswered_vade_wins_the_batterie_takes_it_back_and_two_jetons_from_the_dealer():
    state = to_phase2()
    state = play(state, {"type": "vade", "amount": 3}, {"type": "pass"}, {"type": "pass"})
    result = state["result"]
    assert result["outcome"] == "vade" and result["winners"] == [1]
    assert state["stacks"] == [47, 51, 49]
    assert state["poule"] == 3 and state["batterie"] == 0  # the poule stays
    assert result["scores"] == [-3, 1, -1]


def test_an_unanswered_vade_by_the_dealer_collects_nothing_from_himself():
    state = to_phase2()
    state = play(state, {"type": "pass"}, {"type": "pass"}, {"type": "vade", "amount": 2})
    state = play(state, {"type": "pass"}, {"type": "pass"})
    assert state["result"]["winners"] == [0]
    assert state["stacks"] == [49 + 1, 48, 49]


def test_a_dealer_who_cannot_pay_the_two_jetons_owes_them():
    state = to_phase2(stacks=[2, 50, 50])
    state = play(state, {"type": "vade", "amount": 2}, {"type": "pass"}, {"type": "pass"})
    assert state["stacks"][0] == 0
    assert state["result"]["debts"] == [[0, 1, 1]]
    assert GAME.carry(state)["debts"] == [[0, 1, 1]]


def test_players_who_passed_before_the_vade_answer_it_in_a_second_round():
    state = to_phase2()
    state = play(state, {"type": "pass"}, {"type": "vade", "amount": 2})
    assert state["actor"] == 0 and state["round"] == 1
    state = play(state, {"type": "follow"})
    assert state["actor"] == 1 and state["round"] == 2
    assert types(state) == ["pass", "follow"]  # follow or pass, no raise in phase 2


def test_a_pass_after_the_vade_drops_the_player():
    state = to_phase2()
    state = play(state, {"type": "vade", "amount": 2}, {"type": "pass"}, {"type": "follow"})
    assert state["folded"] == [False, False, True]


def test_after_a_followed_vade_the_stock_is_shuffled_and_exchanges_start_at_the_dealers_right():
    state = to_phase2(n=4, dealer=3)
    state = play(state, {"type": "pass"}, {"type": "vade", "amount": 2})
    state = play(state, {"type": "pass"}, {"type": "follow"})  # seats 2 (drops), 3 follows
    state = play(state, {"type": "pass"})  # seat 0, second round
    assert state["actor"] == CHANCE and state["shuffle_for"] == "exchange2"
    state = shuffle(state)
    assert state["phase"] == "exchange2" and state["pending"] == [1, 3]


def test_the_second_exchange_allows_standing_pat_by_default():
    state = to_phase2()
    state = play(state, {"type": "vade", "amount": 2}, {"type": "follow"}, {"type": "pass"})
    state = shuffle(state)
    assert GAME.legal_actions(state)[0]["choose"] == [0, 4]
    state = play(state, STAND)
    assert state["actor"] == 2


def test_the_exchange_min_option_makes_the_second_exchange_compulsory():
    state = to_phase2(options={"exchange_min": 1})
    state = play(state, {"type": "vade", "amount": 2}, {"type": "follow"}, {"type": "pass"})
    state = shuffle(state)
    assert GAME.legal_actions(state)[0]["choose"] == [1, 4]
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, STAND)
    assert refusal.value.rule == "ambigu.exchange-count"


def test_when_nobody_opens_the_dealer_pays_two_to_the_poule_and_nobody_exchanges():
    state = to_phase2()
    state = play(state, *[{"type": "pass"}] * 3)
    assert state["poule"] == 3 + 2 and state["stacks"][0] == 47
    assert state["phase"] == "renvis" and all(len(h) == 4 for h in state["hands"])
    assert state["actor"] == 1


def test_the_abandon_option_stops_the_deal_when_nobody_opens_and_carries_everything():
    state = to_phase2(options={"no_opening": "abandon"})
    state = play(state, *[{"type": "pass"}] * 3)
    assert state["result"]["outcome"] == "abandoned"
    following = GAME.carry(state)
    assert (following["poule"], following["batterie"]) == (3, 1)


# ----- phase 3 and the winnings --------------------------------------------------------


def followed(options=None, stacks=None, first=FIRST, second=SECOND):
    state = to_phase2(first=first, second=second, options=options, stacks=stacks)
    state = play(state, {"type": "vade", "amount": 2}, {"type": "follow"}, {"type": "follow"})
    return play(shuffle(state), STAND, STAND, STAND)


def test_renvis_go_round_until_nobody_raises_the_last_bet():
    state = followed()
    assert state["phase"] == "renvis" and state["actor"] == 1
    state = play(state, {"type": "check"}, {"type": "renvi", "amount": 3})
    assert state["actor"] == 0 and types(state) == ["fold", "call", "renvi"]
    state = play(state, {"type": "renvi", "amount": 5})  # calls 3, raises 2
    state = play(state, {"type": "call"})  # seat 1 calls 5
    assert state["actor"] == 2
    state = play(state, {"type": "call"})
    assert state["actor"] is None and state["result"]["outcome"] == "showdown"


def test_the_last_raiser_cannot_raise_himself():
    state = followed()
    state = play(state, {"type": "renvi", "amount": 2}, {"type": "call"}, {"type": "call"})
    assert state["actor"] is None  # the speech never came back to the raiser


def test_a_raise_must_exceed_what_is_owed_and_stay_within_the_stack():
    state = play(followed(), {"type": "renvi", "amount": 2})
    for amount in (2, 999):
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, {"type": "renvi", "amount": amount})
        assert refusal.value.rule == "ambigu.renvi-amount"


def test_the_last_player_in_takes_poule_renvis_and_batterie():
    state = followed()
    state = play(state, {"type": "renvi", "amount": 5}, {"type": "fold"}, {"type": "fold"})
    result = state["result"]
    assert result["outcome"] == "last-in" and result["winners"] == [1]
    assert (result["poule_won"], result["batterie_won"]) == (3, 1)
    assert state["poule"] == state["batterie"] == 0
    assert state["revealed"][1] and not state["revealed"][2]


def test_every_other_player_even_one_who_dropped_pays_the_winning_combination():
    state = to_phase2(first=FIRST, second=SECOND)
    state = play(state, {"type": "vade", "amount": 2}, {"type": "follow"}, {"type": "pass"})
    state = play(shuffle(state), STAND, STAND, {"type": "check"}, {"type": "check"})
    # seat 1 holds Th Td Tc 9s: tricon with grande prime, worth 7
    assert state["result"]["combination"]["value"] == 7
    assert sorted(state["result"]["payments"]) == [[0, 1, 7], [2, 1, 7]]


def test_the_remaining_option_makes_only_the_players_still_in_pay():
    state = to_phase2(first=FIRST, second=SECOND, options={"combination_payers": "remaining"})
    state = play(state, {"type": "vade", "amount": 2}, {"type": "follow"}, {"type": "pass"})
    state = play(shuffle(state), STAND, STAND, {"type": "check"}, {"type": "check"})
    assert state["result"]["payments"] == [[2, 1, 7]]


def test_a_player_who_cannot_pay_the_combination_owes_the_winner():
    state = followed(stacks=[50, 50, 4])  # seat 2: 3 after the ante, 1 after the vade
    state = play(state, {"type": "check"}, {"type": "check"}, {"type": "check"})
    assert state["stacks"][2] == 0
    assert [2, 1, 6] in state["result"]["debts"]  # owed 7, paid 1
    assert state["result"]["scores"][2] == -4 - 6


def test_tapis_wins_only_what_it_matched():
    state = to_phase2(first=FIRST, second=SECOND, stacks=[50, 5, 50])
    state = play(state, {"type": "pass"}, {"type": "vade", "amount": 2}, {"type": "follow"})
    state = play(state, {"type": "follow"})
    state = play(shuffle(state), STAND, STAND, STAND)
    state = play(state, {"type": "check"}, {"type": "renvi", "amount": 10}, {"type": "call"})
    assert types(state) == ["fold", "tapis"]
    state = play(state, {"type": "tapis"})
    # seat 1 (tricon) wins the 9 it matched plus poule and batterie; seat 2 (séquence)
    # beats seat 0 (prime) for the 18 beyond; then the combination is paid (7 each)
    assert state["stacks"] == [37 - 7, 0 + 9 + 3 + 1 + 14, 37 + 18 - 7]
    assert sum(state["stacks"]) == 105


def test_a_player_who_cannot_match_a_vade_may_go_tapis():
    state = to_phase2(stacks=[50, 50, 3])  # seat 2 keeps 2 jetons after the ante
    state = play(state, {"type": "vade", "amount": 3})
    assert types(state) == ["pass", "tapis"]
    state = play(state, {"type": "tapis"})
    assert state["allin"][2] and state["bets"][2] == 2


def test_the_best_combination_wins_the_showdown():
    state = followed()
    state = play(state, {"type": "check"}, {"type": "check"}, {"type": "check"})
    assert state["result"]["winners"] == [1]
    assert state["result"]["combination"]["category"] == "tricon-grande-prime"


def test_equal_combinations_are_split_by_height():
    first = {1: ["Ah", "2h"], 2: ["Ac", "2c"], 0: ["5d", "8s"]}
    second = {1: ["4h", "9h"], 2: ["4c", "Tc"], 0: ["3d", "7s"]}
    state = followed(first=first, second=second)
    state = play(state, {"type": "check"}, {"type": "check"}, {"type": "check"})
    assert state["result"]["winners"] == [2]  # flux of 17 beats flux of 16


def test_a_complete_tie_goes_to_the_player_nearest_the_dealers_right():
    first = {1: ["Ah", "2h"], 2: ["As", "2s"], 0: ["5d", "8c"]}
    second = {1: ["4h", "9h"], 2: ["4s", "9s"], 0: ["3d", "7c"]}
    state = followed(first=first, second=second)
    state = play(state, {"type": "check"}, {"type": "check"}, {"type": "check"})
    assert classify(state["hands"][1]).key == classify(state["hands"][2]).key
    assert state["result"]["winners"] == [1]


# ----- the stock runs out ------------------------------------------------------------------


def exhaust(options):
    state = start(n=6, options={"exchange_rounds": 4} | options)
    while state["phase"] in ("speech1", "exchange1"):
        if state["phase"] == "speech1":
            state = play(state, {"type": "pass"})
        else:
            state = play(state, {"type": "exchange", "cards": list(state["hands"][state["actor"]])})
    return state


def test_an_empty_stock_is_rebuilt_from_the_shuffled_discards():
    state = exhaust({"refuse_discard": False})
    assert state["actor"] == CHANCE and state["shuffle_for"] == "refill"
    discards = sorted(c for pile in state["discards"] for c in pile)
    assert GAME.chance_cards(state) == discards
    seat = state["refill"]["seat"]
    state = shuffle(state)
    assert len(state["hands"][seat]) == 2 and GAME.check_invariants(state) == []


def test_a_player_may_refuse_to_mix_their_discard_into_the_new_stock():
    state = exhaust({})
    assert state["phase"] == "keep" and types(state) == ["mix", "keep"]
    seat = state["actor"]
    own = set(state["discards"][seat])
    state = play(state, {"type": "keep"})
    assert not own & set(GAME.chance_cards(state))
    state = shuffle(state)
    assert set(state["discards"][seat]) == own
    assert not own & set(state["hands"][seat])


# ----- carry, views, refusals ----------------------------------------------------------


def test_carry_keeps_stacks_poule_batterie_and_debts():
    state = to_phase2(stacks=[2, 50, 50])
    state = play(state, {"type": "vade", "amount": 2}, {"type": "pass"}, {"type": "pass"})
    following = GAME.carry(state)
    assert following == {
        "stacks": [0, 50, 49],
        "dealer": 1,
        "poule": 3,
        "batterie": 0,
        "debts": [[0, 1, 1]],
    }
    assert GAME.new(3, {}, following)["debts"] == [[0, 1, 1]]


def test_the_view_shows_the_pots_apart_the_phase_and_the_round():
    state = play(followed(), {"type": "renvi", "amount": 3})
    view = GAME.view(state, 2)
    assert (view["poule"], view["batterie"], view["renvis"]) == (3, 1, 9)
    assert view["phase"] == "renvis" and view["phase_number"] == 3 and view["round"] == 1
    assert view["to_call"] == 3 and view["legal_actions"] == GAME.legal_actions(state)
    assert view["hand"] == state["hands"][2]
    assert all(c not in str(view) for c in state["hands"][1] + state["stock"])


def test_the_exchange_is_offered_as_a_card_selection_template():
    state = play(start(), *[{"type": "pass"}] * 3)
    entry = GAME.view(state, 1)["legal_actions"][0]
    assert set(entry) == {"type", "choose", "from"}


def test_a_spectator_sees_no_card_until_the_showdown():
    state = followed()
    assert GAME.view(state, None)["hand"] is None
    assert GAME.hidden_cards(state, None) == set(DECK)
    state = play(state, {"type": "check"}, {"type": "check"}, {"type": "check"})
    assert len(GAME.hidden_cards(state, None)) == 40 - 12


ILLEGAL = [
    {"type": "__nope__"},
    {"type": "vade", "amount": 9},
    {"type": "renvi", "amount": -1},
    {"type": "exchange", "cards": ["Xx"]},
    {"type": "deal", "deck": []},
    {"type": "recave", "amount": 0},
    "not a dict",
]


def test_illegal_actions_leave_the_state_unchanged_and_name_their_rule():
    rng = random.Random(7)
    state = GAME.new(4, {})
    for _ in range(300):
        if state["actor"] is None:
            state = GAME.new(4, {}, GAME.carry(state))
        before = to_json(state)
        for action in ILLEGAL:
            try:
                GAME.apply(state, action)
            except IllegalAction as refusal:
                assert refusal.rule.startswith("ambigu.")
                assert refusal.rule in GAME.refusals or refusal.rule in (
                    "ambigu.deck", "ambigu.malformed")
            else:
                assert action == {"type": "deal", "deck": []} and not GAME.chance_cards(state)
        assert to_json(state) == before
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
        else:
            state = GAME.apply(state, concrete(rng.choice(GAME.legal_actions(state)), rng))
        assert from_json(to_json(state)) == state


def test_the_log_counts_exchanged_cards_without_naming_them():
    state = play(start(first=FIRST), *[{"type": "pass"}] * 3)
    names = ["Ana", "Bob", "Cléo"]
    one = GAME.describe(state, {"type": "exchange", "cards": ["Td"]})
    assert one == {"code": "ambigu.exchange", "seat": 1, "count": 1}
    assert said(one, names) == "Bob écarte 1 carte."
    assert said(one, names, "en") == "Bob exchanges 1 card."
    two = GAME.describe(state, {"type": "exchange", "cards": state["hands"][1][:2]})
    assert said(two, names) == "Bob écarte 2 cartes."
    assert said(two, names, "en") == "Bob exchanges 2 cards."
    none = GAME.describe(state, {"type": "exchange", "cards": []})
    assert said(none, names) == "Bob se tient à ses cartes."


def test_the_default_action_is_the_cautious_one():
    state = to_phase2()
    assert GAME.default_action(state) == {"type": "pass"}
    state = play(followed(), {"type": "renvi", "amount": 2})
    assert GAME.default_action(state) == {"type": "fold"}
