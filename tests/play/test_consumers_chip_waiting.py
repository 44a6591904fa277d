"""A chip table waiting after its last hand tells its sockets what changed: caving or
standing up there makes no new version, yet every connection receives the table again
(docs/protocol.md, ``waiting``)."""

import pytest
from channels.db import database_sync_to_async

from economy.chips import caves
from play.actions import do_act, do_create_table
from play.models import Game, Table
from tests.play.test_consumers import in_loop, next_of, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def table_waiting_after_a_hand(alice, bob):
    """Alice and Bob play a hand of Ramponneau for écus; Bob cashes out during it, so the
    table waits for a second player once it is over."""
    table = do_create_table(alice, "ramponneau", seat_count=3,
                            options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b", may_sit=True)
    caves.do_cash_out(table, bob)
    number = table.current_game().number
    while (game := Game.objects.get(table=table, number=number)).status == Game.Status.PLAYING:
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, table.engine.default_action(game.state), game.version)
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    return table


@in_loop
async def test_a_change_at_a_table_waiting_after_its_last_hand_reaches_its_sockets(
    alice, bob
):
    table = await database_sync_to_async(table_waiting_after_a_hand)(alice, bob)
    alice_socket = await open_socket(alice, table.pk)
    first = await next_of(alice_socket, "state")
    assert first["view"]["waiting"]["players_needed"] == 1

    await database_sync_to_async(caves.do_stand_up)(table, alice)
    again = await next_of(alice_socket, "state")

    assert again["version"] == first["version"]  # no move, yet the table came again
    assert again["view"]["waiting"]["missing"] == [{"position": 0, "reason": "standing",
                                                    "busted": False}]
    assert again["view"]["waiting"]["reasons"] == ["seats_free", "players_standing"]
    await alice_socket.disconnect()
