"""Every seat reaches every version, even when a move's notice is lost: the sockets
re-check their table on a period and on each frame, a starting worker re-announces the
live tables, and a live turn shown late gets its time back (docs/protocol.md, "Notices at
least once")."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from play.actions import broadcast, do_act, do_create_table, do_join, do_restart_missed_turn
from play.actions.broadcast import reannounce_live_tables
from play.clock.scheduler import run_due
from play.models import Game
from play.snapshots import snapshots
from tests.play.test_consumers import human_turn, in_loop, make_table, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)

PERIOD = 0.2  # seconds between two re-checks of a process's sockets, in these tests


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.PLAY_SOCKET_RECHECK_SECONDS = PERIOD


class NoticeDropper:
    """Once armed, the next ``table.changed`` of a change (not presence) is lost, as when
    the process that committed the move is killed before it sends."""

    def __init__(self, send):
        self.send, self.armed, self.dropped = send, False, []

    def __call__(self, table_id, message):
        if (self.armed and message.get("type") == "table.changed"
                and message.get("presence") is None):
            self.armed = False
            self.dropped.append(message)
            return
        self.send(table_id, message)


@pytest.fixture
def dropper(monkeypatch):
    dropper = NoticeDropper(broadcast.group_send)
    monkeypatch.setattr(broadcast, "group_send", dropper)
    return dropper


async def open_table_sockets(table, alice, bob, charlie):
    """alice and bob's sockets and charlie's, who watches; each past its first state."""
    sockets = {"alice": await open_socket(alice, table.pk), "bob": await open_socket(bob, table.pk),
               "charlie": await open_socket(charlie, table.pk)}
    for socket in sockets.values():
        await next_of(socket, "state")
    return sockets


async def close_all(sockets):
    for socket in sockets.values():
        await socket.disconnect()


def current(table):
    return Game.objects.get(pk=table.current_game().pk)


@in_loop
async def test_every_seat_reaches_a_move_whose_notice_was_dropped_within_the_period(
    alice, bob, charlie, dropper
):
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    sockets = await open_table_sockets(table, alice, bob, charlie)

    dropper.armed = True
    action = table.engine.legal_actions(game.state)[0]
    await database_sync_to_async(do_act)(game.pk, user, action, game.version)
    assert len(dropper.dropped) == 1
    moved = await database_sync_to_async(current)(table)

    for name, socket in sockets.items():
        state = await next_of(socket, "state", timeout=5 * PERIOD)
        assert (state["version"], state["sequence"]) == (
            moved.version, dropper.dropped[0]["sequence"]), name
    await close_all(sockets)


@in_loop
async def test_a_frame_of_the_client_catches_up_a_dropped_notice_before_the_period(
    alice, bob, charlie, dropper, settings
):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 3600  # no periodic re-check in this test
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    sockets = await open_table_sockets(table, alice, bob, charlie)

    dropper.armed = True
    action = table.engine.legal_actions(game.state)[0]
    await database_sync_to_async(do_act)(game.pk, user, action, game.version)
    snapshots.forget(table.pk)  # the move was made by another process
    assert await sockets["bob"].receive_nothing(timeout=0.3)

    await sockets["bob"].send_json_to({"type": "ping"})
    await next_of(sockets["bob"], "pong")
    state = await next_of(sockets["bob"], "state", timeout=1)
    assert state["sequence"] == dropper.dropped[0]["sequence"]
    await close_all(sockets)


@in_loop
async def test_a_starting_worker_re_announces_the_live_tables(alice, bob, charlie, dropper,
                                                               settings):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 3600  # only the re-announce can tell them
    table = await database_sync_to_async(make_table)(alice, bob)
    game, user = await human_turn(table, alice, bob)
    sockets = await open_table_sockets(table, alice, bob, charlie)

    dropper.armed = True
    action = table.engine.legal_actions(game.state)[0]
    await database_sync_to_async(do_act)(game.pk, user, action, game.version)
    assert await sockets["charlie"].receive_nothing(timeout=0.3)

    assert await database_sync_to_async(reannounce_live_tables)() == 1
    for name, socket in sockets.items():
        state = await next_of(socket, "state", timeout=1)
        assert state["sequence"] == dropper.dropped[0]["sequence"], name
    await close_all(sockets)


def bot_to_act(table, alice, bob):
    """Play the humans' moves until the bot (seat 2) is to act; the game."""
    users = {0: alice, 1: bob}
    for _ in range(20):
        game = table.current_game()
        if game.bot_due_at is not None:
            return game
        action = table.engine.legal_actions(game.state)[0]
        do_act(game.pk, users[game.actor], action, game.version)
    raise AssertionError("the bot never came to act")


@in_loop
async def test_a_live_turn_whose_notice_was_lost_gets_its_clock_back_when_shown(
    alice, bob, charlie, dropper
):
    table = await database_sync_to_async(make_table)(alice, bob)
    await database_sync_to_async(bot_to_act)(table, alice, bob)
    sockets = await open_table_sockets(table, alice, bob, charlie)

    # The worker plays the bot's move, which gives a human the turn, and dies before the
    # notice goes out; the sockets' re-check finds it some seconds later.
    dropper.armed = True
    await database_sync_to_async(run_due)()
    snapshots.forget(table.pk)  # the worker's move: this process never saw it
    game = await database_sync_to_async(current)(table)
    assert game.actor in (0, 1) and len(dropper.dropped) == 1
    late = game.deadline - timedelta(seconds=5)
    await database_sync_to_async(Game.objects.filter(pk=game.pk).update)(deadline=late)

    player = sockets[("alice", "bob")[game.actor]]
    state = await next_of(player, "state", timeout=5 * PERIOD)
    given = await database_sync_to_async(current)(table)
    assert given.version == game.version == state["version"]
    assert state["view"]["actor"] == state["view"]["you"] == game.actor
    assert given.deadline >= late + timedelta(seconds=4)  # the 5 seconds lost, given back
    assert timezone.now() + timedelta(seconds=55) < given.deadline
    assert parse_datetime(state["view"]["deadline"]) == given.deadline  # and shown
    await close_all(sockets)


def test_a_turn_shown_at_once_keeps_its_clock(alice, bob):
    table = make_table(alice, bob)
    game = bot_to_act(table, alice, bob)
    run_due()
    game = Game.objects.get(pk=game.pk)
    assert game.deadline is not None

    assert do_restart_missed_turn(game.pk, game.version, game.actor) is None
    assert Game.objects.get(pk=game.pk).deadline == game.deadline


def test_a_missed_turn_is_given_back_once(alice, bob):
    table = make_table(alice, bob)
    game = bot_to_act(table, alice, bob)
    run_due()
    game = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(deadline=game.deadline - timedelta(seconds=10))

    assert do_restart_missed_turn(game.pk, game.version, game.actor) is not None
    given = Game.objects.get(pk=game.pk).deadline
    assert given > game.deadline - timedelta(seconds=1)
    assert do_restart_missed_turn(game.pk, game.version, game.actor) is None  # not twice
    assert do_restart_missed_turn(game.pk, game.version - 1, game.actor) is None  # moved on
    assert Game.objects.get(pk=game.pk).deadline == given


def test_by_correspondence_the_turn_e_mail_is_the_notice(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3, pace="correspondence",
                            move_seconds=86400)
    do_join(table, bob)
    do_join(table, charlie)
    game = table.current_game()
    Game.objects.filter(pk=game.pk).update(deadline=game.deadline - timedelta(hours=1))

    assert do_restart_missed_turn(game.pk, game.version, game.actor) is None


@in_loop
async def test_each_pass_renews_the_sockets_group_membership(alice, bob, charlie):
    """A group forgets a member CHANNEL_GROUP_EXPIRY seconds after it joined: the pass
    renews its live sockets, so only a killed process's channels age out (and after a
    Redis restart, which empties the groups, the live ones are back within a period)."""
    from play.actions.broadcast import group_name
    from play.socket.watch import watcher

    table = await database_sync_to_async(make_table)(alice, bob)
    sockets = await open_table_sockets(table, alice, bob, charlie)
    layer = get_channel_layer()
    members = layer.groups[group_name(table.pk)]
    assert len(members) == 3
    for channel in members:
        members[channel] = 1  # joined in 1970: expired long ago
    layer.groups[group_name(table.pk)]["specific.dead!socket"] = 1  # a killed process's

    await watcher().beat()

    members = layer.groups[group_name(table.pk)]
    renewed = {channel for channel, joined in members.items() if joined > 1}
    assert len(renewed) == 3 and "specific.dead!socket" not in renewed
    await close_all(sockets)
