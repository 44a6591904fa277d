"""Give the "Éditeurs" group the permissions to edit the rules."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDITORS_GROUP = "Éditeurs"
CODENAMES = [
    f"{action}_{model}"
    for model in ("rulespage", "glossaryterm")
    for action in ("add", "change", "view", "delete")
]


def grant(apps, schema_editor):
    # Permissions are normally created after all migrations; make them now.
    app_config = apps.get_app_config("rules")
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=EDITORS_GROUP)
    group.permissions.add(
        *Permission.objects.filter(content_type__app_label="rules", codename__in=CODENAMES)
    )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for group in Group.objects.filter(name=EDITORS_GROUP):
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label="rules", codename__in=CODENAMES)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0001_initial"),
        ("accounts", "0002_editors_group"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
