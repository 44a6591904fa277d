"""The economy's models leave play for the economy app (economy 0001).

State only: their tables (play_tableeconomy, play_tablebankroll, play_chipmovement,
play_carddeck, play_contest) stay as they are, with their rows; the economy's models
keep these tables' names.
"""

from django.db import migrations

MOVED = ["TableEconomy", "TableBankroll", "ChipMovement", "CardDeck", "Contest"]


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0003_participants"),
        ("economy", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name=name) for name in MOVED],
        ),
    ]
