"""The hand evaluator: categories, French names, the wheel, and exactness against a
brute-force evaluator and against treys and phevaluator."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from django.utils import translation

from cardgames import poker
from cardgames.poker import (
    CARDS,
    equity,
    evaluate,
    evaluate_fast,
    evaluate_holes,
    evaluate_many,
    evaluate_slow,
)
from play.presentation.games.ramponneau import hand_words


def hand(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    "cards, category, ranks, name_fr",
    [
        ("As Ks Qs Js Ts 2d 3c", "straight_flush", ["A"], "quinte flush hauteur as"),
        ("9h 9d 9s 9c Kd 2c 3c", "four_of_a_kind", ["9", "K"], "carré de neuf"),
        ("Qh Qd Qs 7c 7d 2c 3h", "full_house", ["Q", "7"], "full aux dames par les sept"),
        ("Ah 9h 7h 4h 2h Kd Qc", "flush", ["A", "9", "7", "4", "2"], "couleur hauteur as"),
        ("5d 6c 7h 8s 9d Kd Kc", "straight", ["9"], "quinte hauteur neuf"),
        ("8d 8c 8h 2s 9d Kd 4c", "three_of_a_kind", ["8", "K", "9"], "brelan de huit"),
        ("Jd Jc 4h 4s 9d Kd 2c", "two_pair", ["J", "4", "K"], "double paire valets et quatre"),
        ("Ad Ac 4h 8s 9d Kd 2c", "pair", ["A", "K", "9", "8"], "paire d'as"),
        ("Qd Jc 4h 8s 9d 3d 2c", "high_card", ["Q", "J", "9", "8", "4"], "hauteur dame"),
    ],
)
def test_every_category_is_summed_up_as_data_the_site_names(cards, category, ranks, name_fr):
    value = evaluate(hand(cards))
    assert value.summary() == {"category": category, "ranks": ranks}
    with translation.override("fr"):
        assert hand_words(value.summary()) == name_fr


def test_the_categories_rank_in_order():
    hands = [
        "Qd Jc 4h 8s 9d",
        "Ad Ac 4h 8s 9d",
        "Jd Jc 4h 4s 9d",
        "Jd Jc Jh 2s 9d",
        "5d 6c 7h 8s 9d",
        "Ah 9h 7h 4h 2h",
        "Qh Qd Qs 7c 7d",
        "9h 9d 9s 9c Kd",
        "As Ks Qs Js Ts",
    ]
    values = [evaluate(hand(h)) for h in hands]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_the_wheel_is_the_lowest_straight_and_the_ace_also_plays_high():
    wheel = evaluate(hand("Ah 2d 3c 4s 5h"))
    six_high = evaluate(hand("2d 3c 4s 5h 6d"))
    broadway = evaluate(hand("Ah Kd Qc Js Th"))
    assert wheel.category == "straight" and wheel < six_high < broadway
    assert wheel.ranks == ["5"] and evaluate(hand("Ah 2h 3h 4h 5h")).category == "straight_flush"
    assert evaluate(hand("Kh Ad 2c 3s 4h")).category == "high_card"  # no wrap-around


def test_seed_examples_of_kickers_between_pairs_of_aces():
    # A A 9 4 2 beats A A 8 4 2 and loses to A A 9 6 2 (the seed's example, in kickers).
    ours = evaluate(hand("As Ad 9c 4h 2s"))
    assert ours > evaluate(hand("Ah Ac 8d 4s 2d"))
    assert ours < evaluate(hand("Ah Ac 9d 6s 2d"))


def test_two_pair_compares_the_high_pair_then_the_low_pair_then_the_kicker():
    assert evaluate(hand("Kd Kc 2h 2s 3d")) > evaluate(hand("Qd Qc Jh Js Ad"))
    assert evaluate(hand("Kd Kc 5h 5s 3d")) > evaluate(hand("Kh Ks 4h 4c Ad"))
    assert evaluate(hand("Kd Kc 5h 5s 3d")) < evaluate(hand("Kh Ks 5d 5c 4d"))


def test_full_houses_compare_the_trips_then_the_pair():
    assert evaluate(hand("3d 3c 3h 2s 2d")) > evaluate(hand("2h 2c 2s Ah Ad"))
    assert evaluate(hand("Kd Kc Kh 2s 2d 9c 9d")).ranks == ["K", "9"]


def test_hands_in_french_and_english():
    full, aces = evaluate(hand("Kd Kc Kh Qs Qd")), evaluate(hand("Ad Ac 4h 8s 9d"))
    with translation.override("fr"):
        assert hand_words(full.summary()) == "full aux rois par les dames"
        assert hand_words(aces.summary()) == "paire d'as"
    with translation.override("en"):
        assert hand_words(full.summary()) == "full house, kings full of queens"
        assert hand_words(aces.summary()) == "pair of aces"


def test_evaluate_refuses_too_few_or_repeated_cards():
    with pytest.raises(ValueError):
        evaluate(hand("Ad Ac 4h 8s"))
    with pytest.raises(ValueError):
        evaluate(hand("Ad Ad 4h 8s 9d"))


def test_exact_against_the_brute_force_best_of_21_on_random_hands():
    rng = random.Random(7)
    for _ in range(4000):
        cards = rng.sample(CARDS, rng.choice([5, 6, 7, 7, 7]))
        assert evaluate_fast(cards) == evaluate_slow(cards), cards


def test_exact_on_every_flush_and_straight_flush_shape():
    rng = random.Random(8)
    for _ in range(1500):
        suit = rng.choice("cdhs")
        suited = rng.sample([r + suit for r in poker.RANK_ORDER], rng.choice([5, 6, 7]))
        others = rng.sample([c for c in CARDS if c not in suited], 7 - len(suited))
        cards = suited + others
        assert evaluate_fast(cards) == evaluate_slow(cards), cards


def test_indices_and_strings_give_the_same_values_and_the_batch_entry_points_agree():
    rng = random.Random(9)
    hands = [rng.sample(CARDS, 7) for _ in range(500)]
    values = [evaluate_fast(h) for h in hands]
    assert evaluate_many(hands) == values
    assert [evaluate_fast([CARDS.index(c) for c in h]) for h in hands] == values
    board = hands[0][:5]
    holes = [tuple(pair) for pair in combinations([c for c in CARDS if c not in board], 2)]
    assert evaluate_holes(board, holes) == [evaluate_fast(board + list(h)) for h in holes]


def test_same_ordering_as_treys_on_random_pairs_of_hands():
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    rng = random.Random(10)

    def theirs(cards):  # treys: lower is better
        return -evaluator.evaluate(
            [treys.Card.new(c) for c in cards[:5]], [treys.Card.new(c) for c in cards[5:]]
        )

    for _ in range(3000):
        a, b = rng.sample(CARDS, 7), rng.sample(CARDS, 7)
        ours = (evaluate_fast(a) > evaluate_fast(b)) - (evaluate_fast(a) < evaluate_fast(b))
        their = (theirs(a) > theirs(b)) - (theirs(a) < theirs(b))
        assert ours == their, (a, b)


def test_same_ordering_as_phevaluator_on_random_pairs_of_hands():
    ph = pytest.importorskip("phevaluator")
    rng = random.Random(11)
    for _ in range(5000):
        a, b = rng.sample(CARDS, 7), rng.sample(CARDS, 7)
        ours = (evaluate_fast(a) > evaluate_fast(b)) - (evaluate_fast(a) < evaluate_fast(b))
        ra, rb = ph.evaluate_cards(*a), ph.evaluate_cards(*b)  # lower is better
        assert ours == (ra < rb) - (ra > rb), (a, b)


def test_equity_by_simulation_is_close_to_known_odds():
    rng = random.Random(12)
    aces = equity(["As", "Ah"], [], 1, 4000, rng)
    assert 0.82 < aces < 0.88  # pocket aces against a random hand: about 85 %
    nuts = equity(["As", "Ks"], ["Qs", "Js", "Ts"], 3, 200, rng)
    assert nuts == 1.0
