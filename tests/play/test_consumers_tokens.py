"""The table socket opened with a personal access token instead of the session cookie."""

import asyncio
import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.utils import timezone

from accounts.models import ApiToken
from accounts.tokens import do_create_token, do_revoke_token
from config.asgi import application
from play.actions import do_add_bot, do_create_table, do_join
from play.models import Presence

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def make_table(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return table


async def connect(table_id, headers=(), subprotocols=None):
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table_id}/",
        headers=[(b"origin", b"http://localhost"), *headers], subprotocols=subprotocols,
    )
    connected, subprotocol = await communicator.connect()
    assert connected
    return communicator, subprotocol


def test_a_token_opens_the_socket_as_its_player(alice, bob):
    table = make_table(alice, bob)
    secret = do_create_token(alice, "robot", ["play"]).secret

    async def run():
        socket, _ = await connect(table.pk, [(b"authorization", f"Bearer {secret}".encode())])
        state = await socket.receive_json_from()
        await socket.disconnect()
        return state

    state = async_to_sync(run)()
    assert state["type"] == "state"
    assert state["view"]["you"] == 0
    assert state["view"]["hand"]  # alice's own cards


def test_a_token_as_a_subprotocol_is_accepted_and_echoed(alice, bob):
    table = make_table(alice, bob)
    secret = do_create_token(alice, "robot", ["play"]).secret
    protocol = f"taverne.bearer.{secret}"

    async def run():
        socket, accepted = await connect(table.pk, subprotocols=[protocol])
        state = await socket.receive_json_from()
        await socket.disconnect()
        return accepted, state

    accepted, state = async_to_sync(run)()
    assert accepted == protocol
    assert state["view"]["you"] == 0


def test_a_revoked_token_is_closed_with_4401(alice, bob):
    table = make_table(alice, bob)
    new = do_create_token(alice, "robot", ["play"])
    do_revoke_token(alice, new.token.pk)

    async def run():
        socket, _ = await connect(table.pk, [(b"authorization", f"Bearer {new.secret}".encode())])
        error = await socket.receive_json_from()
        closed = await socket.receive_output()
        return error, closed

    error, closed = async_to_sync(run)()
    assert error["code"] == "not_authenticated"
    assert closed == {"type": "websocket.close", "code": 4401}


def test_a_token_without_play_watches_but_may_not_act(alice, bob):
    table = make_table(alice, bob)
    secret = do_create_token(alice, "lecture", ["tables"]).secret

    async def run():
        socket, _ = await connect(table.pk, [(b"authorization", f"Bearer {secret}".encode())])
        state = await socket.receive_json_from()
        await socket.send_json_to({"type": "resign"})
        refused = await socket.receive_json_from()
        await socket.disconnect()
        return state, refused

    state, refused = async_to_sync(run)()
    assert state["view"]["you"] == 0
    assert refused["code"] == "scope_missing"
    table.refresh_from_db()
    game = table.current_game()
    assert game.status == "playing"


def test_the_token_is_never_read_from_the_url(alice, bob):
    table = make_table(alice, bob)
    secret = do_create_token(alice, "robot", ["play"]).secret

    async def run():
        communicator = WebsocketCommunicator(
            application, f"/ws/tables/{table.pk}/?token={secret}",
            headers=[(b"origin", b"http://localhost")],
        )
        await communicator.connect()
        error = await communicator.receive_json_from()
        await communicator.disconnect()
        return error

    assert async_to_sync(run)()["code"] == "not_authenticated"


def test_an_anonymous_socket_without_a_token_is_still_refused(alice, bob):
    table = make_table(alice, bob)

    async def run():
        socket, _ = await connect(table.pk)
        return await socket.receive_json_from()

    assert async_to_sync(run)()["code"] == "not_authenticated"




async def knock(table_id, secret, address):
    """A handshake with ``secret`` from ``address``: its first frame and its close, if any."""
    communicator = WebsocketCommunicator(
        application, f"/ws/tables/{table_id}/",
        headers=[(b"origin", b"http://localhost"),
                 (b"authorization", f"Bearer {secret}".encode())])
    communicator.scope["client"] = (address, 50000)  # daphne's, from the proxy's header
    await communicator.connect()
    frame = await communicator.receive_json_from()
    if frame["type"] == "error":
        return frame, (await communicator.receive_output())["code"]
    await communicator.disconnect()
    return frame, None


def test_an_address_sending_bad_tokens_to_the_sockets_is_refused_until_the_next_minute(
        alice, bob, client, settings, monkeypatch):
    settings.API_FAILED_AUTH_PER_MINUTE = 3
    monkeypatch.setattr("accounts.socket_auth.clock", lambda: 1_800_000_015.0)
    monkeypatch.setattr("api.limits.clock", lambda: 1_800_000_015.0)
    table = make_table(alice, bob)
    good = do_create_token(alice, "robot", ["play"]).secret
    # One counter for both doors: a guess through the API counts against the sockets.
    assert client.get("/api/v1/games", headers={"Authorization": "Bearer tav_guess"},
                      REMOTE_ADDR="203.0.113.7").status_code == 401

    async def run():
        guesses = [await knock(table.pk, f"tav_guess{n}", "203.0.113.7") for n in range(2)]
        from_there = await knock(table.pk, good, "203.0.113.7")
        elsewhere = await knock(table.pk, good, "198.51.100.2")
        return guesses, from_there, elsewhere

    guesses, (refused, closed), (state, _) = async_to_sync(run)()
    assert [(frame["code"], code) for frame, code in guesses] == [("not_authenticated", 4401)] * 2
    assert refused["code"] == "rate_limited" and closed == 4429
    assert refused["retry_after"] == 45  # a good token from there is not even read
    assert "45 s" in refused["message"]
    assert state["type"] == "state" and state["view"]["you"] == 0


def test_an_expired_token_is_closed_with_4401(alice, bob):
    table = make_table(alice, bob)
    new = do_create_token(alice, "robot", ["play"],
                          expires_at=timezone.now() + timedelta(hours=1))
    ApiToken.objects.filter(pk=new.token.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1))

    async def run():
        socket, _ = await connect(table.pk, [(b"authorization", f"Bearer {new.secret}".encode())])
        error = await socket.receive_json_from()
        closed = await socket.receive_output()
        return error, closed

    error, closed = async_to_sync(run)()
    assert error["code"] == "not_authenticated"
    assert closed == {"type": "websocket.close", "code": 4401}


# ----- an open socket whose token goes: closed at the next re-check ----------------------


async def until_closed(socket, timeout=3):
    """The frames a socket receives until it is closed, then the close."""
    frames = []
    while True:
        output = await socket.receive_output(timeout=timeout)
        if output["type"] == "websocket.close":
            return frames, output
        frames.append(json.loads(output["text"]))


def ended_with_4401(frames, closed):
    return frames[-1]["code"] == "not_authenticated" and closed["code"] == 4401


@pytest.mark.parametrize("how", ["revoked", "expired"])
def test_an_open_socket_is_closed_when_its_token_is_revoked_or_expires(alice, bob, settings,
                                                                       how):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.1
    table = make_table(alice, bob)
    new = do_create_token(alice, "robot", ["play"],
                          expires_at=timezone.now() + timedelta(hours=1))

    def withdraw():
        if how == "revoked":
            do_revoke_token(alice, new.token.pk)
        else:
            ApiToken.objects.filter(pk=new.token.pk).update(
                expires_at=timezone.now() - timedelta(seconds=1))

    async def run():
        socket, _ = await connect(table.pk, [(b"authorization", f"Bearer {new.secret}".encode())])
        assert (await socket.receive_json_from())["type"] == "state"
        await database_sync_to_async(withdraw)()
        frames, closed = await until_closed(socket)
        await socket.send_json_to({"type": "ping"})  # no longer read
        assert await socket.receive_nothing(timeout=0.3)
        await socket.disconnect()
        return frames, closed

    frames, closed = async_to_sync(run)()
    assert ended_with_4401(frames, closed)
    assert not Presence.objects.exists()  # alice's seat no longer counts it


def test_revoking_one_token_leaves_the_sockets_of_the_others_open(alice, bob, settings):
    settings.PLAY_SOCKET_RECHECK_SECONDS = 0.1
    table = make_table(alice, bob)
    revoked = do_create_token(alice, "ancien robot", ["play"])
    kept = do_create_token(bob, "robot de bob", ["play"])

    async def run():
        gone, _ = await connect(table.pk, [(b"authorization",
                                            f"Bearer {revoked.secret}".encode())])
        stays, _ = await connect(table.pk, [(b"authorization",
                                             f"Bearer {kept.secret}".encode())])
        await gone.receive_json_from()
        await stays.receive_json_from()
        await database_sync_to_async(do_revoke_token)(alice, revoked.token.pk)
        ended = await until_closed(gone)
        await asyncio.sleep(0.3)  # a few more re-checks
        await stays.send_json_to({"type": "ping"})
        answers = []
        while not answers or answers[-1]["type"] != "pong":
            answers.append(await stays.receive_json_from(timeout=2))
        await gone.disconnect()
        await stays.disconnect()
        return ended, answers

    (frames, closed), answers = async_to_sync(run)()
    assert ended_with_4401(frames, closed)
    assert answers[-1] == {"type": "pong"}
