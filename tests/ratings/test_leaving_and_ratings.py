"""The ways out of a game, through the play services, and what they do to ratings."""

import pytest
from openskill.models import PlackettLuce

from play.actions import do_abort, do_resign
from ratings.models import Rating, RatingChange
from tests.ratings.conftest import human_table, play_moves


def test_abort_before_the_second_move_leaves_no_result_and_no_rating_change(alice, bob):
    table = human_table(alice, [bob])

    game = do_abort(table, bob)

    assert game.ending == "aborted" and game.result is None
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_resign_ends_the_game_and_rates_it_the_resigner_last(alice, bob):
    table = human_table(alice, [bob])
    play_moves(table, {0: alice, 1: bob})  # two moves each: a game played, then conceded

    game = do_resign(table, alice)

    assert game.status == "finished" and game.result["winners"] == [1]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])
    winner = Rating.objects.get(user=bob, game_slug="all-fours")
    loser = Rating.objects.get(user=alice, game_slug="all-fours")
    assert winner.mu == pytest.approx(expected[0][0].mu)
    assert loser.mu == pytest.approx(expected[1][0].mu)
    assert (winner.wins, loser.wins) == (1, 0)
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_partnership_resignation_puts_the_whole_side_last(alice, bob, charlie, dora):
    table = human_table(alice, [bob, charlie, dora])  # sides: 0 & 2 against 1 & 3
    play_moves(table, {0: alice, 1: bob, 2: charlie, 3: dora})

    do_resign(table, bob)

    changes = {c.user_id: c for c in RatingChange.objects.all()}
    assert {changes[u.pk].rank for u in (alice, charlie)} == {0}
    assert {changes[u.pk].rank for u in (bob, dora)} == {1}
    assert changes[alice.pk].won and not changes[dora.pk].won
