"""A table counts the changes its connections are told of (``Table.sequence``), and a
chained table's hand keeps the number of its finished state (docs/protocol.md)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0010_chip_tables_without_bots'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='final_sequence',
            field=models.PositiveBigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name='table',
            name='sequence',
            field=models.PositiveBigIntegerField(default=0),
        ),
    ]
