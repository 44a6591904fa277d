"""How many sockets a player may hold and open, and how much they may write in the chat."""

import pytest
from channels.db import database_sync_to_async

from play.actions import ServiceError, do_chat, do_create_table, do_join
from play.socket import limits
from tests.play.test_consumers import in_loop, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def tables(alice, count):
    return [do_create_table(alice, "ascenseur", seat_count=3) for _ in range(count)]


async def refused_for_too_many(socket):
    error = await socket.receive_json_from()
    assert error["type"] == "error" and error["code"] == "rate_limited"
    assert error["retry_after"] > 0 and "connexions" in error["message"]
    assert (await socket.receive_output())["code"] == 4429


@in_loop
async def test_a_player_holds_a_few_sockets_at_a_table_and_one_more_when_one_closes(
    alice, settings
):
    settings.SOCKETS_PER_TABLE = 3
    [table] = await database_sync_to_async(tables)(alice, 1)
    held = [await open_socket(alice, table.pk) for _ in range(3)]
    for socket in held:
        await next_of(socket, "state")

    await refused_for_too_many(await open_socket(alice, table.pk))

    await held.pop().disconnect()
    again = await open_socket(alice, table.pk)
    assert (await next_of(again, "state"))["view"]["table_id"] == table.pk
    for socket in [*held, again]:
        await socket.disconnect()


@in_loop
async def test_a_player_holds_a_few_dozen_sockets_in_all(alice, settings):
    settings.SOCKETS_PER_PLAYER = 4
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 5
    opened = await database_sync_to_async(tables)(alice, 5)
    held = [await open_socket(alice, table.pk) for table in opened[:4]]
    for socket in held:
        await next_of(socket, "state")

    await refused_for_too_many(await open_socket(alice, opened[4].pk))
    for socket in held:
        await socket.disconnect()


@in_loop
async def test_opening_sockets_in_a_burst_is_refused_after_the_minutes_share(alice, settings):
    settings.SOCKETS_OPENED_PER_MINUTE = 5
    [table] = await database_sync_to_async(tables)(alice, 1)
    for _ in range(5):
        socket = await open_socket(alice, table.pk)
        await next_of(socket, "state")
        await socket.disconnect()

    await refused_for_too_many(await open_socket(alice, table.pk))


@in_loop
async def test_another_players_sockets_are_counted_apart(alice, bob, settings):
    settings.SOCKETS_PER_TABLE = 1
    [table] = await database_sync_to_async(tables)(alice, 1)
    await database_sync_to_async(do_join)(table, bob)
    hers, his = await open_socket(alice, table.pk), await open_socket(bob, table.pk)

    assert (await next_of(hers, "state"))["view"]["you"] == 0
    assert (await next_of(his, "state"))["view"]["you"] == 1
    await hers.disconnect()
    await his.disconnect()


def test_a_count_a_dead_process_never_lowered_expires(alice, settings):
    settings.SOCKETS_PER_TABLE = 1
    assert limits.open_socket(alice.pk, 7) is None
    assert limits.open_socket(alice.pk, 7) is not None  # the first is still counted
    limits.cache.delete(limits._per_table_key(alice.pk, 7))  # its lifetime ran out

    assert limits.open_socket(alice.pk, 7) is None


def test_the_chat_is_capped_per_minute_across_tables(alice, bob, settings):
    settings.CHAT_LINES_PER_MINUTE = 3
    first, second = tables(alice, 2)
    for table in (first, second):
        do_join(table, bob)
    do_chat(first, bob, "un")
    do_chat(second, bob, "deux")
    do_chat(first, bob, "trois")

    with pytest.raises(ServiceError) as refused:
        do_chat(second, bob, "quatre")

    assert refused.value.code == "chat_rate"
    assert "3 messages par minute" in refused.value.message()
    assert second.chat_messages.count() == 1
