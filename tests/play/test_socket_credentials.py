"""An open socket ends within seconds when what opened it is withdrawn: its token revoked,
its session void after a password change or a « Déconnexion » (accounts/socket_credentials.py).
The table socket's periodic re-check is held off (a minute) so that only the message to the
player's sockets can close them."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.tokens import do_create_token, do_revoke_token
from config.asgi import application
from play.models import Presence
from tests.play.test_consumers import in_loop, make_table, next_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PLAY_SOCKET_RECHECK_SECONDS = 60  # the periodic re-check never comes
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


async def open_socket(path, cookie=None, token=None):
    headers = [(b"origin", b"http://localhost")]
    if cookie is not None:
        headers.append((b"cookie", f"sessionid={cookie}".encode()))
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def until_closed(socket, timeout=2):
    """The frames a socket receives until it is closed, then the close's code."""
    frames = []
    while True:
        output = await socket.receive_output(timeout=timeout)
        if output["type"] == "websocket.close":
            return frames, output["code"]
        frames.append(json.loads(output["text"]))


async def still_open(socket):
    """The socket answers a ping (its earlier frames skipped)."""
    await socket.send_json_to({"type": "ping"})
    return (await next_of(socket, "pong"))["type"] == "pong"


@in_loop
async def test_a_revoked_tokens_table_socket_closes_at_once(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    new = await database_sync_to_async(do_create_token)(alice, "robot", ["play"])
    socket = await open_socket(f"/ws/tables/{table.pk}/", token=new.secret)
    assert (await socket.receive_json_from())["type"] == "state"

    await database_sync_to_async(do_revoke_token)(alice, new.token.pk)

    frames, code = await until_closed(socket)
    assert code == 4401 and frames[-1]["code"] == "not_authenticated"
    assert "révoqué" in frames[-1]["message"]
    assert not await database_sync_to_async(
        Presence.objects.filter(seat__user=alice).exists)()


@in_loop
async def test_a_revoked_tokens_account_stream_closes_at_once(alice):
    new = await database_sync_to_async(do_create_token)(alice, "robot", [])
    socket = await open_socket("/ws/account/", token=new.secret)
    assert (await socket.receive_json_from())["type"] == "ready"

    await database_sync_to_async(do_revoke_token)(alice, new.token.pk)

    frames, code = await until_closed(socket)
    assert code == 4401 and frames[-1]["code"] == "not_authenticated"


@in_loop
async def test_revoking_a_token_leaves_the_players_other_sockets_open(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    revoked = await database_sync_to_async(do_create_token)(alice, "ancien", ["play"])
    kept = await database_sync_to_async(do_create_token)(alice, "nouveau", ["play"])
    cookie = (await database_sync_to_async(signed_in)(alice)).cookies["sessionid"].value
    gone = await open_socket(f"/ws/tables/{table.pk}/", token=revoked.secret)
    by_token = await open_socket(f"/ws/tables/{table.pk}/", token=kept.secret)
    by_session = await open_socket("/ws/account/", cookie=cookie)

    await database_sync_to_async(do_revoke_token)(alice, revoked.token.pk)

    assert (await until_closed(gone))[1] == 4401
    assert await still_open(by_token) and await still_open(by_session)
    await by_token.disconnect()
    await by_session.disconnect()


@in_loop
async def test_a_password_change_closes_the_sockets_of_every_session_made_before(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    phone = (await database_sync_to_async(signed_in)(alice)).cookies["sessionid"].value
    bobs = (await database_sync_to_async(signed_in)(bob)).cookies["sessionid"].value
    program = await database_sync_to_async(do_create_token)(alice, "robot", ["play"])
    at_table = await open_socket(f"/ws/tables/{table.pk}/", cookie=phone)
    stream = await open_socket("/ws/account/", cookie=phone)
    robot = await open_socket(f"/ws/tables/{table.pk}/", token=program.secret)
    bob_at_table = await open_socket(f"/ws/tables/{table.pk}/", cookie=bobs)

    def change_password():
        alice.set_password("un-tout-autre-mot-de-passe")
        alice.save()

    await database_sync_to_async(change_password)()

    frames, code = await until_closed(at_table)
    assert code == 4401 and "session a pris fin" in frames[-1]["message"]
    assert (await until_closed(stream))[1] == 4401
    # A program's token outlives the password; another player is not concerned.
    assert await still_open(robot) and await still_open(bob_at_table)
    await robot.disconnect()
    await bob_at_table.disconnect()


@in_loop
async def test_signing_out_closes_the_sockets_of_that_session_only(alice, bob):
    table = await database_sync_to_async(make_table)(alice, bob)
    laptop = await database_sync_to_async(signed_in)(alice)
    phone = (await database_sync_to_async(signed_in)(alice)).cookies["sessionid"].value
    on_laptop = await open_socket(f"/ws/tables/{table.pk}/",
                                  cookie=laptop.cookies["sessionid"].value)
    on_phone = await open_socket(f"/ws/tables/{table.pk}/", cookie=phone)

    await database_sync_to_async(laptop.post)("/compte/logout/")

    assert (await until_closed(on_laptop))[1] == 4401
    assert await still_open(on_phone)
    await on_phone.disconnect()
