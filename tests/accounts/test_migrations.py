from django.contrib.auth.models import Group


def test_the_editors_group_exists(db):
    assert Group.objects.filter(name="Éditeurs").exists()
