# Fair ratings (issue #31): the moves each player chose in a rated game, why a game was
# left unrated, and the pairs staff hold out of the leaderboards.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('play', '0007_remove_action_texts'),
        ('ratings', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='ratingchange',
            name='own_moves',
            field=models.PositiveIntegerField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name='ratingchange',
            index=models.Index(fields=['game_slug', 'created_at'], name='rating_change_recent'),
        ),
        migrations.CreateModel(
            name='UnratedGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('reason', models.CharField(choices=[('bot_played', 'un automate a joué pour un joueur'), ('few_moves', 'trop peu de coups joués par un joueur lui-même'), ('pair_limit', 'trop de parties classées entre les mêmes joueurs')], max_length=16)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('game', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='unrated', to='play.game')),
            ],
            options={
                'verbose_name': 'partie non classée',
                'verbose_name_plural': 'parties non classées',
            },
        ),
        migrations.CreateModel(
            name='HeldPair',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_slug', models.CharField(max_length=32, verbose_name='jeu')),
                ('reason', models.TextField(verbose_name='motif')),
                ('held_at', models.DateTimeField(auto_now_add=True, verbose_name='tenus depuis')),
                ('released_at', models.DateTimeField(blank=True, null=True, verbose_name='libérés le')),
                ('note', models.TextField(blank=True, default='', verbose_name='note')),
                ('first', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='premier compte')),
                ('second', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='second compte')),
                ('held_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='tenus par')),
                ('released_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='libérés par')),
            ],
            options={
                'verbose_name': 'paire tenue hors des classements',
                'verbose_name_plural': 'paires tenues hors des classements',
                'constraints': [models.CheckConstraint(condition=models.Q(('first__lt', models.F('second'))), name='held_pair_ordered'), models.UniqueConstraint(condition=models.Q(('released_at__isnull', True)), fields=('first', 'second'), name='held_pair_once')],
            },
        ),
    ]
