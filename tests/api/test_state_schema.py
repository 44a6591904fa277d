"""The API's state is the socket's state frame: valid against docs/schemas/server/state.json."""

import json
from pathlib import Path

from django.conf import settings
from jsonschema import Draft202012Validator

from play.actions import do_add_bot, do_create_table, do_join

STATE = Draft202012Validator(json.loads(
    (Path(settings.BASE_DIR) / "docs" / "schemas" / "server" / "state.json").read_text()))


def test_the_apis_states_are_the_sockets_frames(alice, bob, api_as):
    api = api_as(alice)
    table = do_create_table(alice, "ascenseur", seat_count=3)
    waiting = api.get(f"/tables/{table.pk}").json()
    do_join(table, bob)
    do_add_bot(table, alice)
    playing = api.get(f"/tables/{table.pk}").json()

    for state in (waiting, playing):
        assert not list(STATE.iter_errors(state)), state
        assert state["protocol"] == 3
    assert waiting["view"]["actor"] is None and waiting["view"]["legal_actions"] == []
    assert playing["view"]["status"] == "playing"
