"""Contests: standings from the results of the period, live, then the winners."""

from datetime import timedelta

import pytest
from django.utils import timezone

from economy import contests, ledger
from economy.chips import caves
from economy.models import Contest, Currency
from play.actions import do_act, do_create_table
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def play_hands(table, count):
    for _ in range(count):
        number = table.current_game().number
        while True:
            game = Game.objects.get(table=table, number=number)
            if game.status != Game.Status.PLAYING:
                break
            legal = {a["type"]: a for a in table.engine.legal_actions(game.state)}
            action = next((dict(legal[k]) for k in ("check", "call", "show") if k in legal),
                          None) or table.engine.default_action(game.state)
            seat = table.seats.get(position=game.state["actor"])
            do_act(game, seat.user, action, None)


def running_contest(game="ramponneau"):
    now = timezone.now()
    return Contest.objects.create(game_slug=game, name="Grand concours",
                                  starts_at=now - timedelta(hours=1),
                                  ends_at=now + timedelta(hours=1))


def test_ramponneau_contests_rank_net_chips(alice, bob, client):
    contest = running_contest()
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2, "rake_percent": 0})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    play_hands(table, 3)
    ranking = contests.standings(contest)
    assert {s.name for s in ranking} == {"Alice", "Bob"}
    assert sum(s.score for s in ranking) == 0
    assert ranking[0].score >= ranking[1].score
    assert all(s.games == 3 for s in ranking)
    page = client.get(contest.get_absolute_url())
    assert "every 10s" in page.content.decode()  # live standings
    fragment = client.get(contest.get_absolute_url(), headers={"HX-Request": "true"})
    assert "<h1>" not in fragment.content.decode()
    assert ranking[0].name in fragment.content.decode()


def test_games_outside_the_period_do_not_count(alice, bob):
    contest = running_contest()
    contest.starts_at = timezone.now() + timedelta(minutes=30)
    contest.save()
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    play_hands(table, 2)
    assert contests.standings(contest) == []
    assert contests.phase(contest) == "upcoming"


def test_the_winners_are_shown_once_it_is_over(alice, bob, client):
    contest = running_contest()
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    play_hands(table, 2)
    contest.ends_at = timezone.now() + timedelta(seconds=1)
    contest.save()
    Contest.objects.filter(pk=contest.pk).update(ends_at=timezone.now())
    contest.refresh_from_db()
    assert contests.phase(contest) == "over"
    assert [s.rank for s in contests.winners(contest)][0] == 1
    assert "Les gagnants" in client.get(contest.get_absolute_url()).content.decode()
    assert ledger.balance(alice, Currency.ECUS) == 900
