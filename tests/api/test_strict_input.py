"""Strict input: a body with a field the API does not know is refused (400 ``malformed``,
naming the field) and changes nothing; what the schema allows but the game does not is
the game's refusal, never ``bad_request``."""

import json

import pytest

from api.openapi import document_text
from play.actions import do_add_bot, do_create_table, do_join, do_resign
from play.models import Game, Seat, Table
from play.presentation.archive import log_length

pytestmark = pytest.mark.django_db


def running_table(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    return Table.objects.get(pk=table.pk)


def test_an_unknown_field_is_refused_and_no_table_is_made(alice, api_as):
    response = api_as(alice).post("/tables", {"game": "ascenseur", "visibilty": "unlisted"})

    assert response.status_code == 400
    body = response.json()
    assert (body["type"], body["code"]) == ("error", "malformed")
    assert "visibilty" in body["message"]
    assert not Table.objects.exists()


def test_the_refusal_names_every_unknown_field_in_the_requests_language(alice, api_as):
    response = api_as(alice, lang="en").post(
        "/tables", {"game": "ascenseur", "colour": "red", "visibilty": "unlisted"})

    body = response.json()
    assert body["code"] == "malformed"
    assert body["message"].startswith("Unknown fields")
    assert "colour" in body["message"] and "visibilty" in body["message"]
    assert [d["loc"][-1] for d in body["detail"]] == ["colour", "visibilty"]


def test_an_unknown_field_beside_a_wrong_type_is_malformed_with_both_in_detail(alice,
                                                                              api_as):
    response = api_as(alice).post("/tables", {"game": "ascenseur", "seats": "trois",
                                              "colour": "red"})

    body = response.json()
    assert (response.status_code, body["code"]) == (400, "malformed")
    assert "colour" in body["message"] and "seats" not in body["message"]
    assert {d["loc"][-1] for d in body["detail"]} == {"seats", "colour"}
    assert not Table.objects.exists()


def test_joining_with_an_unknown_field_leaves_the_seat_free(alice, bob, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    response = api_as(bob).post(f"/tables/{table.pk}/join", {"postion": 2})

    assert response.json()["code"] == "malformed"
    assert "postion" in response.json()["message"]
    assert not Seat.objects.filter(user=bob).exists()


def test_a_bot_with_an_unknown_field_is_not_seated(alice, api_as):
    table = do_create_table(alice, "ascenseur", seat_count=3)

    response = api_as(alice).post(f"/tables/{table.pk}/bots", {"level": "maitre",
                                                                 "count": 2})

    assert response.json()["code"] == "malformed"
    assert table.seats.count() == 1


def test_a_cave_with_an_unknown_field_takes_no_ecus(alice, api_as):
    table = do_create_table(None, "ramponneau", seat_count=3,
                            options={"small_blind": 1, "big_blind": 2})

    response = api_as(alice).post(f"/tables/{table.pk}/cave", {"amount": 40,
                                                                "post_blind": True})

    assert response.json()["code"] == "malformed"
    assert not table.seats.exists()


def test_a_move_with_an_unknown_field_is_not_played(alice, bob, api_as):
    table = running_table(alice, bob)
    game = table.current_game()
    player = {0: alice, 1: bob}.get(game.state["actor"], alice)

    response = api_as(player).post(f"/tables/{table.pk}/act", {
        "action": {"type": "bid", "tricks": 0}, "version": game.version, "colour": 1})

    assert response.json()["code"] == "malformed"
    assert Game.objects.get(pk=game.pk).version == game.version


def test_every_request_body_of_the_openapi_document_forbids_unknown_fields():
    document = json.loads(document_text())
    schemas = document["components"]["schemas"]
    bodies = [operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
              for path in document["paths"].values() for operation in path.values()
              if "requestBody" in operation]

    assert len(bodies) >= 5
    for ref in bodies:
        name = ref.rsplit("/", 1)[1]
        assert schemas[name]["additionalProperties"] is False, name


def test_a_step_beyond_the_games_end_is_the_games_refusal_not_a_bad_request(alice, bob,
                                                                              api_as):
    game = do_resign(running_table(alice, bob), alice)

    response = api_as(alice).get(f"/archives/{game.pk}", step=10000)

    body = response.json()
    assert (response.status_code, body["code"]) == (400, "bad_step")
    assert f"de 0 à {log_length(game)}" in body["message"]
