"""The daily allowance at games dealt once per table: a hand is a game, counted at its start."""

import pytest

from economy import ledger
from economy.chips import taverns
from economy.models import Currency, HandAllowance, HandDeal
from play.actions import ServiceError, do_create_table, do_join, do_play_now
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def two_a_day():
    return HandAllowance.objects.create(game_slug="all-fours", daily_hands=2)


def give_pack(user, count=200):
    ledger.post(user, Currency.HANDS, count, reason="hand_pack", key=f"gift:{user.pk}")


def all_fours(creator, joiner):
    table = do_create_table(creator, "all-fours", seat_count=2)
    do_join(table, joiner)
    return table


def test_two_free_games_a_day_then_a_pack_hand(alice, bob, two_a_day):
    for _ in range(2):
        table = all_fours(alice, bob)
        assert Game.objects.filter(table=table).exists()
    assert HandDeal.objects.filter(user=alice, source="free").count() == 2
    with pytest.raises(ServiceError) as refusal:
        do_create_table(alice, "all-fours", seat_count=2)
    assert refusal.value.code == "no_hands"
    assert "paquet" in refusal.value.message("fr")
    give_pack(alice)
    table = do_create_table(alice, "all-fours", seat_count=2)
    with pytest.raises(ServiceError) as refusal:
        do_join(table, bob)  # bob has used his two as well, and has no pack
    assert refusal.value.code == "no_hands"
    give_pack(bob)
    do_join(table, bob)
    assert table.games.count() == 1
    assert HandDeal.objects.get(user=alice, table_id=table.pk).source == "pack"
    assert ledger.balance(alice, Currency.HANDS) == 199
    assert ledger.balance(bob, Currency.HANDS) == 199


def test_a_player_who_ran_out_since_sitting_down_loses_the_seat(alice, bob, two_a_day):
    waiting = do_create_table(alice, "all-fours", seat_count=2)
    all_fours(alice, bob)
    all_fours(alice, bob)  # alice's two free hands are gone
    give_pack(bob)
    do_join(waiting, bob)
    waiting.refresh_from_db()
    assert waiting.status == "waiting"
    assert not waiting.games.exists()
    assert not waiting.seats.filter(user=alice).exists()
    assert ledger.balance(bob, Currency.HANDS) == 200  # nothing counted for a game not dealt


def test_unlimited_games_count_nothing_but_record_the_hand(alice, bob):
    table = all_fours(alice, bob)
    assert {d.source for d in HandDeal.objects.filter(table_id=table.pk)} == {"unlimited"}


def test_level_0_players_get_no_hands_in_a_limited_game(alice, charlie, two_a_day):
    table = do_create_table(alice, "all-fours", seat_count=2)
    with pytest.raises(ServiceError) as refusal:
        do_join(table, charlie)
    assert "e-mail" in refusal.value.message("fr")
    do_join(do_create_table(alice, "remigio", seat_count=3), charlie)  # unlimited: fine


def test_practice_tables_are_free(alice, two_a_day):
    for _ in range(3):
        do_play_now(alice, "all-fours")
    assert not HandDeal.objects.filter(user=alice).exists()


def test_a_table_creator_is_no_tavern_keeper(alice, bob):
    table = do_create_table(alice, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    assert not taverns.keeps_table(table, alice.pk)


def test_the_table_page_says_why_and_links_to_the_packs(client, alice, bob, two_a_day):
    all_fours(alice, bob)
    all_fours(alice, bob)
    table = do_create_table(None, "all-fours", seat_count=2)
    client.force_login(alice)
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="no-hands"' in html
    assert "#packs" in html
    give_pack(alice)
    html = client.get(table.get_absolute_url()).content.decode()
    assert 'id="no-hands"' not in html
    assert "Mains gratuites restantes aujourd'hui : 0" in html
