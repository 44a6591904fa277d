"""The daily digest (notices/digest.py): what it lists, once a day, nothing when nothing,
its one-click unsubscribe, its language, and who runs it (the scheduler, the command)."""

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import timezone

from notices.digest import queue_digests
from notices.interface import notify
from notices.models import DigestDay, Notice
from play.actions import do_act, do_create_table, do_join
from play.clock import scheduler
from play.models import Table

pytestmark = pytest.mark.django_db

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture(autouse=True)
def _immediate_tasks(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.NOTICES_DIGEST_HOUR = 7


@pytest.fixture
def digest_on(alice):
    alice.email_digest = True
    # Only the digest: the other mails off, so that the outbox holds digests only.
    alice.notify_your_turn = alice.email_challenge = alice.email_paired = False
    alice.email_game_over = False
    alice.save()
    return alice


def waiting_on(player, opponent, name="Chez Bob"):
    """A correspondence table where it is ``player``'s turn."""
    table = do_create_table(opponent, "all-fours", seat_count=2, visibility="public",
                            pace="correspondence", move_seconds=2 * 86400, name=name)
    do_join(table, player)
    table = Table.objects.get(pk=table.pk)
    for _ in range(10):
        game = table.current_game()
        if game.table.seats.get(position=game.actor).user == player:
            return table
        do_act(game, opponent, table.engine.default_action(game.state), game.version)
    raise AssertionError("the turn never came to the player")


def kept(user, kind, when=None, **data):
    with transaction.atomic():
        notice = notify(user.pk, kind, url="/jouer/defis/", **data)
    if when is not None:
        Notice.objects.filter(pk=notice.pk).update(created_at=when)
    return notice


def at(hour, day=1):
    return datetime(2031, 5, day, hour, 0, tzinfo=PARIS)


def test_the_digest_lists_the_games_waiting_and_the_unread_notices_of_the_day(
        digest_on, bob, charlie, mailoutbox):
    table = waiting_on(digest_on, bob)
    kept(digest_on, "challenge", from_name="Charlie")
    kept(digest_on, "paired", when=timezone.now() - timedelta(days=2), table_name="Vieille")
    kept(digest_on, "your_turn", table_name="Chez Bob")  # the games list says it
    mailoutbox.clear()
    call_command("send_digests")
    [mail] = mailoutbox
    assert mail.to == [digest_on.email]
    assert mail.subject == "Votre résumé : une partie vous attend"
    assert re.search(r"« Chez Bob » \(All-fours\), contre Bob : il vous reste 1\sjour", mail.body)
    assert f"{table.get_absolute_url()}\n" in mail.body
    assert "Charlie vous défie." in mail.body
    assert "Vieille" not in mail.body  # older than a day
    assert "À vous de jouer à la table" not in mail.body


def test_nothing_is_sent_when_nothing_waits(digest_on, bob, mailoutbox):
    kept(digest_on, "game_over", when=timezone.now() - timedelta(days=2), table_name="Hier")
    read = kept(digest_on, "paired", table_name="Lue")
    Notice.objects.filter(pk=read.pk).update(read_at=timezone.now())
    mailoutbox.clear()
    call_command("send_digests")
    assert mailoutbox == []


def test_a_player_gets_one_digest_a_day_however_often_it_runs(digest_on, bob, mailoutbox):
    waiting_on(digest_on, bob)
    mailoutbox.clear()
    assert queue_digests(at(6, day=1)) is None  # before the hour
    assert mailoutbox == []
    assert queue_digests(at(7, day=1)) == 1
    assert queue_digests(at(9, day=1)) is None  # the day is claimed
    assert DigestDay.objects.get(day=at(7).date()).players == 1
    assert len(mailoutbox) == 1
    assert queue_digests(at(7, day=2)) == 1  # the next day, another
    assert len(mailoutbox) == 2


def test_sending_a_days_digest_twice_mails_once(digest_on, bob, mailoutbox):
    waiting_on(digest_on, bob)
    mailoutbox.clear()
    call_command("send_digests")
    call_command("send_digests")
    call_command("send_digests", user=digest_on.username)
    assert len(mailoutbox) == 1


def test_only_the_players_who_asked_get_a_digest(digest_on, bob, mailoutbox):
    waiting_on(bob, digest_on)
    assert not bob.email_digest
    mailoutbox.clear()
    call_command("send_digests")
    assert mailoutbox == []  # alice asked but nothing waits on her; bob did not ask


def test_the_scheduler_queues_the_digest_at_its_hour(digest_on, bob, mailoutbox):
    waiting_on(digest_on, bob)
    mailoutbox.clear()
    job = scheduler.Periodic("daily digest", scheduler.DIGEST_EVERY, scheduler.daily_digest.job)
    job.run_if_due(at(8))
    assert [m.to for m in mailoutbox] == [[digest_on.email]]


def test_the_digest_unsubscribes_in_one_click_and_turns_it_off(digest_on, bob, mailoutbox):
    waiting_on(digest_on, bob)
    mailoutbox.clear()
    call_command("send_digests")
    [mail] = mailoutbox
    assert mail.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    url = re.match(r"<(https?://[^>]+)>", mail.extra_headers["List-Unsubscribe"]).group(1)
    assert url in mail.body
    path = url.split("://", 1)[1].split("/", 1)[1]
    assert Client(enforce_csrf_checks=True).post(f"/{path}").status_code == 200
    digest_on.refresh_from_db()
    assert not digest_on.email_digest and digest_on.notify_by_email


def test_the_digest_speaks_the_players_language(digest_on, bob, mailoutbox):
    digest_on.preferred_language = "en"
    digest_on.save()
    waiting_on(digest_on, bob)
    kept(digest_on, "challenge", from_name="Charlie")
    mailoutbox.clear()
    call_command("send_digests")
    [mail] = mailoutbox
    assert mail.subject == "Your digest: one game is waiting for you"
    assert re.search(r"against Bob: 1\sday", mail.body)
    assert "Charlie challenges you." in mail.body
