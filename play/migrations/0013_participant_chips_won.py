"""A chip hand's participants are the seats dealt in, each with the chips it won.

Until now every seat taken when a hand was dealt had a Participant row, so a broke player
sitting out had « Perdue · place 2 sur 4 » for hands they were never dealt. This removes
those rows from the chained chip games' hands (the engine says who was dealt in:
``Game.chips.dealt``) and fills ``chips_won`` from each finished hand's result.
"""

from django.db import migrations, models


def chip_slugs():
    from cardgames import available_games

    return [slug for slug, game in available_games().items()
            if game.chained and game.chips is not None]


def keep_dealt_in(apps, schema_editor):
    from cardgames import get_game

    Game = apps.get_model("play", "Game")
    Participant = apps.get_model("play", "Participant")
    for slug in chip_slugs():
        chips = get_game(slug).chips
        games = (Game.objects.filter(table__game_slug=slug)
                 .only("pk", "state", "result", "status").iterator(chunk_size=500))
        for game in games:
            try:
                dealt = set(chips.dealt(game.state or {}))
            except (KeyError, TypeError):
                continue
            Participant.objects.filter(game=game).exclude(position__in=dealt).delete()
            scores = (game.result or {}).get("scores") if game.status == "finished" else None
            if not scores:
                continue
            for position in dealt:
                if position < len(scores) and scores[position] is not None:
                    Participant.objects.filter(game=game, position=position).update(
                        chips_won=int(scores[position]))


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0012_presence"),
    ]

    operations = [
        migrations.AddField(
            model_name="participant",
            name="chips_won",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(keep_dealt_in, migrations.RunPython.noop, elidable=True),
    ]
