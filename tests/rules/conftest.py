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


@pytest.fixture
def content(db):
    """Everything shipped in rules/content/, loaded as `make run` does."""
    call_command("load_content", verbosity=0)
    return RulesPage.objects.filter(status=Status.PUBLISHED)
