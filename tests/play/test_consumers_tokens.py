"""The table socket opened with a personal access token instead of the session cookie."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from accounts.tokens import do_create_token, do_revoke_token
from config.asgi import application
from play.actions import do_add_bot, do_create_table, do_join

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


