"""Board Game Arena's rule against abandoned games (play/actions/tables.py): a new account
holds CORRESPONDENCE_START correspondence tables at once, one more per correspondence
table it saw to the end without resigning or timing out."""

import pytest

from play.actions import ServiceError, do_create_table, do_join, do_resign
from play.actions.tables import (
    CORRESPONDENCE_START,
    check_correspondence_room,
    correspondence_room,
)
from play.models import Game, Participant, Table
from tests.conftest import create_player

DAY = 86400


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 50


def correspondence(owner, **kwargs):
    return do_create_table(owner, "all-fours", seat_count=2, pace="correspondence",
                           move_seconds=3 * DAY, **kwargs)


def test_a_new_account_holds_four_correspondence_games_and_a_fifth_is_refused(alice, bob):
    dave = create_player("dave", verified=True)
    tables = [correspondence(bob) for _ in range(CORRESPONDENCE_START)] + [correspondence(dave)]
    for table in tables[:CORRESPONDENCE_START]:
        do_join(table, alice)
    assert correspondence_room(alice) == (CORRESPONDENCE_START, CORRESPONDENCE_START)

    with pytest.raises(ServiceError) as joining:
        do_join(tables[-1], alice)
    assert joining.value.code == "too_many_correspondence_games"
    assert "déjà 4 parties par correspondance" in joining.value.message()
    assert "vous en accorde une de plus" in joining.value.message()
    assert not tables[-1].seats.filter(user=alice).exists()
    with pytest.raises(ServiceError) as creating:
        correspondence(alice)
    assert creating.value.code == "too_many_correspondence_games"
    assert not Table.objects.filter(owner=alice).exists()
    # Live tables are not counted.
    do_create_table(alice, "all-fours", seat_count=2, pace="live", move_seconds=60)


def test_a_game_finished_gives_room_for_one_more_and_a_resigned_one_does_not(alice, bob):
    first, second = correspondence(bob), correspondence(bob)
    do_join(first, alice)
    do_join(second, alice)
    do_resign(second, alice)  # alice resigned: it ends, but gives her no room
    game = first.current_game()
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)  # seen to the end
    Table.objects.filter(pk=first.pk).update(status=Table.Status.FINISHED)
    assert Participant.objects.filter(game=game, user=alice).exists()

    assert correspondence_room(alice) == (0, CORRESPONDENCE_START + 1)
    check_correspondence_room(alice)
