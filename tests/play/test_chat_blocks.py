"""A block silences both ways at a table: neither player reads the other's chat lines, on
the page, in a socket's state and as they are posted (JSON and HTML connections), while
the rest of the table reads them all; the HTML a snapshot's readers share is never
another reader's chat."""

import json

import pytest
from channels.db import database_sync_to_async

from friends.services import do_block
from play.actions import do_chat, do_create_table, do_join
from play.presentation.table import render_table_fragments
from play.presentation.view import view_from_snapshot
from play.queries import load_snapshot
from tests.play.test_consumers import in_loop, next_of, open_socket


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


async def frames_within(socket, seconds=0.5) -> list:
    """Every frame the socket gets in the next ``seconds`` (presence, chat, state...)."""
    frames = []
    while not await socket.receive_nothing(timeout=seconds):
        frames.append(await socket.receive_from())
    return frames


async def first_frame(socket, holding: str, seconds=5) -> str:
    """The first frame the socket gets holding ``holding`` (within ``seconds``)."""
    for _ in range(int(seconds / 0.1)):
        if not await socket.receive_nothing(timeout=0.1):
            frame = await socket.receive_from()
            if holding in frame:
                return frame
    raise AssertionError(f"no frame with {holding!r}")


def chat_frames(frames) -> list[str]:
    return [json.loads(f)["message"]["text"] for f in frames if '"type": "chat"' in f]


def three_at_a_table(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_join(table, charlie)
    return table


def chat_of(client, user, table) -> str:
    client.force_login(user)
    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()
    return page[page.index('id="chat-messages"'):]


@pytest.mark.django_db
def test_on_the_page_a_block_hides_each_ones_lines_from_the_other(client, alice, bob,
                                                                   charlie):
    table = three_at_a_table(alice, bob, charlie)
    do_chat(table, bob, "Bonsoir de Bob")
    do_chat(table, alice, "Bonsoir d'Alice")
    do_block(alice, "bob")

    seen_by_alice = chat_of(client, alice, table)
    seen_by_bob = chat_of(client, bob, table)
    seen_by_charlie = chat_of(client, charlie, table)

    assert "Bonsoir de Bob" not in seen_by_alice and "Bonsoir d&#x27;Alice" in seen_by_alice
    assert "Bonsoir d&#x27;Alice" not in seen_by_bob and "Bonsoir de Bob" in seen_by_bob
    assert "Bonsoir de Bob" in seen_by_charlie and "Bonsoir d&#x27;Alice" in seen_by_charlie


@pytest.mark.django_db(transaction=True)
@in_loop
async def test_on_the_socket_a_blocked_players_lines_never_reach_the_blocker(alice, bob,
                                                                            charlie):
    table = await database_sync_to_async(three_at_a_table)(alice, bob, charlie)
    await database_sync_to_async(do_block)(bob, "alice")  # bob blocked alice: both ways
    sockets = {}
    for name, user in (("alice", alice), ("bob", bob), ("charlie", charlie)):
        sockets[name] = await open_socket(user, table.pk)
        await next_of(sockets[name], "state")

    await sockets["bob"].send_json_to({"type": "chat", "text": "psst"})
    assert (await next_of(sockets["charlie"], "chat"))["message"]["text"] == "psst"
    await next_of(sockets["bob"], "chat")  # his own line, as anyone's
    assert chat_frames(await frames_within(sockets["alice"])) == []

    await sockets["alice"].send_json_to({"type": "chat", "text": "coucou"})
    assert (await next_of(sockets["charlie"], "chat"))["message"]["text"] == "coucou"
    assert chat_frames(await frames_within(sockets["bob"])) == []

    # A state read now (a socket opened again) holds the same lines as the frames did.
    again = await open_socket(alice, table.pk)
    lines = [line["text"] for line in (await next_of(again, "state"))["view"]["chat"]]
    assert lines == ["coucou"]
    for socket in (*sockets.values(), again):
        await socket.disconnect()


@pytest.mark.django_db(transaction=True)
@in_loop
async def test_html_connections_of_one_table_each_get_their_own_chat(alice, bob, charlie):
    table = await database_sync_to_async(three_at_a_table)(alice, bob, charlie)
    await database_sync_to_async(do_block)(alice, "bob")
    pages = {}
    for name, user in (("alice", alice), ("charlie", charlie)):
        pages[name] = await open_socket(user, table.pk, query="format=html")
        await first_frame(pages[name], "chat-messages", seconds=10)  # the table as it is
    bob_socket = await open_socket(bob, table.pk)
    await next_of(bob_socket, "state")
    for page in pages.values():
        await frames_within(page)  # bob came: the seats drawn again

    await bob_socket.send_json_to({"type": "chat", "text": "psst"})

    # Both read the same snapshot in this process: the chat rendered for charlie must
    # not be the one alice is sent, nor the reverse.
    assert "chat-messages" in await first_frame(pages["charlie"], "psst", seconds=10)
    alice_frames = await frames_within(pages["alice"], 2)
    assert any("chat-messages" in frame for frame in alice_frames)  # the chat, redrawn
    assert not any("psst" in frame for frame in alice_frames)
    for socket in (*pages.values(), bob_socket):
        await socket.disconnect()


@pytest.mark.django_db
def test_readers_of_one_snapshot_share_no_chat_a_block_hides(alice, bob, charlie):
    table = three_at_a_table(alice, bob, charlie)
    do_chat(table, bob, "psst")
    do_block(alice, "bob")
    snapshot = load_snapshot(table)

    def fragments(user):
        view = view_from_snapshot(snapshot, user, "fr")
        return render_table_fragments(snapshot.table, snapshot.game, user, view, lang="fr",
                                      shared=snapshot.rendered)

    assert "psst" in fragments(charlie)  # rendered first, kept for the snapshot's readers
    assert "psst" not in fragments(alice)
    assert "psst" in fragments(bob)
