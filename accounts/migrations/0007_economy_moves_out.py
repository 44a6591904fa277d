"""The economy's models leave accounts for the economy app (economy 0001).

State only: their tables stay as they are, rows, constraints and the ledger's
append-only trigger included (the economy's models keep these tables' names). Models
that others point to are taken out last.
"""

from django.db import migrations

MOVED = [
    "PaymentEvent",
    "SandboxSession",
    "Purchase",
    "TokenBundle",
    "HandAllowance",
    "HandPack",
    "HandDeal",
    "LedgerEntry",
    "Wallet",
]


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0006_ledger_debt_reason"),
        ("economy", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[migrations.DeleteModel(name=name) for name in MOVED],
        ),
    ]
