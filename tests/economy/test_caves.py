"""Caves, cash-outs, standing up and sitting back, hands counted at the deal, rake."""

import itertools

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from economy import ledger
from economy.chips import caves, conservation, rake, tables, taverns
from economy.errors import EconomyError
from economy.models import ChipMovement, Currency, HandDeal, TableBankroll
from play.actions import do_act, do_create_table
from play.models import Game
from taverne.refusals import Refusal
from tests.conftest import create_player

pytestmark = pytest.mark.django_db
BLINDS_1_2 = {"small_blind": 1, "big_blind": 2}
COUNTER = itertools.count()


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def ecus(user):
    return ledger.balance(user, Currency.ECUS)


def system_table(seats=3, **options):
    """A Ramponneau table nobody owns (blinds 1/2: caves between 20 and 200 chips)."""
    return do_create_table(None, "ramponneau", seat_count=seats,
                           options={"small_blind": 1, "big_blind": 2, **options})


def calling_action(game):
    legal = game.table.engine.legal_actions(game.state)
    kinds = {a["type"]: a for a in legal}
    for wanted in ("check", "call", "show"):
        if wanted in kinds:
            return dict(kinds[wanted])
    return game.table.engine.default_action(game.state)


def play_hand(table, choose=calling_action):
    """Play the current hand to its end with every seat calling down; returns it."""
    game = table.current_game()
    assert game.status == Game.Status.PLAYING
    number = game.number
    while True:
        game = Game.objects.get(table=table, number=number)
        if game.status != Game.Status.PLAYING:
            return game
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, choose(game), None)


def assert_conserved(table):
    chips = conservation.table_chips(table)
    assert chips.balanced, str(chips)
    assert ledger.verify() == []


def give_pack(user, count=200):
    ledger.post(user, Currency.HANDS, count, reason="hand_pack", key=f"gift:{user.pk}")


def test_a_cave_is_bounded_by_the_big_blinds(alice):
    table = system_table()
    for amount in (19, 201):
        with pytest.raises(EconomyError) as refusal:
            caves.do_cave(table, alice, amount, request_key=str(amount))
        assert refusal.value.code == "cave_bounds"
    caves.do_cave(table, alice, 150, request_key="a")
    with pytest.raises(EconomyError):
        caves.do_cave(table, alice, 51, request_key="b")  # 201 chips in all
    caves.do_cave(table, alice, 50, request_key="c")
    assert ecus(alice) == 1000 - 200
    assert_conserved(table)


def test_owners_may_narrow_the_bounds_but_not_widen_them(alice):
    ledger.post(alice, Currency.TOKENS, 100, reason="adjustment", key="t")
    taverns.do_buy_card_deck(alice, "deck-1")
    with pytest.raises(EconomyError):
        taverns.do_open_tavern_table(alice, name="Au Chat", options=BLINDS_1_2, cave_min=5)
    table = taverns.do_open_tavern_table(alice, name="Au Chat", options=BLINDS_1_2,
                                         cave_min=20, cave_max=50)
    assert tables.cave_bounds(table) == (40, 100)
    assert ledger.balance(alice, Currency.TOKENS) == 50
    with pytest.raises(EconomyError) as refusal:
        taverns.do_open_tavern_table(alice, name="Encore", options=BLINDS_1_2)
    assert refusal.value.code == "no_deck"


def test_a_cave_costs_ecus_once_per_request(alice):
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="same")
    caves.do_cave(table, alice, 100, request_key="same")
    assert ecus(alice) == 900
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 100


def test_not_enough_ecus(alice):
    table = system_table()
    ledger.post(alice, Currency.ECUS, -950, reason="adjustment", key="spend")
    with pytest.raises(EconomyError) as refusal:
        caves.do_cave(table, alice, 100, request_key="x")
    assert refusal.value.code == "insufficient_ecus"


def test_two_caves_deal_the_first_hand_with_the_caves_as_stacks(alice, bob):
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    assert table.current_game() is None
    caves.do_cave(table, bob, 60, request_key="b")
    game = table.current_game()
    table.refresh_from_db()
    assert table.status == "playing"
    stacks = game.carry_in["stacks"]
    assert sorted(s for s in stacks if s is not None) == [60, 100]
    assert_conserved(table)


def test_a_cave_during_a_hand_joins_the_stack_at_the_next_deal(alice, bob):
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    caves.do_cave(table, alice, 50, request_key="a2")
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 50
    assert_conserved(table)
    finished = play_hand(table)
    alice_seat = table.seats.get(user=alice).position
    nxt = table.current_game()
    assert nxt.carry_in["stacks"][alice_seat] == finished.state["stacks"][alice_seat] + 50
    assert_conserved(table)


def test_cash_out_during_a_hand_happens_when_it_ends(alice, bob):
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    assert caves.do_cash_out(table, alice).pending  # dealt in: at the end of the hand
    play_hand(table)
    bankroll = TableBankroll.objects.get(table=table, user=alice)
    assert bankroll.status == "left" and bankroll.reserve == 0
    assert ecus(alice) == 900 + bankroll.cashed_out
    assert not table.seats.filter(user=alice).exists()
    table.refresh_from_db()
    assert table.status == "waiting"  # bob alone: no deal
    assert caves.do_cash_out(table, bob).paid == 200 - bankroll.cashed_out
    assert ecus(alice) + ecus(bob) == 2000
    assert_conserved(table)


def test_standing_up_stops_the_cards_and_sitting_back_waits_for_the_big_blind(alice, bob):
    dora = create_player("dora", verified=True)
    table = system_table()
    for user in (alice, bob, dora):
        caves.do_cave(table, user, 100, request_key=user.username)
    caves.do_stand_up(table, dora)
    play_hand(table)
    dora_seat = table.seats.get(user=dora).position
    assert dora_seat not in table.current_game().state["order"]
    caves.do_sit_back(table, dora)  # waits for the big blind
    dealt_with_big_blind = False
    for _ in range(4):
        play_hand(table)
        state = table.current_game().state
        if dora_seat in state["order"]:
            dealt_with_big_blind = state["bb_seat"] == dora_seat
            break
    assert dealt_with_big_blind
    assert_conserved(table)


def test_posting_the_big_blind_at_once_deals_in_at_the_next_hand(alice, bob):
    dora = create_player("dora", verified=True)
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    caves.do_cave(table, dora, 100, request_key="d", post_now=True)
    play_hand(table)
    state = table.current_game().state
    dora_seat = table.seats.get(user=dora).position
    assert dora_seat in state["order"]
    assert state["start"][dora_seat] == 98  # the big blind went in as dead money
    assert ChipMovement.objects.filter(kind="dead_blind", amount=2).count() == 1
    play_hand(table)
    assert ChipMovement.objects.filter(kind="dead_won", amount=2).count() == 1
    assert_conserved(table)


def test_the_twenty_first_hand_uses_a_pack_hand_and_the_twenty_before_do_not(alice, bob):
    give_pack(alice)
    give_pack(bob)
    table = system_table(seats=2)
    caves.do_cave(table, alice, 200, request_key="a")
    caves.do_cave(table, bob, 200, request_key="b")
    for n in range(1, 21):
        assert ledger.balance(alice, Currency.HANDS) == 200, n
        play_hand(table, lambda game: game.table.engine.default_action(game.state))
    # the 21st hand is dealt: one pack hand each
    sources = HandDeal.objects.filter(user=alice).order_by("game_number")
    assert [d.source for d in sources][:20] == ["free"] * 20
    assert sources.last().source == "pack" and sources.count() == 21
    assert ledger.balance(alice, Currency.HANDS) == 199
    assert_conserved(table)


def test_a_player_without_hands_is_not_dealt_in(alice, bob):
    from economy.models import HandAllowance

    HandAllowance.objects.update_or_create(game_slug="ramponneau", defaults={"daily_hands": 1})
    dora = create_player("dora", verified=True)
    give_pack(alice)
    give_pack(bob)
    table = system_table()
    for user in (alice, dora, bob):  # alice and dora are dealt the first hand
        caves.do_cave(table, user, 100, request_key=user.username)
    play_hand(table, lambda game: game.table.engine.default_action(game.state))
    dora_seat = table.seats.get(user=dora).position
    assert dora_seat not in table.current_game().state["order"]
    bankroll = TableBankroll.objects.get(table=table, user=dora)
    assert bankroll.status == "standing" and bankroll.sat_out_reason == "no_hands"
    assert_conserved(table)


def test_level_0_players_are_not_dealt_in(alice, charlie):
    ledger.post(charlie, Currency.ECUS, 500, reason="adjustment", key="c")
    table = system_table()
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, charlie, 100, request_key="c")
    assert table.current_game() is None
    assert TableBankroll.objects.get(table=table, user=charlie).sat_out_reason == "no_hands"


def test_owners_are_never_counted_and_receive_the_rake(alice, bob):
    ledger.post(alice, Currency.TOKENS, 50, reason="adjustment", key="t")
    taverns.do_buy_card_deck(alice, "d")
    table = taverns.do_open_tavern_table(
        alice, name="Au Chat", seat_count=2,
        options={"small_blind": 5, "big_blind": 10, "rake_percent": 10, "rake_cap": 0})
    give_pack(bob)
    caves.do_cave(table, alice, 500, request_key="a")
    caves.do_cave(table, bob, 500, request_key="b")
    before = ecus(alice)
    raked = 0
    for _ in range(22):
        hand = play_hand(table)
        raked += hand.state["rake"]
    assert raked > 0
    assert not HandDeal.objects.filter(user=alice).exclude(source="owner").exists()
    assert ledger.balance(bob, Currency.HANDS) < 200
    assert ecus(alice) == before + raked
    assert rake.owner_takings(alice)["total"] == raked
    assert_conserved(table)


@hsettings(max_examples=12, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(
    st.tuples(st.sampled_from(["cave", "hand", "cash_out", "stand", "sit", "post"]),
              st.integers(0, 2), st.integers(20, 120)),
    min_size=1, max_size=14,
))
def test_chips_are_conserved_through_any_sequence(alice, bob, steps):
    players = [alice, bob, create_player(f"player{next(COUNTER)}", verified=True)]
    for user in players:
        give_pack(user, 500)
        ledger.post(user, Currency.ECUS, 10_000, reason="adjustment",
                    key=f"topup:{user.pk}:{id(steps)}")
    table = system_table(rake_percent=5)
    for n, (op, who, amount) in enumerate(steps):
        user = players[who]
        try:
            if op == "cave":
                caves.do_cave(table, user, amount, request_key=f"{n}")
            elif op == "hand":
                game = table.current_game()
                if game is not None and game.status == Game.Status.PLAYING:
                    play_hand(table)
            elif op == "cash_out":
                caves.do_cash_out(table, user)
            elif op == "stand":
                caves.do_stand_up(table, user)
            elif op in ("sit", "post"):
                caves.do_sit_back(table, user, post_now=op == "post")
        except Refusal:  # a refused cave or move: the chips must still add up
            pass
        assert_conserved(table)
