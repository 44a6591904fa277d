"""Bots no longer sit at tables played for écus (docs/economy.md, "Bots and écus"): the
bot seats taken there before are freed. They were never dealt in (a bot has no écus), so
no chip, hand or result goes with them; the table then says who it waits for."""

from django.db import migrations

# The chip games of the economy's game table (economy/games.py) when this was written:
# a migration keeps the names it was written with.
CHIP_GAMES = ("ramponneau", "ambigu")


def free_bot_seats(apps, schema_editor):
    Seat = apps.get_model("play", "Seat")
    Seat.objects.filter(table__game_slug__in=CHIP_GAMES, table__practice=False,
                        user__isnull=True).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0009_rematch"),
    ]

    operations = [
        migrations.RunPython(free_bot_seats, migrations.RunPython.noop, elidable=True),
    ]
