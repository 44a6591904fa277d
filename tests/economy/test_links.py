"""The ways to the economy's pages: "Ma taverne" from the account menu (for a player who has
a tavern) and from the lobby's section of the tavern game; the contests from the home page
and the lobby while one runs."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from economy import ledger
from economy.chips.taverns import do_buy_card_deck
from economy.models import Contest, Currency
from play.actions import do_create_table

pytestmark = pytest.mark.django_db

TAVERN = reverse("economy:tavern")
CONTESTS = reverse("economy:contests")


def menu(client) -> str:
    page = client.get(reverse("home")).content.decode()
    return re.search(r'<nav class="site-nav".*?</nav>', page, flags=re.S).group(0)


def lobby_sections(client) -> dict[str, str]:
    """Each game's section of the lobby, by slug, its spaces folded."""
    page = client.get(reverse("play:lobby")).content.decode()
    sections = re.finditer(r'<section class="lobby-game[^"]*" id="jeu-([\w-]+)".*?</section>',
                           page, flags=re.S)
    return {m.group(1): re.sub(r"\s+", " ", m.group(0)) for m in sections}


def a_deck(user):
    ledger.post(user, Currency.TOKENS, 50, reason="adjustment", key=f"deck-tokens-{user.pk}")
    do_buy_card_deck(user, "deck")


# ----- "Ma taverne" -------------------------------------------------------------------------


def test_the_account_menu_leads_a_tavern_keeper_to_the_tavern(client, alice, bob):
    a_deck(alice)
    client.force_login(alice)
    assert f'<a href="{TAVERN}">Ma taverne</a>' in menu(client)
    client.force_login(bob)
    assert TAVERN not in menu(client)
    client.logout()
    assert TAVERN not in menu(client)


def test_creating_a_table_of_the_tavern_game_without_a_deck_makes_no_tavern(client, alice, bob,
                                                                          charlie):
    do_create_table(alice, "ramponneau", seat_count=6,
                    options={"small_blind": 1, "big_blind": 2})  # from the lobby: no deck
    do_create_table(bob, "ramponneau", seat_count=2, practice=True)  # against bots: no
    do_create_table(charlie, "ascenseur", seat_count=3)  # not the tavern game: no
    for player, shown in ((alice, False), (bob, False), (charlie, False)):
        client.force_login(player)
        assert (TAVERN in menu(client)) is shown, player


def test_the_account_menu_in_english(client, alice):
    a_deck(alice)
    client.force_login(alice)
    client.cookies["django_language"] = "en"
    assert f'<a href="{TAVERN}">My tavern</a>' in menu(client)


def test_the_lobby_leads_to_the_tavern_from_the_tavern_games_section(client, alice, bob):
    a_deck(alice)
    client.force_login(alice)
    sections = lobby_sections(client)
    assert f'<a href="{TAVERN}">Ma taverne</a> : vos tables' in sections["ramponneau"]
    assert [slug for slug, html in sections.items() if TAVERN in html] == ["ramponneau"]

    client.force_login(bob)  # no tavern yet: the way to open one
    assert (f'Tenez votre propre table : dans <a href="{TAVERN}">Ma taverne</a>, un jeu de '
            "cartes à 50 jetons d'or ouvre une table") in lobby_sections(client)["ramponneau"]

    client.logout()
    assert TAVERN not in client.get(reverse("play:lobby")).content.decode()


# ----- contests -----------------------------------------------------------------------------


def contest(name, starts_in_days, ends_in_days, game="ramponneau"):
    now = timezone.now()
    return Contest.objects.create(name=name, game_slug=game,
                                  starts_at=now + dt.timedelta(days=starts_in_days),
                                  ends_at=now + dt.timedelta(days=ends_in_days))


@pytest.mark.parametrize("page", ["home", "play:lobby"])
def test_the_contests_are_linked_while_one_runs(client, alice, page):
    contest("Concours d'hiver", -30, -1)  # over
    contest("Concours d'été", 5, 30)  # to come
    assert CONTESTS not in client.get(reverse(page)).content.decode()

    running = contest("Concours d'automne", -1, 6, game="ascenseur")
    html = client.get(reverse(page)).content.decode()
    assert f'<a href="{CONTESTS}">' in html
    assert (f'<a href="{running.get_absolute_url()}">Concours d&#x27;automne</a> '
            ": L&#x27;Ascenseur, jusqu'au ") in html
    assert "Concours d&#x27;hiver" not in html and "Concours d&#x27;été" not in html

    client.force_login(alice)  # signed in or not
    assert f'<a href="{CONTESTS}">' in client.get(reverse(page)).content.decode()


def test_the_running_contests_in_english(client):
    running = contest("Autumn cup", -1, 6)
    client.cookies["django_language"] = "en"
    html = client.get(reverse("home")).content.decode()
    assert "Contests under way" in html
    assert (f'<a href="{running.get_absolute_url()}">Autumn cup</a>: '
            "Ramponneau (Texas Hold&#x27;em), until ") in html


def test_a_contest_of_a_game_no_engine_has_does_not_break_the_home_page(client):
    contest("Typo", -1, 6, game="rampono")
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert "Typo</a> : rampono, jusqu'au" in response.content.decode()
