"""The account's socket, /ws/account/ (docs/protocol.md, "The account stream"): who may
open it, and what a player hears on it from play and the notices."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.tokens import do_create_token
from config.asgi import application
from notices.interface import announce, notify
from notices.models import Notice
from play.actions import do_act, do_create_table, do_join, do_resign
from play.models import Table
from play.socket.schema import ACCOUNT
from tests.play.test_consumers import in_loop, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)
DAY = 24 * 3600


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


async def account_socket(user=None, headers=(), subprotocols=None):
    sent = [(b"origin", b"http://localhost"), *headers]
    if user is not None:
        cookie = await database_sync_to_async(session_cookie)(user)
        sent.append((b"cookie", f"sessionid={cookie}".encode()))
    communicator = WebsocketCommunicator(application, "/ws/account/", headers=sent,
                                         subprotocols=subprotocols)
    connected, subprotocol = await communicator.connect()
    assert connected
    communicator.subprotocol = subprotocol
    return communicator


async def next_event(communicator, kind, timeout=2):
    while True:
        event = await communicator.receive_json_from(timeout=timeout)
        if event["type"] == kind:
            return event


def correspondence_table(alice, bob):
    """A two-seat correspondence game of All-fours between alice and bob, started."""
    table = do_create_table(alice, "all-fours", seat_count=2, pace="correspondence",
                            move_seconds=3 * DAY)
    do_join(table, bob)
    return Table.objects.get(pk=table.pk)


def move_of_whoever_acts(table, users):
    """The player to act plays their first legal moves until the turn passes to the other;
    returns who moved."""
    game = table.current_game()
    mover = users[game.actor]
    while game.actor is not None and users[game.actor] == mover:
        do_act(game.pk, mover, table.engine.legal_actions(game.state)[0], game.version)
        game = table.current_game()
    return mover


@in_loop
async def test_a_visitor_who_is_not_signed_in_is_refused(db):
    socket = await account_socket()
    error = await socket.receive_json_from()
    assert error["type"] == "error" and error["code"] == "not_authenticated"
    assert (await socket.receive_output())["code"] == 4401


@in_loop
async def test_an_address_that_sent_too_many_bad_tokens_is_refused_here_too(
        alice, settings, monkeypatch):
    settings.API_FAILED_AUTH_PER_MINUTE = 1
    monkeypatch.setattr("accounts.socket_auth.clock", lambda: 1_800_000_030.0)
    good = await database_sync_to_async(do_create_token)(alice, "robot", ["play"])
    answers = []
    for secret in ("tav_guess", good.secret):
        communicator = WebsocketCommunicator(
            application, "/ws/account/", headers=[(b"origin", b"http://localhost")],
            subprotocols=[f"taverne.bearer.{secret}"])
        communicator.scope["client"] = ("203.0.113.9", 50000)
        await communicator.connect()
        frame = await communicator.receive_json_from()
        answers.append((frame["code"], (await communicator.receive_output())["code"]))
    assert answers == [("not_authenticated", 4401), ("rate_limited", 4429)]
    assert frame["retry_after"] == 30


@in_loop
async def test_a_player_hears_their_turn_when_the_other_moves_by_correspondence(alice, bob):
    table = await database_sync_to_async(correspondence_table)(alice, bob)
    users = {0: alice, 1: bob}
    alices = await account_socket(alice)
    bobs = await account_socket(bob)
    await next_event(alices, "ready")
    await next_event(bobs, "ready")
    mover = await database_sync_to_async(move_of_whoever_acts)(table, users)
    waiting = bobs if mover == alice else alices
    event = await next_event(waiting, "your_turn")
    assert event["table"] == table.pk and event["pace"] == "correspondence"
    assert event["deadline"]
    notice = await next_event(waiting, "notification")
    assert notice["notification"]["kind"] == "your_turn"
    ACCOUNT.validate_python(event)  # as docs/schemas/account.json says
    ACCOUNT.validate_python(notice)
    assert notice["notification"]["url"] == f"/jouer/tables/{table.pk}/"
    mover_socket = alices if mover == alice else bobs
    done = await next_event(mover_socket, "turn_done")  # the mover's count drops at once
    assert done == {"type": "turn_done", "table": table.pk, "game": event["game"]}
    ACCOUNT.validate_python(done)
    assert await mover_socket.receive_nothing(timeout=0.3)
    await alices.disconnect()
    await bobs.disconnect()


@in_loop
async def test_the_end_of_a_game_is_told_to_each_player_with_their_result(alice, bob):
    table = await database_sync_to_async(correspondence_table)(alice, bob)
    bobs = await account_socket(bob)
    await next_event(bobs, "ready")
    await database_sync_to_async(do_resign)(table, alice)
    event = await next_event(bobs, "game_over")
    assert event["table"] == table.pk and event["ending"] == "resigned"
    assert event["won"] is True and event["you"] == 1
    ACCOUNT.validate_python(event)
    await bobs.disconnect()


@in_loop
async def test_a_program_opens_it_with_its_token_and_hears_only_its_own_events(alice, bob):
    token = await database_sync_to_async(do_create_token)(alice, "robot", ["play"])
    socket = await account_socket(subprotocols=[f"taverne.bearer.{token.secret}"])
    assert socket.subprotocol == f"taverne.bearer.{token.secret}"
    await next_event(socket, "ready")

    def events():
        announce([bob.pk], "paired", {"table": 9})
        notify(alice.pk, "challenge", url="/defis/1/", from_name="Bob")
    await database_sync_to_async(events)()
    event = await next_event(socket, "notification")
    assert event["notification"]["kind"] == "challenge"
    assert event["notification"]["data"] == {"from_name": "Bob"}
    assert await socket.receive_nothing(timeout=0.3)  # bob's "paired" is bob's
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from())["type"] == "pong"
    await socket.disconnect()


@in_loop
async def test_a_player_at_the_table_is_kept_no_notice_of_their_turn(alice, bob):
    from play.actions import do_connect
    table = await database_sync_to_async(correspondence_table)(alice, bob)
    await database_sync_to_async(do_connect)(table.pk, alice, "at-the-table")
    await database_sync_to_async(do_connect)(table.pk, bob, "at-the-table-too")
    kept = await database_sync_to_async(Notice.objects.count)()  # the first turn's, before
    await database_sync_to_async(move_of_whoever_acts)(table, {0: alice, 1: bob})
    assert await database_sync_to_async(Notice.objects.count)() == kept
    unread = Notice.objects.filter(read_at__isnull=True).count
    assert await database_sync_to_async(unread)() == 0  # read when the table was opened


def test_a_live_seek_lives_while_its_players_account_socket_beats(alice):
    from datetime import timedelta

    from django.utils import timezone

    from pairing.models import Seek
    from pairing.services import do_seek

    seek = do_seek(alice, "all-fours", seat_count=2)
    Seek.objects.filter(pk=seek.pk).update(alive_until=timezone.now() + timedelta(seconds=2))

    async def beat_then_leave():
        socket = await account_socket(alice)
        await next_event(socket, "ready")
        await socket.send_json_to({"type": "ping"})
        await next_event(socket, "pong")
        kept = await database_sync_to_async(
            lambda: Seek.objects.get(pk=seek.pk).alive_until)()
        await socket.disconnect()
        return kept

    kept = in_loop(beat_then_leave)()
    assert kept > timezone.now() + timedelta(seconds=10)  # the socket kept it (20 s)
    left = Seek.objects.get(pk=seek.pk).alive_until
    assert left < timezone.now() + timedelta(seconds=9)  # closing leaves it 8 s of grace
