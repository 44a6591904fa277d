"""Ambigu at chip tables: jetons caved from écus, pots carried between deals, debts."""

import itertools
import random

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from economy import games, ledger
from economy.chips import caves, conservation, settlement, tables
from economy.errors import EconomyError
from economy.models import (
    Currency,
    HandAllowance,
    HandDeal,
    LedgerEntry,
    TableBankroll,
    TableEconomy,
)
from play.actions import do_act, do_create_table, do_play_now
from play.models import Game
from taverne.refusals import Refusal
from tests.conftest import create_player

pytestmark = pytest.mark.django_db
COUNTER = itertools.count()


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def ecus(user):
    return ledger.balance(user, Currency.ECUS)


def ambigu_table(seats=3, **options):
    """An Ambigu table nobody keeps (ante 1: caves between 20 and 200 jetons)."""
    return do_create_table(None, "ambigu", seat_count=seats, options={"ante": 1, **options})


def assert_conserved(table):
    chips = conservation.table_chips(table)
    assert chips.balanced, str(chips)
    assert ledger.verify() == []


def bot_choice(seed):
    rng = random.Random(seed)

    def choose(game):
        engine = game.table.engine
        return engine.bot_action(engine.view(game.state, game.state["actor"]), rng)

    return choose


def play_deal(table, choose=None, check=None):
    """Play the current deal to its end (the players' moves chosen by the bot); returns it."""
    choose = choose or bot_choice(0)
    game = table.current_game()
    assert game.status == Game.Status.PLAYING
    number = game.number
    while True:
        game = Game.objects.get(table=table, number=number)
        if game.status != Game.Status.PLAYING:
            return game
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, choose(game), None)
        if check:
            check(table)


def test_a_cave_is_bounded_in_antes(alice):
    table = ambigu_table()
    assert tables.cave_bounds(table) == (20, 200)
    for amount in (19, 201):
        with pytest.raises(EconomyError) as refusal:
            caves.do_cave(table, alice, amount, request_key=str(amount))
        assert refusal.value.code == "cave_bounds"
        assert "antes" in refusal.value.message("fr")
    caves.do_cave(table, alice, 50, request_key="a")
    assert ecus(alice) == 950
    assert tables.cave_bounds(ambigu_table(ante=2)) == (40, 400)


def test_two_caves_deal_the_first_deal_with_the_caves_as_stacks(alice, bob):
    table = ambigu_table()
    caves.do_cave(table, alice, 50, request_key="a")
    assert table.current_game() is None
    caves.do_cave(table, bob, 30, request_key="b")
    game = table.current_game()
    state = game.state
    positions = {s.user_id: s.position for s in table.seats.all()}
    assert state["start"][positions[alice.pk]] == 50
    assert state["start"][positions[bob.pk]] == 30
    assert state["poule"] == 2  # the antes
    assert state["draw"], "the first dealer is drawn by high card"
    assert not state["recave_open"]
    legal = table.engine.legal_actions(state)
    assert all(a["type"] != "recave" for a in legal)
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 0
    assert_conserved(table)


def test_poule_and_batterie_carry_over_and_chips_are_conserved_after_every_move(alice, bob):
    table = ambigu_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    carried = 0
    for n in range(12):
        if table.current_game().status != Game.Status.PLAYING:
            broke = [user for user in (alice, bob)  # the table waits for their cave
                     if TableBankroll.objects.get(table=table, user=user).reserve < 20]
            for user in broke:
                caves.do_cave(table, user, 50, request_key=f"top-up-{n}")
        deal = play_deal(table, bot_choice(n), check=assert_conserved)
        following = table.current_game()
        if following.number > deal.number and (deal.state["poule"] or deal.state["batterie"]):
            carried += 1
            assert following.carry_in["poule"] == deal.state["poule"]
            assert following.carry_in["batterie"] == deal.state["batterie"]
            assert following.state["poule"] == deal.state["poule"] + 2  # and the antes
        assert_conserved(table)
    assert Game.objects.filter(table=table).count() >= 12


def test_all_passing_carries_the_poule_and_the_deal_is_settled(alice, bob):
    table = ambigu_table(seats=2, exchange_rounds=1)

    def passing(game):
        legal = game.table.engine.legal_actions(game.state)
        if legal[0]["type"] == "exchange":
            return {"type": "exchange", "cards": []}
        return {"type": "pass"}

    caves.do_cave(table, alice, 40, request_key="a")
    caves.do_cave(table, bob, 40, request_key="b")
    deal = play_deal(table, passing)
    assert deal.state["result"]["outcome"] == "abandoned"
    assert deal.state["poule"] == 2
    assert TableEconomy.objects.get(table=table).settled_number == deal.number
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 0  # dealt again
    following = table.current_game()
    assert following.state["poule"] == 4
    assert_conserved(table)


def test_cash_out_during_a_deal_happens_when_it_ends_and_the_table_waits(alice, bob):
    table = ambigu_table(seats=2)
    caves.do_cave(table, alice, 60, request_key="a")
    caves.do_cave(table, bob, 60, request_key="b")
    before = ecus(alice)
    assert caves.do_cash_out(table, alice).pending
    deal = play_deal(table)
    assert len(deal.state["players"]) == 2
    alice_bankroll = TableBankroll.objects.get(table=table, user=alice)
    assert alice_bankroll.status == "left"
    debts = sum(LedgerEntry.objects.filter(account=alice, reason="debt")
                .values_list("amount", flat=True))  # if bob ran out paying her combination
    assert ecus(alice) == before + alice_bankroll.cashed_out + debts
    table.refresh_from_db()
    assert table.status == "waiting"
    assert_conserved(table)  # the unwon pots, if any, stay on the table
    bob_reserve = TableBankroll.objects.get(table=table, user=bob).reserve
    caves.do_cash_out(table, bob)
    assert TableBankroll.objects.get(table=table, user=bob).cashed_out == bob_reserve
    assert_conserved(table)


def test_debts_are_paid_from_the_reserve_then_the_ecus_then_written_off(alice, bob):
    table = ambigu_table(seats=2)
    caves.do_cave(table, alice, 20, request_key="a")
    caves.do_cave(table, bob, 20, request_key="b")
    game = table.current_game()
    caves.do_cave(table, alice, 10, request_key="top-up")  # waits in the reserve
    positions = {s.user_id: s.position for s in table.seats.all()}
    ledger.post(alice, Currency.ECUS, -(ecus(alice) - 15), reason="adjustment", key="spend")
    fake = Game(table=table, number=game.number, state={
        "result": {"debts": [[positions[alice.pk], positions[bob.pk], 40]]}})
    bob_before = ecus(bob)
    with transaction.atomic():
        bankrolls = {b.user_id: b for b in TableBankroll.objects.select_for_update()
                     .filter(table=table)}
        settlement.settle_debts(table, fake, bankrolls)
        for bankroll in bankrolls.values():
            bankroll.save()
    assert TableBankroll.objects.get(table=table, user=alice).reserve == 0
    assert TableBankroll.objects.get(table=table, user=bob).reserve == 10
    assert ecus(alice) == 0
    assert ecus(bob) == bob_before + 15  # 10 in jetons, 15 in écus, 15 written off
    assert_conserved(table)


def test_practice_ambigu_tables_are_free_play(alice):
    table = do_play_now(alice, "ambigu")
    assert not games.is_chip_table(table)
    assert not TableEconomy.objects.filter(table=table).exists()
    assert not HandDeal.objects.filter(user=alice).exists()
    assert ecus(alice) == 1000


def test_each_deal_counts_a_hand_when_staff_limit_ambigu(alice, bob):
    HandAllowance.objects.create(game_slug="ambigu", daily_hands=1)
    table = ambigu_table(seats=2)
    caves.do_cave(table, alice, 50, request_key="a")
    caves.do_cave(table, bob, 50, request_key="b")
    assert HandDeal.objects.filter(user=alice, source="free").count() == 1
    play_deal(table)
    table.refresh_from_db()
    assert table.status == "waiting"  # nobody has a hand left
    assert not HandDeal.objects.filter(game_number=2).exists()
    for bankroll in TableBankroll.objects.filter(table=table, reserve__gte=1):
        assert bankroll.sat_out_reason == "no_hands"
    assert_conserved(table)


def test_the_cave_panel_shows_at_an_ambigu_table_without_the_big_blind(client, alice):
    table = ambigu_table()
    client.force_login(alice)
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="cave-panel"' in html
    assert "grosse blinde" not in html
    assert "Ramasser ses gains" not in html  # nothing caved yet
    caves.do_cave(table, alice, 50, request_key="a")
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Ramasser ses gains" in html


@hsettings(max_examples=10, deadline=None,
           suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.lists(
    st.tuples(st.sampled_from(["cave", "deal", "cash_out", "stand", "sit"]),
              st.integers(0, 2), st.integers(15, 120)),
    min_size=1, max_size=14,
))
def test_jetons_are_conserved_through_any_sequence(alice, bob, steps):
    players = [alice, bob, create_player(f"ambigu{next(COUNTER)}", verified=True)]
    for user in players:
        ledger.post(user, Currency.ECUS, 10_000, reason="adjustment",
                    key=f"topup:{user.pk}:{id(steps)}")
    table = ambigu_table(seats=3)
    for n, (op, who, amount) in enumerate(steps):
        user = players[who]
        try:
            if op == "cave":
                caves.do_cave(table, user, amount, request_key=f"{n}")
            elif op == "deal":
                game = table.current_game()
                if game is not None and game.status == Game.Status.PLAYING:
                    play_deal(table, bot_choice(n))
            elif op == "cash_out":
                caves.do_cash_out(table, user)
            elif op == "stand":
                caves.do_stand_up(table, user)
            elif op == "sit":
                caves.do_sit_back(table, user)
        except Refusal:  # a refused cave or move: the chips must still add up
            pass
        assert_conserved(table)
