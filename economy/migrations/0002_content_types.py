"""The moved models' content types follow them from accounts and play to the economy, so
that staff keep their permissions on them (e.g. accounts.change_purchase, which refunds,
becomes economy.change_purchase) and the admin keeps their history.

On a new database nothing is moved: content types are created after the migrations run.
If the economy's content types exist already (a database migrated back, then forward by
`migrate`, which creates them in between), the old ones' permissions are given to the
users and groups that held them, on the economy's, and the old ones go.
"""

from django.db import migrations

MOVED = {
    "accounts": ["wallet", "ledgerentry", "tokenbundle", "purchase", "paymentevent",
                 "sandboxsession", "handallowance", "handpack", "handdeal"],
    "play": ["tableeconomy", "tablebankroll", "chipmovement", "carddeck", "contest"],
}


def _merge(apps, source, target):
    """Give the holders of ``source``'s permissions the same ones on ``target``."""
    Permission = apps.get_model("auth", "Permission")
    for permission in Permission.objects.filter(content_type=source):
        twin = Permission.objects.filter(content_type=target,
                                         codename=permission.codename).first()
        if twin is None:
            permission.content_type = target
            permission.save(update_fields=["content_type"])
            continue
        twin.group_set.add(*permission.group_set.all())
        twin.user_set.add(*permission.user_set.all())
    source.delete()


def _move(apps, source_for, target_for):
    ContentType = apps.get_model("contenttypes", "ContentType")
    for app_label, models in MOVED.items():
        for model in models:
            source = ContentType.objects.filter(app_label=source_for(app_label),
                                                model=model).first()
            if source is None:
                continue
            target = ContentType.objects.filter(app_label=target_for(app_label),
                                                model=model).first()
            if target is None:
                source.app_label = target_for(app_label)
                source.save(update_fields=["app_label"])
            else:
                _merge(apps, source, target)


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
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
