"""The log's sentences are gone: 0006 put each action's message in their place."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("play", "0006_action_message"),
    ]

    operations = [
        migrations.RemoveField(model_name="action", name="text_fr"),
        migrations.RemoveField(model_name="action", name="text_en"),
    ]
