"""Pairs whose rated results flow one way (ratings/pairs.py), the staff's page of them in
the admin, and holding a pair out of the leaderboards (ratings/holds.py)."""

import pytest
from django.contrib.auth.models import Permission

from ratings import holds, pairs
from ratings.interface import leaderboard
from ratings.models import HeldPair
from tests.ratings.conftest import a_day_passes, finish_by_hand, human_table, rate

PAGE = "/admin/ratings/heldpair/sens-unique/"


def games_won_by(winner, loser, count, moves):
    """``count`` rated All-fours games that ``winner`` won against ``loser``, each player
    making ``moves`` moves of their own; a day apart, three at most a day."""
    for number in range(count):
        game = human_table(loser, [winner]).current_game()
        rate(finish_by_hand(game, {"scores": [3, 7], "winners": [1]}), moves=moves)
        if number % 3 == 2:
            a_day_passes()


@pytest.fixture
def traded(alice, bob):
    """Win-trading: alice gives bob six short games (two moves each, then she resigns)."""
    games_won_by(bob, alice, 6, moves=2)
    return bob, alice


def test_win_trading_shows_as_a_one_way_pair_with_its_explanation(traded):
    bob, alice = traded

    [pair] = pairs.one_way_pairs()

    assert (pair.winner, pair.loser, pair.games, pair.wins, pair.short) == (bob, alice, 6, 6, 6)
    assert pair.explanation == (
        "6 parties classées ensemble en 30 jours ; bob devant alice dans 6, derrière dans 0 ; "
        "6 courtes (l'un des deux a joué moins de 10 coups lui-même).")


def test_a_strong_player_beating_a_friend_in_full_games_is_no_one_way_pair(alice, bob):
    games_won_by(bob, alice, 6, moves=30)

    assert pairs.one_way_pairs() == []
    [pair] = pairs.one_way_pairs(everyone=True)
    assert (pair.games, pair.wins, pair.short) == (6, 6, 0)


def test_staff_read_the_one_way_pairs_and_hold_one_out_of_the_leaderboards(
    traded, admin_client, admin_user
):
    bob, alice = traded
    assert [row.user for row in leaderboard("all-fours")] == [bob, alice]

    page = admin_client.get(PAGE)
    text = page.content.decode()
    assert page.status_code == 200
    assert "bob devant alice dans 6, derrière dans 0" in text
    assert "au moins 5 parties classées ensemble" in text  # the thresholds, explained
    held = admin_client.post(PAGE, {"winner": bob.pk, "loser": alice.pk, "game": "all-fours"})

    assert held.status_code == 302
    hold = HeldPair.objects.get()
    assert (hold.first, hold.second, hold.held_by) == (alice, bob, admin_user)
    assert "6 parties classées ensemble" in hold.reason
    assert leaderboard("all-fours") == []  # neither of the two ranks
    assert "Tenus hors des classements" in admin_client.get(PAGE).content.decode()
    # Released: both rank again, and the record stays.
    admin_client.post("/admin/ratings/heldpair/", {
        "action": "release_pairs", "_selected_action": [hold.pk]})
    hold.refresh_from_db()
    assert hold.released_by == admin_user
    assert [row.user for row in leaderboard("all-fours")] == [bob, alice]


def test_holding_a_pair_twice_or_one_the_report_does_not_list_changes_nothing(
    traded, admin_client, charlie
):
    bob, alice = traded
    pair = {"winner": bob.pk, "loser": alice.pk, "game": "all-fours"}
    admin_client.post(PAGE, pair)

    again = admin_client.post(PAGE, pair, follow=True)
    stranger = admin_client.post(PAGE, {**pair, "loser": charlie.pk}, follow=True)
    nonsense = admin_client.post(PAGE, {"winner": "x", "game": "belote"}, follow=True)

    assert HeldPair.objects.count() == 1
    assert "déjà tenus hors des classements" in again.content.decode()
    for refused in (stranger, nonsense):
        assert "aucune partie classée ensemble à ce jeu" in refused.content.decode()
    with pytest.raises(holds.HoldError):
        holds.do_hold_pair(alice, alice, "all-fours", "", by=None)


def test_the_one_way_pairs_page_is_for_staff_only(client, traded, alice, bob):
    client.logout()
    assert client.get(PAGE).status_code == 302  # to the login page
    client.force_login(alice)
    for response in (client.get(PAGE), client.post(PAGE, {"winner": bob.pk,
                                                          "loser": alice.pk,
                                                          "game": "all-fours"})):
        assert response.status_code == 302 and "/login/" in response["Location"]
    # staff without the permission to view the held pairs: refused
    bob.is_staff = True
    bob.save(update_fields=["is_staff"])
    client.force_login(bob)
    assert client.get(PAGE).status_code == 403
    # allowed to read, not to hold
    bob.user_permissions.add(Permission.objects.get(codename="view_heldpair"))
    assert client.get(PAGE).status_code == 200
    assert client.post(PAGE, {"winner": bob.pk, "loser": alice.pk,
                              "game": "all-fours"}).status_code == 403
    assert not HeldPair.objects.exists()
