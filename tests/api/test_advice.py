"""The maître over the API: « Conseil » (``POST /tables/{id}/advice``) and a finished game's
review (``GET /archives/{id}/review``), with the stand-in maître of tests/support/maitre.py."""

from __future__ import annotations

import pytest

from cardgames.core import concrete
from cardgames.registry import get_game
from play.actions import do_act, do_play_now, do_resign
from play.models import GameReview
from tests.support import maitre
from tests.support.tables import to_a_choice


@pytest.fixture
def stand_in(monkeypatch):
    return maitre.install(monkeypatch, get_game("ascenseur"))


def test_a_program_asks_the_maitre_at_a_practice_table(alice, stand_in, api_as):
    table = do_play_now(alice, "ascenseur")
    game = to_a_choice(table, 0, alice)
    best = table.engine.legal_actions(game.state)[-1]

    answer = api_as(alice).post(f"/tables/{table.pk}/advice",
                                {"game_id": game.pk, "version": game.version})

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["action"] == best and body["version"] == game.version
    assert body["reason"] == {"code": "advice.exact_bid", "chance": 0.72}
    assert body["text"].startswith("Le maître annoncerait ")


def test_a_stale_question_is_refused_with_its_code(alice, stand_in, api_as):
    table = do_play_now(alice, "ascenseur")
    game = to_a_choice(table, 0, alice)

    answer = api_as(alice, lang="en").post(f"/tables/{table.pk}/advice",
                                           {"game_id": game.pk, "version": game.version - 1})

    assert answer.status_code == 409
    assert answer.json()["code"] == "stale"
    assert answer.json()["message"].startswith("The game has moved on since")


def test_a_program_reads_its_own_review_and_nobody_else_does(
        alice, bob, stand_in, api_as, django_capture_on_commit_callbacks):
    table = do_play_now(alice, "ascenseur")
    for _ in range(3):
        game = to_a_choice(table, 0, alice)
        legal = table.engine.legal_actions(game.state)
        do_act(game, alice, concrete(legal[0], pick_low=True), game.version)
    with django_capture_on_commit_callbacks(execute=True):
        game = do_resign(table, alice)
    kept = GameReview.objects.get(game=game).decisions

    mine = api_as(alice).get(f"/archives/{game.pk}/review")
    theirs = api_as(bob).get(f"/archives/{game.pk}/review")

    assert mine.status_code == 200
    body = mine.json()
    assert body["status"] == "done" and body["unit"] == "points" and body["you"] == 0
    assert [d["step"] for d in body["decisions"]] == sorted(d["step"] for d in kept)
    assert all(d["text"].startswith("Vous avez ") for d in body["decisions"])
    assert all(d["loss_text"] == "Perte estimée : 1,0 point." for d in body["decisions"])
    assert theirs.status_code == 404
