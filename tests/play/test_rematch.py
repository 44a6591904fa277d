"""A rematch: "Revanche" opens the same table again with the same players invited; the
game starts when they accept."""

import pytest
from channels.db import database_sync_to_async
from django.urls import reverse

from play.actions import (
    ServiceError,
    do_add_bot,
    do_create_table,
    do_decline_rematch,
    do_join,
    do_leave,
    do_play_now,
    do_rematch,
    do_resign,
)
from play.models import Seat, Table
from play.presentation.view import view_for
from play.queries import rematches_offered_to
from tests.play.test_consumers import in_loop, next_of, open_socket


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}


def finished_table(alice, bob, **kwargs):
    """An Ascenseur table (alice 0, bob 1, a bot at 2) whose game bob resigned."""
    table = do_create_table(alice, "ascenseur", seat_count=3, **kwargs)
    do_join(table, bob)
    do_add_bot(table, alice, level="maitre")
    do_resign(table, bob)
    table.refresh_from_db()
    return table


def test_revanche_opens_the_same_table_again_with_the_same_players_invited(alice, bob):
    old = finished_table(alice, bob, pace="correspondence", move_seconds=2 * 86400,
                         visibility="unlisted")

    new = do_rematch(old, alice)

    assert new.pk != old.pk and new.rematch_of_id == old.pk
    assert (new.game_slug, new.seat_count, new.options, new.pace, new.move_seconds,
            new.visibility) == (old.game_slug, 3, old.options, "correspondence", 2 * 86400,
                                "unlisted")
    assert new.status == Table.Status.WAITING
    seats = {s.position: s for s in new.seats.all()}
    assert seats[0].user == alice
    old_bot = old.seats.get(position=2)
    assert (seats[2].bot, seats[2].bot_level) == (old_bot.bot, "maitre")
    assert 1 not in seats  # bob's place is kept for him, empty until he answers
    assert new.reserved_positions() == {1: bob.pk}


def test_the_rematch_starts_when_the_invited_player_accepts(alice, bob):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)

    accepted = do_rematch(old, bob)  # bob's "Accepter la revanche" on the old table

    assert accepted.pk == new.pk
    new.refresh_from_db()
    assert new.status == Table.Status.PLAYING
    assert new.seats.get(position=1).user == bob
    assert new.current_game().status == "playing"


def test_a_second_revanche_click_returns_the_same_rematch(alice, bob):
    old = finished_table(alice, bob)
    first = do_rematch(old, alice)
    assert do_rematch(old, alice).pk == first.pk
    assert old.rematches.count() == 1


def test_a_place_kept_for_the_rematch_is_refused_to_anyone_else(alice, bob, charlie):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)

    with pytest.raises(ServiceError) as refused:
        do_join(new, charlie, position=1)
    assert refused.value.code == "reserved"
    with pytest.raises(ServiceError) as full:
        do_join(new, charlie)
    assert full.value.code == "table_full"
    with pytest.raises(ServiceError):
        do_add_bot(new, alice)
    assert new.seats.count() == 2 and new.reserved_positions() == {1: bob.pk}


def test_joining_the_rematch_puts_the_invited_player_at_their_place(alice, bob):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)
    seat = do_join(new, bob)  # from the rematch's own page
    assert seat.position == 1


def test_a_declined_rematch_frees_the_place(alice, bob, charlie):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)

    do_decline_rematch(new, bob)

    new.refresh_from_db()
    assert new.reserved_positions() == {}
    assert new.status == Table.Status.WAITING
    assert do_join(new, charlie).position == 1  # a public table: anyone may take it now
    new.refresh_from_db()
    assert new.status == Table.Status.PLAYING
    with pytest.raises(ServiceError) as again:
        do_rematch(old, bob)  # no way back in once declined
    assert again.value.code == "forbidden"


def test_only_the_invited_may_decline(alice, bob, charlie):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)
    with pytest.raises(ServiceError) as refused:
        do_decline_rematch(new, charlie)
    assert refused.value.code == "not_invited"
    assert new.reserved_positions() == {1: bob.pk}


def test_an_invited_player_who_sits_then_leaves_frees_the_place(alice, bob):
    old = finished_table(alice, bob)
    new = do_rematch(old, alice)
    Seat.objects.filter(table=new, bot__gt="").delete()  # keep the table from starting
    do_join(new, bob)
    do_leave(new, bob)
    new.refresh_from_db()
    assert new.reserved_positions() == {}


def test_a_rematch_against_bots_starts_at_once(alice):
    old = do_play_now(alice, "ascenseur")
    do_resign(old, alice)

    new = do_rematch(old, alice)

    new.refresh_from_db()
    assert new.practice and new.status == Table.Status.PLAYING
    assert new.current_game() is not None


def test_a_rematch_is_refused_while_the_game_is_being_played(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    with pytest.raises(ServiceError) as refused:
        do_rematch(table, alice)
    assert refused.value.code == "game_not_over"
    assert not Table.objects.filter(rematch_of=table).exists()


def test_only_the_players_may_ask_for_a_rematch(alice, bob, charlie):
    old = finished_table(alice, bob)
    with pytest.raises(ServiceError) as refused:
        do_rematch(old, charlie)
    assert refused.value.code == "not_seated"
    assert not old.rematches.exists()


def test_the_finished_tables_view_follows_the_answers(alice, bob):
    old = finished_table(alice, bob)
    game = old.current_game()
    assert view_for(game, bob)["rematch"] is None

    new = do_rematch(old, alice)
    offer = view_for(game, bob)["rematch"]
    assert offer["table_id"] == new.pk and offer["proposed_by"] == 0
    assert offer["invited"] == [{"position": 1, "name": bob.public_name, "answer": "waiting"}]

    do_rematch(old, bob)
    assert view_for(game, alice)["rematch"]["invited"][0]["answer"] == "accepted"


def test_the_old_table_page_offers_the_rematch_to_the_invited(client, alice, bob):
    old = finished_table(alice, bob)
    client.force_login(alice)
    page = client.get(old.get_absolute_url()).content.decode()
    assert "Revanche" in page and reverse("play:rematch", args=[old.pk]) in page

    client.post(reverse("play:rematch", args=[old.pk]))
    client.force_login(bob)
    page = client.get(old.get_absolute_url()).content.decode()
    assert "propose une revanche" in page and "Accepter la revanche" in page

    response = client.post(reverse("play:rematch", args=[old.pk]))
    new = old.rematches.get()
    assert response.status_code == 302 and response.url == new.get_absolute_url()
    assert new.seats.filter(user=bob).exists()


def test_an_invited_player_sees_an_unlisted_rematch_and_finds_it_in_my_games(
    client, alice, bob
):
    old = finished_table(alice, bob, visibility="unlisted")
    new = do_rematch(old, alice)
    assert [t.pk for t in rematches_offered_to(bob)] == [new.pk]

    client.force_login(bob)
    assert "vous propose une revanche" in client.get(reverse("play:my_games")).content.decode()
    page = client.get(new.get_absolute_url())
    assert page.status_code == 200
    assert "Accepter la revanche" in page.content.decode()
    assert f"place gardée pour {bob.public_name}" in page.content.decode()

    client.post(reverse("play:decline_rematch", args=[new.pk]))
    assert rematches_offered_to(bob) == []


@pytest.mark.django_db(transaction=True)
@in_loop
async def test_a_rematch_over_the_socket_reaches_the_old_tables_other_players(
    alice, bob, settings
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    old = await database_sync_to_async(finished_table)(alice, bob)
    bob_socket = await open_socket(bob, old.pk)
    await next_of(bob_socket, "state")
    alice_socket = await open_socket(alice, old.pk)
    await next_of(alice_socket, "state")

    await alice_socket.send_json_to({"type": "rematch"})
    reply = await next_of(alice_socket, "rematch")

    state = await next_of(bob_socket, "state")
    assert state["view"]["rematch"]["table_id"] == reply["table_id"]
    assert state["view"]["rematch"]["invited"][0]["answer"] == "waiting"

    await bob_socket.send_json_to({"type": "decline_rematch"})
    assert (await next_of(bob_socket, "decline_rematch"))["table_id"] == reply["table_id"]
    await alice_socket.send_json_to({"type": "decline_rematch"})  # she proposed it
    refused = await next_of(alice_socket, "error")
    assert refused["code"] == "not_invited"
    await alice_socket.disconnect()
    await bob_socket.disconnect()
