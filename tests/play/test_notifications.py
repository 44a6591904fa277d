"""The "À vous de jouer" e-mail: once per turn, only to away players who asked for it."""

from datetime import timedelta

import pytest

from play.actions import do_act, do_create_table, do_join
from play.clock.notifications import send_turn_email_now
from play.clock.scheduler import run_due
from play.models import Seat, TurnNotification
from tests.play.presence import seat_sockets_open


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    # The mail goes through the tasks framework; run the task at once here.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


@pytest.fixture
def charlie_wants_mail(charlie):
    charlie.notify_your_turn = True
    charlie.notify_by_email = True
    charlie.save()
    return charlie


@pytest.fixture
def bob_wants_mail(bob):
    bob.notify_your_turn = True
    bob.notify_by_email = True
    bob.preferred_language = "en"
    bob.save()
    return bob


def correspondence_table(alice, bob, charlie, django_capture_on_commit_callbacks):
    """alice, bob, charlie at a correspondence table, dealt (mails sent on commit)."""
    with django_capture_on_commit_callbacks(execute=True):
        table = do_create_table(alice, "ascenseur", seat_count=3, pace="correspondence",
                                move_seconds=3 * 86400, name="Chez Alice")
        do_join(table, bob)
        do_join(table, charlie)
    return table


def users_by_seat(table):
    return {s.position: s.user for s in table.seats.select_related("user")}


def test_the_first_player_away_gets_one_mail(alice, bob_wants_mail, charlie_wants_mail,
                                             mailoutbox, django_capture_on_commit_callbacks):
    table = correspondence_table(alice, bob_wants_mail, charlie_wants_mail,
                                 django_capture_on_commit_callbacks)
    game = table.current_game()
    actor = users_by_seat(table)[game.actor]

    if actor == alice:  # alice did not ask for mails
        assert mailoutbox == []
        return
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == [actor.email]
    assert "Chez Alice" in mail.subject
    assert ("Your turn" if actor.preferred_language == "en" else "À vous de jouer") in mail.subject
    assert "/jouer/tables/" in mail.body
    # The same turn never mails twice.
    assert send_turn_email_now(game.pk, game.actor, game.version) is False
    assert len(mailoutbox) == 1
    assert TurnNotification.objects.filter(game=game).count() == 1


def test_each_new_turn_mails_the_player_whose_turn_starts(alice, bob_wants_mail,
                                                          charlie_wants_mail, mailoutbox,
                                                          django_capture_on_commit_callbacks):
    alice.notify_by_email = True
    alice.save()
    table = correspondence_table(alice, bob_wants_mail, charlie_wants_mail,
                                 django_capture_on_commit_callbacks)
    seats = users_by_seat(table)

    for _ in range(3):
        game = table.current_game()
        user = seats[game.actor]
        with django_capture_on_commit_callbacks(execute=True):
            do_act(game, user, table.engine.legal_actions(game.state)[0], game.version)

    assert len(mailoutbox) == 4  # the first turn and the three that followed
    assert TurnNotification.objects.count() == 4


def test_no_mail_to_a_connected_player(alice, bob_wants_mail, charlie_wants_mail, mailoutbox,
                                       django_capture_on_commit_callbacks):
    alice.notify_by_email = True
    alice.save()
    table = correspondence_table(alice, bob_wants_mail, charlie_wants_mail,
                                 django_capture_on_commit_callbacks)
    mailoutbox.clear()
    seat_sockets_open(Seat.objects.filter(table=table))
    game = table.current_game()

    with django_capture_on_commit_callbacks(execute=True):
        do_act(game, users_by_seat(table)[game.actor], table.engine.legal_actions(game.state)[0],
               game.version)

    assert mailoutbox == []


def test_no_mail_to_a_player_who_opted_out(alice, bob, charlie, mailoutbox,
                                           django_capture_on_commit_callbacks):
    for user in (alice, bob, charlie):
        user.notify_your_turn = False
        user.notify_by_email = True
        user.save()
    table = correspondence_table(alice, bob, charlie, django_capture_on_commit_callbacks)
    for _ in range(3):
        game = table.current_game()
        with django_capture_on_commit_callbacks(execute=True):
            do_act(game, users_by_seat(table)[game.actor],
                   table.engine.legal_actions(game.state)[0], game.version)

    assert mailoutbox == []


def test_a_mail_for_a_turn_already_played_is_not_sent(alice, bob_wants_mail, charlie_wants_mail,
                                                      mailoutbox,
                                                      django_capture_on_commit_callbacks):
    table = do_create_table(alice, "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=86400)
    do_join(table, bob_wants_mail)
    do_join(table, charlie_wants_mail)  # callbacks not run: no mail queued
    game = table.current_game()
    version, actor = game.version, game.actor
    do_act(game, users_by_seat(table)[actor], table.engine.legal_actions(game.state)[0], version)

    assert send_turn_email_now(game.pk, actor, version) is False
    assert mailoutbox == []


def test_a_timeout_that_hands_the_turn_on_mails_the_next_player(
    alice, bob_wants_mail, charlie_wants_mail, mailoutbox, django_capture_on_commit_callbacks
):
    alice.notify_by_email = True
    alice.save()
    table = correspondence_table(alice, bob_wants_mail, charlie_wants_mail,
                                 django_capture_on_commit_callbacks)
    game = table.current_game()
    sent = len(mailoutbox)

    with django_capture_on_commit_callbacks(execute=True):
        run_due(now=game.deadline + timedelta(seconds=1))

    assert len(mailoutbox) == sent + 1
