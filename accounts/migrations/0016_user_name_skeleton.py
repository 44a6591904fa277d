from django.db import migrations, models

from taverne.names import name_skeleton


def fill_name_skeletons(apps, schema_editor):
    """Each player's skeleton, as ``User.save`` computes it. Not unique: two names chosen
    before the rule that read the same both stay; only new names are checked."""
    User = apps.get_model("accounts", "User")
    batch = []
    for user in User.objects.filter(is_guest=False).only("pk", "username", "display_name"):
        user.name_skeleton = name_skeleton(user.display_name or user.username)[:255] or None
        batch.append(user)
        if len(batch) >= 500:
            User.objects.bulk_update(batch, ["name_skeleton"])
            batch = []
    User.objects.bulk_update(batch, ["name_skeleton"])


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0015_push_choices'),
    ]

    operations = [
        migrations.AddField(
            model_name='user',
            name='name_skeleton',
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=255, null=True),
        ),
        migrations.RunPython(fill_name_skeletons, migrations.RunPython.noop),
    ]
