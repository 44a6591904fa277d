"""The archive: a finished game replayed step by step, from the viewer's own seat.

What each viewer may see is proved at length in test_fair_play.py; these tests cover the
page itself: navigation, the replay, access.
"""

import random

import pytest
from django.utils.html import escape

from play.actions import do_add_bot, do_create_table, games
from play.presentation.archive import participants_of
from play.presentation.messages import say
from play.presentation.words import card_name
from tests.support.playing import default_move
from tests.support.tables import play_game_to_the_end


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def finished(alice, monkeypatch):
    # The deals and the bot's choices from a seeded generator: the same game every run,
    # one whose last deal is played out (a game may also end on a turn-up or a gift point,
    # when nobody shows a card).
    monkeypatch.setattr(games, "system_random", random.Random(11))
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_add_bot(table, alice)
    return play_game_to_the_end(
        table.current_game(), {0: alice}, random.Random(2), choose=default_move(table.engine)
    )


def test_it_refuses_the_archive_of_a_game_being_played(client, alice):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_add_bot(table, alice)
    client.force_login(alice)

    response = client.get(f"/jouer/parties/{table.current_game().pk}/")

    assert response.status_code == 403
    assert "Cette partie se joue encore" in response.content.decode()


def test_it_replays_a_finished_game_step_by_step(client, alice, finished):
    client.force_login(alice)
    total = finished.actions.count()

    first = client.get(f"/jouer/parties/{finished.pk}/?etape=1").content.decode()
    second = client.get(f"/jouer/parties/{finished.pk}/?etape=2").content.decode()
    last = client.get(f"/jouer/parties/{finished.pk}/").content.decode()

    assert f"Étape 1 sur {total}" in first
    assert 'href="?etape=2"' in first and 'href="?etape=0"' in first
    assert f"Étape 2 sur {total}" in second
    assert 'href="?etape=1"' in second
    assert f"Étape {total} sur {total}" in last
    # the first action is the cut; its sentence is the step's caption
    names = [p.display_name for p in participants_of(finished)]
    assert escape(say("all-fours", finished.actions.get(seq=1).message, names)) in first


def test_a_step_shows_the_players_own_hand_and_not_the_bots(client, alice, finished):
    client.force_login(alice)
    engine = finished.table.engine
    from cardgames import replay

    records = list(finished.actions.order_by("seq"))
    # the first step after a deal of six cards each
    step = next(i for i, r in enumerate(records, 1) if r.action["type"] == "deal" and i > 1)
    state = replay(engine, 2, finished.state["options"], None, [r.action for r in records[:step]])

    page = client.get(f"/jouer/parties/{finished.pk}/?etape={step}").content.decode()

    assert state["hands"][0] and state["hands"][1]
    for card in state["hands"][0]:
        assert card_name(card) in page
    # the bot's cards, but those the table showed before: the turn-up, the cut's cards
    cut = {c for r in records[: step - 1] if r.source == "chance" for c in r.action["deck"][:2]}
    for card in state["hands"][1]:
        if card != state["turnup"] and card not in cut:
            assert card_name(card) not in page


def test_the_replay_reaches_the_final_state(client, alice, finished):
    from play.presentation.archive import actions_of, state_at

    records = actions_of(finished)
    state = state_at(finished, records, len(records))

    assert state == finished.state


def test_the_end_shows_what_each_seat_played_in_the_last_deal(client, alice, finished):
    client.force_login(alice)
    records = list(finished.actions.order_by("seq"))
    last_deal = max(i for i, r in enumerate(records) if r.source == "chance")
    played_last = [r.action["card"] for r in records[last_deal:] if r.action["type"] == "play"]

    page = client.get(f"/jouer/parties/{finished.pk}/").content.decode()

    assert "Mains montrées" in page
    assert "Ordre des cartes" not in page
    for card in played_last:
        assert card_name(card) in page


def test_out_of_range_steps_are_clamped(client, alice, finished):
    client.force_login(alice)

    total = finished.actions.count()

    def step_shown(query):
        response = client.get(f"/jouer/parties/{finished.pk}/?etape={query}")
        assert response.status_code == 200
        return response.context["step"]

    assert step_shown("-4") == 0
    assert step_shown("99999") == total
    assert step_shown("abc") == total
    assert step_shown("3") == 3


def test_an_unlisted_game_archive_opens_only_with_its_invitation(client, alice, bob, finished):
    client.force_login(bob)

    # the fixture's table is public: bob may look, as a spectator.
    public = client.get(f"/jouer/parties/{finished.pk}/").content.decode()
    finished.table.visibility = "unlisted"
    finished.table.save()
    refused = client.get(f"/jouer/parties/{finished.pk}/")
    token = finished.table.invite_token
    invited = client.get(f"/jouer/parties/{finished.pk}/?invitation={token}")

    assert "comme un spectateur" in public
    assert refused.status_code == 404
    assert invited.status_code == 200
