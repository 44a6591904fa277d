"""Which finished games change ratings, and by how much (the library's own figures)."""

import pytest
from openskill.models import PlackettLuce

from ratings.models import AppendOnlyError, Rating, RatingChange
from ratings.outcomes import standing
from tests.ratings.conftest import finish_by_hand, human_table, rate


def test_a_game_between_two_new_players_moves_them_as_openskill_computes(
    alice, bob, finished_duel
):
    winner = finished_duel.result["winners"][0]
    users = {0: alice, 1: bob}
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[0, 1])

    won = Rating.objects.get(user=users[winner], game_slug="all-fours")
    lost = Rating.objects.get(user=users[1 - winner], game_slug="all-fours")

    assert won.mu == pytest.approx(expected[0][0].mu)
    assert won.sigma == pytest.approx(expected[0][0].sigma)
    assert lost.mu == pytest.approx(expected[1][0].mu)
    assert won.ordinal == pytest.approx(expected[0][0].ordinal())
    assert (won.games, won.wins, lost.games, lost.wins) == (1, 1, 1, 0)


def test_the_history_keeps_the_values_before_and_after(alice, bob, finished_duel):
    change = RatingChange.objects.get(game=finished_duel, user=alice)
    rating = Rating.objects.get(user=alice)

    assert change.mu_before == pytest.approx(PlackettLuce().rating().mu)
    assert (change.mu_after, change.sigma_after) == (rating.mu, rating.sigma)
    with pytest.raises(AppendOnlyError):
        change.save()


def test_a_game_is_never_rated_twice(alice, bob, finished_duel):
    before = Rating.objects.get(user=alice)

    rate(finished_duel)
    rate(finished_duel)

    assert RatingChange.objects.filter(game=finished_duel).count() == 2
    after = Rating.objects.get(user=alice)
    assert (after.mu, after.games) == (before.mu, before.games)


def test_a_game_with_a_bot_seat_is_unrated(alice, bot_game):
    assert bot_game.status == "finished"
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_a_practice_game_is_unrated(alice, bob):
    table = human_table(alice, [bob], practice=True)
    game = finish_by_hand(table.current_game(), {"scores": [7, 3], "winners": [0]})

    rate(game)

    assert not Rating.objects.exists()


def test_an_aborted_game_is_unrated(alice, bob):
    game = finish_by_hand(human_table(alice, [bob]).current_game(), None, ending="aborted")

    rate(game)

    assert not Rating.objects.exists()


def test_an_aborted_game_with_a_result_is_still_unrated(alice, bob):
    game = human_table(alice, [bob]).current_game()
    finish_by_hand(game, {"scores": [7, 3], "winners": [0]}, ending="aborted")

    rate(game)

    assert not RatingChange.objects.exists()


def test_a_resigner_is_ranked_last_whatever_the_score(alice, bob, dora):
    game = human_table(alice, [bob, dora], slug="ascenseur").current_game()
    finish_by_hand(game, {"scores": [30, 10, 20], "winners": [0], "resigned": [0]},
                   ending="resigned")

    rate(game)

    ranks = dict(RatingChange.objects.values_list("user__username", "rank"))
    assert ranks == {"dora": 0, "bob": 1, "alice": 2}
    model = PlackettLuce()
    fresh = model.rating
    expected = model.rate([[fresh()], [fresh()], [fresh()]], ranks=[2, 1, 0])
    assert Rating.objects.get(user=alice).mu == pytest.approx(expected[0][0].mu)
    assert Rating.objects.get(user=alice).wins == 0


def test_partners_share_their_side_s_place(alice, bob, charlie, dora):
    charlie.emailaddress_set.update(verified=True)
    game = human_table(alice, [bob, charlie, dora]).current_game()
    finish_by_hand(game, {"scores": [7, 4, 7, 4], "winners": [0, 2], "side_scores": [7, 4]})

    rate(game)

    model = PlackettLuce()
    fresh = model.rating
    expected = model.rate([[fresh(), fresh()], [fresh(), fresh()]], ranks=[0, 1])
    assert Rating.objects.get(user=alice).mu == pytest.approx(expected[0][0].mu)
    assert Rating.objects.get(user=charlie).mu == pytest.approx(expected[0][1].mu)
    assert Rating.objects.get(user=bob).mu == pytest.approx(expected[1][0].mu)
    assert set(RatingChange.objects.filter(won=True).values_list("user__username", flat=True)) \
        == {"alice", "charlie"}


def test_places_follow_the_scores_after_the_winners():
    place = standing(4, {"scores": [12, 30, 20, 12], "winners": [1]})

    assert place.teams == [[0], [1], [2], [3]]
    assert place.ranks == [2, 0, 1, 2]


def test_places_follow_penalties_where_lower_is_better():
    place = standing(3, {"scores": [40, 101, 55], "winners": [0], "lower_is_better": True})

    assert place.ranks == [0, 2, 1]


def test_a_result_without_scores_ranks_nobody():
    assert standing(2, {"winners": [0]}) is None


def test_a_failing_rating_never_stops_a_game_from_finishing(alice, bob, monkeypatch, caplog):
    from ratings import services

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    game = human_table(alice, [bob]).current_game()
    finish_by_hand(game, {"scores": [7, 3], "winners": [0]})
    monkeypatch.setattr(services, "standing_of", broken)

    rate(game)

    assert not RatingChange.objects.exists()
    assert "rating game" in caplog.text
    game.refresh_from_db()
    assert game.status == "finished"
