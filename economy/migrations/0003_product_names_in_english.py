"""Token bundles and hand packs get an English name (``name_en``; empty: the French one).

The offers the shop opened with (accounts 0004) get theirs, if staff have not renamed them.
"""

from django.db import migrations, models

OPENING_OFFERS = {
    "TokenBundle": {"Bourse": "Purse", "Coffret": "Chest", "Trésor": "Treasure"},
    "HandPack": {"Paquet de 200 mains": "Pack of 200 hands"},
}


def name_the_opening_offers(apps, schema_editor):
    for model_name, names in OPENING_OFFERS.items():
        model = apps.get_model("economy", model_name)
        for french, english in names.items():
            model.objects.filter(name=french, name_en="").update(name_en=english)


class Migration(migrations.Migration):

    dependencies = [
        ('economy', '0002_content_types'),
    ]

    operations = [
        migrations.AddField(
            model_name='handpack',
            name='name_en',
            field=models.CharField(blank=True, help_text='Vide : les pages en anglais montrent le nom français.', max_length=60, verbose_name='nom en anglais'),
        ),
        migrations.AddField(
            model_name='tokenbundle',
            name='name_en',
            field=models.CharField(blank=True, help_text='Vide : les pages en anglais montrent le nom français.', max_length=60, verbose_name='nom en anglais'),
        ),
        migrations.RunPython(name_the_opening_offers, migrations.RunPython.noop),
    ]
