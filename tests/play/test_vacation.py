"""Vacation (play/actions/vacation.py): a player's correspondence clocks stop for the days
they took, the clock never plays for them meanwhile, the time left resumes at the end (or
when they end it early); the days a year are counted; bad requests change nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from play.actions import ServiceError, do_act, do_create_table, do_join
from play.actions.vacation import (
    VACATION_DAYS_PER_YEAR,
    days_used,
    do_begin_vacations,
    do_end_vacation,
    do_take_vacation,
)
from play.clock.scheduler import run_due
from play.models import Action, Game, Vacation

DAY = timedelta(days=1)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def waiting_on(player, alice, bob, pace="correspondence", days=3):
    """A two-seat All-fours game between alice and bob where ``player`` is to act."""
    table = do_create_table(alice, "all-fours", seat_count=2, pace=pace,
                            move_seconds=days * 86400 if pace == "correspondence" else 60)
    do_join(table, bob)
    by_position = {0: alice, 1: bob}
    game = table.current_game()
    while by_position[game.actor] != player:
        do_act(game.pk, by_position[game.actor], table.engine.legal_actions(game.state)[0],
               game.version)
        game = table.current_game()
    return game


def refused(code, call, *args, **kwargs):
    with pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code, caught.value.code
    return caught.value


def test_a_vacation_pushes_back_my_correspondence_deadline_by_its_days(alice, bob):
    game = waiting_on(alice, alice, bob)
    now = timezone.now()
    left = game.deadline - now

    vacation = do_take_vacation(alice, 10, now=now)

    game.refresh_from_db()
    assert vacation.ends_at == now + 10 * DAY
    assert abs(game.deadline - (vacation.ends_at + left)) < timedelta(seconds=1)
    assert game.vacation_id == vacation.pk
    do_begin_vacations(now + DAY)  # the scheduler's pass pushes nothing twice
    game.refresh_from_db()
    assert abs(game.deadline - (vacation.ends_at + left)) < timedelta(seconds=1)


def test_the_clock_never_plays_for_a_player_on_vacation(alice, bob):
    game = waiting_on(alice, alice, bob)
    version = game.version
    now = timezone.now()
    # A vacation planned for tomorrow, whose start the scheduler has not applied yet,
    # while alice's deadline falls in it.
    do_take_vacation(alice, 5, start=timezone.localdate(now) + DAY, now=now)
    vacation = Vacation.objects.get(user=alice)
    left = game.deadline - vacation.starts_at

    assert run_due(now=game.deadline + timedelta(seconds=1)) == []

    game.refresh_from_db()
    assert game.version == version
    assert not Action.objects.filter(game=game, source="timer").exists()
    assert abs(game.deadline - (vacation.ends_at + left)) < timedelta(seconds=1)
    # After the vacation, the time left runs out and the clock plays.
    assert game.pk in run_due(now=game.deadline + timedelta(seconds=1))


def test_a_turn_given_during_my_vacation_starts_its_clock_when_it_ends(alice, bob):
    game = waiting_on(bob, alice, bob)
    vacation = do_take_vacation(alice, 7)
    while game.actor == 1:
        do_act(game.pk, bob, game.table.engine.legal_actions(game.state)[0], game.version)
        game = Game.objects.get(pk=game.pk)
    assert game.actor == 0  # alice's turn

    assert game.deadline == vacation.ends_at + 3 * DAY
    assert game.vacation_id == vacation.pk


def test_ending_a_vacation_early_resumes_the_time_that_was_left(alice, bob):
    game = waiting_on(alice, alice, bob)
    now = timezone.now()
    left = game.deadline - now
    do_take_vacation(alice, 10, now=now)

    later = now + 2 * DAY
    ended = do_end_vacation(alice, now=later)

    game.refresh_from_db()
    assert ended.ends_at == later
    assert abs(game.deadline - (later + left)) < timedelta(seconds=1)
    assert game.vacation_id is None
    assert days_used(alice, timezone.localdate(now).year) == 2


def test_live_tables_are_not_affected(alice, bob):
    game = waiting_on(alice, alice, bob, pace="live")
    deadline = game.deadline
    do_take_vacation(alice, 3)
    game.refresh_from_db()
    assert game.deadline == deadline


def test_the_days_of_a_year_are_limited_and_a_refusal_changes_nothing(alice):
    error = refused("too_many_vacation_days", do_take_vacation, alice,
                    VACATION_DAYS_PER_YEAR + 1)
    assert f"il vous reste {VACATION_DAYS_PER_YEAR} jours" in error.message()
    refused("too_many_vacation_days", do_take_vacation, alice, 0)
    assert not Vacation.objects.exists()
    now = timezone.now()
    do_take_vacation(alice, 20, now=now)
    do_end_vacation(alice, now=now + 20 * DAY - timedelta(hours=1))
    # 20 days used (the last begun counts): 10 left this year.
    if timezone.localdate(now + 21 * DAY).year == timezone.localdate(now).year:
        refused("too_many_vacation_days", do_take_vacation, alice, 11, now=now + 21 * DAY)


def test_overlapping_past_and_missing_vacations_are_refused(alice):
    now = timezone.now()
    today = timezone.localdate(now)
    refused("vacation_in_past", do_take_vacation, alice, 3, start=today - DAY, now=now)
    refused("vacation_in_past", do_take_vacation, alice, 3, start=today + 400 * DAY, now=now)
    refused("not_on_vacation", do_end_vacation, alice, now=now)
    do_take_vacation(alice, 3, start=today + 5 * DAY, now=now)
    refused("vacation_overlap", do_take_vacation, alice, 2, now=now)
    assert Vacation.objects.count() == 1
    # A planned vacation ended before it begins is cancelled: its days come back.
    do_end_vacation(alice, now=now)
    assert not Vacation.objects.exists()


def test_a_guest_takes_no_vacation(db):
    from play.actions import do_create_guest
    guest = do_create_guest()
    refused("account_required", do_take_vacation, guest, 3)


def test_the_profile_takes_and_ends_a_vacation_and_opponents_see_it(client, alice, bob):
    game = waiting_on(alice, alice, bob)
    client.force_login(alice)
    profile = client.get("/compte/profil/").content.decode()
    assert "Partir en vacances" in profile and "Il vous reste 30 jours cette année." in profile

    answer = client.post("/jouer/vacances/", {"days": "5", "start": ""}, follow=True)
    assert "Vacances enregistrées jusqu" in answer.content.decode()
    assert "En vacances jusqu" in answer.content.decode()
    client.force_login(bob)
    assert "En vacances jusqu" in client.get(f"/joueurs/{alice.username}/").content.decode()
    table = client.get(f"/jouer/tables/{game.table_id}/").content.decode()
    assert "Alice est en vacances jusqu" in table

    client.force_login(alice)
    answer = client.post("/jouer/vacances/", {"days": "3"}, follow=True)
    assert "déjà des vacances" in answer.content.decode()
    answer = client.post("/jouer/vacances/fin/", follow=True)
    assert "Vacances terminées" in answer.content.decode()
    assert not Vacation.objects.filter(ends_at__gt=timezone.now()).exists()
    answer = client.post("/jouer/vacances/", {"days": "99"}, follow=True)
    assert Vacation.objects.count() == 1  # refused, nothing changed
