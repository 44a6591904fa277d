"""Play 0013: a chip hand's participants are the seats dealt in (a broke player sitting
out had « Perdue » for hands they were never dealt), each with the chips it won; the
other games keep every participant."""

import pytest
from django.db.migrations.executor import MigrationExecutor

from tests.play.test_chip_bot_seats_migration import migrate

BEFORE = [("play", "0012_presence")]
AFTER = [("play", "0013_participant_chips_won")]

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_keeps_the_seats_dealt_in_with_what_they_won():
    from django.db import connection

    apps = migrate(BEFORE)
    User, Table, Game, Participant = (apps.get_model(*name) for name in (
        ("accounts", "User"), ("play", "Table"), ("play", "Game"), ("play", "Participant")))
    users = [User.objects.create(username=name, password="!") for name in ("a", "b", "c")]
    games = {}
    for key, slug, state, result in (
        ("poker", "ramponneau", {"order": [0, 2]}, {"scores": [40, 0, -40], "winners": [0]}),
        ("ambigu", "ambigu", {"players": [1, 2], "order": []},
         {"scores": [0, -5, 5], "winners": [2]}),
        ("ascenseur", "ascenseur", {}, {"scores": [3, 2, 1], "winners": [0]}),
    ):
        table = Table.objects.create(game_slug=slug, seat_count=3, invite_token=key)
        game = games[key] = Game.objects.create(table=table, number=1, state=state,
                                                status="finished", result=result)
        for position, user in enumerate(users):
            Participant.objects.create(game=game, position=position, user=user,
                                       name=user.username)

    apps = migrate(AFTER)
    Participant = apps.get_model("play", "Participant")

    kept = {key: sorted(Participant.objects.filter(game_id=game.pk)
                        .values_list("position", "chips_won"))
            for key, game in games.items()}
    assert kept == {"poker": [(0, 40), (2, -40)], "ambigu": [(1, -5), (2, 5)],
                    "ascenseur": [(0, None), (1, None), (2, None)]}
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
