"""L'Ascenseur bots: sensible bids where the first bot was absurd, sound inference, and a
legal action from every level in any position."""

import random

import pytest

from cardgames import CHANCE
from cardgames.ascenseur import bidding, bot, playout, search
from cardgames.ascenseur.game import DECK, GAME, POWER, deal_points, hand_key, trick_winner
from cardgames.ascenseur.inference import STOCK, HandSampler, ceilings
from cardgames.core import BOT_LEVELS

SEATS = 4
NO_TRUMP_DEAL = 12  # the 13-card deal, every card dealt: no trump
ISSUE_HAND = "Qs Js 7s 6s Kh Qh Kc Jc Tc 9c 3c Ad 9d".split()


@pytest.fixture(autouse=True)
def quick_maitre(monkeypatch):
    """The maître on fewer imagined deals than it plays with (24, whatever their size), so
    these tests stay quick, and the habitué's bid on its work budget alone (its CPU cap only
    guards a much slower machine): neither decision depends on the clock."""
    monkeypatch.setattr(search, "WORK_BUDGET", 10**9)
    monkeypatch.setattr(search, "MAX_DEALS", 24)
    monkeypatch.setattr(bidding, "CPU_CAP", 60.0)


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


# ----- the habitué's bid by imagined deals (issue 32) -----------------------------------------
def one_card_deal(first_card: str, turnup: str) -> tuple[dict, int]:
    """The first deal (one card each) with ``first_card`` for the first bidder, who also
    leads; the others' cards from the rest of the pack; (state, first bidder)."""
    state = at_deal(0)
    rest = [c for c in DECK if c not in (first_card, turnup)]
    deck = [first_card] + rest[:3] + [turnup] + rest[3:]
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    return state, (state["dealer"] + 1) % SEATS


def chance_to_take_the_lead(card: str, turnup: str, draws: int, rng) -> float:
    """Share of ``draws`` random deals in which ``card``, led, takes the 4-card trick (the
    others hold one card each: their play is forced)."""
    unseen = [c for c in DECK if c not in (card, turnup)]
    wins = 0
    for _ in range(draws):
        others = rng.sample(unseen, SEATS - 1)
        trick = [card] + [c for c in others]
        # a one-card hand plays its card; the rules decide who takes the trick
        wins += trick_winner(trick, 0, turnup[1], SEATS) == 0
    return wins / draws


@pytest.mark.parametrize("card", ["As", "Ks", "7s", "Qh", "2h"])
def test_the_habitue_bids_the_trick_count_worth_the_most_points_on_a_one_card_deal(card):
    # Bid 1 pays 12 when the card takes the trick and -5 when not, bid 0 the reverse: the
    # right bid follows the card's chance, which a large count of random deals gives here.
    state, seat = one_card_deal(card, turnup="5s")
    p = chance_to_take_the_lead(card, "5s", 4000, random.Random(card))
    worth = {
        k: p * deal_points(k, 1, "exact") + (1 - p) * deal_points(k, 0, "exact") for k in (0, 1)
    }
    assert abs(worth[1] - worth[0]) > 3  # only cards whose right bid is clear
    bid = GAME.bot_action(GAME.view(state, seat), random.Random(1), "habitue")["tricks"]
    assert bid == max(worth, key=worth.get), (card, p, worth, bid)


def test_the_habitue_as_dealer_takes_the_best_bid_left_when_its_favourite_is_forbidden():
    # The trump ace takes the trick, but three bids of 0 leave the dealer barred from 1.
    state = at_deal(0)
    dealer = state["dealer"]
    deck = [c for c in DECK if c not in ("As", "5s")]
    deck.insert((dealer - dealer - 1) % SEATS, "As")  # the dealer is dealt last of four
    deck.insert(SEATS, "5s")
    state = GAME.apply(state, {"type": "deal", "deck": deck})
    assert state["hands"][dealer] == ["As"]
    for _ in range(SEATS - 1):
        state = GAME.apply(state, {"type": "bid", "tricks": 0})
    view = GAME.view(state, dealer)
    assert view["forbidden_bid"] == 1
    assert GAME.bot_action(view, random.Random(1), "habitue") == {"type": "bid", "tricks": 0}


def random_deal(rng) -> tuple:
    """Random hands (sorted as the engine sorts them), bids, trump, options and leader."""
    seats = rng.randint(3, 7)
    size = rng.randint(1, 52 // seats)
    options = GAME.random_options(rng)
    deck = rng.sample(DECK, len(DECK))
    hands = [sorted(deck[i * size : (i + 1) * size], key=hand_key) for i in range(seats)]
    rest = deck[seats * size :]
    trump = rest[0][1] if rest and rng.random() < 0.8 else None
    bids = [rng.randint(0, size) for _ in range(seats)]
    return seats, hands, rest, trump, bids, options, rng.randrange(seats)


def _fast_play_out(hands, bids, leader, trump, options, *seat, **unseen):
    """The imagined deals' play (``bidding.play_out``) of card-string hands, from the start."""
    seats = len(hands)
    return bidding.play_out(
        [bidding.encode(h) for h in hands], bids, leader, [0] * seats,
        bidding.SUIT_OF[trump] if trump else bidding.NO_TRUMP,
        options["must_climb"], options["void_rule"], seats, *seat, **unseen,
    )


def test_the_fast_imagined_deal_plays_the_cards_the_plain_card_play_plays():
    rng = random.Random(5)
    for _ in range(300):
        seats, hands, _, trump, bids, options, leader = random_deal(rng)
        plain = playout.play_out(
            [list(h) for h in hands], [], leader, [0] * seats, bids, trump, options, seats
        )
        fast = _fast_play_out(hands, bids, leader, trump, options)
        assert fast == plain


def test_the_imagined_bidder_plays_its_own_cards_as_the_habitue_does():
    # Whole deals in the engine, the seat on the habitué's card play and the others on the
    # plain one, against the same deals imagined: the same tricks for everyone.
    rng = random.Random(7)
    for _ in range(60):
        seats, hands, rest, trump, bids, options, leader = random_deal(rng)
        me = rng.randrange(seats)
        state = {
            **GAME.new(seats, options),
            "phase": "play",
            "size": len(hands[0]),
            "dealer": (leader - 1) % seats,
            "hands": [list(h) for h in hands],
            "dealt": [list(h) for h in hands],
            "turnup": rest[0] if trump else None,
            "trump": trump,
            "bids": bids,
            "leader": leader,
            "actor": leader,
        }
        size = len(hands[0])
        while state["phase"] == "play" and len(state["played"]) < seats * size:
            actor, view = state["actor"], GAME.view(state, state["actor"])
            if actor == me:
                action = bot.choose_card(view)
            else:
                legal = [a["card"] for a in view["legal_actions"]]
                need = view["bids"][actor] - view["won"][actor]
                last = len(view["trick"]) == seats - 1
                card = playout.simple_card(legal, view["trick"], trump, need, last)
                action = {"type": "play", "card": card}
            won = state["won"]
            state = GAME.apply(state, action)
            if state["phase"] != "play":  # the deal was scored: its tricks are in the history
                won = state["history"][-1]["won"]
                break
            won = state["won"]
        seen = set(hands[me]) | ({rest[0]} if trump else set())
        imagined = _fast_play_out(hands, bids, leader, trump, options, me,
                                  unseen=bidding.masks([c for c in DECK if c not in seen]))
        assert imagined == won


def test_the_bids_share_the_start_of_their_imagined_runs_without_changing_them():
    rng = random.Random(9)
    for _ in range(200):
        seats, hands, rest, trump, bids, options, leader = random_deal(rng)
        me, size = rng.randrange(seats), len(hands[0])
        low = rng.randint(0, size)
        candidates = list(range(low, rng.randint(low, size) + 1))
        encoded = [bidding.encode(h) for h in hands]
        rules = (
            bidding.SUIT_OF[trump] if trump else bidding.NO_TRUMP,
            options["must_climb"],
            options["void_rule"],
        )
        unseen = bidding.masks([c for c in DECK if c not in hands[me]])
        shared, _ = bidding.outcomes(encoded, bids, me, candidates, leader, *rules, unseen)
        for bid in candidates:
            alone = bids[:me] + [bid] + bids[me + 1 :]
            copies = [[r[:] for r in h] for h in encoded]
            won = bidding.play_out(
                copies, alone, leader, [0] * seats, *rules, seats, me, unseen=unseen[:]
            )
            assert shared[bid] == won[me]


@pytest.mark.parametrize("index", [0, NO_TRUMP_DEAL])
def test_a_bid_stays_within_its_work_budget(monkeypatch, index):
    # Counted in cards played, not read from a clock: at most one imagined deal more than
    # the budget, and never fewer deals than the minimum.
    work = []

    def counted(*args, **kwargs):
        taken, plays = outcomes(*args, **kwargs)
        work.append(plays)
        return taken, plays

    outcomes = bidding.outcomes
    monkeypatch.setattr(bidding, "outcomes", counted)
    state = at_deal(index)
    state = GAME.apply(state, GAME.chance_action(state, random.Random(index)))
    view = GAME.view(state, state["actor"])
    GAME.bot_action(view, random.Random(1), "habitue")
    size = view["size"]
    draw = bidding.DRAW_COST + size * (SEATS - 1) / 3
    spent = sum(work) + draw * len(work)
    assert len(work) >= bidding.MIN_SAMPLES
    assert spent < bidding.WORK_BUDGET + max(work) + draw
