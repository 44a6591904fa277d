"""The economy's models moved from accounts and play into their own app without moving a
table or a row: a database as it was before (accounts 0006, play 0003) migrates forward
with every row in place, on SQLite and on PostgreSQL, the ledger still append-only there,
and staff keep their permissions on the moved models."""

import datetime as dt

import pytest
from django.contrib.auth.models import Permission
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from economy.models import (
    CardDeck,
    ChipMovement,
    Contest,
    HandAllowance,
    HandDeal,
    HandPack,
    LedgerEntry,
    PaymentEvent,
    Purchase,
    SandboxSession,
    TableBankroll,
    TableEconomy,
    TokenBundle,
    Wallet,
)

BEFORE_THE_ECONOMY_APP = [
    ("accounts", "0006_ledger_debt_reason"),
    ("play", "0003_participants"),
    ("economy", None),
]
MOVED_TABLES = {
    "accounts_wallet", "accounts_ledgerentry", "accounts_tokenbundle", "accounts_purchase",
    "accounts_paymentevent", "accounts_sandboxsession", "accounts_handallowance",
    "accounts_handpack", "accounts_handdeal", "play_tableeconomy", "play_tablebankroll",
    "play_chipmovement", "play_carddeck", "play_contest",
}

pytestmark = pytest.mark.django_db(transaction=True)


def migrate(targets):
    """Migrate the test database to ``targets`` (None: the latest); the models then."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
    applied = [target for target in targets or [] if target[1] is not None]
    return executor.loader.project_state(applied).apps if targets else None


def old_economy(apps) -> dict:
    """One row of each moved model, written through the models as they were."""
    model = apps.get_model
    dora = model("accounts", "User").objects.create(username="dora", password="!")
    model("accounts", "Wallet").objects.create(user=dora, ecus=940, tokens=100)
    model("accounts", "LedgerEntry").objects.bulk_create([
        model("accounts", "LedgerEntry")(account=dora, currency="ecus", amount=1000,
                                         balance_after=1000, reason="starting_grant",
                                         idempotency_key="starting_ecus:dora"),
        model("accounts", "LedgerEntry")(account=dora, currency="ecus", amount=-60,
                                         balance_after=940, reason="cave",
                                         idempotency_key="cave:1:dora:k"),
        model("accounts", "LedgerEntry")(account=dora, currency="tokens", amount=100,
                                         balance_after=100, reason="purchase",
                                         idempotency_key="purchase:1:credit"),
    ])
    bundle = model("accounts", "TokenBundle").objects.create(name="Bourse", tokens=100,
                                                             price_cents=199)
    purchase = model("accounts", "Purchase").objects.create(
        user=dora, bundle=bundle, tokens=100, amount_cents=199, currency="eur",
        provider="sandbox", status="paid", idempotency_key="key-1")
    model("accounts", "PaymentEvent").objects.create(provider="sandbox", event_id="evt_1",
                                                     type="checkout.succeeded",
                                                     purchase=purchase)
    model("accounts", "SandboxSession").objects.create(ref="cs_1", purchase=purchase,
                                                       amount_cents=199, currency="eur")
    model("accounts", "HandAllowance").objects.update_or_create(game_slug="remigio",
                                                                defaults={"daily_hands": 3})
    model("accounts", "HandPack").objects.create(name="Paquet", hands=200, price_tokens=100)
    table = model("play", "Table").objects.create(game_slug="ramponneau", seat_count=2,
                                                  owner=dora, invite_token="t-1",
                                                  options={"big_blind": 2})
    model("accounts", "HandDeal").objects.create(user=dora, game_slug="ramponneau",
                                                 day=dt.date(2026, 11, 20), table_id=table.pk,
                                                 game_number=1, position=0, source="free")
    model("play", "TableEconomy").objects.create(table=table, cave_min_bb=20, cave_max_bb=50)
    model("play", "TableBankroll").objects.create(table=table, user=dora, reserve=60, caved=60)
    model("play", "ChipMovement").objects.create(table=table, user=dora, kind="cave", amount=60,
                                                 idempotency_key="cave:1:dora:k")
    model("play", "CardDeck").objects.create(owner=dora, price_tokens=50, table=table)
    now = timezone.now()
    model("play", "Contest").objects.create(game_slug="ramponneau", name="Automne",
                                            starts_at=now, ends_at=now + dt.timedelta(days=7))
    return {"user": dora.pk, "table": table.pk, "purchase": purchase.pk}


def test_a_database_from_before_the_economy_app_migrates_forward_with_every_row():
    refunder = Permission.objects.get(codename="change_purchase")
    refunder_id = refunder.pk
    old = old_economy(migrate(BEFORE_THE_ECONOMY_APP))
    assert Permission.objects.get(pk=refunder_id).content_type.app_label == "accounts"

    migrate(None)

    assert MOVED_TABLES <= set(connection.introspection.table_names())
    # The move created no table; the economy's models added since have tables of their own.
    added_since = {"economy_contestscore", "economy_accountflag", "economy_handchips",
                   "economy_pairflag", "economy_pairclearance"}
    assert not any(name.startswith("economy_") and name not in added_since
                   for name in connection.introspection.table_names())
    assert Wallet.objects.get(user_id=old["user"]).ecus == 940
    assert list(LedgerEntry.objects.filter(account_id=old["user"]).order_by("id")
                .values_list("amount", "balance_after")) == [(1000, 1000), (-60, 940), (100, 100)]
    purchase = Purchase.objects.get(pk=old["purchase"])
    assert (purchase.status, purchase.bundle.name, purchase.tokens) == ("paid", "Bourse", 100)
    assert PaymentEvent.objects.get(event_id="evt_1").purchase_id == purchase.pk
    assert SandboxSession.objects.get(ref="cs_1").purchase_id == purchase.pk
    assert TokenBundle.objects.filter(name="Bourse").exists()
    assert HandAllowance.objects.get(game_slug="remigio").daily_hands == 3
    assert HandPack.objects.filter(name="Paquet").exists()
    assert HandDeal.objects.get(user_id=old["user"]).position == 0
    assert TableEconomy.objects.get(table_id=old["table"]).cave_max_bb == 50
    assert TableBankroll.objects.get(table_id=old["table"]).reserve == 60
    assert ChipMovement.objects.get(table_id=old["table"]).amount == 60
    assert CardDeck.objects.get(table_id=old["table"]).owner_id == old["user"]
    assert Contest.objects.get(name="Automne").game_slug == "ramponneau"
    # The same permission row, now the economy's: staff who could refund still can.
    assert Permission.objects.get(pk=refunder_id).content_type.app_label == "economy"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the trigger is PostgreSQL's")
def test_the_ledger_is_still_append_only_in_postgresql_after_the_move():
    old = old_economy(migrate(BEFORE_THE_ECONOMY_APP))
    migrate(None)
    entry = LedgerEntry.objects.filter(account_id=old["user"]).first()
    for statement in ("UPDATE accounts_ledgerentry SET amount = 9 WHERE id = %s",
                      "DELETE FROM accounts_ledgerentry WHERE id = %s"):
        with pytest.raises(Exception, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(statement, [entry.pk])
    assert LedgerEntry.objects.get(pk=entry.pk).amount == entry.amount


def test_contests_from_before_the_kept_scores_are_scored_from_their_history():
    apps = migrate([("economy", "0003_product_names_in_english"),
                    ("accounts", "0011_user_name_key"), ("play", "0010_chip_tables_without_bots")])
    model = apps.get_model
    players = [model("accounts", "User").objects.create(username=n, name_key=n)
               for n in ("dora", "emile")]
    table = model("play", "Table").objects.create(game_slug="ramponneau", seat_count=2,
                                                  invite_token="t-2")
    now = timezone.now()
    for number, score in ((1, 30), (2, -10)):
        model("play", "Game").objects.create(table=table, number=number, state={},
                                             status="finished", finished_at=now,
                                             result={"scores": [score, -score]})
        for position, player in enumerate(players):
            model("economy", "HandDeal").objects.create(
                user=player, game_slug="ramponneau", day=now.date(), table_id=table.pk,
                game_number=number, position=position, source="free")
    contest = model("economy", "Contest").objects.create(
        game_slug="ramponneau", name="Hiver", starts_at=now - dt.timedelta(hours=1),
        ends_at=now + dt.timedelta(hours=1))
    migrate(None)
    from economy.models import ContestScore

    assert sorted(ContestScore.objects.filter(contest_id=contest.pk)
                  .values_list("user__username", "score", "games")) == [
        ("dora", 20, 2), ("emile", -20, 2)]
