"""The economy's pages and panels: the purse on the profile, the tavern keeper's page."""

import pytest
from django.urls import reverse

from economy import ledger
from economy.models import CardDeck, Currency, HandAllowance, TableEconomy
from play.models import Table
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def test_the_purse_shows_todays_hands_of_every_game_with_a_daily_limit(alice, client):
    HandAllowance.objects.update_or_create(game_slug="all-fours", defaults={"daily_hands": 2})
    client.login(username="alice", password=PASSWORD)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Ramponneau : 20 mains gratuites sur 20 restent aujourd'hui." in page
    assert "All-fours : 2 mains gratuites sur 2" in page
    assert "Remigio :" not in page  # unlimited


def test_the_purse_tells_unverified_players_why_they_get_no_hands(charlie, client):
    client.login(username="charlie", password=PASSWORD)
    page = client.get(reverse("economy:shop")).content.decode()
    assert "Ramponneau : vérifiez votre adresse e-mail pour recevoir des mains." in page


def test_a_tavern_keeper_buys_a_deck_and_opens_a_table_from_the_tavern_page(alice, client):
    ledger.post(alice, Currency.TOKENS, 60, reason="adjustment", key="t")
    client.login(username="alice", password=PASSWORD)
    tavern = client.get(reverse("economy:tavern")).content.decode()
    assert "Ouvrir une table du Ramponneau" not in tavern
    client.post(reverse("economy:tavern"), {"do": "buy_deck", "request_key": "k"})
    assert ledger.balance(alice, Currency.TOKENS) == 10
    assert "Ouvrir une table du Ramponneau" in client.get(
        reverse("economy:tavern")).content.decode()
    response = client.post(reverse("economy:tavern"), {
        "do": "open", "name": "Au Chat", "small_blind": "5", "big_blind": "10",
        "rake_percent": "5", "rake_cap": "0", "cave_min_bb": "20", "cave_max_bb": "80",
        "seat_count": "4",
    })
    table = Table.objects.get(name="Au Chat")
    assert response.url == table.get_absolute_url()
    assert (table.game_slug, table.owner, table.seat_count) == ("ramponneau", alice, 4)
    assert table.options["big_blind"] == 10 and table.options["rake_percent"] == 5
    economy = TableEconomy.objects.get(table=table)
    assert (economy.cave_min_bb, economy.cave_max_bb) == (20, 80)
    assert CardDeck.objects.get(owner=alice).table == table


def test_the_tavern_page_says_why_a_table_cannot_be_opened(alice, client):
    client.login(username="alice", password=PASSWORD)
    response = client.post(reverse("economy:tavern"), {"do": "open", "name": "Au Chat"},
                           follow=True)
    assert "Il vous faut d&#x27;abord acheter un jeu de cartes." in response.content.decode()
    assert not Table.objects.filter(name="Au Chat").exists()


def test_the_tavern_form_refuses_an_empty_name_in_french_and_opens_nothing(alice, client):
    ledger.post(alice, Currency.TOKENS, 60, reason="adjustment", key="t")
    client.login(username="alice", password=PASSWORD)
    client.post(reverse("economy:tavern"), {"do": "buy_deck", "request_key": "k"})

    response = client.post(reverse("economy:tavern"), {
        "do": "open", "name": "  ", "small_blind": "5", "big_blind": "10",
        "cave_min_bb": "5", "seat_count": "4"})

    page = response.content.decode()
    assert response.status_code == 200
    assert ("Donnez un nom à votre table : c&#x27;est sous ce nom qu&#x27;on la trouve dans "
            "la salle de jeu.") in page
    assert "Assurez-vous que cette valeur est supérieure ou égale à 10." in page
    assert 'class="form create-form tavern-form" method="post" action="#ouvrir"' in page
    assert not Table.objects.exists()
    assert CardDeck.objects.get(owner=alice).table is None


def test_it_counts_the_purse_and_the_decks_in_the_singular_for_zero_and_one(alice, client):
    HandAllowance.objects.update_or_create(game_slug="all-fours", defaults={"daily_hands": 1})
    ledger.post(alice, Currency.TOKENS, 60, reason="adjustment", key="t")
    client.login(username="alice", password=PASSWORD)

    page = client.get(reverse("accounts:profile")).content.decode()
    assert "All-fours : 1 main gratuite sur 1 reste aujourd'hui." in page
    tavern = client.get(reverse("economy:tavern")).content.decode()
    assert "0 écu prélevé en tout." in tavern and "0 jeu en réserve." in tavern
    client.post(reverse("economy:tavern"), {"do": "buy_deck", "request_key": "k"})
    assert "1 jeu de cartes, dont 1 en réserve." in client.get(
        reverse("economy:tavern")).content.decode()
