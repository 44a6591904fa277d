"""Each player's reliability counts kept in a row (play/reliability.py), counted here once
from the games already played; from then on the end of each of their games counts them
again."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import Count, Exists, OuterRef, Q

BATCH = 500


def count_every_player(apps, schema_editor):
    """The query of ``play.reliability.count_reliabilities``, on the historical models."""
    Participant = apps.get_model("play", "Participant")
    Action = apps.get_model("play", "Action")
    Record = apps.get_model("play", "ReliabilityRecord")
    at_seat = {"game": OuterRef("game_id"), "seat": OuterRef("position")}
    left = Exists(Action.objects.filter(
        Q(source="bot") | Q(source="platform", action__type="platform.resigned"), **at_seat))
    timed_out = Exists(Action.objects.filter(source="timer", **at_seat))
    rows = (Participant.objects
            .filter(user__isnull=False, game__status="finished", game__table__practice=False)
            .exclude(game__ending="aborted")
            .annotate(left=left, timed_out=timed_out)
            .values("user_id")
            .annotate(games=Count("pk"),
                      finished=Count("pk", filter=Q(left=False)),
                      clean=Count("pk", filter=Q(left=False, timed_out=False)))
            .order_by("user_id"))
    Record.objects.bulk_create(
        (Record(user_id=row["user_id"], games=row["games"], finished=row["finished"],
                clean=row["clean"]) for row in rows.iterator()), batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('play', '0016_vacation'),
    ]

    operations = [
        migrations.CreateModel(
            name='ReliabilityRecord',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('games', models.PositiveIntegerField(default=0)),
                ('finished', models.PositiveIntegerField(default=0)),
                ('clean', models.PositiveIntegerField(default=0)),
            ],
        ),
        migrations.RunPython(count_every_player, migrations.RunPython.noop, elidable=True),
    ]
