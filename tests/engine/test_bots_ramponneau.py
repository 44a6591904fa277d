"""The Ramponneau bots: decisions a player would laugh at are pinned to sensible ones, and
every level answers every view with a legal action.

Positions are dealt from fixed decks; "sometimes" is measured over many seeds of the
bot's own generator, which is the only randomness a bot has.
"""

from __future__ import annotations

import copy
import random

import pytest

from cardgames import poker
from cardgames.core import BOT_LEVELS, CHANCE, concrete
from cardgames.ramponneau import GAME, reads, stats

STRONG = ("habitue", "maitre")
OPTIONS = {"small_blind": 10, "big_blind": 20, "rake_percent": 0}


def dealt(seats, holes, button=0, board=(), stacks=None):
    """A hand dealt with ``holes`` ({seat: [two cards]}) and ``board`` to come."""
    state = GAME.new(seats, OPTIONS, {"stacks": stacks or [2000] * seats, "button": button})
    order = state["order"]
    n = len(order)
    used = {c for hole in holes.values() for c in hole} | set(board)
    rest = [c for c in poker.CARDS if c not in used]
    random.Random(3).shuffle(rest)
    deck: list = [None] * (2 * n) + list(board)
    for i, seat in enumerate(order):
        if seat in holes:
            deck[i], deck[i + n] = holes[seat]
    filler = iter(rest)
    deck = [c or next(filler) for c in deck]
    deck += [c for c in rest if c not in deck]
    return GAME.apply(state, {"type": "deal", "deck": deck})


def act(state, *actions):
    for action in actions:
        state = GAME.apply(state, action)
    return state


def choices(state, level, seeds=40):
    """The bot's actions at ``level`` for the seat to act, one per seed."""
    view = GAME.view(state, state["actor"])
    return [GAME.bot_action(view, random.Random(seed), level) for seed in range(seeds)]


def decision(state, level):
    return GAME.bot_action(GAME.view(state, state["actor"]), random.Random(1), level)


def cards(text):
    return text.split()


FOLD = {"type": "fold"}
SHOVE = {"type": "raise", "amount": 2000}


# ----- the evaluator's range helpers ---------------------------------------------------------
def test_hand_classes_name_pairs_suited_and_offsuit_hands_high_card_first():
    assert poker.hand_class(["2c", "Ah"]) == "A2o"
    assert poker.hand_class(["Td", "Jd"]) == "JTs"
    assert poker.hand_class(["7s", "7h"]) == "77"
    assert len(poker.CLASS_NAMES) == 169
    assert sum(len(c) for c in poker.CLASS_COMBOS.values()) == 1326


@pytest.mark.parametrize(
    "hole, board",
    [
        ("Ah Kh", "Qh 7c 2d"),  # flushes possible on some runouts
        ("As 2c", "Kh 9h 5h 3h"),  # a flush on board after the river for some
        ("Ah 2c", "Kh 9h 5h 3h 2h"),  # five hearts on the board
        ("9s 9d", "9h 4c 4d 2s"),
    ],
)
def test_showdowns_count_every_combination_as_a_direct_evaluation_does(hole, board):
    hole, board = cards(hole), cards(board)
    known = set(hole) | set(board)
    combos = [c for c in poker.HOLE_COMBOS if not known & set(c)]
    outs = poker.runouts(hole, board, 6, random.Random(2))
    records = poker.showdowns(hole, board, combos, outs)
    weights = [random.Random(i).random() for i in range(len(combos))]
    expected = 0.0
    for out in outs:
        full = board + list(out)
        mine = poker.evaluate_fast(hole + full)
        won = total = 0.0
        for combo, weight in zip(combos, weights, strict=True):
            if set(out) & set(combo):
                continue
            theirs = poker.evaluate_fast(list(combo) + full)
            total += weight
            won += weight if mine > theirs else weight / 2 if mine == theirs else 0.0
        expected += won / total
    assert poker.range_equity(records, [weights]) == pytest.approx(expected / len(outs))


def test_range_equity_against_a_random_hand_matches_the_simulation():
    hole, board = ["Ah", "Kh"], ["Qh", "7c", "2d"]
    combos = [c for c in poker.HOLE_COMBOS if not {*hole, *board} & set(c)]
    records = poker.showdowns(
        hole, board, combos, poker.runouts(hole, board, 400, random.Random(1))
    )
    assert poker.range_equity(records, [[1.0] * len(combos)]) == pytest.approx(0.58, abs=0.03)


# ----- the engine shows the betting so far --------------------------------------------------
def test_the_view_lists_the_public_betting_history():
    state = dealt(3, {}, button=0)
    state = act(state, {"type": "raise", "amount": 60}, {"type": "call", "amount": 50}, FOLD)
    history = GAME.view(state, 2)["history"]
    assert history == [
        {"seat": 0, "street": "preflop", "type": "raise", "amount": 60, "all_in": False},
        {"seat": 1, "street": "preflop", "type": "call", "amount": 50, "all_in": False},
        {"seat": 2, "street": "preflop", "type": "fold"},
    ]


# ----- all-ins before the flop -----------------------------------------------------------------
STRONG_HANDS = ["As Kd", "Ts Th", "9s 9h", "As Qs", "As Jd"]


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hole", STRONG_HANDS)
def test_the_big_blind_calls_a_heads_up_shove_for_100_big_blinds_with_a_strong_hand(level, hole):
    state = act(dealt(2, {1: cards(hole)}, button=0), SHOVE)  # the button moves in
    assert decision(state, level)["type"] == "call"


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hole", STRONG_HANDS)
def test_the_big_blind_calls_a_button_shove_at_six_seats_with_a_strong_hand(level, hole):
    # Seats 1 and 2 post the blinds, 3 and 4 fold, the button (0) moves in.
    state = act(dealt(6, {2: cards(hole)}, button=0), FOLD, FOLD, FOLD, SHOVE, FOLD)
    assert state["actor"] == 2
    assert decision(state, level)["type"] == "call"


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hole", ["7d 2c", "8h 3s", "Js 4d"])
def test_the_big_blind_folds_a_weak_hand_to_a_shove(level, hole):
    state = act(dealt(2, {1: cards(hole)}, button=0), SHOVE)
    assert decision(state, level) == FOLD


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("seats", [2, 6])
def test_an_opened_ace_king_calls_the_re_shove(level, seats):
    # The button opens (heads-up it speaks first; at six seats the others fold to it).
    state = dealt(seats, {0: cards("Ad Kc")}, button=0)
    state = act(state, *[FOLD] * (seats - 3))
    opened = decision(state, level)
    assert opened["type"] == "raise" and opened["amount"] < 2000
    state = act(state, opened)
    if seats > 2:
        state = act(state, FOLD)  # the small blind folds, the big blind moves in
    state = act(state, SHOVE)
    assert state["actor"] == 0
    assert decision(state, level)["type"] == "call"


# ----- opening the pot -------------------------------------------------------------------------
@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hole", ["Ks 9s", "Qd Tc", "As 5d", "5s 5h", "Js Ts"])
def test_the_button_opens_a_playable_hand_when_folded_to(level, hole):
    state = act(dealt(6, {0: cards(hole)}, button=0), FOLD, FOLD, FOLD)
    assert state["actor"] == 0
    assert all(a["type"] == "raise" for a in choices(state, level, seeds=10))


def button_open_share(level) -> float:
    opened = total = 0
    for name in poker.CLASS_NAMES:
        combo = poker.CLASS_COMBOS[name][0]
        state = act(dealt(6, {0: list(combo)}, button=0), FOLD, FOLD, FOLD)
        weight = len(poker.CLASS_COMBOS[name])
        total += weight
        opened += weight * (decision(state, level)["type"] == "raise")
    return opened / total


@pytest.mark.parametrize("level", STRONG)
def test_the_button_opens_four_hands_in_ten_at_least(level):
    assert button_open_share(level) >= 0.4


def heads_up_button_play_share(level) -> float:
    """Heads-up the button posts the small blind and speaks first: the share of starting
    hands (weighted by their combinations) it completes or raises rather than folds."""
    played = total = 0
    for name in poker.CLASS_NAMES:
        combo = poker.CLASS_COMBOS[name][0]
        state = dealt(2, {0: list(combo)}, button=0)
        assert state["actor"] == 0
        weight = len(poker.CLASS_COMBOS[name])
        total += weight
        played += weight * (decision(state, level)["type"] != "fold")
    return played / total


@pytest.mark.parametrize("level", STRONG)
def test_the_heads_up_button_plays_most_hands_for_half_a_big_blind(level):
    # The first bot folded 80 % of its hands on the button for half a big blind.
    assert heads_up_button_play_share(level) >= 0.6


def test_the_beginner_plays_more_hands_than_the_regular():
    def played(level):
        count = 0
        for name in poker.CLASS_NAMES:
            state = act(dealt(6, {5: list(poker.CLASS_COMBOS[name][0])}, button=0), FOLD, FOLD)
            count += decision(state, level)["type"] != "fold"
        return count

    assert played("debutant") > played("habitue")


# ----- after the flop -------------------------------------------------------------------------
def heads_up_flop(hero, board, villain="3s 4d"):
    """Heads-up, the button (seat 0) opened and the big blind (seat 1, the hero) called:
    the hero speaks first on the flop."""
    state = dealt(2, {1: cards(hero), 0: cards(villain)}, button=0, board=cards(board))
    return act(state, {"type": "raise", "amount": 50}, {"type": "call", "amount": 30})


def bet_share(state, level) -> float:
    picks = choices(state, level)
    return sum(a["type"] in ("bet", "raise") for a in picks) / len(picks)


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize(
    "hero, board",
    [("Ah Qh", "Kh 7h 2c"), ("9s 8s", "Td 7c 2h"), ("Jc Tc", "9c 8d 2c")],
)
def test_a_strong_draw_is_bet_some_of_the_time(level, hero, board):
    assert bet_share(heads_up_flop(hero, board), level) >= 0.2


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hero, board", [("Kd 9c", "Kh 7s 2c"), ("7d 6d", "Kh 7s 2c")])
def test_a_medium_hand_is_bet_some_of_the_time(level, hero, board):
    assert bet_share(heads_up_flop(hero, board), level) >= 0.2


def river_checked_to(hero, board, villain="Qs Jd"):
    """Heads-up, checked to the button (the hero, seat 0) on the river."""
    state = dealt(2, {0: cards(hero), 1: cards(villain)}, button=0, board=cards(board))
    state = act(state, {"type": "raise", "amount": 50}, {"type": "call", "amount": 30})
    for _ in range(2):  # the flop and the turn
        state = act(state, {"type": "check"}, {"type": "check"})
    return act(state, {"type": "check"})


@pytest.mark.parametrize("level", STRONG)
def test_a_missed_draw_checked_to_on_the_river_bluffs_some_of_the_time(level):
    state = river_checked_to("6h 5h", "Ah Th 2c 9s Kd")
    assert state["actor"] == 0
    assert bet_share(state, level) >= 0.05


@pytest.mark.parametrize("level", STRONG)
def test_the_nuts_on_the_river_is_bet(level):
    state = river_checked_to("Qh Jh", "Ah Th 2c 9s Kd")
    assert bet_share(state, level) >= 0.9


@pytest.mark.parametrize("level", STRONG)
def test_a_river_bluff_that_meets_a_raise_is_given_up(level):
    state = river_checked_to("6h 5h", "Ah Th 2c 9s Kd")
    state = act(state, {"type": "bet", "amount": 100})  # the hero bets, the villain raises
    state = act(state, {"type": "raise", "amount": 400})
    assert decision(state, level) == FOLD


@pytest.mark.parametrize("level", STRONG)
def test_a_set_is_not_folded_to_a_flop_bet(level):
    state = heads_up_flop("7d 7c", "Kh 7s 2c")
    state = act(state, {"type": "check"}, {"type": "bet", "amount": 66})
    assert all(a["type"] in ("call", "raise") for a in choices(state, level, seeds=10))


# ----- reading the table's statistics ---------------------------------------------------------
def watched(state, seat, **counts):
    """``state`` as if the table had seen ``counts`` of ``seat`` in earlier hands."""
    table = [stats.blank() for _ in range(state["seats"])]
    table[seat] = dict(stats.blank(), **counts)
    return dict(state, stats=table)


def habitual_shover(state, seat, hands=60):
    """Seen moving in whenever the pot came to it unopened, and over every raise."""
    return watched(
        state, seat, hands=hands, vpip=hands, pfr=hands, open_chances=hands,
        open_shoves=hands, opens=hands,
    )


# The hands the issue saw the big blind fold to a player who shoves every hand: each has
# more than the 49.5 % the call needs against any two cards.
AGAINST_ANY_TWO = ["Qh Jd", "Ks 6s", "Ac 2d", "Kd 8c", "Js Ts"]


@pytest.mark.parametrize("level", STRONG)
@pytest.mark.parametrize("hole", AGAINST_ANY_TWO)
def test_the_big_blind_calls_a_habitual_shover_with_queen_jack_offsuit_and_the_like(level, hole):
    state = act(dealt(2, {1: cards(hole)}, button=0), SHOVE)
    assert decision(habitual_shover(state, 0), level)["type"] == "call"


@pytest.mark.parametrize("level", STRONG)
def test_a_strangers_shove_is_still_read_as_a_range_and_queen_jack_offsuit_folds(level):
    state = act(dealt(2, {1: cards("Qh Jd")}, button=0), SHOVE)
    assert decision(state, level) == FOLD


@pytest.mark.parametrize("level", STRONG)
def test_a_tight_players_rare_shove_is_called_only_by_what_beats_its_range(level):
    state = act(dealt(2, {1: cards("7s 7h")}, button=0), SHOVE)
    assert decision(state, level)["type"] == "call"  # a stranger: a loose overshove
    tight = watched(state, 0, hands=80, open_chances=80, opens=20, open_shoves=1)
    assert decision(tight, level) == FOLD
    assert decision(watched(act(dealt(2, {1: cards("Qs Qh")}, button=0), SHOVE), 0,
                            hands=80, open_chances=80, opens=20, open_shoves=1),
                    level)["type"] == "call"


@pytest.mark.parametrize("level", STRONG)
def test_a_short_shove_is_never_read_tighter_than_the_push_or_fold_equilibrium(level):
    # Ten big blinds: the equilibrium pushes more than half the hands heads-up and the
    # big blind calls with about four in ten, king-seven offsuit among them.
    assert 0.5 < reads.nash_push(10, 1) < 0.65 and 0.3 < reads.nash_call(10, 1) < 0.45
    state = act(dealt(2, {1: cards("Kd 7c")}, button=0, stacks=[200, 2000]),
                {"type": "raise", "amount": 200})
    never = watched(state, 0, hands=200, open_chances=200, opens=10, open_shoves=0)
    assert decision(never, level)["type"] == "call"


@pytest.mark.parametrize("level", STRONG)
def test_the_heads_up_button_plays_only_what_calls_a_habitual_re_shover(level):
    def against_the_re_shover(hole):
        state = dealt(2, {0: cards(hole)}, button=0)
        return watched(state, 1, hands=60, vpip=60, pfr=60, faced_raise=60, reshoves=60,
                       reraises=60)

    assert decision(against_the_re_shover("7d 2c"), level) == FOLD
    assert decision(against_the_re_shover("Kd 8c"), level)["type"] == "raise"


def test_a_frequency_seen_in_few_hands_stays_near_the_assumption():
    few = dict(stats.blank(), open_chances=1, open_shoves=1)
    many = dict(stats.blank(), open_chances=200, open_shoves=200)
    assert reads.rate(None, "open_shoves", "open_chances", 0.3) == 0.3
    assert reads.rate(few, "open_shoves", "open_chances", 0.3) < 0.5
    assert reads.rate(many, "open_shoves", "open_chances", 0.3) > 0.98
    # The equilibrium pushes wider the shorter the stacks, and from fewer seats behind.
    assert reads.nash_push(5, 1) > reads.nash_push(20, 1) > reads.nash_push(100, 1)
    assert reads.nash_push(20, 1) > reads.nash_push(20, 3) > reads.nash_push(20, 5)


def test_the_habitue_steals_with_seven_deuce_from_blinds_who_fold_to_every_open():
    state = act(dealt(6, {0: cards("7d 2c")}, button=0), FOLD, FOLD, FOLD)
    assert decision(state, "habitue") == FOLD  # strangers in the blinds defend
    folders = dict(stats.blank(), hands=100, faced_raise=100, folded_to_raise=95)
    table = [folders if seat in (1, 2) else stats.blank() for seat in range(6)]
    assert decision(dict(state, stats=table), "habitue")["type"] == "raise"


def test_the_habitue_folds_a_weak_pair_to_a_player_who_bets_only_his_best_hands():
    # Heads-up, the big blind (the villain, seat 1) bets the river into the hero.
    state = dealt(2, {0: cards("Ts 9d"), 1: cards("Qs Jd")}, button=0,
                  board=cards("Ah Th 2c 5s 3d"))
    state = act(state, {"type": "raise", "amount": 50}, {"type": "call", "amount": 30})
    for _ in range(2):
        state = act(state, {"type": "check"}, {"type": "check"})
    state = act(state, {"type": "bet", "amount": 60})
    assert state["actor"] == 0
    rarely = watched(state, 1, hands=100, flops=40, bets=6, checks=60, calls=10)
    always = watched(state, 1, hands=100, flops=40, bets=60, checks=6, calls=10)
    assert decision(rarely, "habitue") == FOLD
    assert decision(always, "habitue")["type"] == "call"


# ----- every level, every view ---------------------------------------------------------------
def random_views(hands: int, seed: int):
    """Views of seats to act, from random hands played by a mix of bots and random play."""
    rng = random.Random(seed)
    for _ in range(hands):
        seats = rng.randint(2, 10)
        state = GAME.new(seats, GAME.random_options(rng))
        while state["actor"] is not None:
            if state["actor"] == CHANCE:
                state = GAME.apply(state, GAME.chance_action(state, rng))
                continue
            yield state
            view = GAME.view(state, state["actor"])
            if rng.random() < 0.5:
                action = GAME.bot_action(view, rng, rng.choice(BOT_LEVELS))
            else:
                action = concrete(rng.choice(view["legal_actions"]), rng)
            state = GAME.apply(state, action)


def random_stats(seats: int, rng) -> list[dict]:
    """Counts a table might have seen (each hit no more often than its chances)."""
    table = []
    for _ in range(seats):
        hands = rng.choice((0, 1, 5, 40, 300))
        counts = {key: rng.randint(0, hands) for key in stats.KEYS}
        for hits, chances in (("open_shoves", "open_chances"), ("reshoves", "faced_raise"),
                              ("folded_to_raise", "faced_raise"), ("raises", "faced_bet"),
                              ("folded_to_reraise", "faced_reraise")):
            counts[hits] = min(counts[hits], counts[chances])
        table.append(counts)
    return table


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_answers_views_with_any_statistics_with_a_legal_action(level):
    rng = random.Random(7)
    hands = 10 if level == "maitre" else 40
    for state in random_views(hands, seed=10 + BOT_LEVELS.index(level)):
        state = dict(state, stats=random_stats(state["seats"], rng))
        action = GAME.bot_action(GAME.view(state, state["actor"]), random.Random(0), level)
        assert GAME.can_apply(state, action) is None, (level, action)


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_answers_random_views_with_a_legal_action(level):
    hands = 15 if level == "maitre" else 60
    for state in random_views(hands, seed=BOT_LEVELS.index(level)):
        view = GAME.view(state, state["actor"])
        untouched = copy.deepcopy(view)
        action = GAME.bot_action(view, random.Random(0), level)
        assert GAME.can_apply(state, action) is None, (level, action, view)
        assert view == untouched  # the bot reads the view, never writes to it


@pytest.mark.slow
@pytest.mark.engine_soak
@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_soaks_through_many_random_hands(level):
    for state in random_views(400, seed=100 + BOT_LEVELS.index(level)):
        action = GAME.bot_action(GAME.view(state, state["actor"]), random.Random(0), level)
        assert GAME.can_apply(state, action) is None
