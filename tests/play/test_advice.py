"""« Conseil »: at a practice table, the seated player asks on their turn what the maître
would play, and reads it in one sentence under their buttons.

The maître here is the stand-in of tests/support/maitre.py (the real searches are the
engines' tests; the browser test asks L'Ascenseur's real maître).
"""

from __future__ import annotations

import html

import pytest
from django.core.cache import cache

from play.actions import (
    ServiceError,
    do_act,
    do_add_bot,
    do_create_table,
    do_join,
    do_play_now,
)
from play.actions.advice import answer_key, ask_the_maitre
from play.clock.scheduler import run_due
from play.models import Action
from tests.support import maitre

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def _to_the_turn_of(table, position, user=None, others=None):
    """Let the bots (and ``others``: seat → user, each playing its first legal move) play
    until ``position`` is to act, with a choice to make when ``user`` plays it (a single
    legal move is played for them); the game, fresh."""
    others = others or {}
    for _ in range(200):
        game = table.current_game()
        legal = table.engine.legal_actions(game.state)
        if game.actor == position:
            if user is None or len(legal) > 1:
                return game
            do_act(game, user, legal[0], game.version)
        elif game.actor in others:
            do_act(game, others[game.actor], legal[0], game.version)
        else:
            run_due()
    raise AssertionError("never the player's turn")


@pytest.fixture
def stand_in(monkeypatch):
    from cardgames.registry import get_game

    return maitre.install(monkeypatch, get_game("ascenseur"))


@pytest.fixture
def practice(alice, stand_in):
    """Alice at a practice table of L'Ascenseur against two bots, on her turn to bid."""
    table = do_play_now(alice, "ascenseur")
    return table, _to_the_turn_of(table, 0, alice)


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _ask(client, table, game, version=None, **extra):
    return client.post(f"/jouer/tables/{table.pk}/conseil/",
                       {"version": game.version if version is None else version,
                        "game_id": game.pk}, **extra)


def test_the_conseil_button_is_offered_to_the_seated_player_on_their_turn(client, alice,
                                                                          practice):
    table, game = practice
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert "Conseil" in page
    assert f'hx-post="/jouer/tables/{table.pk}/conseil/"' in page
    assert 'id="advice"' in page and 'aria-live="polite"' in page


def test_the_conseil_button_waits_for_the_players_turn(client, alice, stand_in):
    table = do_play_now(alice, "ascenseur")
    _to_the_turn_of(table, 1)
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()

    assert "/conseil/" not in page


def test_asking_for_advice_answers_with_the_maitres_move_in_one_sentence(client, alice,
                                                                        practice):
    table, game = practice
    client.force_login(alice)
    best = game.table.engine.legal_actions(game.state)[-1]["tricks"]

    response = _ask(client, table, game, **HTMX)

    text = _text(response)
    assert response.status_code == 200
    words = "levée" if best < 2 else "levées"
    assert (f"Le maître annoncerait {best} {words} : 72 % de chances de faire juste votre "
            "annonce.") in text
    assert f'data-advice-version="{game.version}"' in text


def test_the_advice_is_computed_from_the_seats_own_view_only(alice, practice, stand_in):
    table, game = practice

    ask_the_maitre(table, alice, game.version)

    assert stand_in.views == [table.engine.view(game.state, 0)]
    seen = stand_in.views[0]
    hidden = table.engine.hidden_cards(game.state, 0)
    assert not hidden & set(seen.get("hand") or [])
    assert "hands" not in seen and "deck" not in seen


def test_the_conseil_button_is_refused_at_a_table_that_is_not_practice(client, alice, bob,
                                                                       stand_in):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)
    do_add_bot(table, alice)
    game = _to_the_turn_of(table, 0, alice, others={1: bob})
    player = alice
    client.force_login(player)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()
    response = _ask(client, table, game, **HTMX)

    assert "/conseil/" not in page
    assert ("Le conseil du maître n'est offert qu'aux tables d'entraînement."
            in _text(response))
    assert stand_in.views == []


def test_advice_is_refused_when_it_is_not_your_turn(alice, monkeypatch, stand_in):
    table = do_play_now(alice, "ascenseur")
    game = _to_the_turn_of(table, 1)  # a bot's turn (the bots are not due while we ask)

    with pytest.raises(ServiceError) as refused:
        ask_the_maitre(table, alice, game.version)

    assert refused.value.code == "not_your_turn"


def test_a_player_who_is_not_seated_gets_no_advice(alice, bob, practice):
    table, game = practice

    with pytest.raises(ServiceError) as refused:
        ask_the_maitre(table, bob, game.version)

    assert refused.value.code == "not_seated"


def test_a_stale_request_says_the_game_moved_on(client, alice, practice, stand_in):
    table, game = practice
    client.force_login(alice)

    response = _ask(client, table, game, version=game.version - 1, **HTMX)

    assert "La partie a avancé depuis" in _text(response)
    assert 'advice__answer--refused' in _text(response)
    assert stand_in.views == []


def test_an_answer_is_kept_for_its_position_and_asked_again_costs_nothing(alice, practice,
                                                                         stand_in, settings):
    table, game = practice
    settings.ADVICE_PER_MINUTE = 1

    first = ask_the_maitre(table, alice, game.version)
    again = ask_the_maitre(table, alice, game.version)  # another tab, a reload

    assert again.appraisal == first.appraisal
    assert len(stand_in.views) == 1
    assert cache.get(answer_key(game.pk, game.version, 0)) == first.appraisal


def test_more_answers_than_a_minute_allows_are_refused_in_french(alice, practice, settings):
    table, game = practice
    settings.ADVICE_PER_MINUTE = 2
    for _ in range(2):
        ask_the_maitre(table, alice, game.version, now=960.0)
        cache.delete(answer_key(game.pk, game.version, 0))  # as if each were a new position

    with pytest.raises(ServiceError) as refused:
        ask_the_maitre(table, alice, game.version, now=970.0)

    assert refused.value.code == "rate_limited"
    assert refused.value.message() == ("Vous avez demandé 2 conseils en une minute, le "
                                       "maximum : réessayez dans 50 s.")
    # the next minute, the maître answers again
    assert ask_the_maitre(table, alice, game.version, now=1021.0).appraisal


def test_the_maitre_thinks_about_one_question_at_a_time_per_player(alice, practice):
    table, game = practice
    cache.add(f"advice-busy:{alice.pk}", 1)  # a question of the player's is being thought

    with pytest.raises(ServiceError) as refused:
        ask_the_maitre(table, alice, game.version)

    assert refused.value.code == "advice_busy"


def test_asking_for_advice_records_nothing_in_the_game(client, alice, practice):
    table, game = practice
    client.force_login(alice)
    actions = Action.objects.filter(game=game).count()

    _ask(client, table, game, **HTMX)

    game.refresh_from_db()
    table.refresh_from_db()
    assert Action.objects.filter(game=game).count() == actions
    assert table.current_game().version == game.version


def test_without_javascript_the_advice_comes_back_as_the_pages_message(client, alice,
                                                                      practice):
    table, game = practice
    client.force_login(alice)

    response = _ask(client, table, game, follow=True)

    assert response.redirect_chain[-1][0].endswith(f"/jouer/tables/{table.pk}/#actions")
    assert "Le maître annoncerait" in _text(response)


def test_a_game_without_an_appraisal_offers_no_conseil(client, alice, monkeypatch):
    from cardgames.registry import get_game

    monkeypatch.setattr(get_game("ascenseur"), "appraiser", None)
    table = do_play_now(alice, "ascenseur")
    game = _to_the_turn_of(table, 0, alice)
    client.force_login(alice)

    page = client.get(f"/jouer/tables/{table.pk}/").content.decode()
    response = _ask(client, table, game, **HTMX)

    assert "/conseil/" not in page
    assert "Le maître ne conseille pas encore à ce jeu." in _text(response)


def test_the_real_maitre_of_lascenseur_answers_in_one_sentence(client, alice):
    table = do_play_now(alice, "ascenseur")
    game = _to_the_turn_of(table, 0, alice)
    client.force_login(alice)

    text = _text(_ask(client, table, game, **HTMX))

    verb = "annoncerait" if game.state["phase"] == "bid" else "jouerait"
    assert f"Le maître {verb} " in text, text
    assert ("en moyenne." in text) or ("de chances de faire juste votre annonce." in text)
