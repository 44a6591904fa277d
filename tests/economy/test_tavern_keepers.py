"""Tavern keepers as the Ramponneau text has them: a deck of cards bought with tokens and
kept in the tavern opens a table with a rake; nobody else takes a rake or plays without
limit (issue 22)."""

import pytest
from django.urls import reverse

from economy import ledger
from economy.chips import caves, rake, taverns
from economy.errors import EconomyError
from economy.models import CardDeck, Currency, HandDeal, LedgerEntry
from play.actions import ServiceError, do_create_table, do_leave
from play.models import Table
from tests.conftest import PASSWORD
from tests.economy.test_caves import assert_conserved, give_pack, play_hand

pytestmark = pytest.mark.django_db

BLINDS = {"small_blind": 5, "big_blind": 10}


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def buy_deck(user, key="d"):
    ledger.post(user, Currency.TOKENS, 50, reason="adjustment", key=f"tokens:{key}")
    return taverns.do_buy_card_deck(user, key)


def open_tavern_table(user, name="Au Chat", **options):
    return taverns.do_open_tavern_table(
        user, name=name, seat_count=2,
        options={**BLINDS, "rake_percent": 10, "rake_cap": 0, **options})


def test_it_refuses_a_rake_at_a_table_created_from_the_lobby(alice):
    with pytest.raises(ServiceError) as refused:
        do_create_table(alice, "ramponneau", seat_count=6,
                        options={**BLINDS, "rake_percent": 10})

    assert refused.value.code == "keeper_only"
    assert "Seul un tavernier fixe un prélèvement" in refused.value.message()
    assert not Table.objects.filter(owner=alice).exists()


def test_the_create_form_neither_offers_nor_accepts_a_rake(alice, client):
    client.login(username="alice", password=PASSWORD)
    page = client.get("/jouer/creer/ramponneau/").content.decode()
    assert "opt_rake_percent" not in page and "opt_rake_cap" not in page

    response = client.post("/jouer/creer/ramponneau/", {
        "name": "Chez Alice", "seat_count": 3, "visibility": "public", "pace": "live",
        "live_seconds": 60, "correspondence_days": 3, "opt_small_blind": 5,
        "opt_big_blind": 10, "opt_starting_stack": 100, "opt_rake_percent": 10,
        "opt_rake_cap": 100,
    })

    table = Table.objects.get(owner=alice)
    assert response.status_code == 302
    assert (table.options["rake_percent"], table.options["rake_cap"]) == (0, 0)


def test_a_table_without_a_keeper_burns_its_rake_and_counts_its_owners_hands(alice, bob):
    # A table of before the fix: created with a rake by a player without a deck.
    table = do_create_table(alice, "ramponneau", seat_count=2, options=BLINDS)
    Table.objects.filter(pk=table.pk).update(options={**table.options, "rake_percent": 10})
    table.refresh_from_db()
    caves.do_cave(table, alice, 500, request_key="a")
    caves.do_cave(table, bob, 500, request_key="b")
    raked = sum(play_hand(table).state["rake"] for _ in range(3))

    assert raked > 0
    assert not LedgerEntry.objects.filter(reason=LedgerEntry.Reason.RAKE).exists()
    assert rake.owner_takings(alice)["total"] == 0
    assert not HandDeal.objects.filter(user=alice, source="owner").exists()
    assert not taverns.has_a_tavern(alice)
    assert_conserved(table)


def test_the_keeper_takes_the_rake_and_plays_unlimited_only_at_their_own_table(alice, bob):
    buy_deck(alice)
    kept = open_tavern_table(alice)
    give_pack(bob)
    caves.do_cave(kept, alice, 500, request_key="a")
    caves.do_cave(kept, bob, 500, request_key="b")
    raked = sum(play_hand(kept).state["rake"] for _ in range(3))
    assert raked > 0 and rake.owner_takings(alice)["total"] == raked

    # At Bob's table Alice is a player like any other: her hands are counted.
    elsewhere = do_create_table(bob, "ramponneau", seat_count=2, options=BLINDS)
    caves.do_cave(elsewhere, bob, 300, request_key="b2")
    caves.do_cave(elsewhere, alice, 300, request_key="a2")
    play_hand(elsewhere)
    sources = set(HandDeal.objects.filter(user=alice, table_id=elsewhere.pk)
                  .values_list("source", flat=True))
    assert sources == {"free"}
    assert set(HandDeal.objects.filter(user=alice, table_id=kept.pk)
               .values_list("source", flat=True)) == {"owner"}


def test_a_deck_opens_one_table_at_a_time_and_returns_to_the_inventory_when_it_closes(alice):
    buy_deck(alice)
    first = open_tavern_table(alice)

    with pytest.raises(EconomyError) as refused:
        open_tavern_table(alice, name="Au Chien")
    assert refused.value.code == "no_deck"
    assert "déjà sur une table ouverte" in refused.value.message()

    caves.do_cave(first, alice, 500, request_key="a")
    do_leave(first, alice)  # the last player leaves: the table closes
    first.refresh_from_db()
    assert first.status == Table.Status.CLOSED

    second = open_tavern_table(alice, name="Au Chien")
    assert CardDeck.objects.get(owner=alice).table == second
    assert ledger.balance(alice, Currency.TOKENS) == 0  # one deck bought, ever


def test_a_player_who_only_created_a_table_has_no_tavern(alice, client):
    do_create_table(alice, "ramponneau", seat_count=3, options=BLINDS)
    client.login(username="alice", password=PASSWORD)

    assert not taverns.has_a_tavern(alice)
    assert reverse("economy:tavern") not in client.get("/").content.decode()


def test_the_tavern_page_shows_decks_tables_and_rake_in_words(alice, bob, client):
    buy_deck(alice, "d1")
    buy_deck(alice, "d2")
    table = open_tavern_table(alice)
    caves.do_cave(table, alice, 500, request_key="a")
    caves.do_cave(table, bob, 500, request_key="b")
    raked = play_hand(table).state["rake"]
    client.login(username="alice", password=PASSWORD)

    page = client.get(reverse("economy:tavern")).content.decode()

    assert "2 jeux de cartes, dont 1 en réserve." in page
    assert "Au Chat" in page and "10 %" in page
    assert f"{raked} écu" in page
