"""The combinations of Ambigu: category, height and value of hands, and their order."""

import pytest
from django.utils import translation

from cardgames.ambigu.game import CATEGORIES, classify
from play.presentation.games.ambigu import combination_name

# hand, category, height, value
HANDS = [
    (["2h", "9h", "3c", "5d"], "point", (11,), 1),
    (["2h", "9h", "7h", "Ac"], "point", (18,), 1),  # three of a suit, not consecutive
    (["2h", "9h", "3c", "Tc"], "point", (13,), 1),  # the better of two points
    (["Ah", "2c", "3d", "4s"], "prime", (10,), 2),
    (["Th", "9c", "8d", "3s"], "prime", (30,), 2),  # exactly 30: still a petite prime
    (["Th", "9c", "8d", "4s"], "grande-prime", (31,), 3),
    (["5h", "6h", "7h", "Ac"], "sequence", (18,), 3),
    (["Ah", "2h", "3h", "Tc"], "sequence", (6,), 3),  # the ace is low
    (["9h", "Th", "Ah", "Tc"], "point", (20,), 1),  # no wrap from ten to ace
    (["7h", "7c", "7d", "2h"], "tricon", (21,), 4),  # fourth card shares a suit
    (["2h", "5h", "8h", "Th"], "flux", (25,), 5),
    (["7h", "7c", "7d", "2s"], "tricon-prime", (21, 23), 6),
    (["9h", "9c", "9d", "3s"], "tricon-prime", (27, 30), 6),
    (["9h", "9c", "9d", "4s"], "tricon-grande-prime", (27, 31), 7),
    (["Th", "Tc", "Td", "As"], "tricon-grande-prime", (30, 31), 7),
    (["2h", "3h", "4h", "9h"], "flux-sequence", (18, 9), 8),
    (["6s", "7s", "8s", "9s"], "flux-sequence", (30, 24), 8),
    (["4h", "4c", "4d", "4s"], "fredon", (16,), 8),
]


@pytest.mark.parametrize("hand, category, height, value", HANDS)
def test_the_table_of_hands_gives_category_height_and_value(hand, category, height, value):
    combo = classify(hand)
    assert (combo.category, combo.height, combo.value) == (category, height, value)


def test_every_hand_of_four_cards_holds_a_combination():
    # two cards of one suit make a point; four different suits make a prime
    assert classify(["Ah", "2c", "3d", "4h"]).category == "point"
    assert classify(["Ah", "2c"]) is None


def test_categories_rank_in_the_order_of_the_seed():
    order = [
        "point",
        "prime",
        "grande-prime",
        "sequence",
        "tricon",
        "flux",
        "tricon-prime",
        "tricon-grande-prime",
        "flux-sequence",
        "fredon",
    ]
    assert [c[0] for c in CATEGORIES] == order
    for hand, category, *_ in HANDS:
        assert classify(hand).rank == order.index(category) + 1


def test_fredon_ranks_above_flux_with_sequence_though_both_are_worth_eight():
    fredon = classify(["Ah", "Ac", "Ad", "As"])
    flux_sequence = classify(["8h", "9h", "Th", "7h"])
    assert fredon.value == flux_sequence.value == 8
    assert fredon.key > flux_sequence.key


def test_fredon_prime_option_counts_the_prime_it_holds():
    assert classify(["4h", "4c", "4d", "4s"], fredon_prime=True).value == 10
    assert classify(["8h", "8c", "8d", "8s"], fredon_prime=True).value == 11


def test_grande_prime_needs_strictly_more_than_thirty_pips():
    assert classify(["Th", "9c", "8d", "3s"]).category == "prime"
    assert classify(["Th", "9c", "8d", "4s"]).category == "grande-prime"


def test_a_point_is_measured_by_the_sum_of_its_pips_not_its_length():
    two_high = classify(["Th", "9h", "Ac", "2d"])
    three_low = classify(["Ah", "2h", "4h", "Tc"])
    assert two_high.key > three_low.key


def test_tricon_with_prime_compares_the_tricon_first():
    tens = classify(["Th", "Tc", "Td", "As"])
    nines = classify(["9h", "9c", "9d", "8s"])
    assert tens.key > nines.key


def test_classify_gives_the_category_the_site_names_and_a_json_ready_dict():
    combo = classify(["9h", "9c", "9d", "4s"])
    with translation.override("fr"):
        assert combination_name(combo.category) == "tricon avec grande prime"
    with translation.override("en"):
        assert combination_name(combo.as_dict()) == "tricon with great prime"
    data = combo.as_dict()
    assert data["category"] == "tricon-grande-prime"
    assert data["height"] == [27, 31]
    assert data["value"] == 7
