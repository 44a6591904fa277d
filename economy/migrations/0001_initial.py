"""The economy becomes an app of its own: its models move here from accounts and play.

Nothing moves in the database: each model keeps its table (``db_table``: accounts_wallet,
accounts_ledgerentry, play_chipmovement...), with its rows, constraints, indexes and, on
PostgreSQL, the ledger's append-only trigger (accounts 0004). So this migration only
tells Django's migration state that the models are the economy's now
(``SeparateDatabaseAndState`` without database operations); accounts 0007 and play 0004
take them out of those apps' state, and economy 0002 moves their content types (and so
their permissions and admin history) along.
"""

import django.db.models.deletion
import economy.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('accounts', '0006_ledger_debt_reason'),
        ('play', '0003_participants'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='HandAllowance',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game_slug', models.CharField(max_length=32, unique=True, verbose_name='jeu')),
                        ('daily_hands', models.PositiveIntegerField(blank=True, help_text='Vide : illimité.', null=True, verbose_name='mains gratuites par jour')),
                    ],
                    options={
                        'verbose_name': 'mains quotidiennes',
                        'verbose_name_plural': 'mains quotidiennes',
                        'db_table': 'accounts_handallowance',
                    },
                ),
                migrations.CreateModel(
                    name='CardDeck',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('price_tokens', models.PositiveIntegerField()),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('owner', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='card_decks', to=settings.AUTH_USER_MODEL)),
                        ('table', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='card_deck', to='play.table')),
                    ],
                    options={
                        'db_table': 'play_carddeck',
                    },
                ),
                migrations.CreateModel(
                    name='HandPack',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=60, verbose_name='nom')),
                        ('hands', models.PositiveIntegerField(default=200, verbose_name='mains')),
                        ('price_tokens', models.PositiveIntegerField(verbose_name="prix (jetons d'or)")),
                        ('active', models.BooleanField(default=True, verbose_name='en vente')),
                    ],
                    options={
                        'verbose_name': 'paquet de mains',
                        'verbose_name_plural': 'paquets de mains',
                        'db_table': 'accounts_handpack',
                        'ordering': ['price_tokens'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('hands__gt', 0)), name='pack_hands_gt_0')],
                    },
                ),
                migrations.CreateModel(
                    name='Purchase',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('tokens', models.PositiveIntegerField(verbose_name="jetons d'or")),
                        ('amount_cents', models.PositiveIntegerField(verbose_name='montant (centimes)')),
                        ('currency', models.CharField(max_length=3, verbose_name='devise')),
                        ('provider', models.CharField(max_length=20, verbose_name='prestataire')),
                        ('provider_ref', models.CharField(blank=True, max_length=255, verbose_name='référence du prestataire')),
                        ('payment_ref', models.CharField(blank=True, max_length=255, verbose_name='référence du paiement')),
                        ('idempotency_key', models.CharField(default=economy.models.new_purchase_key, max_length=64, unique=True)),
                        ('status', models.CharField(choices=[('pending', 'en attente'), ('paid', 'payé'), ('failed', 'échoué'), ('canceled', 'abandonné'), ('refunded', 'remboursé')], default='pending', max_length=10, verbose_name='état')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='date')),
                        ('paid_at', models.DateTimeField(blank=True, null=True, verbose_name='payé le')),
                        ('refunded_at', models.DateTimeField(blank=True, null=True, verbose_name='remboursé le')),
                        ('refunded_tokens', models.PositiveIntegerField(default=0, verbose_name='jetons repris')),
                        ('refund_note', models.CharField(blank=True, max_length=200, verbose_name='note de remboursement')),
                        ('receipt_sent_at', models.DateTimeField(blank=True, null=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='purchases', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'achat',
                        'db_table': 'accounts_purchase',
                        'ordering': ['-created_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='SandboxSession',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('ref', models.CharField(max_length=64, unique=True)),
                        ('amount_cents', models.PositiveIntegerField()),
                        ('currency', models.CharField(max_length=3)),
                        ('outcome', models.CharField(blank=True, max_length=10)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('purchase', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='economy.purchase')),
                    ],
                    options={
                        'db_table': 'accounts_sandboxsession',
                    },
                ),
                migrations.CreateModel(
                    name='TokenBundle',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=60, verbose_name='nom')),
                        ('tokens', models.PositiveIntegerField(verbose_name="jetons d'or")),
                        ('price_cents', models.PositiveIntegerField(verbose_name='prix (centimes)')),
                        ('currency', models.CharField(default='eur', max_length=3, verbose_name='devise')),
                        ('active', models.BooleanField(default=True, verbose_name='en vente')),
                        ('position', models.PositiveSmallIntegerField(default=0, verbose_name='ordre')),
                    ],
                    options={
                        'verbose_name': 'lot de jetons',
                        'verbose_name_plural': 'lots de jetons',
                        'db_table': 'accounts_tokenbundle',
                        'ordering': ['position', 'price_cents'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('tokens__gt', 0)), name='bundle_tokens_gt_0'), models.CheckConstraint(condition=models.Q(('price_cents__gt', 0)), name='bundle_price_gt_0')],
                    },
                ),
                migrations.AddField(
                    model_name='purchase',
                    name='bundle',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='purchases', to='economy.tokenbundle'),
                ),
                migrations.CreateModel(
                    name='Wallet',
                    fields=[
                        ('user', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, primary_key=True, related_name='wallet', serialize=False, to=settings.AUTH_USER_MODEL)),
                        ('tokens', models.BigIntegerField(default=0, verbose_name="jetons d'or")),
                        ('ecus', models.BigIntegerField(default=0, verbose_name='écus')),
                        ('hand_credits', models.BigIntegerField(default=0, verbose_name='mains premium')),
                        ('flagged', models.BooleanField(default=False, verbose_name='compte signalé')),
                        ('flag_note', models.CharField(blank=True, max_length=200, verbose_name='motif du signalement')),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'verbose_name': 'porte-monnaie',
                        'db_table': 'accounts_wallet',
                        'constraints': [models.CheckConstraint(condition=models.Q(('tokens__gte', 0)), name='wallet_tokens_gte_0'), models.CheckConstraint(condition=models.Q(('ecus__gte', 0)), name='wallet_ecus_gte_0'), models.CheckConstraint(condition=models.Q(('hand_credits__gte', 0)), name='wallet_hand_credits_gte_0')],
                    },
                ),
                migrations.CreateModel(
                    name='ChipMovement',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('cave', 'cave'), ('cash_out', 'gains ramassés'), ('rake', 'prélèvement'), ('dead_blind', "grosse blinde d'entrée"), ('dead_won', "blindes d'entrée gagnées")], max_length=10)),
                        ('amount', models.BigIntegerField()),
                        ('game_number', models.PositiveIntegerField(blank=True, null=True)),
                        ('idempotency_key', models.CharField(max_length=200, unique=True)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='chip_movements', to='play.table')),
                        ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'play_chipmovement',
                        'indexes': [models.Index(fields=['table', 'kind'], name='chip_movement_table')],
                        'constraints': [models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='chip_movement_amount_gt_0')],
                    },
                ),
                migrations.CreateModel(
                    name='Contest',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game_slug', models.CharField(max_length=32, verbose_name='jeu')),
                        ('name', models.CharField(max_length=80, verbose_name='nom')),
                        ('starts_at', models.DateTimeField(verbose_name='début')),
                        ('ends_at', models.DateTimeField(verbose_name='fin')),
                        ('winners_count', models.PositiveSmallIntegerField(default=3, verbose_name='nombre de gagnants')),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'concours',
                        'verbose_name_plural': 'concours',
                        'db_table': 'play_contest',
                        'ordering': ['-starts_at'],
                        'constraints': [models.CheckConstraint(condition=models.Q(('ends_at__gt', models.F('starts_at'))), name='contest_period')],
                    },
                ),
                migrations.CreateModel(
                    name='HandDeal',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('game_slug', models.CharField(max_length=32)),
                        ('day', models.DateField()),
                        ('table_id', models.BigIntegerField()),
                        ('game_number', models.PositiveIntegerField()),
                        ('position', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('source', models.CharField(choices=[('free', 'gratuite'), ('pack', 'paquet'), ('owner', 'tavernier'), ('unlimited', 'illimitée')], max_length=10)),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='hand_deals', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'accounts_handdeal',
                        'indexes': [models.Index(fields=['user', 'game_slug', 'day', 'source'], name='hand_day')],
                        'constraints': [models.UniqueConstraint(fields=('user', 'table_id', 'game_number'), name='hand_deal_once')],
                    },
                ),
                migrations.CreateModel(
                    name='LedgerEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('currency', models.CharField(choices=[('tokens', "jetons d'or"), ('ecus', 'écus'), ('hands', 'mains premium')], max_length=8, verbose_name='monnaie')),
                        ('amount', models.BigIntegerField(verbose_name='montant')),
                        ('balance_after', models.BigIntegerField(verbose_name='solde après')),
                        ('reason', models.CharField(choices=[('purchase', 'achat de jetons'), ('refund', 'remboursement'), ('hand_pack', 'paquet de mains'), ('hand', 'main jouée'), ('starting_grant', 'écus de bienvenue'), ('cave', 'cave'), ('cash_out', 'gains ramassés'), ('rake', 'prélèvement du tavernier'), ('card_deck', 'jeu de cartes'), ('contest', 'concours'), ('debt', 'dette de jeu (Ambigu)'), ('adjustment', 'correction')], max_length=20, verbose_name='motif')),
                        ('ref_type', models.CharField(blank=True, max_length=20, verbose_name='référence (type)')),
                        ('ref_id', models.CharField(blank=True, max_length=64, verbose_name='référence')),
                        ('idempotency_key', models.CharField(max_length=200, unique=True, verbose_name="clé d'idempotence")),
                        ('created_at', models.DateTimeField(auto_now_add=True, db_index=True, verbose_name='date')),
                        ('account', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to=settings.AUTH_USER_MODEL, verbose_name='compte')),
                    ],
                    options={
                        'verbose_name': 'écriture',
                        'db_table': 'accounts_ledgerentry',
                        'ordering': ['-created_at', '-id'],
                        'indexes': [models.Index(fields=['account', 'currency', 'id'], name='ledger_account')],
                        'constraints': [models.CheckConstraint(condition=models.Q(('amount', 0), _negated=True), name='ledger_amount_not_0'), models.CheckConstraint(condition=models.Q(('balance_after__gte', 0)), name='ledger_balance_after_gte_0')],
                    },
                ),
                migrations.CreateModel(
                    name='PaymentEvent',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('provider', models.CharField(max_length=20)),
                        ('event_id', models.CharField(max_length=255)),
                        ('type', models.CharField(max_length=80)),
                        ('received_at', models.DateTimeField(auto_now_add=True)),
                        ('purchase', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='economy.purchase')),
                    ],
                    options={
                        'db_table': 'accounts_paymentevent',
                        'constraints': [models.UniqueConstraint(fields=('provider', 'event_id'), name='payment_event_once')],
                    },
                ),
                migrations.CreateModel(
                    name='TableBankroll',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('reserve', models.BigIntegerField(default=0)),
                        ('status', models.CharField(choices=[('playing', 'joue'), ('waiting_bb', 'attend la grosse blinde'), ('post_bb', 'pose la grosse blinde'), ('standing', 'levé'), ('leaving', 'ramasse ses gains à la fin de la main'), ('left', 'parti')], default='waiting_bb', max_length=12)),
                        ('sat_out_reason', models.CharField(blank=True, default='', max_length=12)),
                        ('caved', models.BigIntegerField(default=0)),
                        ('cashed_out', models.BigIntegerField(default=0)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='bankrolls', to='play.table')),
                        ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='bankrolls', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'play_tablebankroll',
                        'constraints': [models.UniqueConstraint(fields=('table', 'user'), name='bankroll_once_per_table'), models.CheckConstraint(condition=models.Q(('reserve__gte', 0)), name='bankroll_reserve_gte_0')],
                    },
                ),
                migrations.CreateModel(
                    name='TableEconomy',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('cave_min_bb', models.PositiveIntegerField(default=10)),
                        ('cave_max_bb', models.PositiveIntegerField(default=100)),
                        ('settled_number', models.PositiveIntegerField(default=0)),
                        ('rake_total', models.BigIntegerField(default=0)),
                        ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='economy', to='play.table')),
                    ],
                    options={
                        'db_table': 'play_tableeconomy',
                        'constraints': [models.CheckConstraint(condition=models.Q(('cave_min_bb__gte', 1), ('cave_max_bb__gte', models.F('cave_min_bb'))), name='table_economy_cave_bounds')],
                    },
                ),
            ],
        ),
    ]
