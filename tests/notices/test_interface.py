"""The notices' two doors (notices/interface.py): nothing leaves before the commit, and a
kept notice is announced to the player's account stream only."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from notices.interface import account_group, announce, notify
from notices.models import Notice

pytestmark = pytest.mark.django_db(transaction=True)


def received(user_id):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(account_group(user_id), channel)
    return layer, channel


def next_message(layer, channel):
    async def read():
        import asyncio
        try:
            return await asyncio.wait_for(layer.receive(channel), 0.5)
        except TimeoutError:
            return None
    return async_to_sync(read)()


def test_a_notice_is_kept_and_announced_to_its_player_only_after_commit(alice, bob):
    layer, alices = received(alice.pk)
    _, bobs = received(bob.pk)
    with transaction.atomic():
        notify(alice.pk, "your_turn", url="/jouer/tables/7/", table=7)
        assert next_message(layer, alices) is None
    message = next_message(layer, alices)
    assert message["event"]["type"] == "notification"
    assert message["event"]["notification"]["data"] == {"table": 7}
    assert next_message(layer, bobs) is None
    assert Notice.objects.get().user == alice


def test_an_event_of_a_rolled_back_change_is_never_sent(alice):
    layer, alices = received(alice.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        announce([alice.pk], "challenge", {"challenge": {"id": 1}})
        raise RuntimeError
    assert next_message(layer, alices) is None
