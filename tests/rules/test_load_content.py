from django.core.management import call_command
from reversion.models import Version

from rules import services
from rules.models import GlossaryTerm, RulesPage


def test_it_loads_the_five_games_and_the_glossary(content):
    assert set(content.filter(language="fr").values_list("slug", flat=True)) == {
        "ambigu",
        "ascenseur",
        "ramponneau",
        "all-fours",
        "remigio",
        "exemples-verifies",
    }
    assert GlossaryTerm.objects.filter(language="fr").count() >= 34
    comment = (
        Version.objects.get_for_object(RulesPage.objects.get(slug="ambigu", language="fr"))
        .first()
        .revision.get_comment()
    )
    assert comment == "chargé depuis le dépôt"


def test_it_is_idempotent(content):
    before = Version.objects.count()
    call_command("load_content", verbosity=0)

    assert Version.objects.count() == before


def test_it_keeps_an_editors_change_unless_forced(content, editor):
    page = RulesPage.objects.get(slug="ascenseur", language="fr")
    edited = page.body.replace("tient en une phrase", "se résume en une phrase")
    services.do_publish(page, {"body": edited}, editor)
    RulesPage.objects.filter(pk=page.pk).update(
        loaded_hash="changed-file"
    )  # as if the file changed

    call_command("load_content", verbosity=0)
    assert "se résume en une phrase" in RulesPage.objects.get(pk=page.pk).body

    call_command("load_content", "--force", verbosity=0)
    assert "tient en une phrase" in RulesPage.objects.get(pk=page.pk).body
