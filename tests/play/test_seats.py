"""The seats around the felt: the viewer at the bottom, the others in the order of play
up the left, across the top and down the right; what each seat tells at a glance."""

import pytest
from django.utils import translation

from economy.chips import caves
from play.presentation.seats import around_the_table, seat_facts
from tests.economy.test_caves import system_table


def seats(count):
    return [{"position": p, "name": f"J{p}"} for p in range(count)]


@pytest.mark.parametrize(
    ("count", "you", "left", "top", "right"),
    [
        (2, 0, [], [1], []),
        (3, 1, [2], [], [0]),
        (4, 2, [3], [0], [1]),
        (6, 0, [1], [2, 3, 4], [5]),
        (9, 4, [5, 6], [7, 8, 0, 1], [2, 3]),
    ],
)
def test_the_viewer_sits_at_the_bottom_and_the_next_player_on_the_left(
    count, you, left, top, right
):
    ring = around_the_table(seats(count), you)

    assert ring["me"]["position"] == you and ring["me"]["place"] == "bottom"
    assert [p["position"] for p in ring["left"]] == left
    assert [p["position"] for p in ring["top"]] == top
    assert [p["position"] for p in ring["right"]] == right
    placed = [ring["me"], *ring["left"], *ring["top"], *ring["right"]]
    assert sorted(p["position"] for p in placed) == list(range(count))


def test_empty_places_are_counted_apart_once_a_hand_is_dealt():
    players = [{**p, "taken": p["position"] in (1, 4)} for p in seats(6)]

    ring = around_the_table(players, 4, free_apart=True)

    assert ring["me"]["position"] == 4 and ring["free"] == 4
    assert [p["position"] for p in ring["left"] + ring["top"] + ring["right"]] == [1]
    # a spectator sees a player at the bottom, not an empty chair
    assert around_the_table(players, None, free_apart=True)["me"]["position"] == 1
    assert around_the_table(players, 4)["free"] == 0  # before a hand: every place drawn


def test_a_spectator_sees_the_first_seat_at_the_bottom():
    assert around_the_table(seats(4), None)["me"]["position"] == 0


def test_a_trick_taking_seat_tells_its_cards_bid_and_tricks_in_good_french():
    view = {"dealer": 1, "hand_sizes": [3, 1, 2], "bids": [1, None, 0], "won": [0, 1, 1]}
    with translation.override("fr"):
        first, dealer = seat_facts("ascenseur", view, 0), seat_facts("ascenseur", view, 1)
    assert first["notes"] == ["3 cartes", "annonce 1", "0 levée"]
    assert dealer["marker"] == "donneur" and dealer["dealer"]
    assert dealer["notes"] == ["1 carte"]  # no bid yet: neither bid nor tricks
    assert len(first["backs"]) == 3


def test_a_betting_seat_tells_its_chips_its_bet_and_whether_it_folded():
    view = {"button": 2, "dealer": 2, "stacks": [1, 40, 0], "bets": [0, 20, 40],
            "folded": [True, False, False], "all_in": [False, False, True],
            "small_blind_seat": 0, "big_blind_seat": 1}
    with translation.override("fr"):
        folded, blind, all_in = (seat_facts("ramponneau", view, s) for s in range(3))
    assert folded["out"] and folded["state"] == "couché"
    assert folded["notes"] == ["1 jeton", "petite blinde"]
    assert blind["notes"] == ["40 jetons", "mise 20", "grosse blinde"] and not blind["out"]
    assert all_in["all_in"] and all_in["marker"] == "bouton" and not all_in["dealer"]
    with translation.override("en"):
        assert seat_facts("ramponneau", view, 1)["notes"] == ["40 chips", "bet 20", "big blind"]


def test_ambigu_says_passe_for_a_seat_out_of_the_deal():
    view = {"folded": [True, False], "stacks": [10, 10], "opener": 1, "exchanged": [0, 2]}
    with translation.override("fr"):
        assert seat_facts("ambigu", view, 0)["state"] == "passé"
        assert seat_facts("ambigu", view, 1)["notes"] == ["10 jetons", "vade", "2 changées"]


@pytest.mark.django_db
def test_a_heads_up_hand_at_a_table_of_six_shows_two_seats_and_counts_the_others(
    client, alice, bob, settings
):
    settings.PLAY_INPROCESS_SCHEDULER = False
    table = system_table(seats=6)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    client.force_login(alice)

    html = client.get(table.get_absolute_url()).content.decode()

    assert html.count('data-seat="') == 2
    assert "4 places libres" in html and "place libre<" not in html
