"""Who is connected is read from a row per open socket with an expiry (``Presence``),
not from a counter (``Seat.connections``) a killed process never lowered. The counts are
dropped, not carried: sockets open during the migration are counted again when they
reconnect to the new processes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0011_table_sequence'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='seat',
            name='connections',
        ),
        migrations.CreateModel(
            name='Presence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('channel', models.CharField(blank=True, default='', max_length=200)),
                ('opened_at', models.DateTimeField(auto_now_add=True)),
                ('expires_at', models.DateTimeField(db_index=True)),
                ('seat', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='presences', to='play.seat')),
            ],
        ),
    ]
