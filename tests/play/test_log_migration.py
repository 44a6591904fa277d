"""Old games stay readable after the log became data: a database as it was before (each
action logged as two sentences, ``text_fr`` and ``text_en``, play 0005) migrates forward
(play 0006, 0007): each action's message is the engine's, found by replaying the game, and
where a replay fails the old sentences are kept as they were, in both languages."""

import random

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from cardgames import CHANCE, get_game
from play.models import Action, Game
from play.presentation.messages import LEGACY, say

BEFORE_MESSAGES = [("play", "0005_seat_bot_level")]
NAMES = ["Alice", "Bob"]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    """Migrate the test database to ``targets`` (None: the latest); the models then."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    return executor.loader.project_state(targets).apps if targets else None


def played(slug: str, moves: int, seed: int = 7) -> tuple[list[dict], dict]:
    """The first ``moves`` actions of a two-player game, and the options it was dealt with."""
    engine = get_game(slug)
    options = engine.resolve_options({})
    state = engine.new(2, options)
    rng = random.Random(seed)
    actions = []
    for _ in range(moves):
        if engine.actor(state) == CHANCE:
            action = engine.chance_action(state, rng)
        else:
            action = rng.choice(engine.legal_actions(state))
        actions.append(action)
        state = engine.apply(state, action)
    return actions, {"options": options, **state}


def old_game(apps, slug: str, actions: list[dict], state: dict) -> int:
    """A game written through the models as they were: two sentences per action."""
    table = apps.get_model("play", "Table").objects.create(
        game_slug=slug, seat_count=2, invite_token=f"old-{slug}", options=state["options"]
    )
    game = apps.get_model("play", "Game").objects.create(
        table=table, number=1, state=state, version=len(actions)
    )
    apps.get_model("play", "Action").objects.bulk_create(
        apps.get_model("play", "Action")(
            game=game, seq=seq, source="player", action=action,
            text_fr=f"phrase {seq}", text_en=f"sentence {seq}",
        )
        for seq, action in enumerate(actions, 1)
    )
    return game.pk


def test_an_old_game_gets_the_engines_messages_by_replay():
    actions, state = played("all-fours", 6)
    game_id = old_game(migrate(BEFORE_MESSAGES), "all-fours", actions, state)

    migrate(None)

    engine = get_game("all-fours")
    replayed = engine.new(2, state["options"])
    for row in Action.objects.filter(game_id=game_id).order_by("seq"):
        assert row.message == engine.describe(replayed, row.action)
        replayed = engine.apply(replayed, row.action)
    first = Game.objects.get(pk=game_id).actions.get(seq=1).message
    assert say("all-fours", first, NAMES).startswith("Coupe")
    with translation.override("en"):
        assert say("all-fours", first, NAMES).startswith("Cut")


def test_a_game_the_engine_no_longer_replays_keeps_its_old_sentences_from_there():
    actions, state = played("all-fours", 4)
    broken = [*actions[:2], {"type": "no-such-move"}, *actions[2:]]
    game_id = old_game(migrate(BEFORE_MESSAGES), "all-fours", broken, state)

    migrate(None)

    rows = list(Action.objects.filter(game_id=game_id).order_by("seq"))
    assert [row.message["code"] == LEGACY for row in rows] == [False, False, True, True, True]
    assert rows[2].message == {"code": LEGACY, "fr": "phrase 3", "en": "sentence 3"}
    assert say("all-fours", rows[4].message, NAMES) == "phrase 5"
    with translation.override("en"):
        assert say("all-fours", rows[4].message, NAMES) == "sentence 5"
