"""Who is connected is read from live sockets: a row per open socket, kept alive by its
process's heartbeat, gone in a ``finally``, expired when its process dies without a word,
swept by the scheduler's loop (play/actions/presence.py)."""

import asyncio
import contextlib
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from play import queries
from play.actions import do_act, do_connect, do_heartbeat, do_sweep_presence
from play.actions.presence import presence_seconds
from play.clock.scheduler import run_due
from play.models import Presence
from play.queries import load_snapshot
from tests.play.test_consumers import in_loop, make_table, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    # The turn e-mail goes through the tasks framework: sent at once here.
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


def wants_mail(user):
    user.notify_your_turn = True
    user.notify_by_email = True
    user.save()


def seating(message):
    return {p["position"]: p["connected"] for p in message.get("view", message)["seating"]}


def connected(table):
    return seating(
        {"seating": queries.players(table, load_snapshot(table.pk).seats)}
    )


def play_until_a_new_turn_of(table, users, position):
    """The players (``users`` by position) and the bot play, at least one move, until the
    seat at ``position`` is to act."""
    for moves in range(30):
        game = table.current_game()
        if moves and game.actor == position:
            return game
        if game.bot_due_at is not None:
            run_due()
        else:
            user = users[game.actor]
            do_act(game.pk, user, table.engine.legal_actions(game.state)[0], game.version)
    raise AssertionError("that seat never came to act")


def mails_to(mailoutbox, user):
    return [mail for mail in mailoutbox if mail.to == [user.email]]


@in_loop
async def test_a_socket_killed_without_disconnect_is_offline_after_the_expiry_and_mailed(
    alice, bob, mailoutbox
):
    bob.notify_by_email = False  # he turns the e-mails on once seated
    await database_sync_to_async(bob.save)()
    table = await database_sync_to_async(make_table)(alice, bob)
    # bob's socket, on a server process that will be killed: its row, never closed
    await database_sync_to_async(do_connect)(table.pk, bob, "specific.killed!1")
    await database_sync_to_async(wants_mail)(bob)
    await database_sync_to_async(play_until_a_new_turn_of)(table, {0: alice, 1: bob}, 1)
    assert mails_to(mailoutbox, bob) == []  # his turn began while he looked connected
    watcher = await open_socket(alice, table.pk)
    assert seating(await next_of(watcher, "state"))[1] is True

    # Time passes beyond bob's row's expiry: alice's process beats for her socket, bob's
    # is dead; then the worker's loop sweeps.
    now, ttl = timezone.now(), timedelta(seconds=presence_seconds())
    alice_rows = await database_sync_to_async(
        lambda: list(Presence.objects.filter(seat__user=alice).values_list("pk", flat=True)))()
    assert await database_sync_to_async(do_heartbeat)(alice_rows, now + ttl / 2) == set()
    assert await database_sync_to_async(do_sweep_presence)(now + ttl + timedelta(seconds=1)) == 1

    assert seating(await next_of(watcher, "presence"))[1] is False
    assert (await database_sync_to_async(connected)(table))[1] is False
    mails = mails_to(mailoutbox, bob)
    assert len(mails) == 1 and "/jouer/tables/" in mails[0].body
    assert (await database_sync_to_async(Presence.objects.count)()) == 1  # alice's own
    await watcher.disconnect()


def test_an_expired_row_counts_for_nobody_even_before_the_sweep(alice, bob, settings):
    settings.PLAY_PRESENCE_SECONDS = 0.2
    table = make_table(alice, bob)
    do_connect(table.pk, bob, "specific.killed!1")
    assert connected(table)[1] is True
    assert queries.count_online() == 1

    time.sleep(0.3)  # no heartbeat: the row expires

    assert Presence.objects.count() == 1  # not swept yet
    assert connected(table)[1] is False
    assert queries.count_online() == 0


@in_loop
async def test_the_heartbeat_keeps_an_open_socket_present_past_the_expiry(alice, bob,
                                                                          settings):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.1
    settings.PLAY_PRESENCE_SECONDS = 0.4
    table = await database_sync_to_async(make_table)(alice, bob)
    socket = await open_socket(bob, table.pk)
    await next_of(socket, "state")

    await asyncio.sleep(1.0)  # more than twice the expiry

    assert (await database_sync_to_async(connected)(table))[1] is True
    await socket.disconnect()
    assert (await database_sync_to_async(Presence.objects.count)()) == 0


@in_loop
async def test_a_socket_whose_row_was_swept_while_it_lived_counts_again(alice, bob, settings):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.1
    table = await database_sync_to_async(make_table)(alice, bob)
    alice_socket = await open_socket(alice, table.pk)
    await next_of(alice_socket, "state")
    bob_socket = await open_socket(bob, table.pk)
    await next_of(bob_socket, "state")
    assert seating(await next_of(alice_socket, "presence"))[1] is True

    # bob's process stalled (or the database was away) past his row's expiry: swept
    later = timezone.now() + timedelta(seconds=presence_seconds() + 1)
    assert await database_sync_to_async(do_sweep_presence)(later) == 2  # both seats' rows

    # alice hears of it; bob's socket, still open, writes his row again at its next
    # re-check (0.1 s) and alice hears him back. Under load the frame saying him away may
    # already read his new row: what counts is that he is present again.
    back = False
    while not back:
        back = seating(await next_of(alice_socket, "presence", timeout=2))[1]
    assert (await database_sync_to_async(connected)(table))[1] is True
    await bob_socket.disconnect()
    await alice_socket.disconnect()


@in_loop
async def test_a_consumer_cancelled_without_its_disconnect_gives_its_presence_back(
    alice, bob
):
    table = await database_sync_to_async(make_table)(alice, bob)
    alice_socket = await open_socket(alice, table.pk)
    await next_of(alice_socket, "state")
    bob_socket = await open_socket(bob, table.pk)
    await next_of(bob_socket, "state")
    assert seating(await next_of(alice_socket, "presence"))[1] is True

    bob_socket.future.cancel()  # no websocket.disconnect: the server drops the consumer
    with contextlib.suppress(asyncio.CancelledError):
        await bob_socket.future

    assert seating(await next_of(alice_socket, "presence"))[1] is False
    count = await database_sync_to_async(
        Presence.objects.filter(seat__table=table, seat__user=bob).count)()
    assert count == 0
    await alice_socket.disconnect()
