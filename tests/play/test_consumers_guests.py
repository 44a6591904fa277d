"""A guest's table socket: playing works, chatting is refused with a structured error."""

import pytest
from channels.db import database_sync_to_async

from play.actions import do_create_guest, do_play_now
from play.models import ChatMessage
from tests.play.test_consumers import in_loop, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def practice_table():
    guest = do_create_guest()
    return guest, do_play_now(guest, "ascenseur")


@in_loop
async def test_it_refuses_a_guest_chat_on_the_socket_and_changes_nothing():
    guest, table = await database_sync_to_async(practice_table)()
    socket = await open_socket(guest, table.pk)
    state = await next_of(socket, "state")
    assert state["view"]["you"] is not None

    await socket.send_json_to({"type": "chat", "text": "Bonjour"})
    error = await next_of(socket, "error")

    assert error["code"] == "account_required"
    assert "créez un compte" in error["message"]
    assert not await database_sync_to_async(ChatMessage.objects.exists)()
    await socket.disconnect()
