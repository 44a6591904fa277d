"""The lobby's life (issue 15, item 9): the games in progress one may watch, and how many
players are online."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from accounts.models import User
from play import queries
from play.actions import do_add_bot, do_create_table, do_join, do_play_now
from play.models import Seat, Table
from tests.play.presence import seat_sockets_open
from tests.support.pages import text_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _room_for_many_games(monkeypatch):
    # The lobby's lists are about many games under way, not about the correspondence room.
    monkeypatch.setattr("play.actions.tables.CORRESPONDENCE_START", 30)


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def game_in_progress(alice, bob, name, visibility="public"):
    """An Ascenseur game of alice, bob and a bot, under way (correspondence: no clock)."""
    table = do_create_table(alice, "ascenseur", seat_count=3, name=name,
                            visibility=visibility, pace="correspondence", move_seconds=86400)
    do_join(table, bob)
    do_add_bot(table, alice)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING
    return table


def watch_section(client, user=None) -> str:
    """The text of the lobby's "Parties en cours" section (as ``user`` reads it)."""
    if user is not None:
        client.force_login(user)
    page = client.get("/jouer/").content.decode()
    start = page.index('id="en-cours"')
    return page[start:page.index("</section>", start)]


def test_the_lobby_lists_public_games_in_progress_with_their_players_and_a_watch_link(
    client, alice, bob, charlie
):
    table = game_in_progress(alice, bob, "Chez Alice")

    section = watch_section(client, charlie)

    assert f'href="/jouer/tables/{table.pk}/">Regarder</a>' in section
    assert "L'Ascenseur" in text_of(section) and "Chez Alice" in section
    assert "Alice, Bob, Gaston" in section


def test_it_never_lists_unlisted_games_unless_the_viewer_was_invited(
    client, alice, bob, charlie
):
    table = game_in_progress(alice, bob, "Entre amis", visibility="unlisted")

    assert "Entre amis" not in watch_section(client, charlie)
    assert "Entre amis" not in watch_section(client)  # nor to a visitor

    client.force_login(charlie)
    client.get(f"/jouer/invitation/{table.invite_token}/")
    assert f'href="/jouer/tables/{table.pk}/">Regarder</a>' in watch_section(client)


def test_it_leaves_out_practice_games_waiting_tables_and_the_viewers_own_games(
    client, alice, bob, charlie
):
    do_play_now(charlie, "ascenseur")
    do_create_table(charlie, "ascenseur", seat_count=3, name="Pas encore")
    game_in_progress(alice, bob, "La mienne")

    assert "Aucune partie à regarder pour l'instant" in watch_section(client, alice)
    section = watch_section(client, bob)
    assert "La mienne" not in section and "Pas encore" not in section
    assert "Gaston" not in section  # charlie's practice game
    assert "La mienne" in watch_section(client, charlie)


def test_it_shows_the_most_recent_games_and_says_how_many_there_are(client, alice, bob,
                                                                     charlie):
    for n in range(12):
        game_in_progress(alice, bob, f"Table n° {n}")

    section = watch_section(client, charlie)

    assert section.count(">Regarder</a>") == 10
    assert "Table n° 11" in section and "Table n° 1<" not in section
    assert "Les 10 plus récentes sur 12 parties en cours." in section


def test_a_player_seen_in_the_last_five_minutes_is_online(alice, bob, charlie):
    now = timezone.now()
    User.objects.filter(pk=alice.pk).update(last_seen_at=now - timedelta(minutes=4))
    User.objects.filter(pk=bob.pk).update(last_seen_at=now - timedelta(minutes=6))

    assert queries.count_online(now) == 1


def test_a_player_with_a_table_socket_open_is_online(alice, bob, charlie):
    playing = game_in_progress(alice, bob, "En cours")
    closed = do_create_table(charlie, "ascenseur", seat_count=3)
    seat_sockets_open(Seat.objects.filter(table=playing, user=bob))
    # a socket at a table long closed: not counted
    Table.objects.filter(pk=closed.pk).update(status=Table.Status.CLOSED)
    seat_sockets_open(Seat.objects.filter(table=closed, user=charlie))
    # a socket whose server died an hour ago: its row expired, not counted
    seat_sockets_open(Seat.objects.filter(table=playing, user=alice), hours=-1)

    assert queries.count_online() == 1


def test_the_count_is_read_once_every_thirty_seconds(alice, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert queries.online_count() == 0
    User.objects.filter(pk=alice.pk).update(last_seen_at=timezone.now())

    with django_assert_num_queries(0):
        assert queries.online_count() == 0  # the count of a moment ago


def test_the_lobby_says_how_many_players_are_online(client, alice, bob, charlie):
    assert "Personne n'est en ligne pour l'instant." in text_of(
        client.get("/jouer/").content.decode())
    cache.clear()  # the count of a moment ago, forgotten
    User.objects.filter(pk__in=[bob.pk, charlie.pk]).update(last_seen_at=timezone.now())
    client.force_login(alice)

    page = client.get("/jouer/").content.decode()

    assert "<strong>3 joueurs</strong> en ligne." in page


def test_a_request_marks_the_player_seen_at_most_once_a_minute(client, alice, monkeypatch):
    from accounts import middleware

    clock = [1_000_000.0]
    monkeypatch.setattr(middleware.time, "time", lambda: clock[0])
    client.force_login(alice)

    client.get("/jouer/")
    first = User.objects.get(pk=alice.pk).last_seen_at
    clock[0] += 59
    client.get("/jouer/")
    assert User.objects.get(pk=alice.pk).last_seen_at == first
    clock[0] += 2
    client.get("/jouer/")

    assert first is not None and User.objects.get(pk=alice.pk).last_seen_at > first
