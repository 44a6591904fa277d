"""A re-check pass renews all of its process's group memberships at once
(play/socket/memberships.py): on Redis in one pipeline, writing the keys the layer itself
reads; elsewhere through ``group_add``. Run on the in-memory layer always, and on Redis
where it is (``REDIS_URL``, CI's stage 3)."""

from __future__ import annotations

import asyncio
import os
import time
import uuid

import pytest
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer

from play.socket import memberships
from tests.config.test_redis_reconnects import settings_layer

pytestmark = pytest.mark.backend

LONG_AGO = 10_000  # seconds: past any group expiry


@pytest.fixture(params=["memory", "redis"])
def layer(request):
    if request.param == "memory":
        yield InMemoryChannelLayer(group_expiry=60)
        return
    if not os.environ.get("REDIS_URL"):
        pytest.skip("needs Redis (set REDIS_URL, as CI's stage 3 does)")
    layer = settings_layer(f"taverne-test-{uuid.uuid4().hex[:12]}")
    yield layer
    async_to_sync(layer.flush)()


async def joined_long_ago(layer, group, channel):
    """``channel`` in ``group`` since long before the layer's expiry: a send skips it."""
    if isinstance(layer, InMemoryChannelLayer):
        layer.groups.setdefault(group, {})[channel] = time.time() - LONG_AGO
        return
    connection = layer.connection(layer.consistent_hash(group))
    await connection.zadd(layer._group_key(group), {channel: time.time() - LONG_AGO})


def test_a_renewal_puts_every_socket_back_in_its_groups_with_a_fresh_clock(layer):
    async def scenario():
        tables = [f"table-{uuid.uuid4().hex[:8]}" for _ in range(2)]
        player = f"player-{uuid.uuid4().hex[:8]}"
        channels = [await layer.new_channel() for _ in range(3)]
        # The first socket joined so long ago that the layer would drop it; the others
        # are in no group at all (Redis restarted and lost them).
        await joined_long_ago(layer, tables[0], channels[0])
        pairs = [(tables[0], channels[0]), (tables[0], channels[1]), (tables[1], channels[2]),
                 (player, channels[0]), (player, channels[2])]

        await memberships.renew(layer, pairs)

        for group in [*tables, player]:
            await layer.group_send(group, {"type": "table.changed", "group": group})
        received = {channel: [] for channel in channels}
        for channel in channels:
            while True:
                try:
                    message = await asyncio.wait_for(layer.receive(channel), 0.5)
                except TimeoutError:
                    break
                received[channel].append(message["group"])
        assert sorted(received[channels[0]]) == sorted([tables[0], player])
        assert received[channels[1]] == [tables[0]]
        assert sorted(received[channels[2]]) == sorted([tables[1], player])

    async_to_sync(scenario)()


def test_on_redis_the_renewed_groups_expire_like_the_layers_own(layer):
    if isinstance(layer, InMemoryChannelLayer):
        pytest.skip("the in-memory layer keeps no key to expire")

    async def scenario():
        group = f"table-{uuid.uuid4().hex[:8]}"
        channel = await layer.new_channel()
        await memberships.renew(layer, [(group, channel)])
        connection = layer.connection(layer.consistent_hash(group))
        ttl = await connection.ttl(layer._group_key(group))
        assert 0 < ttl <= layer.group_expiry

    async_to_sync(scenario)()
