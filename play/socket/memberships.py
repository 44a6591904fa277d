"""Renewing every group membership of this process's sockets at once.

The channel layer forgets a member CHANNEL_GROUP_EXPIRY seconds after it joined, so each
re-check pass (play/socket/watch.py) adds its live sockets to their groups again. Through
``group_add`` that is two Redis round trips per group per socket: at 2,000 sockets a
process, two groups each and a pass every 5 s, some 1,600 round trips a second, which
took more processor time than the moves themselves (docs/performance.md, "The scale
run"). On channels-redis this writes the same keys ``group_add`` writes (a sorted set per
group, the channel scored by the time it joined, the set's expiry) in one pipeline per
Redis shard; any other layer gets ``group_add`` per membership.
"""

from __future__ import annotations

import time

from channels_redis.core import RedisChannelLayer


async def renew(layer, memberships: list[tuple[str, str]]) -> None:
    """(group, channel) pairs in their groups again, as of now. Raises what the layer
    raises when Redis is down (the caller counts the layer as failing)."""
    if not isinstance(layer, RedisChannelLayer):
        for group, channel in memberships:
            await layer.group_add(group, channel)
        return
    now = time.time()
    shards: dict[int, dict[str, dict[str, float]]] = {}
    for group, channel in memberships:
        shard = shards.setdefault(layer.consistent_hash(group), {})
        shard.setdefault(group, {})[channel] = now
    for index, groups in shards.items():
        async with layer.connection(index).pipeline(transaction=False) as pipe:
            for group, channels in groups.items():
                key = layer._group_key(group)  # the key group_add and group_send use
                pipe.zadd(key, channels)
                pipe.expire(key, layer.group_expiry)
            await pipe.execute()
