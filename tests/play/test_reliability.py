"""Reliability (play/reliability.py): the share of games a player finished, and finished
without timeouts; new players unknown; a table's minimum refuses the others."""

import importlib

import pytest
from django.apps import apps as django_apps
from django.test import Client

from play.actions import ServiceError, do_create_table, do_join, do_resign
from play.models import Action, Game, Participant, ReliabilityRecord, Table
from play.reliability import refresh_reliabilities, reliabilities, reliability

pytestmark = pytest.mark.django_db


def finished_game(players, *, practice=False, ending="", left=(), timed_out=(), resigned=()):
    """A finished two-seat game of ``players``, the moves at each seat as named."""
    table = Table.objects.create(game_slug="all-fours", seat_count=len(players),
                                 status=Table.Status.FINISHED, practice=practice)
    game = Game.objects.create(table=table, number=1, state={}, status=Game.Status.FINISHED,
                               ending=ending)
    seq = 0
    for position, user in enumerate(players):
        Participant.objects.create(game=game, position=position, user=user,
                                   name=user.username)
        moves = [Action.Source.PLAYER]
        if user in timed_out:
            moves.append(Action.Source.TIMER)
        if user in left:
            moves.append(Action.Source.BOT)
        for source in moves:
            seq += 1
            Action.objects.create(game=game, seq=seq, seat=position, user=user, source=source,
                                  action={"type": "play"})
        if user in resigned:
            seq += 1
            Action.objects.create(game=game, seq=seq, seat=position, user=user,
                                  source=Action.Source.PLATFORM,
                                  action={"type": "platform.resigned"})
    # Written by hand, not ended through the services: its players' counts are kept here.
    refresh_reliabilities(user.pk for user in players)
    return game


def test_a_new_player_is_unknown_until_five_games(alice, bob):
    for _ in range(4):
        finished_game([alice, bob])
    assert not reliability(alice).known and reliability(alice).finished_percent is None
    finished_game([alice, bob])
    assert reliability(alice).known and reliability(alice).finished_percent == 100


def test_leaving_to_the_bot_or_resigning_is_not_finishing_and_a_timeout_is_not_clean(
        alice, bob):
    for _ in range(6):
        finished_game([alice, bob])
    finished_game([alice, bob], left=[alice])
    finished_game([alice, bob], resigned=[alice])
    finished_game([alice, bob], timed_out=[alice])
    finished_game([alice, bob], timed_out=[bob])

    mine, bobs = reliability(alice), reliability(bob)
    assert (mine.games, mine.finished, mine.clean) == (10, 8, 7)
    assert (mine.finished_percent, mine.clean_percent) == (80, 70)
    assert (bobs.games, bobs.finished, bobs.clean) == (10, 10, 9)


def test_practice_and_aborted_games_do_not_count(alice, bob):
    finished_game([alice, bob], practice=True, left=[alice])
    finished_game([alice, bob], ending=Game.Ending.ABORTED, left=[alice])
    assert reliability(alice).games == 0


def test_the_reliability_of_many_players_is_one_query(alice, bob, charlie,
                                                      django_assert_num_queries):
    finished_game([alice, bob], left=[bob])
    with django_assert_num_queries(1):
        found = reliabilities([alice.pk, bob.pk, charlie.pk])
    assert found[alice.pk].finished == 1 and found[bob.pk].finished == 0
    assert found[charlie.pk].games == 0


def test_a_table_asking_for_a_minimum_refuses_a_player_below_it_in_french(alice, bob):
    for _ in range(4):
        finished_game([bob, alice])
    finished_game([bob, alice], left=[bob])  # bob: 80 % over 5 games
    table = do_create_table(alice, "all-fours", seat_count=2, min_reliability=90)

    with pytest.raises(ServiceError) as refused:
        do_join(table, bob)

    assert refused.value.code == "unreliable"
    assert refused.value.message("fr") == ("Cette table demande d'avoir fini au moins 90 % de "
                                           "ses parties ; vous en avez fini 80 %.")
    assert not table.seats.filter(user=bob).exists()


def test_a_new_player_sits_at_a_table_asking_for_a_minimum(alice, charlie):
    finished_game([charlie, alice], left=[charlie])  # one game: too few to count
    table = do_create_table(alice, "all-fours", seat_count=2, min_reliability=95)
    do_join(table, charlie)
    assert table.seats.filter(user=charlie).exists()


def test_a_player_above_the_minimum_sits(alice, bob):
    for _ in range(5):
        finished_game([bob, alice])
    table = do_create_table(alice, "all-fours", seat_count=2, min_reliability=95)
    do_join(table, bob)
    assert table.seats.filter(user=bob).exists()


def test_an_unknown_minimum_is_refused(alice):
    with pytest.raises(ServiceError) as refused:
        do_create_table(alice, "all-fours", seat_count=2, min_reliability=42)
    assert refused.value.code == "bad_options"
    assert not Table.objects.exists()


def test_the_creation_form_offers_a_minimum(alice):
    client = Client()
    client.force_login(alice)
    assert "Fiabilité minimale" in client.get("/jouer/creer/all-fours/").content.decode()
    client.post("/jouer/creer/all-fours/", {
        "seat_count": "2", "opt_turnup_scores": "ajs", "opt_trumping": "must",
        "opt_low_goes_to": "holder", "opt_deck": "32", "visibility": "public", "pace": "live",
        "live_seconds": "60", "correspondence_days": "3", "min_reliability": "75"})
    assert Table.objects.get().min_reliability == 75


def test_the_players_page_shows_their_reliability(alice, bob):
    page = Client().get("/joueurs/alice/").content.decode()
    assert "Fiabilité : nouveau joueur (connue après 5 parties)." in page
    for _ in range(4):
        finished_game([alice, bob])
    finished_game([alice, bob], timed_out=[alice])
    page = Client().get("/joueurs/alice/").content.decode()
    assert ("Fiabilité : 100 % de parties finies, 80 % sans dépasser le temps "
            "(sur 5 parties).") in page


def test_a_game_ended_through_the_services_counts_at_once(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, bob)
    do_resign(table, alice)

    mine, bobs = reliability(alice), reliability(bob)
    assert (mine.games, mine.finished, bobs.games, bobs.finished) == (1, 0, 1, 1)


def test_the_migration_counts_the_games_played_before_it(alice, bob, charlie):
    backfill = importlib.import_module("play.migrations.0017_reliability_record")
    for _ in range(5):
        finished_game([alice, bob], timed_out=[bob])
    finished_game([alice, charlie], left=[charlie])
    ReliabilityRecord.objects.all().delete()  # as before the migration

    backfill.count_every_player(django_apps, None)

    kept = {row.user_id: (row.games, row.finished, row.clean)
            for row in ReliabilityRecord.objects.all()}
    assert kept == {alice.pk: (6, 6, 6), bob.pk: (5, 5, 0), charlie.pk: (1, 0, 0)}
