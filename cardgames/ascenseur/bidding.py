"""The habitué's bid: imagined deals played out fast, the bid worth the most points.

The bid is scored on one number, the tricks taken, and pays only when exact: what matters
is the whole distribution of the tricks the hand makes, not their mean. So the habitué
deals the cards it has not seen to the other hands a few dozen times (each deal weighed by
how well it explains the bids already made), guesses the bids still to come, plays every
imagined deal out for every legal bid (a seat plays differently for 2 tricks than for 4;
the runs share their common start, see ``outcomes``) and bids the one with the best mean
score, the dealer's forbidden bid left out.

A bid must stay within a few milliseconds, so the deal here is a fast one: cards are
numbers, hands are per-suit lists of ranks. The others play the plain bid-seeking card of
``playout.simple_card``; the seat itself plays as the habitué will (``bot.choose_card``:
its leads and its cheapest safe winners weighed by the odds' arithmetic), so the
imagined tricks are those its own card play makes. The work is counted in cards played,
not read from a clock: the same view and random generator give the same bid on any
machine as fast as ours. A CPU-time cap guards a slower or much busier one (here it stops
about 0.3 % of bids, the largest, with another process on the other core).
"""

from __future__ import annotations

import math
import time

from .game import DECK, POWER, SUIT_ORDER, deal_points, forbidden_bid
from .odds import COVER_EXPONENT, naive_tricks

# Suits are numbered in the order hands are shown (spades, hearts, clubs, diamonds), so a
# tie between two suits goes the way the string card play's does on a sorted hand.
SUIT_OF = dict(SUIT_ORDER)
SUIT_NAME = {index: suit for suit, index in SUIT_OF.items()}
NO_TRUMP = -1


def encode(hand: list[str]) -> list[list[int]]:
    """A hand as four lists of ranks (0 for a two, 12 for an ace), each ascending."""
    suits: list[list[int]] = [[], [], [], []]
    for card in hand:
        suits[SUIT_OF[card[1]]].append(POWER[card])
    for ranks in suits:
        ranks.sort()
    return suits


def masks(cards: list[str]) -> list[int]:
    """Cards as four bit masks of ranks, one per suit (bit *r* for rank *r*)."""
    suits = [0, 0, 0, 0]
    for card in cards:
        suits[SUIT_OF[card[1]]] |= 1 << POWER[card]
    return suits


def decode(suit: int, rank: int) -> str:
    return "23456789TJQKA"[rank] + SUIT_NAME[suit]


# Per table size and leader: the seats that play after the leader, and the last of them.
AFTER = {n: [[(lead + i) % n for i in range(1, n)] for lead in range(n)] for n in range(2, 8)}
FINAL = {n: [(lead - 1) % n for lead in range(n)] for n in range(2, 8)}


# The habitué's card play (bot.choose_card), as the imagined deals play it for the seat:
SAFE = 0.6  # wanting a trick, the cheapest winner at least this likely to hold is played
# what a suit's length does to the chance an unseen higher card meets a card (odds.py)
COVER = [1.0] + [n**-COVER_EXPONENT for n in range(1, 14)]


def odds_context(unseen, others: int, opponents: int, trump: int) -> tuple:
    """What ``odds.Odds`` draws from a view, from the cards a seat has not seen (``unseen``,
    per suit a bit mask of ranks: bit *r* for rank *r*) of which ``others`` are in the
    ``opponents``' hands: per suit the unseen count, their total, the share held by the
    opponents, their cards each, and the chance that one of them holds a trump."""
    lengths = [mask.bit_count() for mask in unseen]
    total = sum(lengths) or 1
    each = max(others / opponents, 1)
    has_trump = 1.0
    if trump != NO_TRUMP:
        has_trump = 1 - (1 - lengths[trump] / total) ** each
    return lengths, total, min(1.0, others / total), each, has_trump


def chance(ranks, suit, index, unseen, context, opponents: int, trump: int) -> float:
    """``odds.Odds.chance`` of the card ``ranks[index]`` of ``suit`` in the seat's hand."""
    lengths, total, held, each, has_trump = context
    above = (unseen[suit] >> (ranks[index] + 1)).bit_count()
    odds = (1 - held * COVER[len(ranks)]) ** above
    if trump != NO_TRUMP and suit != trump:
        ruff = (1 - lengths[suit] / total) ** each * has_trump
        odds *= (1 - ruff) ** (opponents * (len(ranks) - index))
    return odds


def counted_lead(hand, unseen, others: int, opponents: int, trump: int, wants: bool) -> int:
    """The suit the habitué leads from (``bot.choose_card``): the card most likely to take
    the trick when it wants one, the least likely otherwise (``chance``). The top card of
    a suit is its likeliest, the bottom card its least likely, so only those are weighed."""
    context = odds_context(unseen, others, opponents, trump)
    pick, pick_key = -1, None
    for s in range(4):
        ranks = hand[s]
        if not ranks:
            continue
        index = len(ranks) - 1 if wants else 0
        odds = chance(ranks, s, index, unseen, context, opponents, trump)
        key = (odds, ranks[index]) if wants else (-odds, -ranks[index])
        if pick_key is None or key > pick_key:
            pick, pick_key = s, key
    return pick


def safe_winner(hand, winners, unseen, others: int, opponents: int, trump: int) -> tuple:
    """Of ``winners`` ((suit, index) in ascending strength), the one the habitué plays
    when it wants the trick and others are still to play: the cheapest likely to hold
    (``SAFE``), else the strongest."""
    context = odds_context(unseen, others, opponents, trump)
    for suit, index in winners:
        if chance(hand[suit], suit, index, unseen, context, opponents, trump) >= SAFE:
            return suit, index
    return winners[-1]


def play_out(
    hands,
    bids,
    leader,
    won,
    trump,
    climb,
    void_rule,
    seats,
    me=-1,
    marks=(),
    snapshots=None,
    unseen=None,
) -> list[int]:
    """Tricks taken by each seat (``won``, updated) once the deal is played out from the
    start of a trick led by ``leader``.

    ``hands``: per seat, four ascending rank lists (consumed); ``trump``: a suit number or
    ``NO_TRUMP``; ``climb``: the must-climb option; ``void_rule``: the void rule option.
    Every seat plays ``playout.simple_card`` for its bid (the same cards, ties included):
    while the bid is not made, win the trick (the cheapest winner when last, the strongest
    card otherwise), else duck under it with the highest card that loses.

    Each time seat ``me`` wins its trick number *w* for *w* in ``marks``, the deal as it
    stands is copied into ``snapshots[w]`` as (hands, won, leader, unseen): until then the
    play did not depend on whether ``me`` bid *w* or more (see ``outcomes``).

    With ``unseen`` (per suit, a mask of the ranks ``me`` has not seen; updated), ``me``
    plays as the habitué does (``bot.choose_card``): it leads by ``counted_lead`` and,
    wanting a trick with others still to play, takes it with ``safe_winner``.
    """
    free_void = trump == NO_TRUMP or void_rule == "free"
    undertrump = void_rule == "undertrump"
    tricks = sum(map(len, hands[leader]))
    after = AFTER[seats]
    final = FINAL[seats]
    counting = unseen is not None
    if counting:
        others = sum(sum(map(len, hands[seat])) for seat in range(seats) if seat != me)
        opponents = seats - 1
    for _ in range(tricks):
        # ----- the lead
        hand = hands[leader]
        if counting and leader == me:
            wants = bids[me] > won[me]
            suit = counted_lead(hand, unseen, others, opponents, trump, wants)
            rank = hand[suit].pop() if wants else hand[suit].pop(0)
        elif bids[leader] > won[leader]:  # the strongest card: the top trump, else the top card
            if trump != NO_TRUMP and hand[trump]:
                suit = trump
            else:
                suit, top = -1, -1
                for s in range(4):
                    if hand[s] and hand[s][-1] > top:
                        suit, top = s, hand[s][-1]
            rank = hand[suit].pop()
        else:  # the lowest card outside trumps, else the lowest trump
            suit, low = -1, 13
            for s in range(4):
                if s != trump and hand[s] and hand[s][0] < low:
                    suit, low = s, hand[s][0]
            if suit < 0:
                suit = trump
            rank = hand[suit].pop(0)
        if counting and leader != me:
            unseen[suit] &= ~(1 << rank)
            others -= 1
        led, led_top = suit, rank
        best_suit, best_rank, best_seat = suit, rank, leader
        # ----- the others, in turn
        for seat in after[leader]:
            hand = hands[seat]
            last = seat == final[leader]
            wants = bids[seat] > won[seat]
            ranks = hand[led]
            if ranks:  # following suit, the most common case: one list to look at
                if best_suit == led:
                    if ranks[-1] > best_rank:  # some cards win (all of them if climbing)
                        split = 0
                        while ranks[split] < best_rank:
                            split += 1
                        if wants:
                            if last:
                                index = split
                            elif counting and seat == me and split < len(ranks) - 1:
                                winners = [(led, x) for x in range(split, len(ranks))]
                                _, index = safe_winner(
                                    hand, winners, unseen, others, opponents, trump
                                )
                            else:
                                index = len(ranks) - 1
                        elif split and not climb:
                            index = split - 1
                        else:
                            index = len(ranks) - 1 if last else split
                    else:
                        index = 0 if wants else len(ranks) - 1
                else:  # trumped: nothing of the suit wins; climbing still applies
                    index = len(ranks) - 1
                    if wants:
                        index = 0
                        if climb and ranks[-1] > led_top:
                            while ranks[index] < led_top:
                                index += 1
                rank = ranks.pop(index)
                if counting and seat != me:
                    unseen[led] &= ~(1 << rank)
                    others -= 1
                if rank > led_top:
                    led_top = rank
                    if best_suit == led:
                        best_rank, best_seat = rank, seat
                continue
            if trump == NO_TRUMP or not hand[trump]:  # nothing can win: a discard
                suit = -1
                if wants:  # the lowest card
                    low = 13
                    for s in range(4):
                        if hand[s] and hand[s][0] < low:
                            suit, low = s, hand[s][0]
                    rank = hand[suit].pop(0)
                else:  # the highest card
                    top = -1
                    for s in range(4):
                        if hand[s] and hand[s][-1] > top:
                            suit, top = s, hand[s][-1]
                    rank = hand[suit].pop()
                if counting and seat != me:
                    unseen[suit] &= ~(1 << rank)
                    others -= 1
                continue
            # void in the suit led, holding trumps: the legal cards, per suit, the ranks
            # from ``start`` on
            if free_void:
                legal = tuple((s, 0) for s in range(4) if hand[s])
            elif best_suit == trump:  # trumped already: overtrump if possible
                ranks = hand[trump]
                if ranks[-1] > best_rank:
                    start = 0
                    while ranks[start] < best_rank:
                        start += 1
                    legal = ((trump, start),)
                elif undertrump:
                    legal = ((trump, 0),)
                else:
                    legal = tuple((s, 0) for s in range(4) if hand[s])
            else:
                legal = ((trump, 0),)
            # split the legal cards into those that take the trick so far and the others
            win_low = win_high = lose_high = lose_low = None  # (strength, suit, index)
            for s, start in legal:
                ranks = hand[s]
                if s == best_suit:
                    split = start
                    while split < len(ranks) and ranks[split] < best_rank:
                        split += 1
                elif s == trump:  # a trump on a trick not trumped yet
                    split = start
                else:
                    split = len(ranks)
                boost = 13 if s == trump else 0
                if split < len(ranks):
                    low = (ranks[split] + boost, s, split)
                    high = (ranks[-1] + boost, s, len(ranks) - 1)
                    if win_low is None or low[0] < win_low[0]:
                        win_low = low
                    if win_high is None or high[0] > win_high[0]:
                        win_high = high
                if split > start:
                    low = (ranks[start] + boost, s, start)
                    high = (ranks[split - 1] + boost, s, split - 1)
                    if lose_low is None or low[0] < lose_low[0]:
                        lose_low = low
                    if lose_high is None or high[0] > lose_high[0]:
                        lose_high = high
            if wants:
                if win_low is None:
                    pick = lose_low
                elif last:
                    pick = win_low
                elif counting and seat == me and win_low != win_high:
                    # void in the suit led: the winners are trumps, from win_low up
                    winners = [(trump, x) for x in range(win_low[2], win_high[2] + 1)]
                    pick = (0,) + safe_winner(hand, winners, unseen, others, opponents, trump)
                else:
                    pick = win_high
            elif lose_high is not None:
                pick = lose_high
            else:
                pick = win_high if last else win_low
            _, s, index = pick
            rank = hand[s].pop(index)
            if counting and seat != me:
                unseen[s] &= ~(1 << rank)
                others -= 1
            if (s == best_suit and rank > best_rank) or (s == trump and best_suit != trump):
                best_suit, best_rank, best_seat = s, rank, seat
        won[best_seat] += 1
        leader = best_seat
        if best_seat == me and won[me] in marks:
            snapshots[won[me]] = (
                [[r[:] for r in h] for h in hands],
                won[:],
                leader,
                unseen[:] if counting else None,
            )
    return won


def outcomes(
    hands, bids, me, candidates, leader, trump, climb, void_rule, unseen=None
) -> tuple[dict[int, int], int]:
    """The tricks seat ``me`` takes for each bid of ``candidates`` (ascending), the others
    bidding ``bids``, when the deal is played out from its first trick (``unseen``: see
    ``play_out``); and the work that took, in cards played (``RUN_COST`` more a run).

    A seat plays the same cards for any bid it has not made yet, so the bids share one
    run: played for every trick (a bid above any it can make), copied each time it reaches
    a candidate bid, and each copy played out from there for that bid. A bid the run never
    reaches takes what the run took. Only a bid of 0 plays differently from the start.
    """
    seats = len(hands)
    bids = list(bids)
    result = {}
    rules = (trump, climb, void_rule, seats)
    full = RUN_COST + seats * sum(map(len, hands[me]))
    plays = 0

    def fresh():
        return [[r[:] for r in h] for h in hands], None if unseen is None else unseen[:]

    if candidates[0] == 0:
        bids[me] = 0
        copies, seen = fresh()
        won = play_out(copies, bids, leader, [0] * seats, *rules, me, unseen=seen)
        result[0] = won[me]
        plays += full
    marks = frozenset(k for k in candidates if k > 0)
    if not marks:
        return result, plays
    snapshots = {}
    bids[me] = max(marks) + 1
    copies, seen = fresh()
    won = play_out(copies, bids, leader, [0] * seats, *rules, me, marks, snapshots, seen)
    plays += full
    for bid in marks:
        if bid in snapshots:
            copies, taken, first, seen = snapshots[bid]
            bids[me] = bid
            plays += RUN_COST + seats * sum(map(len, copies[me]))
            result[bid] = play_out(copies, bids, first, taken, *rules, me, unseen=seen)[me]
        else:
            result[bid] = won[me]
    return result, plays


# ----- the bid -------------------------------------------------------------------------------
# The work a bid may take, counted in cards played in imagined deals (about a microsecond
# each here): WORK_BUDGET in all, DRAW_COST for dealing and counting the hands of one deal
# (plus a third of a card per card dealt), within MIN_SAMPLES and MAX_SAMPLES deals: with
# 4 seats, about 55 imagined deals for one card each, 14 for thirteen; 2 to 3.5 ms a bid
# at any deal size here. CPU_CAP stops the sampling on a slower or much busier machine.
WORK_BUDGET = 3400
DRAW_COST = 25
RUN_COST = 8  # and what one more run of a deal costs besides its cards
MIN_SAMPLES = 8
MAX_SAMPLES = 150
CPU_CAP = 0.004  # seconds of this thread's CPU time
BID_SIGMA = 1.2  # how far, in tricks, a bid strays from a plain counter's value


def unseen_cards(view: dict) -> list[str]:
    seen = set(view["hand"])
    if view["turnup"]:
        seen.add(view["turnup"])
    return [c for c in DECK if c not in seen]


def guessed_bids(view: dict, values: list, center: int) -> list[int]:
    """The bids made, and for the seats still to bid what a plain counter of honours and
    trumps would bid (``values``: its count of each imagined hand), the dealer kept off
    the forbidden total (this seat's bid taken at ``center``)."""
    bids = list(view["bids"])
    bids[view["you"]] = center
    return completed_bids(view, bids, values.__getitem__)


def completed_bids(view: dict, bids: list, value_of) -> list[int]:
    """``bids`` with each seat still to bid given ``value_of(seat)`` tricks, rounded, in
    the order of bidding; the dealer, last, kept off the forbidden total (shared with the
    maître's search)."""
    seats, size, dealer = view["seats"], view["size"], view["dealer"]
    for offset in range(1, seats + 1):
        seat = (dealer + offset) % seats
        if bids[seat] is not None:
            continue
        guess = min(size, max(0, round(value_of(seat))))
        if seat == dealer:
            made = [b if b is not None else 0 for b in bids]
            made[dealer] = None
            if guess == forbidden_bid(made, size, dealer, view["options"]):
                guess = guess + 1 if guess < size else guess - 1
        bids[seat] = guess
    return bids


def bid_weight(view: dict, values: list) -> float:
    """How well imagined hands explain the bids made: a bid near a plain counter's value
    of its hand (``values``) is likelier than one far from it."""
    logw = 0.0
    for seat, bid in enumerate(view["bids"]):
        if seat != view["you"] and bid is not None:
            miss = bid - values[seat]
            logw -= miss * miss
    return math.exp(logw / (2 * BID_SIGMA * BID_SIGMA))


def sampled_scores(view: dict, rng, candidates: list[int], center: int) -> dict[int, float]:
    """Per candidate bid, its weighted mean score over imagined deals."""
    seats, me, size, trump = view["seats"], view["you"], view["size"], view["trump"]
    options = view["options"]
    scoring, climb, void_rule = options["scoring"], options["must_climb"], options["void_rule"]
    trump_number = SUIT_OF[trump] if trump else NO_TRUMP
    leader = (view["dealer"] + 1) % seats
    unseen = unseen_cards(view)
    mine = encode(view["hand"])
    hidden = masks(unseen)
    totals = dict.fromkeys(candidates, 0.0)
    others = [seat for seat in range(seats) if seat != me]
    values = [0.0] * seats
    encoded = [mine] * seats
    dealt = size * len(others)
    draw_cost = DRAW_COST + dealt / 3
    deadline = time.thread_time() + CPU_CAP
    spent, weights, done = 0.0, 0.0, 0
    while done < MIN_SAMPLES or (
        spent < WORK_BUDGET and done < MAX_SAMPLES and time.thread_time() < deadline
    ):
        done += 1
        spent += draw_cost
        drawn = rng.sample(unseen, dealt)  # cheaper than a shuffle
        for i, seat in enumerate(others):
            hand = drawn[i * size : (i + 1) * size]
            values[seat] = naive_tricks(hand, trump)
            encoded[seat] = encode(hand)
        weight = bid_weight(view, values)
        if weight < 1e-4:
            continue
        bids = guessed_bids(view, values, center)
        taken, plays = outcomes(
            encoded, bids, me, candidates, leader, trump_number, climb, void_rule, hidden
        )
        spent += plays
        weights += weight
        for bid, won in taken.items():
            totals[bid] += weight * deal_points(bid, won, scoring)
    return {k: totals[k] / (weights or 1.0) for k in candidates}


def choose_bid(view: dict, rng) -> int:
    """The habitué's bid: the best mean score over imagined deals."""
    legal = [a["tricks"] for a in view["legal_actions"]]
    if len(legal) == 1:
        return legal[0]
    estimate = naive_tricks(view["hand"], view["trump"])
    scores = sampled_scores(view, rng, legal, round(estimate))
    return max(scores, key=lambda k: (scores[k], -abs(k - estimate)))
