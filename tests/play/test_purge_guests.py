"""Guests idle for a week are deleted, with their practice tables, by `purge_guests`, which
the move scheduler's loop runs every hour; nobody else's games lose anything."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from accounts.guests import GUEST_DAYS
from play.actions import do_create_guest, do_play_now, do_purge_guests
from play.clock import scheduler
from play.models import Action, Game, Participant, Seat, Table

User = get_user_model()


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def guest_last_seen(days_ago):
    """A guest with a practice game, whose arrival, seat and moves are ``days_ago`` old."""
    guest = do_create_guest()
    table = do_play_now(guest, "ascenseur")
    then = timezone.now() - timedelta(days=days_ago)
    User.objects.filter(pk=guest.pk).update(date_joined=then, last_login=then)
    Seat.objects.filter(table=table).update(joined_at=then)
    Action.objects.filter(game__table=table).update(created_at=then)
    return guest, table


def test_the_purge_removes_the_guests_idle_for_a_week_only(alice):
    idle, idle_table = guest_last_seen(GUEST_DAYS + 1)
    recent, recent_table = guest_last_seen(GUEST_DAYS - 1)
    alice_table = do_play_now(alice, "ascenseur")
    User.objects.filter(pk=alice.pk).update(date_joined=timezone.now() - timedelta(days=400))

    assert do_purge_guests() == 1

    assert not User.objects.filter(pk=idle.pk).exists()
    assert not Table.objects.filter(pk=idle_table.pk).exists()
    assert not Game.objects.filter(table_id=idle_table.pk).exists()
    assert User.objects.filter(pk=recent.pk).exists()
    assert Table.objects.filter(pk=recent_table.pk).exists()
    assert User.objects.filter(pk=alice.pk).exists()
    assert Table.objects.filter(pk=alice_table.pk).exists()


def test_a_move_keeps_an_old_guest(db):
    guest, table = guest_last_seen(GUEST_DAYS + 3)
    last = Action.objects.filter(game__table=table).order_by("-seq").first()
    Action.objects.filter(pk=last.pk).update(user=guest, created_at=timezone.now())

    assert do_purge_guests() == 0
    assert User.objects.filter(pk=guest.pk).exists()


def test_the_purge_leaves_other_players_archives_whole(alice):
    """A table a guest shared with a player (made by hand: the services never seat a guest
    with people) keeps its game; the guest's seat in the archive keeps its name."""
    guest, _ = guest_last_seen(GUEST_DAYS + 1)
    shared = do_play_now(alice, "ascenseur")
    game = shared.games.get()
    bot_seat = shared.seats.exclude(bot="").first()
    Participant.objects.filter(game=game, position=bot_seat.position).update(
        user=guest, bot="", name=guest.public_name)
    name = guest.public_name

    do_purge_guests()

    assert not User.objects.filter(pk=guest.pk).exists()
    assert Game.objects.filter(pk=game.pk).exists()
    kept = Participant.objects.get(game=game, position=bot_seat.position)
    assert kept.user is None and kept.name == name
    assert Seat.objects.filter(table=shared, user=alice).exists()


def test_the_purge_command_deletes_the_idle_guests(db, capsys):
    guest_last_seen(GUEST_DAYS + 1)
    guest_last_seen(GUEST_DAYS + 2)

    call_command("purge_guests")

    assert not User.objects.filter(is_guest=True).exists()
    assert "2 guest(s) deleted" in capsys.readouterr().out


def test_the_scheduler_loop_purges_once_an_hour(db, monkeypatch):
    monkeypatch.setattr(scheduler.guest_purge, "last", None)
    guest_last_seen(GUEST_DAYS + 1)
    now = timezone.now()

    scheduler.guest_purge.run_if_due(now)
    assert not User.objects.filter(is_guest=True).exists()

    guest_last_seen(GUEST_DAYS + 1)
    scheduler.guest_purge.run_if_due(now + timedelta(minutes=30))
    assert User.objects.filter(is_guest=True).count() == 1
    scheduler.guest_purge.run_if_due(now + timedelta(hours=1))
    assert not User.objects.filter(is_guest=True).exists()
