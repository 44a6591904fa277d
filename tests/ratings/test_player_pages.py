"""The history, the players' public pages and the leaderboards."""

from datetime import date

import pytest

from play.actions import do_create_table
from play.models import Table
from ratings.models import Rating
from tests.ratings.conftest import a_day_passes, finish_by_hand, human_table, rate


def ended(owner, others, scores, winners, slug="all-fours", ending="", **options):
    """A game between people that ends with these scores, rated as play rates it."""
    game = human_table(owner, others, slug=slug, **options).current_game()
    finish_by_hand(game, {"scores": scores, "winners": winners}, ending=ending)
    rate(game)
    return game


def test_history_lists_exactly_the_player_s_finished_games_newest_first(
    client, alice, bob, dora
):
    first = ended(alice, [bob], [7, 3], [0])
    second = ended(bob, [alice], [7, 5], [0])
    ended(bob, [dora], [7, 1], [0])  # not alice's
    human_table(alice, [dora])  # being played
    client.force_login(alice)

    page = client.get("/jouer/historique/")

    rows = page.context["rows"]
    assert [row.game_id for row in rows] == [second.pk, first.pk]
    assert [row.result for row in rows] == ["Perdue", "Gagnée"]
    assert rows[0].others == ["Bob"]
    assert f'href="/jouer/parties/{first.pk}/"' in page.content.decode()


def test_history_filters_by_game(client, alice, bob, dora):
    ended(alice, [bob], [7, 3], [0])
    ascenseur = ended(alice, [bob, dora], [9, 30, 20], [1], slug="ascenseur")
    client.force_login(alice)

    rows = client.get("/jouer/historique/?jeu=ascenseur").context["rows"]

    assert [row.game_id for row in rows] == [ascenseur.pk]
    assert rows[0].result == "Perdue · place 3 sur 3"


def test_history_is_paginated(client, alice, bob):
    for _ in range(21):
        ended(alice, [bob], [7, 3], [0])
    client.force_login(alice)

    first = client.get("/jouer/historique/")
    second = client.get("/jouer/historique/?page=2")

    assert len(first.context["rows"]) == 20 and len(second.context["rows"]) == 1
    assert "Page 1 sur 2" in first.content.decode()


def test_history_says_an_aborted_game_was_cancelled(client, alice, bob):
    game = human_table(alice, [bob]).current_game()
    finish_by_hand(game, None, ending="aborted")
    # The game's ``ending`` column may not exist yet: the page reads what the row holds.
    client.force_login(alice)

    rows = client.get("/jouer/historique/").context["rows"]

    assert [row.game_id for row in rows] == [game.pk]


def test_history_needs_a_login(client):
    assert client.get("/jouer/historique/").status_code == 302


def test_the_profile_and_my_games_link_to_the_history(client, alice):
    client.force_login(alice)

    profile = client.get("/compte/profil/").content.decode()
    my_games = client.get("/jouer/mes-parties/").content.decode()

    assert 'href="/jouer/historique/"' in profile and 'href="/joueurs/alice/"' in profile
    assert 'href="/jouer/historique/"' in my_games


def test_the_player_page_counts_games_played_and_won_per_game(client, alice, bob):
    ended(alice, [bob], [7, 3], [0])
    ended(alice, [bob], [2, 7], [1])
    ended(alice, [bob], [7, 6], [0])

    page = client.get("/joueurs/alice/")

    line = next(line for line in page.context["lines"] if line["slug"] == "all-fours")
    rating = Rating.objects.get(user=alice, game_slug="all-fours")
    assert (line["played"], line["won"], line["rated_games"]) == (3, 2, 3)
    assert line["rating"] == round(rating.ordinal)
    assert len(page.context["recent"]) == 3


def test_the_player_page_hides_unlisted_and_practice_games_from_others(
    client, alice, bob, dora
):
    public = ended(alice, [bob], [7, 3], [0])
    unlisted = ended(alice, [bob], [7, 3], [0], visibility="unlisted")
    practice = do_create_table(alice, "all-fours", seat_count=2, practice=True)

    client.force_login(dora)
    seen_by_dora = [row.game_id for row in client.get("/joueurs/alice/").context["recent"]]
    client.force_login(bob)
    seen_by_bob = [row.game_id for row in client.get("/joueurs/alice/").context["recent"]]
    client.logout()
    seen_by_a_visitor = [row.game_id for row in client.get("/joueurs/alice/").context["recent"]]

    assert seen_by_dora == [public.pk] == seen_by_a_visitor
    assert set(seen_by_bob) == {public.pk, unlisted.pk}
    assert practice.pk not in seen_by_bob


def test_the_player_page_of_nobody_is_a_404(client, db):
    assert client.get("/joueurs/personne/").status_code == 404


@pytest.fixture
def rated_players(alice, bob, dora):
    """Five games each, dora always winning, bob second, alice last."""
    for _ in range(5):
        ended(dora, [bob, alice], [3, 2, 1], [0], slug="ascenseur")
        a_day_passes()  # three rated games a day at most between the same players
    return dora, bob, alice


def test_the_leaderboard_orders_players_by_ordinal(client, rated_players):
    page = client.get("/joueurs/classement/ascenseur/")

    rows = page.context["rows"]
    assert [row.user.username for row in rows] == ["dora", "bob", "alice"]
    ordinals = [Rating.objects.get(user=row.user, game_slug="ascenseur").ordinal
                for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [row.value for row in rows] == [round(o) for o in ordinals]
    assert 'href="/joueurs/dora/"' in page.content.decode()


def test_the_leaderboard_lists_only_players_with_enough_rated_games(client, alice, bob):
    ended(alice, [bob], [7, 3], [0])

    assert client.get("/joueurs/classement/all-fours/").context["rows"] == []


def test_a_cash_game_s_leaderboard_ranks_settled_ecus_won_after_enough_hands(
    client, alice, bob, dora
):
    from economy import ledger
    from economy.models import ChipMovement, Currency, HandDeal, LedgerEntry

    # A Ramponneau table's ledger entries, without dealing at it: alice and bob caved
    # and cashed out after 20 hands; dora played 19.
    table = Table.objects.create(game_slug="ramponneau", seat_count=3, owner=alice)
    for user, cave, out, hands in ((alice, 100, 40, 20), (bob, 100, 160, 25),
                                   (dora, 100, 300, 19)):
        ledger.post(user, Currency.ECUS, 1000, reason=LedgerEntry.Reason.ADJUSTMENT,
                    key=f"gift:{user.pk}")
        ledger.post(user, Currency.ECUS, -cave, reason=LedgerEntry.Reason.CAVE,
                    key=f"cave:{user.pk}", ref=("table", table.pk))
        ChipMovement.objects.create(table=table, user=user, kind=ChipMovement.Kind.CAVE,
                                    amount=cave, idempotency_key=f"cave:{user.pk}")
        ledger.post(user, Currency.ECUS, out, reason=LedgerEntry.Reason.CASH_OUT,
                    key=f"out:{user.pk}", ref=("table", table.pk))
        HandDeal.objects.bulk_create(
            HandDeal(user=user, game_slug="ramponneau", day=date.today(), table_id=table.pk,
                     game_number=n, source="free") for n in range(1, hands + 1))

    page = client.get("/joueurs/classement/ramponneau/")

    assert page.context["by_ecus"]
    assert [(row.user.username, row.value, row.games) for row in page.context["rows"]] == [
        ("bob", 60, 25), ("alice", -60, 20)]
    assert "au moins 20 mains" in page.content.decode()


def test_an_unknown_game_has_no_leaderboard(client, db):
    assert client.get("/joueurs/classement/belote/").status_code == 404


def test_history_reads_in_english_too(client, alice, bob, dora):
    ended(alice, [bob, dora], [9, 30, 20], [1], slug="ascenseur")
    alice.preferred_language = "en"
    alice.save(update_fields=["preferred_language"])
    client.force_login(alice)

    html = client.get("/jouer/historique/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Lost · place 3 of 3" in html and "Replay the game" in html
    assert "Perdue" not in html


def test_the_leaderboard_says_how_many_games_list_a_player(client, db):
    html = client.get("/joueurs/classement/ascenseur/").content.decode()

    assert "au moins 5 parties classées" in html


def test_the_result_says_aborted_resigned_won_drawn_or_lost(alice, bob, dora):
    from play.presentation.history import result_words

    game = human_table(alice, [bob, dora], slug="ascenseur").current_game()
    game.result = {"scores": [10, 30, 20], "winners": [1], "resigned": [0]}

    game.ending = "aborted"
    assert [result_words(game, seat) for seat in range(3)] == ["Annulée"] * 3
    game.ending = "resigned"
    assert [result_words(game, seat) for seat in range(3)] == [
        "Abandon", "Gagnée", "Perdue · place 2 sur 3"]
    game.ending = ""
    game.result = {"scores": [0, 0, 0], "winners": []}
    assert result_words(game, 0) == "Nulle"
