"""Redis restarted (or a proxy or Redis's own ``timeout`` closing idle connections): the
connections pooled by the cache and the channel layer are dead, and the first call on
each must still succeed, on a new connection, instead of failing once (a socket refused,
a broadcast lost, a group renewal failed). config/settings.py gives both clients their
retry; docs/operations.md says what a player sees.

The server's side of a restart is ``CLIENT KILL`` of this test's own connections (named,
so that the other tests sharing the Redis keep theirs). Runs where Redis is
(``REDIS_URL``, CI's stage 3): the options checked are the settings' own.
"""

import asyncio
import os
import uuid

import pytest
import redis
from channels_redis.core import RedisChannelLayer
from django.conf import settings
from django.core.cache.backends.redis import RedisCache

pytestmark = [
    pytest.mark.backend,
    pytest.mark.skipif(not os.environ.get("REDIS_URL"),
                       reason="needs Redis (set REDIS_URL, as CI's stage 3 does)"),
]


@pytest.fixture
def name():
    """This test's connections' name, which only they carry."""
    return f"taverne-test-{uuid.uuid4().hex[:12]}"


def drop_connections(name: str) -> int:
    """What a Redis restart does to a pool: the server closes every connection it holds
    (here only those named ``name``). Answers how many."""
    admin = redis.Redis.from_url(settings.REDIS_URL, protocol=2)
    try:
        ids = [c["id"] for c in admin.client_list() if c.get("name") == name]
        for client_id in ids:
            admin.client_kill_filter(_id=client_id)
        return len(ids)
    finally:
        admin.close()


def settings_cache(name: str) -> RedisCache:
    """The cache exactly as config/settings.py makes it, its connections named."""
    params = dict(settings.CACHES["default"])
    assert params.pop("BACKEND") == "django.core.cache.backends.redis.RedisCache"
    location = params.pop("LOCATION")
    params["OPTIONS"] = {**params.get("OPTIONS", {}), "client_name": name}
    params["KEY_PREFIX"] = name
    return RedisCache(location, params)


def settings_layer(name: str) -> RedisChannelLayer:
    """The channel layer exactly as config/settings.py makes it, its connections named."""
    layer = settings.CHANNEL_LAYERS["default"]
    assert layer["BACKEND"] == "channels_redis.core.RedisChannelLayer"
    config = dict(layer["CONFIG"])
    config["hosts"] = [{**host, "client_name": name} for host in config["hosts"]]
    return RedisChannelLayer(**config, prefix=name)


def test_the_first_cache_call_after_redis_dropped_its_connections_succeeds(name):
    cache = settings_cache(name)
    try:
        cache.set("counter", 1)
        assert drop_connections(name) >= 1
        assert cache.incr("counter") == 2
        assert drop_connections(name) >= 1
        assert cache.get("counter") == 2
    finally:
        cache.delete("counter")
        cache.close()


async def dropped_then(name: str, layer: RedisChannelLayer, call):
    """Leave the layer's connections pooled, have the server drop them, let the event
    loop read their end, then make ``call``: it must not fail."""
    assert drop_connections(name) >= 1
    await asyncio.sleep(0.05)
    return await call()


def test_the_first_group_send_after_redis_dropped_its_connections_reaches_the_group(name):
    async def scenario():
        layer = settings_layer(name)
        try:
            channel = await layer.new_channel()
            await layer.group_add("table", channel)
            await dropped_then(name, layer,
                               lambda: layer.group_send("table", {"type": "table.changed"}))
            assert await asyncio.wait_for(layer.receive(channel), 5) == {
                "type": "table.changed"}
        finally:
            await layer.flush()

    asyncio.run(scenario())


def test_the_first_group_add_after_redis_dropped_its_connections_succeeds(name):
    async def scenario():
        layer = settings_layer(name)
        try:
            channel = await layer.new_channel()
            await layer.group_add("table", channel)
            # a socket's renewal of its membership (play/socket/watch.py), or a new one's
            await dropped_then(name, layer, lambda: layer.group_add("table", channel))
            await layer.group_send("table", {"type": "table.changed"})
            assert await asyncio.wait_for(layer.receive(channel), 5) == {
                "type": "table.changed"}
        finally:
            await layer.flush()

    asyncio.run(scenario())
