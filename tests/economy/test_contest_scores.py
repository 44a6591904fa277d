"""Contest standings kept as games finish: a page reads one row per player, whatever the
number of hands; ``rebuild`` computes them again from the history; flagged accounts are
held out until cleared."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from economy import contests
from economy.models import AccountFlag, Contest, ContestScore, HandDeal
from play.models import Game, Participant, Table

pytestmark = pytest.mark.django_db


def running_contest(game="ramponneau"):
    now = timezone.now()
    return Contest.objects.create(game_slug=game, name="Grand concours",
                                  starts_at=now - timedelta(hours=1),
                                  ends_at=now + timedelta(hours=1))


def finished_hand(table, number, players_scores, *, deals=True, finish=True):
    """A finished game at ``table``: [(player, score)] by position, recorded as play does
    (its hand deals and participants), then told to the contests."""
    game = Game.objects.create(
        table=table, number=number, state={}, status=Game.Status.FINISHED,
        finished_at=timezone.now(),
        result={"scores": [score for _, score in players_scores]},
    )
    for position, (player, _) in enumerate(players_scores):
        Participant.objects.create(game=game, position=position, user=player,
                                   name=player.username)
        if deals:
            HandDeal.objects.create(user=player, game_slug=table.game_slug,
                                    day=timezone.localdate(), table_id=table.pk,
                                    game_number=number, position=position, source="free")
    if finish:
        contests.game_finished(game)
    return game


def a_table(game="ramponneau", practice=False):
    return Table.objects.create(game_slug=game, seat_count=2, practice=practice,
                                status=Table.Status.PLAYING)


def scores(contest):
    return {s.name: (s.score, s.games) for s in contests.standings(contest)}


def test_it_adds_each_finished_hand_to_the_running_contest(alice, bob):
    contest = running_contest()
    table = a_table()
    finished_hand(table, 1, [(alice, 30), (bob, -30)])
    finished_hand(table, 2, [(alice, -10), (bob, 10)])
    assert scores(contest) == {"Alice": (20, 2), "Bob": (-20, 2)}


def test_it_reads_the_same_number_of_queries_for_2_or_40_hands(alice, bob, client):
    contest = running_contest()
    table = a_table()
    finished_hand(table, 1, [(alice, 5), (bob, -5)])
    finished_hand(table, 2, [(alice, 5), (bob, -5)])
    with CaptureQueriesContext(connection) as few:
        client.get(contest.get_absolute_url(), headers={"HX-Request": "true"})
    for number in range(3, 41):
        finished_hand(table, number, [(alice, 5), (bob, -5)])
    with CaptureQueriesContext(connection) as many:
        page = client.get(contest.get_absolute_url(), headers={"HX-Request": "true"})
    assert len(many.captured_queries) == len(few.captured_queries)
    assert "200" in page.content.decode()
    assert not any("play_game" in q["sql"] for q in many.captured_queries)


def test_it_counts_neither_practice_tables_nor_other_games_nor_other_periods(alice, bob):
    contest = running_contest()
    finished_hand(a_table(practice=True), 1, [(alice, 50), (bob, -50)])
    finished_hand(a_table(game="ambigu"), 1, [(alice, 50), (bob, -50)])
    later = running_contest()
    Contest.objects.filter(pk=later.pk).update(starts_at=timezone.now() + timedelta(hours=1),
                                               ends_at=timezone.now() + timedelta(hours=2))
    finished_hand(a_table(), 1, [(alice, 7), (bob, -7)])
    assert scores(contest) == {"Alice": (7, 1), "Bob": (-7, 1)}
    assert not ContestScore.objects.filter(contest_id=later.pk).exists()


def test_it_never_ranks_a_guest(alice):
    from accounts.models import User

    guest = User.objects.create(username="guest-1", is_guest=True, display_name="1")
    contest = running_contest()
    finished_hand(a_table(), 1, [(alice, -4), (guest, 4)])
    assert scores(contest) == {"Alice": (-4, 1)}
    contests.rebuild(contest)
    assert scores(contest) == {"Alice": (-4, 1)}


def test_it_ranks_points_games_by_their_seats_when_no_hand_was_dealt(alice, bob):
    contest = running_contest(game="ascenseur")
    finished_hand(a_table(game="ascenseur"), 1, [(alice, 3), (bob, 11)], deals=False)
    assert scores(contest) == {"Bob": (11, 1), "Alice": (3, 1)}


def test_it_rebuilds_a_contest_created_after_its_games_were_played(alice, bob):
    table = a_table()
    finished_hand(table, 1, [(alice, 8), (bob, -8)])
    finished_hand(table, 2, [(alice, 8), (bob, -8)], finish=False)  # missed: a bug, say
    contest = running_contest()
    assert contests.standings(contest) == []
    call_command("rebuild_contests", stdout=open("/dev/null", "w"))
    assert scores(contest) == {"Alice": (16, 2), "Bob": (-16, 2)}
    contests.rebuild(contest)  # again: the same, never twice the games
    assert scores(contest) == {"Alice": (16, 2), "Bob": (-16, 2)}


def test_it_rebuilds_when_staff_create_or_retime_a_contest_in_the_admin(alice, bob,
                                                                          admin_client):
    finished_hand(a_table(), 1, [(alice, 8), (bob, -8)])
    now = timezone.localtime()  # the admin's fields are in the site's time zone
    form = {"game_slug": "ramponneau", "name": "Concours du soir", "winners_count": 3,
            "starts_at_0": (now - timedelta(hours=2)).strftime("%Y-%m-%d"),
            "starts_at_1": (now - timedelta(hours=2)).strftime("%H:%M:%S"),
            "ends_at_0": (now + timedelta(hours=2)).strftime("%Y-%m-%d"),
            "ends_at_1": (now + timedelta(hours=2)).strftime("%H:%M:%S")}
    response = admin_client.post("/admin/economy/contest/add/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    contest = Contest.objects.get(name="Concours du soir")
    assert scores(contest) == {"Alice": (8, 1), "Bob": (-8, 1)}
    later = now + timedelta(hours=1)  # re-timed: the hand is no longer in its period
    form.update({"starts_at_0": later.strftime("%Y-%m-%d"),
                 "starts_at_1": later.strftime("%H:%M:%S")})
    response = admin_client.post(f"/admin/economy/contest/{contest.pk}/change/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert contests.standings(contest) == []


def test_a_flagged_account_is_held_out_of_standings_and_winners_until_cleared(
        alice, bob, charlie, admin_user):
    contest = running_contest()
    table = a_table()
    finished_hand(table, 1, [(alice, 100), (bob, -100)])
    finished_hand(table, 2, [(charlie, 10), (bob, -10)])
    flag = AccountFlag.objects.create(account=alice, reason="chip dumping (bob)")
    assert [s.name for s in contests.standings(contest)] == ["Charlie", "Bob"]
    Contest.objects.filter(pk=contest.pk).update(ends_at=timezone.now())
    contest.refresh_from_db()
    assert [s.name for s in contests.winners(contest)][0] == "Charlie"
    flag.cleared_at, flag.cleared_by = timezone.now(), admin_user
    flag.save()
    assert [s.name for s in contests.winners(contest)] == ["Alice", "Charlie", "Bob"]
