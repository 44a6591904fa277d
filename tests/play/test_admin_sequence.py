"""Staff editing a table in the admin never sets its sequence back (the sockets skip a
step they think they showed)."""

import pytest
from django.contrib.admin.sites import AdminSite
from django.test import RequestFactory

from play.actions import do_create_table
from play.admin import TableAdmin
from play.models import Table

pytestmark = pytest.mark.django_db


def test_saving_a_table_in_the_admin_keeps_the_sequence_raised_meanwhile(alice):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    opened = Table.objects.get(pk=table.pk)  # the form is opened
    Table.objects.filter(pk=table.pk).update(sequence=41)  # a change lands meanwhile
    opened.name = "La table du coin"

    TableAdmin(Table, AdminSite()).save_model(RequestFactory().post("/"), opened, None, True)

    saved = Table.objects.get(pk=table.pk)
    assert (saved.name, saved.sequence) == ("La table du coin", 41)
