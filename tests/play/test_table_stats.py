"""Ramponneau's public statistics at the site's tables: each hand's view shows what the
table saw of each seat in the hands before, and a seat whose player changed starts afresh."""

import pytest
from django.utils import timezone

from cardgames.ramponneau import stats
from economy.chips import caves
from play.actions import do_act, do_create_table
from play.actions.games import _forget_newcomers
from play.models import Game, Participant, Seat
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def chip_table(seats=3):
    return do_create_table(None, "ramponneau", seat_count=seats,
                           options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})


def watched_carry(seats):
    counts = dict(stats.blank(), hands=7, vpip=3)
    return {"stacks": [400] * seats, "button": 0, "stats": [dict(counts) for _ in range(seats)]}


def test_a_seat_whose_player_changed_starts_its_statistics_afresh(alice, bob):
    dora = create_player("dora", verified=True)
    table = chip_table(seats=3)
    last = Game.objects.create(table=table, number=1, state={}, status=Game.Status.FINISHED,
                               finished_at=timezone.now())
    for position, user in ((0, alice), (1, bob), (2, dora)):
        Participant.objects.create(game=last, position=position, user=user, name=user.username)
    # Alice left and a bot took her place; bob stays; dora's seat is empty now.
    Seat.objects.create(table=table, position=0, bot="Gaston", bot_level="habitue")
    Seat.objects.create(table=table, position=1, user=bob)
    carry = _forget_newcomers(table, watched_carry(3), number=2)
    assert carry["stats"][0] == stats.blank()
    assert carry["stats"][1]["hands"] == 7
    assert carry["stats"][2] == stats.blank()


def test_the_next_hand_of_a_chip_table_shows_the_hands_before(alice, bob):
    table = chip_table(seats=2)
    caves.do_cave(table, alice, 400, request_key="a")
    caves.do_cave(table, bob, 400, request_key="b")
    first = table.current_game()
    assert [seat["hands"] for seat in first.state["stats"]] == [0, 0]
    actor = table.seats.get(position=first.state["actor"])
    do_act(first, actor.user, {"type": "fold"}, None)  # heads-up, the button gives up
    second = table.current_game()
    assert second.number == first.number + 1
    seen = table.engine.view(second.state, None)["stats"]
    assert [seat["hands"] for seat in seen] == [1, 1]
    folded = second.state["bb_seat"]  # the button moved: the folder is the big blind now
    assert seen[folded]["open_chances"] == 1 and seen[folded]["vpip"] == 0
