from django.db import migrations

EDITORS_GROUP = "Éditeurs"


def create_editors_group(apps, schema_editor):
    # Permissions come later, from the rules app's own migrations.
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name=EDITORS_GROUP)


def delete_editors_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.filter(name=EDITORS_GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(create_editors_group, delete_editors_group),
    ]
