"""Calling games off (play/aborts.py): three games with other people in 24 hours, then
only resigning; the menu says until when, the API refuses with a structured error, and
a player's page shows their aborts."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tokens import do_create_token
from play.aborts import next_abort_at, recent_aborts
from play.actions import ServiceError, do_abort, do_create_table, do_join, do_play_now, do_resign
from play.models import Game
from play.presentation.table import render_table_fragments
from play.presentation.view import view_for


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def a_game_with(owner, other):
    table = do_create_table(owner, "all-fours", seat_count=2)
    do_join(table, other)
    return table


def aborted_with(owner, other, times):
    """``owner`` calls off ``times`` games with ``other`` as soon as they are dealt."""
    games = []
    for _ in range(times):
        games.append(do_abort(a_game_with(owner, other), owner))
    return games


def hours_ago(games, hours):
    Game.objects.filter(pk__in=[g.pk for g in games]).update(
        finished_at=timezone.now() - timedelta(hours=hours))


def words(table, user) -> str:
    table.refresh_from_db()
    game = table.current_game()
    html = render_table_fragments(table, game, user, view_for(game, user))
    return words_of(html).replace("&#x27;", "'")


def test_after_three_aborts_in_a_day_a_player_may_only_resign(alice, bob):
    # The review's reproduction: five aborts in a row, each after seeing the deal.
    aborted_with(alice, bob, 3)
    table = a_game_with(alice, bob)
    game = table.current_game()

    with pytest.raises(ServiceError) as refusal:
        do_abort(table, alice)

    assert refusal.value.code == "too_many_aborts"
    message = refusal.value.message()
    assert message.startswith("Vous avez déjà annulé 3 parties en 24 heures : vous pourrez "
                              "de nouveau annuler le ")
    assert message.endswith(" ; d'ici là, vous pouvez abandonner.")
    assert refusal.value.message("en").startswith("You have already aborted 3 games")
    game.refresh_from_db()
    assert (game.status, game.ending) == ("playing", "")  # nothing changed
    assert do_resign(table, alice).ending == "resigned"


def test_the_other_player_may_still_abort_and_aborts_older_than_a_day_no_longer_count(
    alice, bob
):
    aborted = aborted_with(alice, bob, 3)
    assert do_abort(a_game_with(alice, bob), bob).ending == "aborted"  # bob's first

    hours_ago(aborted[:1], 25)

    assert next_abort_at(alice) is None
    assert do_abort(a_game_with(alice, bob), alice).ending == "aborted"
    assert next_abort_at(alice) is not None


def test_leaving_or_aborting_a_game_against_bots_is_never_counted_nor_refused(alice, bob):
    for _ in range(4):
        do_abort(do_play_now(alice, "all-fours"), alice)

    assert recent_aborts(alice) == []
    assert do_abort(a_game_with(alice, bob), alice).ending == "aborted"


def test_the_menu_offers_no_abort_after_three_and_says_until_when(alice, bob):
    aborted_with(alice, bob, 3)
    table = a_game_with(alice, bob)

    mine, his = words(table, alice), words(table, bob)

    assert "Annuler la partie" not in mine and "Abandonner" in mine
    assert "Vous avez déjà annulé 3 parties en 24 heures" in mine
    assert "Annuler la partie" in his


def test_the_api_refuses_a_fourth_abort_with_a_structured_error(client, alice, bob):
    aborted_with(alice, bob, 3)
    table = a_game_with(alice, bob)
    secret = do_create_token(alice, "test", ["play"]).secret

    response = client.post(f"/api/v1/tables/{table.pk}/abort", {},
                           content_type="application/json",
                           headers={"Authorization": f"Bearer {secret}",
                                    "Accept-Language": "en"})

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "too_many_aborts"
    assert body["message"].endswith("; until then, you may resign.")
    assert table.current_game().status == "playing"


def test_a_player_s_page_shows_their_aborts_of_the_last_30_days(client, alice, bob):
    old, *recent = aborted_with(alice, bob, 3)
    hours_ago([old], 31 * 24)
    do_abort(do_play_now(alice, "all-fours"), alice)  # against bots: not counted

    section = aborts_section(client.get("/joueurs/alice/").content.decode())

    assert "2 parties annulées ces 30 derniers jours" in words_of(section)
    assert "(on peut en annuler 3 par 24 heures)" in words_of(section)
    assert all(f'href="/jouer/parties/{game.pk}/"' in section for game in recent)
    assert f'href="/jouer/parties/{old.pk}/"' not in section
    assert "Aucune partie annulée ces 30 derniers jours" in words_of(
        aborts_section(client.get("/joueurs/bob/").content.decode()))


def aborts_section(page) -> str:
    return re.search(r'<div class="player-aborts" id="aborts">.*?</div>', page, re.S).group(0)


def words_of(html) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
