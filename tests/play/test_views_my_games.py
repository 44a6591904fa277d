"""Mes parties: my turn first, then by time left; the count for the site header."""

import html
import re
from datetime import timedelta

import pytest
from django.test import RequestFactory
from django.utils import timezone

from play.actions import do_add_bot, do_create_table, do_join
from play.models import Game
from play.web.context_processors import play as play_context


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def two_player_table(alice, bob, name):
    table = do_create_table(alice, "ascenseur", seat_count=3, name=name,
                            pace="correspondence", move_seconds=86400)
    do_join(table, bob)
    do_add_bot(table, alice)
    return table.current_game()


def set_turn(game, actor, hours_left):
    Game.objects.filter(pk=game.pk).update(
        actor=actor, deadline=timezone.now() + timedelta(hours=hours_left)
    )


def test_my_turn_comes_first_then_time_left(client, alice, bob):
    waiting_long = two_player_table(alice, bob, "Bob joue, 5 h")
    mine_late = two_player_table(alice, bob, "Alice joue, 20 h")
    waiting_short = two_player_table(alice, bob, "Bob joue, 1 h")
    mine_soon = two_player_table(alice, bob, "Alice joue, 2 h")
    set_turn(waiting_long, 1, 5)
    set_turn(mine_late, 0, 20)
    set_turn(waiting_short, 1, 1)
    set_turn(mine_soon, 0, 2)
    client.force_login(alice)

    page = client.get("/jouer/mes-parties/").content.decode()

    order = [page.index(f"/jouer/tables/{g.table.pk}/\"") for g in
             (mine_soon, mine_late, waiting_short, waiting_long)]
    assert order == sorted(order)
    main = page[page.index("<main"):]  # the header has its own « À vous de jouer » count
    assert main.count("À vous de jouer") == 2


def test_the_header_count_is_the_games_where_it_is_my_turn(alice, bob):
    one = two_player_table(alice, bob, "un")
    two = two_player_table(alice, bob, "deux")
    set_turn(one, 0, 3)
    set_turn(two, 1, 3)
    request = RequestFactory().get("/")
    request.user = alice
    request.session = {}

    context = play_context(request)

    assert context["my_turn_count"]() == 1
    assert context["four_colour_deck"] is False


def test_the_count_is_not_queried_until_read(alice, django_assert_num_queries):
    request = RequestFactory().get("/")
    request.user = alice
    request.session = {}

    with django_assert_num_queries(0):
        play_context(request)


def test_the_header_shows_the_count(client, alice, bob):
    game = two_player_table(alice, bob, "un")
    set_turn(game, 0, 3)
    client.force_login(alice)

    page = client.get("/").content.decode()

    assert 'href="/jouer/mes-parties/"' in page
    found = re.search(r'id="turn-count"[^>]*aria-label="([^"]*)"><span class="turn-count" '
                      r'data-count="(\d+)">', page)
    assert found, "the header shows the count"
    assert found.group(2) == "1"
    assert found.group(1) == "À vous de jouer : 1 partie vous attend"


def test_my_games_needs_a_login(client, db):
    assert client.get("/jouer/mes-parties/").status_code == 302


def test_it_says_whose_turn_it_is_with_de_elided_before_a_vowel(client, alice, bob):
    alices = two_player_table(alice, bob, "Alice joue")
    bobs = two_player_table(alice, bob, "Bob joue")
    set_turn(alices, 0, 3)
    set_turn(bobs, 1, 3)

    client.force_login(bob)
    assert "Au tour d'Alice" in html.unescape(client.get("/jouer/mes-parties/").content.decode())
    client.force_login(alice)
    page = html.unescape(client.get("/jouer/mes-parties/").content.decode())
    assert "Au tour de Bob" in page and "Au tour de Alice" not in page
