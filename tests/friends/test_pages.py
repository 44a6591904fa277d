"""« Mes amis » and the forms of a player's page: what each shows, what each does, a
French message after each, a refusal that changes nothing."""

import pytest
from django.utils import timezone

from accounts.models import User
from friends.models import Block, Follow
from friends.services import do_block, do_follow

pytestmark = pytest.mark.django_db


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_following_from_a_players_page_says_so_and_offers_to_stop(client, alice, bob):
    client.force_login(alice)

    response = client.post("/amis/suivre/bob/", follow=True)

    assert response.redirect_chain[-1][0] == "/joueurs/bob/"
    assert messages_of(response) == ["Vous suivez Bob."]
    page = response.content.decode()
    assert "Ne plus suivre" in page and 'action="/amis/ne-plus-suivre/bob/"' in page
    assert Follow.objects.filter(follower=alice, followed=bob).exists()


def test_unfollowing_and_unblocking_say_so(client, alice, bob):
    do_follow(alice, "bob")
    client.force_login(alice)

    assert messages_of(client.post("/amis/ne-plus-suivre/bob/", follow=True)) == [
        "Vous ne suivez plus Bob."]
    do_block(alice, "bob")
    assert messages_of(client.post("/amis/debloquer/bob/", follow=True)) == [
        "Vous avez débloqué Bob."]
    assert not Follow.objects.exists() and not Block.objects.exists()


def test_blocking_asks_first_then_says_what_it_does(client, alice, bob):
    client.force_login(alice)
    page = client.get("/joueurs/bob/").content.decode()
    assert 'popovertarget="confirm-block"' in page and "Bloquer Bob ?" in page

    response = client.post("/amis/bloquer/bob/", follow=True)

    assert messages_of(response) == [
        "Vous avez bloqué Bob : à table, vous ne lisez plus ses messages, ni Bob les vôtres."]
    page = response.content.decode()
    assert "Débloquer" in page and "Suivre" not in page
    assert Block.objects.filter(blocker=alice, blocked=bob).exists()


def test_a_refusal_is_said_in_french_and_changes_nothing(client, alice, bob):
    do_block(bob, "alice")
    client.force_login(alice)

    response = client.post("/amis/suivre/bob/", follow=True)

    assert messages_of(response) == ["Vous ne pouvez pas suivre ce joueur."]
    assert not Follow.objects.exists()
    response = client.post("/amis/suivre/zorro/", follow=True)
    assert messages_of(response) == ["Aucun joueur ne s'appelle « zorro »."]


def test_the_forms_go_back_only_to_the_site(client, alice, bob):
    client.force_login(alice)

    inside = client.post("/amis/suivre/bob/", {"next": "/amis/"})
    outside = client.post("/amis/ne-plus-suivre/bob/", {"next": "https://evil.example/"})

    assert inside.url == "/amis/" and outside.url == "/joueurs/bob/"


def test_the_forms_take_posts_only(client, alice, bob):
    client.force_login(alice)

    assert client.get("/amis/suivre/bob/").status_code == 405
    assert not Follow.objects.exists()


def test_a_player_page_offers_nothing_to_visitors_guests_or_the_player(client, alice, bob):
    assert "Suivre" not in client.get("/joueurs/bob/").content.decode()
    client.force_login(bob)
    assert "Bloquer" not in client.get("/joueurs/bob/").content.decode()
    guest = User.objects.create(username="~invite-7", is_guest=True)
    client.force_login(guest)
    assert "Bloquer" not in client.get("/joueurs/bob/").content.decode()


def test_a_guest_is_sent_to_sign_up(client):
    guest = User.objects.create(username="~invite-7", is_guest=True)
    client.force_login(guest)

    response = client.get("/amis/")

    assert response.status_code == 302 and response.url.startswith("/compte/signup/")


def test_my_friends_says_how_to_follow_when_there_is_nobody(client, alice):
    client.force_login(alice)

    page = client.get("/amis/").content.decode()

    assert "Vous ne suivez encore personne." in page
    assert "Les joueurs que j’ai bloqués" not in page
    assert "Défier" not in page  # no challenges yet: no button that does nothing


def test_my_friends_lists_who_is_online_and_whom_i_blocked(client, alice, bob, charlie):
    do_follow(alice, "bob")
    do_follow(alice, "charlie")
    User.objects.filter(pk=bob.pk).update(last_seen_at=timezone.now())
    do_block(alice, "charlie")  # ends the follow
    client.force_login(alice)

    response = client.get("/amis/")

    rows = response.context["rows"]
    assert [(row["player"].username, row["online"]) for row in rows] == [("bob", True)]
    assert [p.username for p in response.context["blocked"]] == ["charlie"]
    assert 'action="/amis/debloquer/charlie/"' in response.content.decode()


def test_the_menu_leads_to_my_friends(client, alice):
    client.force_login(alice)

    assert 'href="/amis/"' in client.get("/jouer/").content.decode()
