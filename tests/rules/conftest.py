import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.core import serializers
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

from rules import services
from rules.models import GlossaryTerm, RulesPage, Status
from tests.conftest import create_player

SMALL_BODY = "Un texte d'essai avec un {{atout}} et [[Th 9h]].\n\nLa levée, puis l'atout encore.\n"


@pytest.fixture
def editor(db):
    user = create_player("edith", verified=True)
    user.is_staff = True
    user.save()
    user.groups.add(Group.objects.get(name="Éditeurs"))
    return user


@pytest.fixture
def terms(db):
    """A tiny glossary: atout, levée (saved as editors save them: rendered)."""
    for slug, term, variants, definition in (
        ("atout", "Atout", "atouts", "La couleur maîtresse."),
        ("levee", "Levée", "levées", "Les cartes d'un tour."),
    ):
        services.do_save_term(
            GlossaryTerm(slug=slug, term=term, variants=variants, definition=definition),
            rerender=False,
        )


@pytest.fixture
def essai(terms):
    """A published page that is not a game (no skeleton required), quick to render."""
    page = RulesPage.objects.create(slug="essai", title="Essai", body="")
    return services.do_publish(page, {"body": SMALL_BODY, "summary": "Pour les tests."})


@pytest.fixture(scope="session")
def shipped_rows(django_db_setup, django_db_blocker):
    """The rows `load_content` writes into an empty database, as JSON, made once per test
    process: loading checks every worked example against the engines and renders every
    page, seconds each time, while copying its rows back takes milliseconds."""
    with django_db_blocker.unblock(), transaction.atomic():
        before = {model: set(model.objects.values_list("pk", flat=True))
                  for model in apps.get_models()}
        call_command("load_content", verbosity=0)
        rows = [
            serializers.serialize("json", model.objects.exclude(pk__in=before[model]))
            for model in serializers.sort_dependencies([(None, apps.get_models())])
            if model.objects.exclude(pk__in=before[model]).exists()
        ]
        transaction.set_rollback(True)
    return rows


@pytest.fixture
def content(db, shipped_rows):
    """Everything shipped in rules/content/, as `make run` loads it (its rows copied)."""
    models = set()
    with connection.constraint_checks_disabled():
        for rows in shipped_rows:
            for row in serializers.deserialize("json", rows):
                row.save()
                models.add(type(row.object))
    connection.check_constraints(table_names=[m._meta.db_table for m in models])
    # Rows saved with their keys leave PostgreSQL's sequences behind: set them after them.
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), list(models)):
            cursor.execute(statement)
    return RulesPage.objects.filter(status=Status.PUBLISHED)
