"""The history groups a chip table's hands into one session, and counts only the hands a
player was dealt (play/presentation/history.py, play.queries.history_entries)."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.actions import do_act, do_create_table, do_join, games
from play.models import Game, Table
from tests.ratings.conftest import finish_by_hand, human_table


@pytest.fixture(autouse=True)
def _play_settings(settings, monkeypatch):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False
    monkeypatch.setattr(games, "system_random", random.Random(7))


def shove(legal):
    """Everybody all in, every hand: players go broke within a few hands."""
    by_type = {a["type"]: a for a in legal}
    if "raise" in by_type:
        return {"type": "raise", "amount": by_type["raise"]["max"]}
    if "bet" in by_type:
        return {"type": "bet", "amount": by_type["bet"]["max"]}
    return calm(legal)


def calm(legal):
    """Check or call the least: hands end at showdown, nobody busts quickly."""
    by_type = {a["type"]: a for a in legal}
    if "check" in by_type:
        return {"type": "check"}
    if "call" in by_type:
        return {"type": "call", "amount": by_type["call"]["amount"]}
    return next(a for a in legal if a["type"] != "fold")  # at the showdown: show


def poker_session(users, hands, move=shove, starting_stack=20):
    """A practice Ramponneau table of ``users``, played ``hands`` hands (or until one
    player has every chip); its finished hands, in order."""
    table = do_create_table(users[0], "ramponneau", seat_count=len(users), practice=True,
                            options={"starting_stack": starting_stack})
    for user in users[1:]:
        do_join(table, user)
    by_seat = {s.position: s.user for s in table.seats.select_related("user")}
    for _ in range(5_000):
        table.refresh_from_db()
        done = table.games.filter(status=Game.Status.FINISHED).count()
        game = table.current_game()
        if done >= hands or game is None or game.status == Game.Status.FINISHED:
            break
        actor = game.state["actor"]
        do_act(game, by_seat[actor], move(table.engine.legal_actions(game.state)),
               game.version)
    return table, list(table.games.filter(status=Game.Status.FINISHED).order_by("number"))


def test_a_session_at_a_chip_table_is_one_entry_with_its_hands_and_net_result(
    client, alice, bob, charlie
):
    table, hands = poker_session([alice, bob, charlie], hands=6, move=calm)
    client.force_login(alice)

    page = client.get("/jouer/historique/")

    assert len(hands) == 6
    [entry] = page.context["rows"]
    net = sum(game.result["scores"][0] for game in hands)
    assert entry.session and entry.hands == 6 and entry.net == net
    assert entry.url == f"/jouer/historique/tables/{table.pk}/"
    html = page.content.decode()
    assert "6 mains" in html
    assert f'href="/jouer/historique/tables/{table.pk}/"' in html


def test_the_session_page_lists_its_hands_with_their_archive_and_result(
    client, alice, bob, charlie
):
    table, hands = poker_session([alice, bob, charlie], hands=3, move=calm)
    client.force_login(alice)

    page = client.get(f"/jouer/historique/tables/{table.pk}/")

    assert page.status_code == 200
    rows = page.context["hands"]
    assert [row.game_id for row in rows] == [g.pk for g in reversed(hands)]
    assert [row.net for row in rows] == [g.result["scores"][0] for g in reversed(hands)]
    html = page.content.decode()
    for game in hands:
        assert f'href="/jouer/parties/{game.pk}/"' in html


def test_somebody_else_s_session_page_is_not_found(client, alice, bob, charlie, db):
    from tests.conftest import create_player

    table, _ = poker_session([alice, bob, charlie], hands=1, move=calm)
    client.force_login(create_player("dora", verified=True))

    assert client.get(f"/jouer/historique/tables/{table.pk}/").status_code == 404
    assert client.get("/jouer/historique/tables/999999/").status_code == 404


def test_hands_a_player_was_not_dealt_are_not_theirs(client, alice, bob, db):
    # An écus table: dora caves in while a hand is being played and is dealt from the
    # next one (a practice table ends its session when a player's chips run out, so a
    # seat left out of a hand is met where players come and go).
    from economy.chips import caves
    from tests.conftest import create_player
    from tests.economy.test_caves import play_hand, system_table

    dora = create_player("dora", verified=True)
    table = system_table(seats=3)
    caves.do_cave(table, alice, 40, request_key="a")
    caves.do_cave(table, bob, 40, request_key="b")
    caves.do_cave(table, dora, 40, request_key="d", post_now=True)  # during the first hand
    hands = [play_hand(table), play_hand(table)]
    users = [alice, bob, dora]
    seat = next(s.position for s in table.seats.all() if s.user_id == dora.pk)
    user = users[seat]
    dealt = [g for g in hands if seat in g.state["order"]]
    assert 0 < len(dealt) < len(hands), "dora was dealt every hand: the test proves nothing"

    for game in hands:
        assert sorted(game.participants.values_list("position", flat=True)) == sorted(
            game.state["order"])
    client.force_login(user)
    [entry] = client.get("/jouer/historique/").context["rows"]
    assert entry.hands == len(dealt) < len(hands)
    session = client.get(f"/jouer/historique/tables/{table.pk}/")
    assert sorted(row.game_id for row in session.context["hands"]) == [g.pk for g in dealt]
    line = next(line for line in client.get(f"/joueurs/{user.username}/").context["lines"]
                if line["slug"] == "ramponneau")
    assert line["played"] == len(dealt)


def test_sessions_and_games_mix_newest_first_and_are_paginated(client, alice, bob, charlie):
    poker_session([alice, bob], hands=2, move=calm)
    for _ in range(20):
        finish_by_hand(human_table(alice, [bob]).current_game(), {"scores": [7, 3],
                                                                   "winners": [0]})
    latest, _ = poker_session([alice, charlie], hands=2, move=calm)
    client.force_login(alice)

    first = client.get("/jouer/historique/").context["rows"]
    second = client.get("/jouer/historique/?page=2").context["rows"]

    assert len(first) == 20 and len(second) == 2
    assert first[0].session and first[0].url.endswith(f"/{latest.pk}/")
    assert not any(row.session for row in first[1:]) and second[-1].session
    ramponneau = client.get("/jouer/historique/?jeu=ramponneau").context["rows"]
    assert [row.session for row in ramponneau] == [True, True]


def test_the_history_reads_a_bounded_number_of_queries(client, alice, bob, charlie):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/jouer/historique/").status_code == 200
            assert client.get("/joueurs/alice/").status_code == 200
        return len(captured)

    poker_session([alice, bob], hands=2, move=calm)
    finish_by_hand(human_table(alice, [bob]).current_game(), {"scores": [7, 3],
                                                               "winners": [0]})
    client.force_login(alice)
    queries()  # the first page of a visit also records when alice was last seen
    few = queries()
    for _ in range(3):
        poker_session([alice, charlie], hands=3, move=calm)
        finish_by_hand(human_table(alice, [charlie]).current_game(), {"scores": [7, 3],
                                                                       "winners": [0]})

    assert queries() == few


def test_the_player_page_groups_a_public_chip_table_s_hands_too(client, alice, bob, charlie):
    table, hands = poker_session([alice, bob, charlie], hands=3, move=calm)
    Table.objects.filter(pk=table.pk).update(practice=False)
    client.force_login(bob)

    recent = client.get("/joueurs/alice/").context["recent"]

    assert len(recent) == 1 and recent[0].session and recent[0].hands == 3


def test_a_session_reads_in_english_too(client, alice, bob):
    table, hands = poker_session([alice, bob], hands=2, move=calm)
    alice.preferred_language = "en"
    alice.save(update_fields=["preferred_language"])
    client.force_login(alice)

    history = client.get("/jouer/historique/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    session = client.get(f"/jouer/historique/tables/{table.pk}/",
                         HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "See the 2 hands" in history and " chips" in history
    assert "2 hands played" in session and "Replay the hand" in session
    assert " jetons" not in history + session and " mains" not in history + session
