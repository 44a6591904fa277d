"""Following and blocking (friends/services.py) and what the other rooms ask of them
(friends/interface.py): each change idempotent, each refusal structured and changing
nothing, a block ending a follow both ways."""

import pytest

from accounts.models import User
from friends import interface
from friends.models import Block, Follow
from friends.services import FriendsError, do_block, do_follow, do_unblock, do_unfollow

pytestmark = pytest.mark.django_db


@pytest.fixture
def guest(db):
    return User.objects.create(username="~invite-4821", is_guest=True)


def refusal(call, *args) -> str:
    with pytest.raises(FriendsError) as raised:
        call(*args)
    return raised.value.code


def test_following_twice_follows_once(alice, bob):
    first = do_follow(alice, "bob")
    again = do_follow(alice, "bob")

    assert first.pk == again.pk
    assert Follow.objects.count() == 1
    assert interface.follows(alice, bob) and not interface.follows(bob, alice)


def test_unfollowing_says_whether_there_was_a_follow(alice, bob):
    do_follow(alice, "bob")

    assert do_unfollow(alice, "bob") is True
    assert do_unfollow(alice, "bob") is False
    assert not interface.follows(alice, bob)


def test_blocking_twice_blocks_once_and_unblocking_twice_is_harmless(alice, bob):
    assert do_block(alice, "bob").pk == do_block(alice, "bob").pk
    assert Block.objects.count() == 1

    assert do_unblock(alice, "bob") is True
    assert do_unblock(alice, "bob") is False
    assert not interface.is_blocked(alice, bob)


def test_blocking_someone_ends_the_follows_both_ways(alice, bob, charlie):
    do_follow(alice, "bob")
    do_follow(bob, "alice")
    do_follow(alice, "charlie")

    do_block(alice, "bob")

    assert not interface.follows(alice, bob) and not interface.follows(bob, alice)
    assert interface.follows(alice, charlie)


def test_nobody_follows_across_a_block_either_way(alice, bob):
    do_block(alice, "bob")

    assert refusal(do_follow, alice, "bob") == "blocked"
    assert refusal(do_follow, bob, "alice") == "blocked"
    assert not Follow.objects.exists()


def test_unblocking_lifts_only_ones_own_block(alice, bob):
    do_block(alice, "bob")
    do_block(bob, "alice")

    do_unblock(alice, "bob")

    assert interface.is_blocked(alice, bob)  # bob's block of alice stands
    assert not interface.blocks(alice, bob) and interface.blocks(bob, alice)


@pytest.mark.parametrize("call", [do_follow, do_unfollow, do_block, do_unblock])
def test_oneself_a_guest_and_an_unknown_name_are_refused(call, alice, guest):
    assert refusal(call, alice, "alice") == "yourself"
    assert refusal(call, alice, guest.username) == "guest_player"
    assert refusal(call, alice, "nobody-of-that-name") == "not_found"
    assert refusal(call, guest, "alice") == "account_required"
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_an_unknown_name_is_said_back_in_the_refusal(alice):
    with pytest.raises(FriendsError) as raised:
        do_follow(alice, "zorro")

    assert raised.value.message("fr") == "Aucun joueur ne s'appelle « zorro »."
    assert raised.value.message("en") == "No player is called “zorro”."


def test_a_closed_account_is_unknown(alice, bob):
    User.objects.filter(pk=bob.pk).update(is_active=False)

    assert refusal(do_follow, alice, "bob") == "not_found"


def test_is_blocked_holds_both_ways_and_never_for_oneself(alice, bob, charlie):
    do_block(alice, "bob")

    assert interface.is_blocked(alice, bob) and interface.is_blocked(bob, alice)
    assert interface.is_blocked(alice.pk, bob.pk)
    assert not interface.is_blocked(alice, charlie)
    assert not interface.is_blocked(alice, alice) and not interface.is_blocked(None, bob)


def test_the_lists_are_by_name_with_since(alice, bob, charlie):
    charlie.display_name = "Anatole"
    charlie.save()
    do_follow(alice, "bob")
    do_follow(alice, "charlie")
    do_block(bob, "charlie")

    assert [p.username for p in interface.followed_by(alice)] == ["charlie", "bob"]
    assert all(p.since is not None for p in interface.followed_by(alice))
    assert [p.username for p in interface.blocked_by(bob)] == ["charlie"]
    assert interface.blocked_by(alice) == []


def test_silenced_names_who_must_not_read_each_author(alice, bob, charlie):
    do_block(alice, "bob")

    assert interface.silenced([alice.pk, charlie.pk]) == {alice.pk: {bob.pk}}
    assert interface.silenced([bob.pk]) == {bob.pk: {alice.pk}}
    assert interface.silenced([]) == {}
