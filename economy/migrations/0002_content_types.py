"""The moved models' content types follow them from accounts and play to the economy, so
that staff keep their permissions on them (e.g. accounts.change_purchase, which refunds,
becomes economy.change_purchase) and the admin keeps their history.

On a new database nothing is moved: content types are created after the migrations run.
"""

from django.db import migrations

MOVED = {
    "accounts": ["wallet", "ledgerentry", "tokenbundle", "purchase", "paymentevent",
                 "sandboxsession", "handallowance", "handpack", "handdeal"],
    "play": ["tableeconomy", "tablebankroll", "chipmovement", "carddeck", "contest"],
}


def _move(apps, source_for, target_for):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for app_label, models in MOVED.items():
        for model in models:
            source, target = source_for(app_label), target_for(app_label)
            if ContentType.objects.filter(app_label=target, model=model).exists():
                continue  # created meanwhile (a migrate run interrupted): keep it
            ContentType.objects.filter(app_label=source, model=model).update(app_label=target)


def forwards(apps, schema_editor):
    _move(apps, source_for=lambda app: app, target_for=lambda app: "economy")


def backwards(apps, schema_editor):
    _move(apps, source_for=lambda app: "economy", target_for=lambda app: app)


class Migration(migrations.Migration):

    dependencies = [
        ("economy", "0001_initial"),
        ("accounts", "0007_economy_moves_out"),
        ("play", "0004_economy_moves_out"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
