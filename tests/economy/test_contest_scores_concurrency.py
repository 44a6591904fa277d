"""Games finishing at once for the same players, and a rebuild racing them: every hand
counted once in the contest's standings."""

import pytest
from django.db import transaction

from economy import contests
from play.models import Game
from tests.economy.test_contest_scores import a_table, finished_hand, running_contest, scores
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]


def test_twenty_hands_finishing_at_once_for_the_same_players_all_count(alice, bob):
    contest = running_contest()
    games = [finished_hand(a_table(), 1, [(alice, 3), (bob, -3)], finish=False)
             for _ in range(20)]

    def finish(n):
        with transaction.atomic():
            contests.game_finished(Game.objects.select_related("table").get(pk=games[n].pk))

    assert race(20, finish) == [None] * 20
    assert scores(contest) == {"Alice": (60, 20), "Bob": (-60, 20)}


def test_a_rebuild_racing_finishing_hands_counts_each_once(alice, bob):
    contest = running_contest()
    games = [finished_hand(a_table(), 1, [(alice, 2), (bob, -2)], finish=False)
             for _ in range(12)]
    Game.objects.filter(pk__in=[g.pk for g in games]).update(status=Game.Status.PLAYING)

    def work(n):
        if n == len(games):
            return contests.rebuild(contest)
        with transaction.atomic():
            game = Game.objects.select_related("table").get(pk=games[n].pk)
            game.status = Game.Status.FINISHED
            contests.game_finished(game)
            game.save()

    race(len(games) + 1, work)
    assert scores(contest) == {"Alice": (24, 12), "Bob": (-24, 12)}
    contests.rebuild(contest)
    assert scores(contest) == {"Alice": (24, 12), "Bob": (-24, 12)}
