"""Who played each move, through the API: a state's log and an archive's carry ``by``
(tests/play/test_log_authors.py proves the same of the socket, the table and the archive
page)."""

import pytest

from play.actions import do_resign
from tests.play.test_leaving import advance_to, started_table
from tests.play.test_log_authors import alice_timed_out_twice, lines_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


def test_the_players_own_moves_are_logged_by_player_through_the_api(alice, bob, api_as):
    table = started_table(alice, bob)
    game = advance_to(table, 0, {0: alice, 1: bob})
    api = api_as(alice)

    played = api.post(f"/tables/{table.pk}/act", {
        "action": table.engine.legal_actions(game.state)[0], "version": game.version,
        "game_id": game.pk})

    assert played.status_code == 200
    state = api.get(f"/tables/{table.pk}").json()
    assert lines_of(state["view"], 0)[-1]["by"] == "player"
    assert all(set(line) == {"text", "by", "seat"} for line in state["view"]["log"])



def test_the_archive_carries_who_played_each_move(alice, bob, api_as):
    table, game = alice_timed_out_twice(alice, bob)
    game = do_resign(table, bob)

    archive = api_as(alice).get(f"/archives/{game.pk}").json()

    by_seat = {}
    for line in archive["log"]:
        by_seat.setdefault(line["seat"], set()).add(line["by"])
    assert by_seat[0] == {"timer", "bot"}
    assert by_seat[1] == {"player"}  # bob's moves, and his resignation
    assert by_seat[2] == {"bot"}
    assert archive["log"][-1] == {"text": "Bob abandonne.", "by": "player", "seat": 1}
