"""L'Ascenseur: every rule of the issue by name, the seed's worked example, refusals."""

import random

import pytest
from django.utils import translation

from cardgames import CHANCE, IllegalAction, from_json, get_game, to_json
from cardgames.ascenseur.game import GAME, deal_points, deal_sizes, playable, trick_winner
from cardgames.cards import deck52
from cardgames.core import BadOptions
from play.presentation.messages import refusal as refusal_text
from play.presentation.messages import say
from tests.support.playing import bots_at, play_out


def said(message, names, lang="fr"):
    """The site's sentence for a log message (play/presentation/games/ascenseur.py)."""
    with translation.override(lang):
        return say("ascenseur", message, names)


def why(refused, lang="fr"):
    with translation.override(lang):
        return refusal_text("ascenseur", refused.message)


def deck_for(hands, dealer, turnup=None):
    """A deck that deals ``hands`` (one list per seat) with the dealer ``dealer``.

    Cards go one at a time, starting with the dealer's right-hand neighbour (seat dealer + 1),
    so a seat's k-th card sits at k * seats + its distance from that neighbour.
    """
    seats, size = len(hands), len(hands[0])
    deck = [None] * 52
    for seat, hand in enumerate(hands):
        assert len(hand) == size
        for k, card in enumerate(hand):
            deck[k * seats + (seat - dealer - 1) % seats] = card
    if turnup:
        deck[seats * size] = turnup
    rest = iter(c for c in deck52() if c not in deck)
    return [c if c else next(rest) for c in deck]


def at_deal(seats, index, options=None):
    """The state waiting for the shuffle of deal ``index`` (0-based), earlier deals played
    with the timeout defaults."""
    state = GAME.new(seats, options)
    rng = random.Random(index)
    while not (state["phase"] == "deal" and state["deal"] == index):
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
        else:
            state = GAME.apply(state, GAME.default_action(state))
    return state


def dealt(hands, turnup=None, options=None, index=None):
    """The state just after dealing ``hands``; the deal index follows from the hand size
    (the climbing deals), or is given."""
    seats, size = len(hands), len(hands[0])
    state = at_deal(seats, size - 1 if index is None else index, options)
    assert state["size"] == size
    return GAME.apply(state, {"type": "deal", "deck": deck_for(hands, state["dealer"], turnup)})


def bid_all(state, bids):
    """Bids in turn order, from the dealer's right-hand neighbour to the dealer."""
    for tricks in bids:
        state = GAME.apply(state, {"type": "bid", "tricks": tricks})
    return state


def play(state, *cards):
    for card in cards:
        state = GAME.apply(state, {"type": "play", "card": card})
    return state


def cards(state):
    return [a["card"] for a in GAME.legal_actions(state)]


def refusal(state, action):
    before = to_json(state)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, action)
    assert to_json(state) == before, "a refused action changed the state"
    return caught.value.rule


OPTIONS_FREE = {"void_rule": "free"}


# ----- players, deals, turn order --------------------------------------------------------
def test_four_players_by_default_three_to_seven_allowed():
    assert get_game("ascenseur") is GAME
    assert (GAME.default_seats, GAME.min_seats, GAME.max_seats) == (4, 3, 7)
    for seats in (2, 8):
        with pytest.raises(BadOptions):
            GAME.new(seats)
    for seats in range(3, 8):
        assert GAME.new(seats)["actor"] == CHANCE


def test_four_players_play_twenty_five_deals_from_one_to_thirteen_and_back():
    sizes = deal_sizes(4)
    assert sizes == list(range(1, 14)) + list(range(12, 0, -1))
    assert len(sizes) == 25


@pytest.mark.parametrize("seats,top", [(3, 17), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_the_deals_climb_to_the_most_the_52_cards_allow_and_back_down(seats, top):
    sizes = deal_sizes(seats)
    assert max(sizes) == top == 52 // seats
    assert len(sizes) == 2 * top - 1 and sizes[0] == sizes[-1] == 1


def test_cards_are_dealt_one_at_a_time_starting_with_the_dealers_right_hand_neighbour():
    state = at_deal(4, 2)  # third deal: three cards each, seat 2 deals
    assert state["dealer"] == 2
    deck = deck52()
    after = GAME.apply(state, {"type": "deal", "deck": deck})
    # seat 3 (the dealer's right) gets cards 0, 4, 8; seat 0 cards 1, 5, 9; ... the dealer last
    for seat, first in ((3, 0), (0, 1), (1, 2), (2, 3)):
        assert sorted(after["hands"][seat]) == sorted(deck[first:12:4])
    assert after["turnup"] == deck[12]


def test_the_next_card_of_the_stock_is_turned_for_trump():
    state = dealt([["Ah"], ["2c"], ["Kd"], ["7s"]], turnup="9d")
    assert state["turnup"] == "9d" and state["trump"] == "d"


def test_the_thirteen_card_deal_with_four_players_is_played_without_trump():
    state = GAME.apply(at_deal(4, 12), {"type": "deal", "deck": deck52()})
    assert state["size"] == 13
    assert state["turnup"] is None and state["trump"] is None
    assert all(len(hand) == 13 for hand in state["hands"])


def test_three_players_deal_seventeen_and_turn_the_last_card_for_trump():
    state = GAME.apply(at_deal(3, 16), {"type": "deal", "deck": deck52()})
    assert state["size"] == 17
    assert state["turnup"] == deck52()[51] and state["trump"] == deck52()[51][1]


def test_the_fourteenth_deal_deals_twelve_and_turns_a_trump_again():
    state = GAME.apply(at_deal(4, 13), {"type": "deal", "deck": deck52()})
    assert state["size"] == 12 and state["trump"] is not None


def test_seat_zero_deals_first_and_the_deal_passes_to_the_right():
    assert GAME.new(4)["dealer"] == 0
    for index in range(6):
        assert at_deal(4, index)["dealer"] == index % 4


def test_the_dealers_right_hand_neighbour_bids_first_and_the_dealer_last():
    state = dealt([["As", "Ks"], ["Ah", "Kh"], ["Ac", "Kc"], ["Ad", "Kd"]], turnup="2s")
    assert state["dealer"] == 1
    order = []
    for _ in range(4):
        order.append(state["actor"])
        state = GAME.apply(state, {"type": "bid", "tricks": 0 if state["actor"] != 1 else 1})
    assert order == [2, 3, 0, 1]
    assert state["phase"] == "play"


def test_players_before_the_dealer_may_bid_anything_from_zero_to_the_deal_size():
    state = dealt([["As", "Ks"], ["Ah", "Kh"], ["Ac", "Kc"], ["Ad", "Kd"]], turnup="2s")
    assert [a["tricks"] for a in GAME.legal_actions(state)] == [0, 1, 2]
    assert refusal(state, {"type": "bid", "tricks": 3}) == "ascenseur.bid-range"
    assert refusal(state, {"type": "bid", "tricks": -1}) == "ascenseur.bid-range"


# ----- the dealer's constraint ------------------------------------------------------------
def seed_tenth_deal():
    """The seed's example: tenth deal, the three players before the dealer bid 3, 0 and 5."""
    rng = random.Random(10)
    state = at_deal(4, 9)
    state = GAME.apply(state, GAME.chance_action(state, rng))
    assert state["size"] == 10
    return bid_all(state, [3, 0, 5])


def test_the_dealer_may_not_make_the_bids_total_the_tricks():
    state = seed_tenth_deal()
    assert state["actor"] == state["dealer"]
    legal = [a["tricks"] for a in GAME.legal_actions(state)]
    assert 2 not in legal
    assert 1 in legal and 3 in legal  # the seed's suggestions
    assert legal == [0, 1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert refusal(state, {"type": "bid", "tricks": 2}) == "ascenseur.dealer-total"
    assert GAME.view(state, state["dealer"])["forbidden_bid"] == 2
    try:
        GAME.apply(state, {"type": "bid", "tricks": 2})
    except IllegalAction as refused:
        assert refused.params == {"tricks": 2, "size": 10}
        assert why(refused) == (
            "Le donneur ne peut pas annoncer 2 : le total des annonces égalerait le nombre "
            "de levées (10)."
        )
        assert "The dealer may not bid 2" in why(refused, "en")


def test_the_dealer_is_free_when_the_others_already_bid_more_than_the_tricks():
    state = dealt([["As", "Ks"], ["Ah", "Kh"], ["Ac", "Kc"], ["Ad", "Kd"]], turnup="2s")
    state = bid_all(state, [2, 1, 0])
    assert [a["tricks"] for a in GAME.legal_actions(state)] == [0, 1, 2]


@pytest.mark.parametrize("others", [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 1]])
def test_the_dealer_always_keeps_a_legal_bid_in_a_one_card_deal(others):
    state = dealt([["As"], ["Ah"], ["Ac"], ["Ad"]], turnup="2s")
    state = bid_all(state, others)
    legal = [a["tricks"] for a in GAME.legal_actions(state)]
    assert legal
    for tricks in legal:
        assert sum(others) + tricks != 1


def test_the_dealer_constraint_can_be_switched_off():
    state = dealt(
        [["As"], ["Ah"], ["Ac"], ["Ad"]], turnup="2s", options={"dealer_constraint": False}
    )
    state = bid_all(state, [0, 0, 0])
    assert [a["tricks"] for a in GAME.legal_actions(state)] == [0, 1]
    assert GAME.apply(state, {"type": "bid", "tricks": 1})["phase"] == "play"


# ----- play -----------------------------------------------------------------------------------
HANDS = [  # seat 1 deals the second deal (two cards each); seat 2 leads
    ["Kh", "3c"],  # seat 0
    ["5h", "2d"],  # seat 1, the dealer
    ["9h", "4s"],  # seat 2
    ["Qh", "Ah"],  # seat 3
]


def test_the_dealers_right_hand_neighbour_leads_the_first_trick():
    state = bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1])
    assert state["dealer"] == 1 and state["actor"] == 2


def test_players_must_follow_suit():
    state = play(bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1]), "9h")
    assert sorted(cards(state)) == ["Ah", "Qh"]  # seat 3 climbs with either heart above the nine
    state = play(state, "Qh")
    assert cards(state) == ["Kh"]
    assert refusal(state, {"type": "play", "card": "3c"}) == "ascenseur.follow-suit"


def test_players_must_play_higher_in_the_suit_led_when_they_can():
    hands = [["Kh", "3h"], ["5h", "2d"], ["9h", "4s"], ["Qh", "Ac"]]
    state = play(bid_all(dealt(hands, turnup="7c"), [0, 0, 0, 1]), "9h", "Qh")
    assert cards(state) == ["Kh"]
    assert refusal(state, {"type": "play", "card": "3h"}) == "ascenseur.climb"


def test_a_player_who_cannot_play_higher_plays_any_card_of_the_suit():
    hands = [["Kh", "3h"], ["5h", "4h"], ["9h", "4s"], ["Ah", "Ac"]]
    state = play(bid_all(dealt(hands, turnup="7c"), [0, 0, 0, 1]), "9h", "Ah", "Kh")
    assert sorted(cards(state)) == ["4h", "5h"]


def test_players_must_still_climb_in_the_suit_led_after_it_was_trumped():
    hands = [["Kh", "3h"], ["Ts", "2d"], ["9h", "4s"], ["Qd", "Ac"]]
    state = play(bid_all(dealt(hands, turnup="7c"), [0, 0, 0, 1]), "9h", "Ac")
    assert cards(state) == ["Kh"]


def test_climbing_can_be_switched_off():
    hands = [["Kh", "3h"], ["5h", "2d"], ["9h", "4s"], ["Qh", "Ac"]]
    state = dealt(hands, turnup="7c", options={"must_climb": False})
    state = play(bid_all(state, [0, 0, 0, 1]), "9h", "Qh")
    assert sorted(cards(state)) == ["3h", "Kh"]


def test_a_player_void_in_the_suit_led_must_trump():
    hands = [["Kh", "3h"], ["5h", "2d"], ["9h", "4s"], ["Qd", "Ac"]]
    state = play(bid_all(dealt(hands, turnup="7c"), [0, 0, 0, 1]), "9h")
    assert cards(state) == ["Ac"]
    assert refusal(state, {"type": "play", "card": "Qd"}) == "ascenseur.trump"


# three cards each: seat 2 deals, seat 3 leads the nine of hearts, seat 0 trumps with the
# seven of clubs, and seat 1, void in hearts, is the player under test


def test_a_player_void_in_the_suit_led_must_overtrump_when_possible():
    hands = [["Qd", "7c", "8d"], ["Kc", "3c", "Qs"], ["5h", "2d", "4d"], ["9h", "4s", "5s"]]
    state = play(bid_all(dealt(hands, turnup="6c"), [0, 0, 0, 1]), "9h", "7c")
    assert cards(state) == ["Kc"]
    assert refusal(state, {"type": "play", "card": "3c"}) == "ascenseur.overtrump"
    assert refusal(state, {"type": "play", "card": "Qs"}) == "ascenseur.overtrump"


def test_a_player_who_cannot_overtrump_must_still_undertrump():
    hands = [["Qd", "7c", "8d"], ["2c", "3c", "Qs"], ["5h", "2d", "4d"], ["9h", "4s", "5s"]]
    state = play(bid_all(dealt(hands, turnup="6c"), [0, 0, 0, 1]), "9h", "7c")
    assert sorted(cards(state)) == ["2c", "3c"]
    assert refusal(state, {"type": "play", "card": "Qs"}) == "ascenseur.undertrump"


def test_the_overtrump_option_frees_a_player_who_cannot_overtrump():
    hands = [["Qd", "7c", "8d"], ["2c", "3c", "Qs"], ["5h", "2d", "4d"], ["9h", "4s", "5s"]]
    state = dealt(hands, turnup="6c", options={"void_rule": "overtrump"})
    state = play(bid_all(state, [0, 0, 0, 1]), "9h", "7c")
    assert sorted(cards(state)) == ["2c", "3c", "Qs"]
    state = dealt(hands, turnup="6c", options={"void_rule": "overtrump"})
    state = play(bid_all(state, [0, 0, 0, 1]), "9h")
    assert cards(state) == ["7c"]  # the first trump is still compulsory


def test_the_free_option_lets_a_void_player_discard():
    hands = [["Qd", "7c", "8d"], ["Kc", "3c", "Qs"], ["5h", "2d", "4d"], ["9h", "4s", "5s"]]
    state = dealt(hands, turnup="6c", options=OPTIONS_FREE)
    state = play(bid_all(state, [0, 0, 0, 1]), "9h", "7c")
    assert sorted(cards(state)) == ["3c", "Kc", "Qs"]


def test_a_player_without_trumps_discards_any_card():
    hands = [["Kc", "3c"], ["5h", "2d"], ["9h", "4s"], ["Qd", "8d"]]
    state = play(bid_all(dealt(hands, turnup="7s"), [0, 0, 0, 1]), "9h")
    assert sorted(cards(state)) == ["8d", "Qd"]


def test_without_trump_a_void_player_discards_any_card():
    clubs, hearts, spades, diamonds = ([r + suit for r in "23456789TJQKA"] for suit in "chsd")
    hands = [clubs, hearts, spades[1:] + ["2d"], diamonds[1:] + ["2s"]]
    state = dealt(hands)  # the thirteenth deal: seat 0 deals, no card is left to turn
    assert state["trump"] is None and state["dealer"] == 0
    state = play(bid_all(state, [1, 0, 0, 1]), "Ah")
    assert sorted(cards(state)) == sorted(hands[2])


def test_the_ace_is_the_highest_card():
    assert trick_winner(["Kh", "Ah", "Qh", "2h"], 0, "c", 4) == 1
    assert trick_winner(["2h", "Ah"], 1, None, 3) == 2


def test_the_highest_trump_takes_the_trick_else_the_highest_card_of_the_suit_led():
    assert trick_winner(["Ah", "2c", "Kh", "3c"], 0, "c", 4) == 3
    assert trick_winner(["Ah", "2s", "Kh", "As"], 0, "c", 4) == 0  # spades are no trump
    assert trick_winner(["9h", "Ad", "Th"], 2, None, 3) == 1


def test_the_winner_of_a_trick_leads_the_next():
    state = play(bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1]), "9h", "Ah", "Kh", "5h")
    assert state["won"] == [0, 0, 0, 1]
    assert state["actor"] == 3 and state["leader"] == 3
    assert state["last_trick"] == {"leader": 2, "cards": ["9h", "Ah", "Kh", "5h"], "winner": 3}


# ----- scoring -------------------------------------------------------------------------------
def test_an_exact_bid_scores_ten_plus_two_a_trick():
    assert deal_points(0, 0, "exact") == 10
    assert deal_points(3, 3, "exact") == 16


def test_a_missed_bid_loses_five_a_trick_over_or_under():
    assert deal_points(3, 1, "exact") == -10
    assert deal_points(0, 2, "exact") == -10
    assert deal_points(5, 6, "exact") == -5


def test_the_other_scorings_on_offer():
    assert deal_points(2, 2, "bonus") == 12 and deal_points(2, 3, "bonus") == 3
    assert deal_points(2, 2, "small") == 4 and deal_points(2, 5, "small") == -3


def test_a_deal_is_scored_on_the_score_sheet():
    # one card each: seat 1 leads the ace of hearts and takes the only trick
    state = bid_all(dealt([["2h"], ["Ah"], ["3h"], ["4h"]], turnup="9s"), [1, 1, 0, 1])
    state = play(state, "Ah", "3h", "4h", "2h")
    assert state["phase"] == "deal" and state["actor"] == CHANCE
    assert state["scores"] == [-5, 12, -5, 10]
    assert state["history"] == [
        {
            "dealer": 0,
            "size": 1,
            "trump": "s",
            "bids": [1, 1, 1, 0],
            "won": [0, 1, 0, 0],
            "points": [-5, 12, -5, 10],
        }
    ]
    assert state["dealer"] == 1 and state["size"] == 2


def finish_last_deal(scores_before):
    """Three players' last deal (one card each, seat 2 deals): seat 1's ace takes the trick
    against the bids 0, 0, 0, so the seats score +10, -5, +10."""
    state = at_deal(3, 32)
    assert state["size"] == 1 and state["dealer"] == 2
    state = dict(state, scores=scores_before)
    state = GAME.apply(state, {"type": "deal", "deck": deck_for([["2h"], ["Ah"], ["3h"]], 2, "9s")})
    while state["actor"] is not None:
        state = GAME.apply(state, GAME.default_action(state))
    return state


def test_the_highest_total_after_the_last_deal_wins():
    state = finish_last_deal([7, 30, 7])
    result = GAME.result(state)
    assert result == {"scores": [17, 25, 17], "winners": [1], "deals": 33}
    assert GAME.legal_actions(state) == [] and state["phase"] == "over"
    assert refusal(state, {"type": "bid", "tricks": 0}) == "ascenseur.game-over"


def test_players_tied_on_the_highest_total_all_win():
    assert GAME.result(finish_last_deal([3, 3, 3]))["winners"] == [0, 2]


def test_a_whole_game_ends_after_the_last_deal_with_sound_invariants():
    state = at_deal(4, 24)
    state = GAME.apply(state, GAME.chance_action(state, random.Random(3)))
    while state["actor"] is not None:
        state = GAME.apply(state, GAME.default_action(state))
    assert len(state["history"]) == 25 and GAME.check_invariants(state) == []
    assert GAME.result(state)["scores"] == state["scores"]


# ----- refusals, views, log ---------------------------------------------------------------
@pytest.mark.parametrize(
    "action,rule",
    [
        ({"type": "bid", "tricks": 1}, "ascenseur.not-now"),
        ({"type": "play", "card": "As"}, "ascenseur.not-now"),
        ({"type": "deal", "deck": deck52()[:-1]}, "ascenseur.deck"),
        ({"type": "deal", "deck": deck52()[:-1] + ["As"]}, "ascenseur.deck"),
        ({"type": "deal", "deck": [[c] for c in deck52()]}, "ascenseur.deck"),
        ({"type": "deal", "deck": "As"}, "ascenseur.malformed"),
        ({"type": "deal", "deck": deck52(), "extra": 1}, "ascenseur.malformed"),
        ({"type": "shuffle"}, "ascenseur.unknown-action"),
        ("deal", "ascenseur.malformed"),
    ],
)
def test_illegal_actions_before_the_deal_are_refused_by_rule(action, rule):
    assert refusal(GAME.new(4), action) == rule


@pytest.mark.parametrize(
    "action,rule",
    [
        ({"type": "deal", "deck": deck52()}, "ascenseur.not-now"),
        ({"type": "play", "card": "9h"}, "ascenseur.not-now"),
        ({"type": "bid", "tricks": True}, "ascenseur.malformed"),
        ({"type": "bid", "tricks": "1"}, "ascenseur.malformed"),
        ({"type": "bid"}, "ascenseur.malformed"),
        ({"type": "bid", "tricks": 3}, "ascenseur.bid-range"),
    ],
)
def test_illegal_bids_are_refused_by_rule(action, rule):
    assert refusal(dealt(HANDS, turnup="7c"), action) == rule


@pytest.mark.parametrize(
    "action,rule",
    [
        ({"type": "play", "card": "Kh"}, "ascenseur.not-in-hand"),
        ({"type": "play", "card": "Zz"}, "ascenseur.malformed"),
        ({"type": "play", "card": 7}, "ascenseur.malformed"),
        ({"type": "bid", "tricks": 0}, "ascenseur.not-now"),
    ],
)
def test_illegal_plays_are_refused_by_rule(action, rule):
    assert refusal(bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1]), action) == rule


def test_refusals_name_the_suit_the_site_words_in_french_and_english():
    state = bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1])
    state = play(state, "9h", "Qh")
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, {"type": "play", "card": "3c"})
    assert caught.value.message == {"code": "ascenseur.follow-suit", "suit": "h"}
    assert why(caught.value) == "Il faut fournir à cœur."
    assert why(caught.value, "en") == "You must follow suit (hearts)."


def test_a_view_shows_the_seats_own_hand_and_public_cards_only():
    state = play(bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1]), "9h")
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["you"] == seat and view["hand"] == state["hands"][seat]
        text = to_json(view)
        for other in range(4):
            if other != seat:
                assert all(c not in text for c in state["hands"][other])
        assert ("legal_actions" in view) == (seat == 3)
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["trick"] == ["9h"]
    assert spectator["turnup"] == "7c" and spectator["hand_sizes"] == [2, 2, 1, 2]
    assert GAME.hidden_cards(state, None) >= {"Kh", "5h", "4s", "Qh", "Ah"}
    assert "7c" not in GAME.hidden_cards(state, None) and "9h" not in GAME.hidden_cards(state, 0)
    assert "Kh" not in GAME.hidden_cards(state, 0)


def test_the_undealt_stock_is_never_stored():
    state = dealt(HANDS, turnup="7c")
    text = to_json(state)
    stock = set(deck52()) - {c for h in HANDS for c in h} - {"7c"}
    assert not any(f'"{c}"' in text for c in stock)


def test_the_log_describes_each_action_as_data_the_site_words():
    names = ["Alice", "Bob", "Chloé", "Denis"]
    state = at_deal(4, 1)
    deal = {"type": "deal", "deck": deck_for(HANDS, 1, "7c")}
    message = GAME.describe(state, deal)
    assert message == {"code": "ascenseur.deal", "dealer": 1, "number": 2, "deals": 25,
                       "size": 2, "turnup": "7c", "trump": "c"}
    assert said(message, names) == (
        "Donne 2 sur 25 : Bob distribue 2 cartes à chacun ; "
        "la retourne est le sept de trèfle, atout trèfle."
    )
    assert "Bob deals 2 cards each" in said(message, names, "en")
    state = GAME.apply(state, deal)
    bid = GAME.describe(state, {"type": "bid", "tricks": 2})
    assert bid == {"code": "ascenseur.bid", "seat": 2, "tricks": 2}
    assert said(bid, names) == "Chloé annonce 2 levées."
    one = GAME.describe(state, {"type": "bid", "tricks": 1})
    assert said(one, names, "en") == "Chloé bids 1 trick."
    state = play(bid_all(state, [0, 0, 0, 1]), "9h", "Ah", "Kh")
    last = GAME.describe(state, {"type": "play", "card": "5h"})
    assert last == {"code": "ascenseur.play-wins", "seat": 1, "card": "5h", "winner": 3}
    assert said(last, names) == "Bob joue le cinq de cœur ; Denis remporte la levée."
    assert said(last, names, "en") == "Bob plays the five of hearts; Denis wins the trick."
    no_trump = at_deal(4, 12)
    message = GAME.describe(no_trump, {"type": "deal", "deck": deck52()})
    assert message["code"] == "ascenseur.deal-no-trump"
    assert said(message, names).endswith("on joue sans atout.")


def test_a_timed_out_player_bids_low_and_plays_the_lowest_legal_card():
    state = dealt(HANDS, turnup="7c")
    assert GAME.default_action(state) == {"type": "bid", "tricks": 0}
    state = play(bid_all(state, [0, 0, 0, 1]), "9h")
    assert GAME.default_action(state) == {"type": "play", "card": "Qh"}


def test_states_survive_a_json_round_trip_and_apply_leaves_its_input_alone():
    state = dealt(HANDS, turnup="7c")
    before = to_json(state)
    after = bid_all(state, [0, 0, 0, 1])
    assert to_json(state) == before
    assert from_json(to_json(after)) == after
    assert GAME.check_invariants(after) == []


def test_unknown_options_are_refused():
    with pytest.raises(BadOptions):
        GAME.new(4, {"jokers": True})
    with pytest.raises(BadOptions):
        GAME.new(4, {"void_rule": "sometimes"})


def test_playable_is_the_whole_hand_on_the_lead():
    hand = ["As", "2c"]
    assert playable(hand, [], "c", GAME.resolve_options()) == hand


# ----- the bot ----------------------------------------------------------------------------------
def bot(state):
    return GAME.bot_action(GAME.view(state, state["actor"]), random.Random(0))


def test_the_bot_bids_its_sure_tricks_and_nothing_with_a_hopeless_hand():
    hands = [["2d", "3c"], ["4d", "5c"], ["As", "Ks"], ["2h", "3h"]]
    state = dealt(hands, turnup="7s")  # seat 1 deals, seat 2 bids first with the top trumps
    assert bot(state) == {"type": "bid", "tricks": 2}
    state = bid_all(state, [2])
    assert bot(state) == {"type": "bid", "tricks": 0}


def test_the_bot_never_makes_the_bids_total_the_tricks_as_dealer():
    state = seed_tenth_deal()
    for seed in range(5):
        choice = GAME.bot_action(GAME.view(state, state["dealer"]), random.Random(seed))
        assert choice in GAME.legal_actions(state) and choice["tricks"] != 2


def test_the_bot_ducks_with_its_highest_losing_card_once_its_bid_is_made():
    # seat 0 bid nothing; on the lead of the king of hearts it keeps its ten under the king
    hands = [["Th", "9h", "2c"], ["Kh", "3d", "4d"], ["5d", "6d", "7d"], ["8d", "9d", "Td"]]
    state = dealt(hands, turnup="2s")  # seat 2 deals, seat 3 leads
    state = bid_all(state, [0, 0, 1, 1])  # seats 3, 0, 1, 2
    state = play(state, "8d")
    # seat 0, void in diamonds and without trumps, may discard anything: it sheds the ten
    assert bot(state) == {"type": "play", "card": "Th"}


def test_the_bot_takes_a_trick_it_needs_with_its_cheapest_winner_when_last():
    state = bid_all(dealt(HANDS, turnup="7c"), [0, 0, 0, 1])  # seat 1, the dealer, bids 1
    state = play(state, "9h", "Qh", "Kh")  # seat 1 holds 5h and 2d: it cannot beat the king
    assert bot(state) == {"type": "play", "card": "5h"}
    hands = [["Kh", "3c"], ["Ah", "2d"], ["9h", "4s"], ["Qh", "Jh"]]
    state = play(bid_all(dealt(hands, turnup="7c"), [0, 0, 0, 1]), "9h", "Qh", "Kh")
    assert bot(state) == {"type": "play", "card": "Ah"}


def test_the_bot_beats_random_players():
    rng = random.Random(4)
    wins = 0.0
    for number in range(12):
        me = number % 4
        state = play_out(GAME, GAME.new(4), rng, choose=bots_at(GAME, {me}))
        winners = GAME.result(state)["winners"]
        wins += (me in winners) / len(winners)
    assert wins / 12 > 0.5  # against a fair share of 0.25
