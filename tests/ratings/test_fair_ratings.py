"""Fair ratings (ratings/fairness.py): a game a player gave away before playing, a game a
bot played for someone and the same pair's games beyond three a day are not rated, and
their end says why."""

import re
from datetime import timedelta

from django.utils import timezone

from play.actions import do_act, do_leave, do_resign, do_timeout
from play.actions.games import conduct_of
from play.clock.scheduler import run_due
from play.models import Action, Game
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for
from play.reliability import reliability
from ratings import interface as ratings
from ratings.models import Rating, RatingChange, UnratedGame
from tests.ratings.conftest import a_day_passes, finish_by_hand, human_table, play_moves, rate


def result_text(table, user, lang="fr") -> str:
    """The words the table shows ``user`` now (its result panel at the end)."""
    table.refresh_from_db()
    game = table.current_game()
    html = render_table_fragments(table, game, user, view_for(game, user, lang=lang),
                                  lang=lang)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def by_hand(owner, others, slug="all-fours", winners=(0,)):
    """A game between ``owner`` and ``others`` finished with ``owner`` (seat 0) winning."""
    game = human_table(owner, others, slug=slug).current_game()
    scores = [7] + [3] * len(others)
    return finish_by_hand(game, {"scores": scores, "winners": list(winners)})


# ----- two moves of one's own ----------------------------------------------------------


def test_a_game_resigned_before_two_moves_is_not_rated(alice, bob):
    # The review's reproduction: six games resigned at once, and bob on the leaderboard.
    for _ in range(6):
        table = human_table(alice, [bob])
        do_resign(table, alice)

    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    assert ratings.leaderboard("all-fours") == []
    game = table.current_game()
    assert (game.status, game.ending, game.result["winners"]) == ("finished", "resigned", [1])
    assert game.unrated.reason == UnratedGame.Reason.FEW_MOVES
    assert ("Partie non classée : elle s'est terminée avant que chaque joueur ait joué "
            "2 coups lui-même.") in result_text(table, bob)
    # It still counts in alice's reliability: six games, none finished.
    assert (reliability(alice).games, reliability(alice).finished) == (6, 0)


def test_a_game_each_player_made_two_moves_of_before_a_resignation_is_rated(alice, bob):
    table = human_table(alice, [bob])
    made = play_moves(table, {0: alice, 1: bob})

    game = do_resign(table, alice)

    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {alice.pk, bob.pk}
    assert (changes[alice.pk].own_moves, changes[bob.pk].own_moves) == (made[0], made[1])
    assert "Classement du All-fours" in result_text(table, bob)


def test_the_clock_s_moves_and_the_platform_s_lines_are_not_a_player_s_own(alice, bob):
    table = human_table(alice, [bob])
    made = play_moves(table, {0: alice, 1: bob}, each=1)
    game = table.current_game()
    late = game.actor
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_timeout(game.pk) is not None  # the clock plays for ``late``
    do_resign(table, alice)

    conduct = conduct_of(game)

    assert Action.objects.filter(game=game, seat=late, source="timer").count() == 1
    assert dict(conduct.own_moves) == {seat: n for seat, n in made.items() if n}
    assert conduct.bot_played == frozenset()


def test_a_player_whose_only_moves_were_the_clock_s_leaves_the_game_unrated(alice, bob):
    game = by_hand(alice, [bob])

    ratings.rate_finished_game(game, lambda: ratings.Conduct(own_moves={0: 12, 1: 1}))

    assert not Rating.objects.exists()
    assert UnratedGame.objects.get(game=game).reason == "few_moves"


# ----- a bot played for a player -------------------------------------------------------


def test_a_game_a_bot_played_a_move_for_a_player_in_is_not_rated(alice, bob):
    # The review's reproduction: alice left, the bot played her seat, bob resigned.
    table = human_table(alice, [bob])
    play_moves(table, {0: alice, 1: bob})
    do_leave(table, alice)
    game = table.current_game()
    while not Action.objects.filter(game=game, seat=0, source="bot").exists():
        game.refresh_from_db()
        if game.actor == 0:
            assert run_due(timezone.now() + timedelta(seconds=1)), "the bot did not play"
        else:
            do_act(game, bob, table.engine.default_action(game.state), game.version)

    do_resign(table, bob)

    game.refresh_from_db()
    assert game.result["winners"] == [0]
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    assert game.unrated.reason == UnratedGame.Reason.BOT_PLAYED
    assert "Partie non classée : un automate a joué pour un joueur." in result_text(table, bob)
    assert "Unrated game: a bot played for a player." in result_text(table, bob, "en")


# ----- the same two players: three rated games a day -----------------------------------


def test_between_the_same_two_players_three_rated_games_a_day_count(alice, bob):
    for _ in range(3):
        rate(by_hand(alice, [bob]))

    fourth = by_hand(alice, [bob])
    rate(fourth)

    assert RatingChange.objects.count() == 6
    assert Rating.objects.get(user=alice).games == 3
    assert UnratedGame.objects.get(game=fourth).reason == UnratedGame.Reason.PAIR_LIMIT
    assert ratings.unrated_reason(fourth) == (
        "Partie non classée : entre les mêmes joueurs, 3 parties au plus comptent par "
        "24 heures à chaque jeu.")
    rate(fourth)  # asked again: still unrated, recorded once
    assert UnratedGame.objects.filter(game=fourth).count() == 1
    # A rolling 24 hours: once the first games are a day old, the next one counts.
    a_day_passes()
    rate(by_hand(alice, [bob]))
    assert Rating.objects.get(user=alice).games == 4


def test_the_daily_limit_of_a_pair_counts_each_game_apart(alice, bob, dora):
    for _ in range(3):
        rate(by_hand(alice, [bob]))

    remigio = by_hand(alice, [bob, dora], slug="remigio")
    rate(remigio)

    assert RatingChange.objects.filter(game=remigio).count() == 3


def test_at_a_table_of_three_two_players_over_their_limit_leave_the_game_unrated(
    alice, bob, charlie, dora
):
    for _ in range(3):
        rate(by_hand(alice, [bob, charlie], slug="ascenseur"))

    game = by_hand(alice, [bob, dora], slug="ascenseur")
    rate(game)

    assert not RatingChange.objects.filter(game=game).exists()
    assert UnratedGame.objects.get(game=game).reason == UnratedGame.Reason.PAIR_LIMIT
    # dora, new to the game, gets no rating row from a game rated for no one
    assert not Rating.objects.filter(user=dora).exists()
