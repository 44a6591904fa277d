import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

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
    """A tiny glossary: atout, levée."""
    GlossaryTerm.objects.create(
        slug="atout", term="Atout", variants="atouts", definition="La couleur maîtresse."
    )
    GlossaryTerm.objects.create(
        slug="levee", term="Levée", variants="levées", definition="Les cartes d'un tour."
    )


@pytest.fixture
def essai(terms):
    """A published page that is not a game (no skeleton required), quick to render."""
    page = RulesPage.objects.create(slug="essai", title="Essai", body="")
    return services.do_publish(page, {"body": SMALL_BODY, "summary": "Pour les tests."})


@pytest.fixture
def content(db):
    """Everything shipped in rules/content/, loaded as `make run` does."""
    call_command("load_content", verbosity=0)
    return RulesPage.objects.filter(status=Status.PUBLISHED)
