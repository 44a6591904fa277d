"""Seeks and challenges over HTTP (docs/api.md, "Seeks and challenges"): each endpoint,
each refusal in the API's shape, changing nothing."""

import pytest

from friends.services import do_block
from pairing.models import Challenge, Seek

pytestmark = pytest.mark.django_db


def test_two_programs_seeking_the_same_game_are_paired(alice, bob, api_as):
    first = api_as(alice).post("/seeks", {"game": "all-fours", "seats": 2})
    assert first.status_code == 201 and first.json()["status"] == "open"

    second = api_as(bob).post("/seeks", {"game": "all-fours", "seats": 2})

    assert second.status_code == 201 and second.json()["status"] == "paired"
    table_id = second.json()["table_id"]
    mine = api_as(alice).get(f"/seeks/{first.json()['id']}").json()
    assert mine["status"] == "paired" and mine["table_id"] == table_id
    assert api_as(alice).get(f"/tables/{table_id}").status_code == 200


def test_the_seek_list_shows_mine_and_the_others(alice, bob, api_as):
    api_as(alice).post("/seeks", {"game": "all-fours", "seats": 4})
    api_as(bob).post("/seeks", {"game": "remigio"})

    listed = api_as(alice).get("/seeks").json()

    assert [s["game"] for s in listed["mine"]] == ["all-fours"]
    assert [(s["username"], s["mine"]) for s in listed["open"]] == [("bob", False)]
    assert api_as(bob).get(f"/seeks/{listed['mine'][0]['id']}").json()["code"] == "not_found"


def test_cancelling_a_seek(alice, api_as):
    api = api_as(alice)
    seek_id = api.post("/seeks", {"game": "all-fours"}).json()["id"]

    answer = api.delete(f"/seeks/{seek_id}")

    assert answer.status_code == 200 and answer.json()["status"] == "cancelled"
    assert Seek.objects.get().status == "cancelled"


@pytest.mark.parametrize("body,status,code", [
    ({"game": "whist"}, 400, "bad_options"),
    ({"game": "ramponneau"}, 400, "bad_options"),
    ({"game": "all-fours", "rating_min": 100}, 400, "bad_range"),
    ({"game": "all-fours", "bots_after": 30}, 400, "bad_options"),
    ({"game": "all-fours", "speed": 3}, 400, "malformed"),
])
def test_a_bad_seek_is_refused_in_the_apis_shape(alice, api_as, body, status, code):
    answer = api_as(alice).post("/seeks", body)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert not Seek.objects.exists()


def test_seeking_the_same_twice_is_a_conflict(alice, api_as):
    api = api_as(alice)
    api.post("/seeks", {"game": "all-fours"})
    answer = api.post("/seeks", {"game": "all-fours"})
    assert (answer.status_code, answer.json()["code"]) == (409, "already_seeking")


def test_a_challenge_accepted_over_the_api_opens_the_table(alice, bob, api_as):
    sent = api_as(alice).post("/challenges", {"to": ["bob"], "game": "all-fours",
                                              "rated": False})
    assert sent.status_code == 201
    challenge_id = sent.json()["id"]
    listed = api_as(bob).get("/challenges").json()
    assert [c["id"] for c in listed["incoming"]] == [challenge_id]
    assert [c["id"] for c in api_as(alice).get("/challenges").json()["outgoing"]] == [
        challenge_id]

    accepted = api_as(bob).post(f"/challenges/{challenge_id}/accept")

    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    assert accepted.json()["table"] is not None and accepted.json()["rated"] is False


def test_declining_and_cancelling(alice, bob, api_as):
    first = api_as(alice).post("/challenges", {"to": ["bob"], "game": "all-fours"}).json()
    declined = api_as(bob).post(f"/challenges/{first['id']}/decline", {"reason": "too_fast"})
    assert declined.json()["to"][0]["reason"] == "too_fast"
    assert declined.json()["status"] == "declined"

    second = api_as(alice).post("/challenges", {"to": ["bob"], "game": "all-fours"}).json()
    assert api_as(bob).delete(f"/challenges/{second['id']}").json()["code"] == "forbidden"
    assert api_as(alice).delete(f"/challenges/{second['id']}").json()["status"] == "cancelled"
    late = api_as(bob).post(f"/challenges/{second['id']}/accept")
    assert (late.status_code, late.json()["code"]) == (409, "too_late")


@pytest.mark.parametrize("to,status,code", [
    (["alice"], 400, "yourself"),
    (["nobody"], 404, "not_found"),
    (["bob"], 403, "blocked"),
])
def test_a_bad_challenge_is_refused_in_the_apis_shape(alice, bob, api_as, to, status, code):
    do_block(bob, "alice")
    answer = api_as(alice).post("/challenges", {"to": to, "game": "all-fours"})
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert not Challenge.objects.exists()


def test_writing_needs_the_tables_scope(alice, bob, api_as):
    api = api_as(alice, scopes=("play",))
    answer = api.post("/challenges", {"to": ["bob"], "game": "all-fours"})
    assert answer.json()["code"] == "scope_missing"
