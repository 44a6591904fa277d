"""The meld solver: exact against a brute-force search, and each meld rule by name."""

import random
from functools import cache
from itertools import combinations

import pytest

from cardgames import cards
from cardgames.melds import (
    DEFAULT_RULES,
    Rules,
    best_arrangement,
    can_close,
    clear_caches,
    is_valid_meld,
    leftover_count,
)

RANK_POS = {r: i + 1 for i, r in enumerate("A23456789TJQK")}  # A = 1 ... K = 13


# ----- an obviously correct brute force ------------------------------------------------


def brute_meld(group, rules):
    """A meld straight from the rules, written independently of the solver."""
    faces = tuple(sorted(c[:2] for c in group if c[0] != "X"))
    return _brute_meld(faces, len(group) - len(faces), rules)


@cache
def _sequences(length, rules):
    """Every run of ``length`` ranks the rules allow, as lists of rank numbers."""
    if length > 13:
        return []
    if rules.wrap:
        starts = range(1, 14)
    else:
        starts = range(1, (14 if rules.ace_high else 13) - length + 2)
    return [[(start + i - 1) % 13 + 1 for i in range(length)] for start in starts]


@cache
def _brute_meld(faces, jokers, rules):
    size = len(faces) + jokers
    if size < 3 or jokers > len(faces):
        return False
    if all(f[0] == faces[0][0] for f in faces):
        suits = [f[1] for f in faces]
        if size <= 4 and (not rules.distinct_group_suits or len(set(suits)) == len(suits)):
            return True
    if any(f[1] != faces[0][1] for f in faces):
        return False
    # The rank sequence of some allowed run must hold each natural card at its own place.
    ranks = [RANK_POS[f[0]] for f in faces]
    for seq in _sequences(size, rules):
        places = list(seq)
        ok = True
        for r in ranks:
            if r in places:
                places.remove(r)
            else:
                ok = False
                break
        if ok:
            return True
    return False


def brute_count(hand, rules):
    """Least leftover value over every partition into melds.

    The first natural card left either stays out or joins a meld, which can only hold
    cards of its rank (a group) or of its suit (a run), plus some of the jokers.
    Jokers are all alike, so only how many join a meld matters.
    """
    naturals = tuple(sorted(c for c in hand if c[0] != "X"))
    joker_ids = sorted(c for c in hand if c[0] == "X")
    joker_value = rules.joker_value

    @cache
    def best(left, jokers):
        if not left:
            return jokers * joker_value
        first, rest = left[0], left[1:]
        result = rules.value(first) + best(rest, jokers)
        same_rank = [i for i, c in enumerate(rest) if c[0] == first[0]]
        same_suit = [i for i, c in enumerate(rest) if c[1] == first[1]]
        for partners, largest in ((same_rank, 3), (same_suit, 12)):
            for k in range(1, min(len(partners), largest) + 1):
                for chosen in combinations(partners, k):
                    for j in range(jokers + 1):
                        group = [first] + [rest[i] for i in chosen] + joker_ids[:j]
                        if brute_meld(group, rules):
                            remaining = tuple(c for i, c in enumerate(rest) if i not in chosen)
                            result = min(result, best(remaining, jokers - j))
        return result

    return best(naturals, len(joker_ids))


def random_hand(rng, size, jokers, dense):
    deck = cards.multi_deck(3)
    naturals = [c for c in deck if c[0] != "X"]
    if dense:  # few suits and a narrow band of ranks: many overlapping melds
        suits = rng.sample("cdhs", rng.randint(1, 3))
        start = rng.randint(0, 9)
        band = "A23456789TJQKA"[start : start + rng.randint(4, 6)]
        naturals = [c for c in naturals if c[1] in suits and c[0] in band]
    joker_ids = [c for c in deck if c[0] == "X"]
    return rng.sample(naturals, size - jokers) + rng.sample(joker_ids, jokers)


def check_arrangement(hand, arrangement, rules):
    used = [c for meld in arrangement.melds for c in meld] + list(arrangement.leftover)
    assert sorted(used) == sorted(hand)
    for meld in arrangement.melds:
        assert is_valid_meld(meld, rules), meld
        assert brute_meld(list(meld), rules), meld
    assert arrangement.count == sum(rules.value(c) for c in arrangement.leftover)
    assert arrangement.can_close == (not arrangement.leftover)


RULE_SETS = [
    DEFAULT_RULES,
    Rules(distinct_group_suits=True),
    Rules(wrap=True),
    Rules(ace_value=11, joker_value=25),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["default", "distinct", "wrap", "high"])
def test_the_solver_matches_brute_force_on_random_hands(rules):
    rng = random.Random(hash(rules) & 0xFFFF)
    hands = 500  # 2,000 hands over the four rule sets
    for number in range(hands):
        size = 10 if number % 2 else 11
        jokers = rng.choice([0, 0, 1, 1, 2, 2, 3, 4])
        hand = random_hand(rng, size, jokers, dense=number % 3 != 0)
        if number % 7 == 0:
            clear_caches()
        arrangement = best_arrangement(hand, rules)
        assert arrangement.count == brute_count(hand, rules), hand
        assert leftover_count(hand, rules) == arrangement.count
        check_arrangement(hand, arrangement, rules)


# ----- the meld rules by name ------------------------------------------------------------


def test_a_meld_has_at_least_three_cards():
    assert not is_valid_meld(["5h.1", "6h.1"])
    assert not is_valid_meld(["5h.1", "5c.1"])
    assert is_valid_meld(["5h.1", "6h.1", "7h.1"])


def test_a_run_is_one_suit_and_consecutive():
    assert is_valid_meld(["9s.1", "Ts.1", "Js.1", "Qs.1"])
    assert not is_valid_meld(["9s.1", "Ts.1", "Jh.1"])
    assert not is_valid_meld(["9s.1", "Ts.1", "Qs.1"])


def test_the_ace_is_low_after_two_three_or_high_after_queen_king():
    assert is_valid_meld(["Ac.1", "2c.1", "3c.1"])
    assert is_valid_meld(["Qc.1", "Kc.1", "Ac.1"])
    assert can_close(["Ac.1", "2c.1", "3c.1", "Qc.1", "Kc.1", "Ac.2"])


def test_king_ace_two_is_refused_unless_the_wrap_option():
    hand = ["Kd.1", "Ad.1", "2d.1"]
    assert not is_valid_meld(hand)
    assert is_valid_meld(hand, Rules(wrap=True))
    assert is_valid_meld(["Qd.1", "Kd.1", "Ad.1", "2d.1", "3d.1"], Rules(wrap=True))
    assert leftover_count(hand) == 10 + 1 + 2
    assert leftover_count(hand, Rules(wrap=True)) == 0


def test_a_group_is_three_or_four_cards_of_one_rank():
    assert is_valid_meld(["7c.1", "7d.1", "7h.1"])
    assert is_valid_meld(["7c.1", "7d.1", "7h.1", "7s.1"])
    assert not is_valid_meld(["7c.1", "7d.1", "7h.1", "7s.1", "7c.2"])


def test_a_group_may_repeat_a_suit_by_default():
    assert is_valid_meld(["7c.1", "7c.2", "7h.1"])
    assert not is_valid_meld(["7c.1", "7c.2", "7h.1"], Rules(distinct_group_suits=True))


def test_a_joker_replaces_any_card():
    assert is_valid_meld(["7c.1", "Xr.1", "9c.1"])
    assert is_valid_meld(["7c.1", "7d.1", "Xb.2"])
    assert is_valid_meld(["Xr.1", "Qh.1", "Kh.1"])


def test_a_meld_never_holds_more_jokers_than_natural_cards():
    assert not is_valid_meld(["7c.1", "Xr.1", "Xb.1"])
    assert is_valid_meld(["7c.1", "8c.1", "Xr.1", "Xb.1"])
    assert not is_valid_meld(["7c.1", "8c.1", "Xr.1", "Xb.1", "Xr.2"])
    # two jokers and one card cannot meld: they all count
    assert leftover_count(["7c.1", "Xr.1", "Xb.1"]) == 7 + 40


def test_a_run_is_at_most_thirteen_cards():
    full = [f"{r}h.1" for r in "A23456789TJQK"]
    assert is_valid_meld(full)
    assert not is_valid_meld(full + ["Ah.2"])


def test_leftover_jokers_count_twenty_or_twenty_five():
    assert leftover_count(["Xr.1"]) == 20
    assert leftover_count(["Xr.1"], Rules(ace_value=11, joker_value=25)) == 25
    assert leftover_count(["Ac.1"], Rules(ace_value=11, joker_value=25)) == 11


def test_card_values_are_pips_faces_ten_ace_one():
    hand = ["Ac.1", "2d.1", "5h.1", "Ts.1", "Jc.1", "Qd.1", "Kh.1"]
    assert leftover_count(hand) == 1 + 2 + 5 + 10 + 10 + 10 + 10


def test_the_solver_prefers_the_arrangement_with_the_lowest_count():
    # 8h can go to the run 6-7-8 of hearts or to the group of eights: the run frees nothing
    # while the group leaves 6h 7h (13) out; the run leaves 8c 8d (16) out. The best keeps
    # both: 6h 7h 8h and a joker group 8c 8d X.
    hand = ["6h.1", "7h.1", "8h.1", "8c.1", "8d.1", "Xr.1"]
    arrangement = best_arrangement(hand)
    assert arrangement.count == 0
    assert leftover_count(["6h.1", "7h.1", "8h.1", "8c.1", "8d.1"]) == 13


def test_extra_jokers_go_into_melds_with_room():
    hand = ["4s.1", "5s.1", "6s.1", "Xr.1", "Xb.1", "Xr.2"]
    arrangement = best_arrangement(hand)
    assert arrangement.can_close
    assert len(arrangement.melds) == 1


def test_duplicate_cards_make_two_parallel_runs():
    hand = ["4s.1", "5s.1", "6s.1", "4s.2", "5s.2", "6s.2"]
    assert best_arrangement(hand).can_close


def test_a_hand_of_ten_closes_only_when_every_card_is_melded():
    closing = ["Ac.1", "2c.1", "3c.1", "9h.1", "9d.1", "9s.1", "Js.1", "Qs.1", "Ks.1", "Xr.1"]
    assert can_close(closing)
    assert not can_close(closing[:-1] + ["5d.1"])


# ----- the memos stay bounded -------------------------------------------------------------


def test_the_solvers_memos_stay_under_their_bound_however_many_hands_it_solves():
    """play_worker plays every Remigio bot's move in one process for days: its memos are
    emptied at CACHE_LIMIT entries rather than grown (issue 33, the worker's memory)."""
    from cardgames.melds import arrange, count

    clear_caches()
    rng = random.Random(33)
    deck = cards.multi_deck(2)
    largest = {"lines": 0, "suits": 0, "groups": 0, "arrangements": 0}
    bound = 2_000  # entries per memo: under 1 MB each, a game of Remigio's worth
    for number in range(int(bound * 1.3)):
        best_arrangement(rng.sample(deck, 10 + number % 2))
        sizes = {"lines": sum(map(len, count._LINE_MEMOS.values())),
                 "suits": len(count._SUIT_CACHE), "groups": len(count._GROUP_CACHE),
                 "arrangements": len(arrange._ARRANGEMENTS)}
        largest = {name: max(largest[name], size) for name, size in sizes.items()}
    clear_caches()
    # none went past the bound (a line memo by at most one hand's lines) ...
    assert all(size <= bound + 200 for size in largest.values()), largest
    # ... which was reached: the memos did fill up
    assert largest["arrangements"] == largest["suits"] == bound
