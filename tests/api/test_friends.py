"""The players one follows and blocks, over HTTP (docs/api.md, "Friends and blocks"):
each endpoint, each refusal in the API's shape, changing nothing."""

import pytest
from django.utils import timezone

from accounts.models import User
from friends.models import Block, Follow
from friends.services import do_block, do_follow
from play.actions import do_create_table, do_join
from play.models import Table

pytestmark = pytest.mark.django_db


def test_alice_follows_bob_and_reads_him_in_her_list(alice, bob, api_as):
    api = api_as(alice)

    answer = api.put("/account/following/bob")

    assert answer.status_code == 200
    assert answer.json()["username"] == "bob" and answer.json()["display_name"] == "Bob"
    assert api.put("/account/following/bob").status_code == 200  # again: the same
    assert Follow.objects.filter(follower=alice, followed=bob).count() == 1
    players = api.get("/account/following").json()["players"]
    assert [p["username"] for p in players] == ["bob"]


def test_the_list_says_who_is_online_and_which_table_to_watch(alice, bob, charlie,
                                                              api_as):
    do_follow(alice, "bob")
    do_follow(alice, "charlie")
    User.objects.filter(pk=bob.pk).update(last_seen_at=timezone.now())
    table = do_create_table(bob, "all-fours", seat_count=2, visibility="public")
    do_join(table, charlie)
    assert Table.objects.get(pk=table.pk).status == Table.Status.PLAYING

    players = {p["username"]: p for p in api_as(alice).get("/account/following").json()[
        "players"]}

    assert players["bob"]["online"] is True and players["charlie"]["online"] is False
    assert players["bob"]["watch_table_id"] == players["charlie"]["watch_table_id"] == table.pk


def test_an_unlisted_table_is_not_offered_to_watch(alice, bob, charlie, api_as):
    do_follow(alice, "bob")
    table = do_create_table(bob, "all-fours", seat_count=2, visibility="unlisted")
    do_join(table, charlie)

    players = api_as(alice).get("/account/following").json()["players"]

    assert players[0]["watch_table_id"] is None


def test_unfollowing_answers_no_content_even_twice(alice, bob, api_as):
    do_follow(alice, "bob")
    api = api_as(alice)

    assert api.delete("/account/following/bob").status_code == 204
    assert api.delete("/account/following/bob").status_code == 204
    assert not Follow.objects.exists()


def test_blocking_lists_the_player_and_ends_the_follows(alice, bob, api_as):
    do_follow(alice, "bob")
    do_follow(bob, "alice")
    api = api_as(alice)

    answer = api.put("/account/blocks/bob")

    assert answer.status_code == 200 and answer.json()["username"] == "bob"
    assert not Follow.objects.exists()
    assert [p["username"] for p in api.get("/account/blocks").json()["players"]] == ["bob"]
    assert api.delete("/account/blocks/bob").status_code == 204
    assert api.get("/account/blocks").json()["players"] == []


@pytest.mark.parametrize("method,path,before", [
    ("put", "/account/following/bob", None), ("delete", "/account/following/bob", do_follow),
    ("put", "/account/blocks/bob", None), ("delete", "/account/blocks/bob", do_block),
])
def test_changing_them_needs_the_tables_scope(alice, bob, api_as, method, path, before):
    if before is not None:  # something to undo
        before(alice, "bob")
    before = (list(Follow.objects.values_list("pk")), list(Block.objects.values_list("pk")))

    answer = getattr(api_as(alice, scopes=["play"]), method)(path)

    assert answer.status_code == 403 and answer.json()["code"] == "scope_missing"
    assert before == (list(Follow.objects.values_list("pk")),
                      list(Block.objects.values_list("pk")))


def test_reading_the_lists_needs_no_scope(alice, api_as):
    api = api_as(alice, scopes=[])

    assert api.get("/account/following").status_code == 200
    assert api.get("/account/blocks").status_code == 200


@pytest.mark.parametrize("path", ["/account/following/", "/account/blocks/"])
def test_oneself_a_guest_and_an_unknown_name_are_refused(alice, api_as, path):
    User.objects.create(username="~invite-4821", is_guest=True)
    api = api_as(alice)

    answers = [api.put(path + name) for name in ("alice", "~invite-4821", "zorro")]

    assert [(a.status_code, a.json()["code"]) for a in answers] == [
        (400, "yourself"), (400, "guest_player"), (404, "not_found")]
    assert answers[2].json()["message"] == "Aucun joueur ne s'appelle « zorro »."
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_following_across_a_block_is_refused(alice, bob, api_as):
    do_block(bob, "alice")

    answer = api_as(alice, lang="en").put("/account/following/bob")

    assert answer.status_code == 403 and answer.json()["code"] == "blocked"
    assert answer.json()["message"] == "You cannot follow this player."
    assert not Follow.objects.exists()
