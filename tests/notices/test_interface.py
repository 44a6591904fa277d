"""The notices' two doors (notices/interface.py): nothing leaves before the commit, and a
kept notice is announced to the player's account stream only."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import transaction

from notices import stream
from notices.interface import account_group, announce, notify, then_send
from notices.models import Notice

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def loop():
    """One event loop for the test's reads: Redis's channel layer binds a channel's
    buffer to the loop that first read it (a second loop could not read it again)."""
    loop = asyncio.new_event_loop()
    yield loop
    loop.close()


def received(loop, user_id):
    layer = get_channel_layer()
    channel = loop.run_until_complete(layer.new_channel())
    loop.run_until_complete(layer.group_add(account_group(user_id), channel))
    return layer, channel


def next_message(loop, layer, channel):
    async def read():
        try:
            return await asyncio.wait_for(layer.receive(channel), 0.5)
        except TimeoutError:
            return None
    return loop.run_until_complete(read())


def test_a_notice_is_kept_and_announced_to_its_player_only_after_commit(alice, bob, loop):
    layer, alices = received(loop, alice.pk)
    _, bobs = received(loop, bob.pk)
    with transaction.atomic():
        notify(alice.pk, "your_turn", url="/jouer/tables/7/", table=7)
        assert next_message(loop, layer, alices) is None
    message = next_message(loop, layer, alices)
    assert message["event"]["type"] == "notification"
    assert message["event"]["notification"]["data"] == {"table": 7}
    assert next_message(loop, layer, bobs) is None
    assert Notice.objects.get().user == alice


def test_an_event_of_a_rolled_back_change_is_never_sent(alice, loop):
    layer, alices = received(loop, alice.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        announce([alice.pk], "challenge", {"challenge": {"id": 1}})
        raise RuntimeError
    assert next_message(loop, layer, alices) is None


def test_a_services_events_leave_from_the_coroutine_that_awaited_it_not_its_thread(
        alice, loop, monkeypatch):
    layer, alices = received(loop, alice.pk)

    def thread_hop(*args, **kwargs):
        raise AssertionError("the worker thread sent to the channel layer itself")

    monkeypatch.setattr(stream, "async_to_sync", thread_hop)

    def move():
        with transaction.atomic():
            announce([alice.pk], "your_turn", {"table": 7})
            announce([alice.pk], "turn_done", {"table": 8})
        return "played"

    assert loop.run_until_complete(then_send(database_sync_to_async(move)())) == "played"
    kinds = [next_message(loop, layer, alices)["event"]["type"] for _ in range(2)]
    assert kinds == ["your_turn", "turn_done"]
