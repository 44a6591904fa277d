"""A player's ways out of a game (resign, abort, leave a practice game) and absence
(timeouts, the bot standing in, "Je reviens", the correspondence reminder)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play.actions import (
    ServiceError,
    do_abort,
    do_act,
    do_add_bot,
    do_come_back,
    do_create_table,
    do_join,
    do_leave,
    do_play_now,
    do_resign,
    do_timeout,
)
from play.clock.scheduler import run_due
from play.models import Game, Seat
from play.presentation.messages import say
from tests.play.test_services import chained_game  # noqa: F401 (a fixture)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


def started_table(alice, bob, **kwargs):
    """An Ascenseur table: alice at 0, bob at 1, a bot at 2; dealt."""
    table = do_create_table(alice, "ascenseur", seat_count=3, **kwargs)
    do_join(table, bob)
    do_add_bot(table, alice)
    table.refresh_from_db()
    return table


def advance_to(table, position, users, moves_first=0):
    """Play (players: their first legal move; bots: the scheduler) until ``position`` is to
    act; returns that game."""
    for _ in range(300):
        game = table.current_game()
        assert game.status == "playing", "the game ended before that seat's turn"
        if game.actor == position and moves_first <= 0:
            return game
        user = users.get(game.actor)
        seat = Seat.objects.get(table=table, position=game.actor)
        if user is not None and not seat.sitting_out:
            do_act(game, user, table.engine.legal_actions(game.state)[0], game.version)
            if game.actor == position:
                moves_first -= 1
        else:
            assert run_due(timezone.now() + timedelta(seconds=1)), "nothing was due"
    raise AssertionError("that seat never got the turn")


def log_of(game, lang="fr"):
    from django.utils import translation

    names = [p.display_name for p in game.participants.order_by("position")]
    with translation.override(lang):
        return [say(game.table.game_slug, m, names)
                for m in game.actions.order_by("seq").values_list("message", flat=True)]


def time_runs_out(game):
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert do_timeout(game.pk) is not None


# ----- abort -------------------------------------------------------------------------


def test_abort_before_the_second_move_leaves_no_result(alice, bob):
    table = started_table(alice, bob)
    game = advance_to(table, 0, {0: alice, 1: bob}, moves_first=1)
    assert game.moves.get("0") == 1

    do_abort(table, alice)

    game.refresh_from_db()
    table.refresh_from_db()
    assert (game.status, game.ending, game.result) == ("finished", "aborted", None)
    assert game.deadline is None and game.bot_due_at is None
    assert table.status == "finished"
    assert log_of(game)[-1] == "Partie annulée par Alice."
    assert log_of(game, "en")[-1] == "Game aborted by Alice."


def test_abort_is_refused_after_the_second_move_and_changes_nothing(alice, bob):
    table = started_table(alice, bob)
    advance_to(table, 1, {0: alice, 1: bob}, moves_first=2)
    game = table.current_game()
    assert game.moves.get("1") == 2
    version = game.version

    with pytest.raises(ServiceError) as refusal:
        do_abort(table, bob)

    assert refusal.value.code == "too_late"
    game.refresh_from_db()
    assert (game.status, game.ending, game.version) == ("playing", "", version)


def test_abort_and_resign_are_refused_to_a_spectator_and_after_the_game(alice, bob, charlie):
    table = started_table(alice, bob)
    with pytest.raises(ServiceError) as refusal:
        do_resign(table, charlie)
    assert refusal.value.code == "not_seated"
    do_resign(table, alice)
    with pytest.raises(ServiceError) as refusal:
        do_abort(table, bob)
    assert refusal.value.code == "game_over"


# ----- resign ------------------------------------------------------------------------


def test_resign_ends_the_game_with_the_other_seats_as_winners(alice, bob):
    table = started_table(alice, bob)

    do_resign(table, bob)

    game = table.current_game()
    table.refresh_from_db()
    assert (game.status, game.ending) == ("finished", "resigned")
    assert game.result["resigned"] == [1]
    assert game.result["winners"] == [0, 2]
    assert table.status == "finished"
    assert log_of(game)[-1] == "Bob abandonne."
    action = game.actions.order_by("-seq").first()
    assert (action.source, action.seat, action.action) == ("platform", 1,
                                                           {"type": "platform.resigned"})


def test_a_partnership_resignation_concedes_for_the_side(alice, bob):
    table = do_create_table(alice, "all-fours", seat_count=4)
    do_join(table, bob)
    do_add_bot(table, alice)
    do_add_bot(table, alice)

    do_resign(table, alice)

    game = table.current_game()
    assert game.ending == "resigned"
    assert game.result["resigned"] == [0, 2]  # alice and her partner facing her
    assert game.result["winners"] == [1, 3]


def test_the_archive_of_a_resigned_game_replays_without_the_platform_line(alice, bob, client):
    table = started_table(alice, bob)
    game = advance_to(table, 0, {0: alice, 1: bob}, moves_first=1)
    do_resign(table, alice)
    client.force_login(alice)

    response = client.get(f"/jouer/parties/{game.pk}/")

    assert response.status_code == 200
    assert "Alice abandonne." in response.content.decode()


# ----- leave a practice game ---------------------------------------------------------


def test_leaving_a_practice_game_aborts_it(alice):
    table = do_play_now(alice, "ascenseur")
    game = table.current_game()
    assert game.status == "playing"

    do_leave(table, alice)

    game.refresh_from_db()
    table.refresh_from_db()
    assert (game.status, game.ending, game.result) == ("finished", "aborted", None)
    assert table.status == "closed"
    assert game.deadline is None and game.bot_due_at is None


def test_leaving_a_game_with_another_human_hands_the_seat_to_the_bot(alice, bob):
    table = started_table(alice, bob)

    do_leave(table, bob)

    game = table.current_game()
    assert game.status == "playing" and game.ending == ""
    assert Seat.objects.get(table=table, user=bob).sitting_out


# ----- absence -----------------------------------------------------------------------


def test_the_timeout_log_line_says_time_ran_out(alice, bob):
    table = started_table(alice, bob)
    game = advance_to(table, 0, {0: alice, 1: bob})

    time_runs_out(game)

    game.refresh_from_db()
    line = log_of(game)[game.actions.get(source="timer").seq - 1]
    assert line.startswith("Temps écoulé : Alice ")
    assert "automate" not in line  # one timeout: not absent yet
    seat = Seat.objects.get(table=table, position=0)
    assert (seat.timeouts, seat.sitting_out) == (1, False)


def test_two_timeouts_mark_the_seat_absent_and_the_bot_plays_at_once(alice, bob):
    table = started_table(alice, bob)
    users = {0: alice, 1: bob}
    time_runs_out(advance_to(table, 0, users))
    time_runs_out(advance_to(table, 0, users))

    seat = Seat.objects.get(table=table, position=0)
    assert seat.sitting_out and seat.timeouts == 2
    game = table.current_game()
    assert "Alice ne répond plus : un automate joue à sa place" in log_of(game)[-1] or any(
        "Alice ne répond plus" in line for line in log_of(game))

    # her next turn is the bot's at once, not after her clock
    game = advance_to(table, 0, users)
    assert game.bot_due_at is not None and game.deadline is None
    run_due(timezone.now() + timedelta(seconds=1))
    assert game.actions.filter(seat=0, source="bot").exists()


def test_a_move_of_the_player_resets_the_timeouts(alice, bob):
    table = started_table(alice, bob)
    users = {0: alice, 1: bob}
    time_runs_out(advance_to(table, 0, users))
    game = advance_to(table, 0, users)
    do_act(game, alice, table.engine.legal_actions(game.state)[0], game.version)
    time_runs_out(advance_to(table, 0, users))

    seat = Seat.objects.get(table=table, position=0)
    assert (seat.timeouts, seat.sitting_out) == (1, False)


def test_je_reviens_gives_the_seat_back(alice, bob):
    table = started_table(alice, bob)
    users = {0: alice, 1: bob}
    time_runs_out(advance_to(table, 0, users))
    time_runs_out(advance_to(table, 0, users))

    with pytest.raises(ServiceError) as refusal:
        do_come_back(table, bob)
    assert refusal.value.code == "not_absent"

    game = do_come_back(table, alice)

    seat = Seat.objects.get(table=table, position=0)
    assert (seat.sitting_out, seat.timeouts) == (False, 0)
    assert log_of(game)[-1] == "Alice est de retour et reprend sa place."
    game = advance_to(table, 0, users)
    assert game.deadline is not None and game.bot_due_at is None


def test_a_correspondence_timeout_hands_the_move_to_the_bot(alice, bob):
    table = started_table(alice, bob, pace="correspondence", move_seconds=86400)
    game = advance_to(table, 0, {0: alice, 1: bob})

    time_runs_out(game)

    seat = Seat.objects.get(table=table, position=0)
    assert seat.sitting_out
    timed_out = game.actions.get(source="timer")
    assert "Alice ne répond plus" in log_of(game)[timed_out.seq - 1]


def test_a_correspondence_reminder_email_is_sent_once(alice, bob, mailoutbox,
                                                      django_capture_on_commit_callbacks):
    bob.notify_your_turn = bob.notify_by_email = True
    bob.save()
    table = started_table(alice, bob, pace="correspondence", move_seconds=2 * 86400)
    game = advance_to(table, 1, {0: alice, 1: bob})
    assert game.remind_at == game.deadline - timedelta(hours=12)
    mailoutbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        run_due(game.remind_at - timedelta(seconds=1))
    assert mailoutbox == []
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            run_due(game.remind_at + timedelta(seconds=1))

    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == [bob.email]
    assert "quart" in mailoutbox[0].subject
    game.refresh_from_db()
    assert game.remind_at is None and game.status == "playing"


# ----- the table page ----------------------------------------------------------------


def test_resigning_on_the_page_needs_its_confirmation(alice, bob, client):
    table = started_table(alice, bob)
    client.force_login(bob)
    page = client.get(f"/jouer/tables/{table.pk}/").content.decode().replace("&#x27;", "'")
    # One menu of the ways out, each behind its confirmation (popovers).
    assert page.count('class="game-menu__button"') == 1
    assert "Abandonner la partie ?" in page and "Oui, abandonner" in page
    assert "Annuler la partie ?" in page

    response = client.post(f"/jouer/tables/{table.pk}/abandonner/", follow=True)
    assert "Confirmez l'abandon" in response.content.decode().replace("&#x27;", "'")
    assert table.current_game().status == "playing"

    client.post(f"/jouer/tables/{table.pk}/abandonner/", {"confirm": "1"})
    game = table.current_game()
    assert (game.status, game.ending, game.result["winners"]) == ("finished", "resigned", [0, 2])


def test_an_absent_player_sees_je_reviens_and_gets_the_seat_back(alice, bob, client):
    table = started_table(alice, bob)
    Seat.objects.filter(table=table, user=alice).update(sitting_out=True)
    client.force_login(alice)
    assert "Je reviens" in client.get(f"/jouer/tables/{table.pk}/").content.decode()

    response = client.post(f"/jouer/tables/{table.pk}/je-reviens/", follow=True)

    assert "Vous voilà de retour" in response.content.decode()
    assert not Seat.objects.get(table=table, user=alice).sitting_out
    assert "Je reviens" not in client.get(f"/jouer/tables/{table.pk}/").content.decode()


def test_the_page_of_an_aborted_game_says_so(alice, bob, client):
    table = started_table(alice, bob)
    client.force_login(alice)
    client.post(f"/jouer/tables/{table.pk}/annuler/")

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert "Partie annulée : pas de résultat." in page
    assert "Partie annulée par Alice." in page


def test_resigning_at_a_chained_table_ends_its_session(alice, bob, chained_game):  # noqa: F811
    table = do_create_table(alice, "fake-chained", seat_count=2)
    do_join(table, bob)

    do_resign(table, bob)

    table.refresh_from_db()
    assert table.status == "finished"
    assert table.games.count() == 1  # no next hand dealt
    assert table.current_game().result["winners"] == [0]
