"""Play 0009: the bot seats taken at tables played for écus before bots were refused there
are freed; bots at practice tables and at the other games keep their seats."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("play", "0009_rematch")]
AFTER = [("play", "0010_chip_tables_without_bots")]

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    # The models as they are at those migrations, with every other app's latest models (a
    # user row needs today's columns: the accounts app is not rolled back).
    graph = executor.loader.graph
    others = [node for app in executor.loader.migrated_apps if app != "play"
              for node in graph.leaf_nodes(app)]
    return executor.loader.project_state(targets + others).apps


def test_it_frees_the_bot_seats_of_chip_tables_only():
    apps = migrate(BEFORE)
    User, Table, Seat = (apps.get_model(*name) for name in
                         (("accounts", "User"), ("play", "Table"), ("play", "Seat")))
    alice = User.objects.create(username="alice", password="!")
    tables = {}
    for key, slug, practice in (("cash", "ramponneau", False), ("ambigu", "ambigu", False),
                                ("practice", "ramponneau", True),
                                ("ascenseur", "ascenseur", False)):
        table = tables[key] = Table.objects.create(game_slug=slug, seat_count=3,
                                                   practice=practice, invite_token=key)
        Seat.objects.create(table=table, position=0, user=alice)
        Seat.objects.create(table=table, position=1, bot="Gaston")

    apps = migrate(AFTER)
    Seat = apps.get_model("play", "Seat")

    left = {key: sorted(Seat.objects.filter(table_id=table.pk).values_list("bot", flat=True))
            for key, table in tables.items()}
    assert left == {"cash": [""], "ambigu": [""], "practice": ["", "Gaston"],
                    "ascenseur": ["", "Gaston"]}
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
