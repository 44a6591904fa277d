"""L'Ascenseur bots: sensible bids where the first bot was absurd, sound inference, and a
legal action from every level in any position."""

import random

import pytest

from cardgames import CHANCE
from cardgames.ascenseur import search
from cardgames.ascenseur.game import DECK, GAME, POWER
from cardgames.ascenseur.inference import STOCK, HandSampler, ceilings
from cardgames.core import BOT_LEVELS

SEATS = 4
NO_TRUMP_DEAL = 12  # the 13-card deal, every card dealt: no trump
ISSUE_HAND = "Qs Js 7s 6s Kh Qh Kc Jc Tc 9c 3c Ad 9d".split()


@pytest.fixture(autouse=True)
def quick_maitre(monkeypatch):
    """The maître on fewer imagined deals than it plays with (24, whatever their size), so
    these tests stay quick; its decisions never depend on the clock (test_maitre_budget)."""
    monkeypatch.setattr(search, "WORK_BUDGET", 10**9)
    monkeypatch.setattr(search, "MAX_DEALS", 24)


def at_deal(index: int) -> dict:
    """The state waiting for the shuffle of deal ``index``, earlier deals played by default."""
    state = GAME.new(SEATS, {})
    rng = random.Random(index)
    while not (state["phase"] == "deal" and state["deal"] == index):
        if state["actor"] == CHANCE:
            state = GAME.apply(state, GAME.chance_action(state, rng))
        else:
            state = GAME.apply(state, GAME.default_action(state))
    return state


def deal_with(hand: list[str], seed: int) -> tuple[dict, int]:
    """The 13-card deal with ``hand`` for the first bidder, the rest shuffled; (state, seat)."""
    state = at_deal(NO_TRUMP_DEAL)
    dealer = state["dealer"]
    rest = [c for c in DECK if c not in hand]
    random.Random(seed).shuffle(rest)
    hands = [rest[13 * i : 13 * i + 13] for i in range(3)]
    hands.insert(0, hand)  # position 0: the dealer's right-hand neighbour, who bids first
    deck = [hands[i % SEATS][i // SEATS] for i in range(52)]
    first = (dealer + 1) % SEATS
    return GAME.apply(state, {"type": "deal", "deck": deck}), first


@pytest.mark.parametrize("level", ["habitue", "maitre"])
@pytest.mark.parametrize("seed", [1, 2])
def test_the_no_trump_deal_bid_counts_guarded_kings_and_long_clubs(level, seed):
    # The first bot gave every card but an ace no chance here and bid 1 (it took 9).
    state, seat = deal_with(ISSUE_HAND, seed)
    assert state["trump"] is None and state["actor"] == seat
    bid = GAME.bot_action(GAME.view(state, seat), random.Random(seed), level)
    assert 3 <= bid["tricks"] <= 7


@pytest.mark.parametrize("level, deals", [("habitue", 12), ("maitre", 8)])
def test_the_bids_add_up_to_about_the_tricks_of_the_no_trump_deal(level, deals):
    # Over 160 such bids the first bot's four bids totalled 5.2 for 13 tricks.
    totals = []
    for seed in range(deals):
        state, _ = deal_with(random.Random(seed).sample(DECK, 13), 100 + seed)
        while state["phase"] == "bid":
            view = GAME.view(state, state["actor"])
            state = GAME.apply(state, GAME.bot_action(view, random.Random(seed), level))
        totals.append(sum(state["bids"]))
    assert 10 <= sum(totals) / len(totals) <= 15


def test_a_seat_that_did_not_follow_is_void_and_a_seat_that_did_not_climb_holds_nothing_higher():
    state = at_deal(1)  # two cards each, spades turned
    first = (state["dealer"] + 1) % SEATS
    by_position = [["5h", "2c"], ["Kc", "3d"], ["4h", "3h"], ["Ah", "2s"]]
    deck = [by_position[i % SEATS][i // SEATS] for i in range(8)] + ["7s"]
    deck += [c for c in DECK if c not in deck]
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    while state["phase"] == "bid":
        state = GAME.apply(state, GAME.default_action(state))
    for card in ("5h", "Kc", "4h", "Ah"):
        state = GAME.apply(state, {"type": "play", "card": card})
    view = GAME.view(state, state["actor"])
    caps = ceilings(view)
    discarder, ducker = (first + 1) % SEATS, (first + 2) % SEATS
    assert caps[discarder]["h"] == -1 and caps[discarder]["s"] == -1  # no heart, no trump
    assert caps[ducker]["h"] < POWER["5h"] and caps[ducker]["c"] == POWER["Ac"]
    sampler = HandSampler(view)
    for draw in range(30):
        deal = sampler.sample(random.Random(draw))
        assert sum(len(c) for c in deal.values()) == len(sampler.unseen)
        for holder, cards in deal.items():
            if holder != STOCK:
                assert len(cards) == view["hand_sizes"][holder]
                assert all(sampler.allowed(holder, c) for c in cards)
        assert not any(c[1] in "hs" for c in deal.get(discarder, []))


def random_views(count: int, seed: int):
    """(state, view) pairs for the actor at random points of random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = GAME.new(rng.randint(3, 7), GAME.random_options(rng))
        stop = rng.randint(1, 120)
        for _ in range(stop):
            if state["actor"] is None:
                break
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
            else:
                state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if isinstance(state["actor"], int):
            found.append((state, GAME.view(state, state["actor"])))
    return found


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_plays_a_legal_action_from_random_positions(level):
    for number, (state, view) in enumerate(random_views(25, seed=3)):
        action = GAME.bot_action(view, random.Random(number), level)
        assert GAME.can_apply(state, action) is None, (view, action)
