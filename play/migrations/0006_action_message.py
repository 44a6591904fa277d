"""The log keeps messages, not sentences: ``Action.message`` (the engine's data, worded
when shown) replaces ``text_fr`` and ``text_en`` (removed by the next migration, in its
own transaction).

Old games stay readable: each game's log is replayed through its engine, which says what
each action was (``describe`` on the state before it). Where a replay fails (an engine
that changed since, a log it refuses), the actions from that point on keep their two old
sentences as a legacy message, ``{"code": "legacy", "fr": ..., "en": ...}``, which the
site shows as it stands (play/presentation/messages.py); the migration says how many.
"""

import sys

from django.db import migrations, models

from cardgames.registry import get_game

LEGACY = "legacy"


def _messages(game, rows) -> tuple[list, int]:
    """Each action's message by replaying the game; (messages, how many are legacy)."""
    messages = []
    try:
        engine = get_game(game.table.game_slug)
        options = (game.state or {}).get("options", game.table.options)
        state = engine.new(game.table.seat_count, options, game.carry_in)
        for row in rows:
            message = engine.describe(state, row.action)
            state = engine.apply(state, row.action)
            messages.append(message)
    except Exception:  # noqa: BLE001 - any failure: keep the old sentences from here on
        pass
    legacy = [
        {"code": LEGACY, "fr": row.text_fr, "en": row.text_en or row.text_fr}
        for row in rows[len(messages):]
    ]
    return messages + legacy, len(legacy)


def messages_from_replays(apps, schema_editor):
    Game = apps.get_model("play", "Game")
    Action = apps.get_model("play", "Action")
    kept = games = 0
    for game in Game.objects.select_related("table").iterator(chunk_size=200):
        rows = list(Action.objects.filter(game=game).order_by("seq"))
        if not rows:
            continue
        messages, legacy = _messages(game, rows)
        for row, message in zip(rows, messages, strict=True):
            row.message = message
        Action.objects.bulk_update(rows, ["message"], batch_size=500)
        if legacy:
            kept += legacy
            games += 1
    if kept:
        sys.stdout.write(
            f"\n  {kept} actions of {games} games could not be replayed: "
            "their old sentences are kept as legacy messages.\n"
        )


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0005_seat_bot_level"),
    ]

    operations = [
        migrations.AddField(
            model_name="action",
            name="message",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(messages_from_replays, migrations.RunPython.noop),
    ]
