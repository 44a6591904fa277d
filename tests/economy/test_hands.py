"""The daily allowance of free hands, premium packs, owners and level 0 players."""

import datetime as dt

import pytest
from django.urls import reverse

from economy import hands, ledger
from economy.errors import EconomyError
from economy.models import Currency, HandAllowance, HandDeal, HandPack
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
UTC = dt.UTC


def deal(user, number, table_id=1, game="ramponneau", **kwargs):
    return hands.consume_hand(user, game, table_id=table_id, game_number=number, **kwargs)


def give_pack_hands(user, count):
    ledger.post(user, Currency.HANDS, count, reason="hand_pack", key=f"gift:{user.pk}:{count}")


def test_the_twenty_first_hand_of_the_day_uses_a_pack_hand(alice):
    give_pack_hands(alice, 200)
    sources = [deal(alice, n).source for n in range(1, 22)]
    assert sources[:20] == ["free"] * 20
    assert sources[20] == "pack"
    assert ledger.balance(alice, Currency.HANDS) == 199
    entries = ledger.history(alice, Currency.HANDS)
    assert [e.amount for e in entries] == [-1, 200]


def test_free_hands_are_used_before_pack_hands(alice):
    give_pack_hands(alice, 5)
    deal(alice, 1)
    assert ledger.balance(alice, Currency.HANDS) == 5
    assert hands.status(alice, "ramponneau").free_left == 19


def test_no_hand_left_means_not_dealt_in(alice):
    for n in range(1, 21):
        deal(alice, n)
    with pytest.raises(hands.NoHandLeft) as refusal:
        deal(alice, 21)
    assert refusal.value.reason == "no_hands"
    assert not hands.status(alice, "ramponneau").can_play


def test_a_hand_dealt_twice_counts_once(alice):
    give_pack_hands(alice, 3)
    for n in range(1, 21):
        deal(alice, n)
    first = deal(alice, 21)
    again = deal(alice, 21)
    assert first.pk == again.pk
    assert ledger.balance(alice, Currency.HANDS) == 2


def test_level_0_players_get_no_hands(charlie):
    with pytest.raises(hands.NoHandLeft) as refusal:
        deal(charlie, 1)
    assert refusal.value.reason == "level"
    assert hands.status(charlie, "ramponneau").free_left == 0


def test_owners_are_never_counted(alice):
    for n in range(1, 41):
        assert deal(alice, n, is_owner=True).source == "owner"
    assert hands.status(alice, "ramponneau").free_left == 20
    assert deal(alice, 41).source == "free"


def test_other_games_are_unlimited_by_default(alice):
    for n in range(1, 30):
        assert deal(alice, n, game="ambigu").source == "unlimited"


def test_staff_set_the_allowance_per_game(alice):
    HandAllowance.objects.update_or_create(game_slug="ramponneau", defaults={"daily_hands": 2})
    HandAllowance.objects.update_or_create(game_slug="remigio", defaults={"daily_hands": 1})
    deal(alice, 1)
    deal(alice, 2)
    with pytest.raises(hands.NoHandLeft):
        deal(alice, 3)
    deal(alice, 1, table_id=2, game="remigio")
    with pytest.raises(hands.NoHandLeft):
        deal(alice, 2, table_id=2, game="remigio")


def test_days_run_midnight_to_midnight_in_paris(alice):
    HandAllowance.objects.update_or_create(game_slug="ramponneau", defaults={"daily_hands": 1})
    # 22:30 UTC on 1 July is 00:30 on 2 July in Paris (summer time): a new day there.
    before = dt.datetime(2026, 7, 1, 21, 30, tzinfo=UTC)  # 23:30 in Paris
    after = dt.datetime(2026, 7, 1, 22, 30, tzinfo=UTC)
    assert hands.today(before) == dt.date(2026, 7, 1)
    assert hands.today(after) == dt.date(2026, 7, 2)
    deal(alice, 1, now=before)
    with pytest.raises(hands.NoHandLeft):
        deal(alice, 2, now=before)
    assert deal(alice, 2, now=after).source == "free"


def test_a_pack_bought_with_tokens_adds_two_hundred_hands(alice):
    pack = HandPack.objects.create(name="Paquet", hands=200, price_tokens=100)
    ledger.post(alice, Currency.TOKENS, 150, reason="adjustment", key="t")
    hands.do_buy_pack(alice, pack, request_key="form-1")
    hands.do_buy_pack(alice, pack, request_key="form-1")  # the same form posted twice
    assert ledger.balance(alice, Currency.TOKENS) == 50
    assert ledger.balance(alice, Currency.HANDS) == 200
    with pytest.raises(EconomyError) as refusal:
        hands.do_buy_pack(alice, pack, request_key="form-2")
    assert refusal.value.code == "insufficient_tokens"
    assert ledger.balance(alice, Currency.HANDS) == 200
    assert ledger.verify() == []


def test_the_profile_shows_free_hands_left_and_the_pack_balance(alice, client):
    give_pack_hands(alice, 200)
    for n in range(1, 4):
        deal(alice, n)
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "17 mains gratuites sur 20" in page
    assert "200 mains premium en réserve" in page


def test_buying_a_pack_from_the_shop(alice, client):
    pack = HandPack.objects.create(name="Paquet", hands=200, price_tokens=100)
    ledger.post(alice, Currency.TOKENS, 100, reason="adjustment", key="t")
    client.login(username="alice", password=PASSWORD)
    assert "Paquet" in client.get(reverse("economy:shop")).content.decode()
    client.post(reverse("economy:buy_pack"), {"pack": pack.pk, "request_key": "abc"})
    assert ledger.balance(alice, Currency.HANDS) == 200
    assert HandDeal.objects.count() == 0


@pytest.mark.parametrize(
    "target",
    ["https://evil.example/phish", "//evil.example/", "javascript:alert(1)", "\\\\evil.example"],
)
def test_buying_a_pack_never_redirects_to_another_site(alice, client, target):
    pack = HandPack.objects.create(name="Paquet", hands=200, price_tokens=100)
    client.login(username="alice", password=PASSWORD)
    response = client.post(reverse("economy:buy_pack"), {"pack": pack.pk, "next": target})
    assert response.status_code == 302
    assert response.url == reverse("economy:shop")


def test_buying_a_pack_returns_to_a_local_next_page(alice, client):
    pack = HandPack.objects.create(name="Paquet", hands=200, price_tokens=100)
    client.login(username="alice", password=PASSWORD)
    local = reverse("accounts:profile")
    response = client.post(reverse("economy:buy_pack"), {"pack": pack.pk, "next": local})
    assert response.url == local
