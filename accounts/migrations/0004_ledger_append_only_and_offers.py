"""The ledger is append-only in the database too (PostgreSQL), and the first offers.

The trigger refuses UPDATE and DELETE on ledger entries whatever the code does (the
model refuses them already; this also covers raw SQL and the shell). TRUNCATE, which
the test runner uses to empty tables, is not affected. SQLite keeps the model-level
guard only.
"""

from django.db import migrations

TRIGGER = """
CREATE OR REPLACE FUNCTION accounts_ledger_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER accounts_ledgerentry_append_only
    BEFORE UPDATE OR DELETE ON accounts_ledgerentry
    FOR EACH ROW EXECUTE FUNCTION accounts_ledger_append_only();
"""
DROP = """
DROP TRIGGER IF EXISTS accounts_ledgerentry_append_only ON accounts_ledgerentry;
DROP FUNCTION IF EXISTS accounts_ledger_append_only();
"""


def add_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(TRIGGER, params=None)


def drop_trigger(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP, params=None)


def first_offers(apps, schema_editor):
    TokenBundle = apps.get_model("accounts", "TokenBundle")
    HandPack = apps.get_model("accounts", "HandPack")
    HandAllowance = apps.get_model("accounts", "HandAllowance")
    if not TokenBundle.objects.exists():
        TokenBundle.objects.bulk_create([
            TokenBundle(name="Bourse", tokens=100, price_cents=199, position=1),
            TokenBundle(name="Coffret", tokens=300, price_cents=499, position=2),
            TokenBundle(name="Trésor", tokens=1000, price_cents=1499, position=3),
        ])
    if not HandPack.objects.exists():
        HandPack.objects.create(name="Paquet de 200 mains", hands=200, price_tokens=100)
    HandAllowance.objects.get_or_create(game_slug="ramponneau", defaults={"daily_hands": 20})


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0003_economy"),
    ]

    operations = [
        migrations.RunPython(add_trigger, drop_trigger),
        migrations.RunPython(first_offers, migrations.RunPython.noop),
    ]
