"""``do_remove_bot``: a bot taken away from a table still waiting for players."""

import pytest

from play.actions import ServiceError, do_add_bot, do_create_table, do_join, do_remove_bot
from play.models import Seat, Table


@pytest.fixture(autouse=True)
def _no_bot_delay(settings):
    settings.PLAY_BOT_DELAY = 0


def test_the_owner_removes_a_bot_and_its_place_opens(alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_add_bot(table, alice, position=2)

    do_remove_bot(table, alice, 2)

    assert list(table.seats.values_list("position", flat=True)) == [0]
    table.refresh_from_db()
    assert table.status == Table.Status.WAITING


def test_charlie_may_not_remove_a_bot_at_alices_table(alice, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_add_bot(table, alice, position=1)

    with pytest.raises(ServiceError) as refused:
        do_remove_bot(table, charlie, 1)

    assert refused.value.code == "forbidden"
    assert table.seats.filter(position=1).exists()


def test_a_player_is_not_a_bot_to_remove(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)

    with pytest.raises(ServiceError) as refused:
        do_remove_bot(table, alice, 1)

    assert refused.value.code == "bad_options"
    assert Seat.objects.filter(table=table, user=bob).exists()


def test_no_bot_leaves_a_game_in_progress(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)  # the last place: the game starts

    with pytest.raises(ServiceError) as refused:
        do_remove_bot(table, alice, 2)

    assert refused.value.code == "forbidden"
    assert table.seats.count() == 3
