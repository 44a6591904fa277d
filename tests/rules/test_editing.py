from reversion.models import Version

from rules import services
from rules.models import RulesPage
from tests.rules.conftest import SMALL_BODY

BROKEN = (
    "Texte.\n\n```exemple\njeu: ambigu\ntype: combinaison\n"
    "main: 4h 4d 4c 4s\ncombinaison: flux\n```\n"
)


def form(page, **changes):
    data = {
        name: getattr(page, name)
        for name in (
            "title",
            "summary",
            "fiche_players",
            "fiche_cards",
            "fiche_direction",
            "fiche_duration",
            "fiche_family",
            "fiche_related",
            "body",
        )
    }
    return {**data, "slug": page.slug, **changes}


def test_non_editors_cannot_edit(client, alice, essai):
    assert client.get("/regles/essai/modifier/").status_code == 302  # to the login page
    client.force_login(alice)
    assert client.get("/regles/essai/modifier/").status_code == 403
    assert client.post("/regles/_apercu/", form(essai)).status_code == 403
    version = Version.objects.get_for_object(essai).first()
    assert client.post(f"/regles/essai/historique/{version.pk}/restaurer/").status_code == 403


def test_the_editor_page_shows_a_live_preview(client, editor, essai):
    client.force_login(editor)
    html = client.get("/regles/essai/modifier/").content.decode()

    assert 'hx-post="/regles/_apercu/"' in html
    assert "Aperçu" in html


def test_the_preview_shows_the_errors(client, editor, essai):
    client.force_login(editor)
    html = client.post(
        "/regles/_apercu/", form(essai, body=BROKEN), HTTP_HX_REQUEST="true"
    ).content.decode()

    assert "la page ne pourra pas être publiée" in html
    assert "le moteur trouve « fredon »" in html


def test_the_preview_renders_cards_and_checked_examples(client, editor, essai):
    client.force_login(editor)
    body = (
        "[[As]]\n\n```exemple\njeu: ambigu\ntype: combinaison\n"
        "main: 4h 4d 4c 4s\ncombinaison: fredon\n```\n"
    )
    html = client.post("/regles/_apercu/", form(essai, body=body)).content.decode()

    assert 'aria-label="as de pique"' in html
    assert "la table de jeu le rejoue" in html and "Aucune erreur" in html


def test_publishing_invalid_content_is_refused(client, editor, essai):
    client.force_login(editor)
    response = client.post(
        "/regles/essai/modifier/", {**form(essai, body=BROKEN), "action": "publish"}
    )

    assert response.status_code == 200
    assert "Publication refusée" in response.content.decode()
    essai.refresh_from_db()
    assert "Un texte d" in essai.body


def test_a_draft_does_not_change_the_public_page(client, editor, essai):
    client.force_login(editor)
    client.post(
        "/regles/essai/modifier/", {**form(essai, body="Brouillon en cours.\n"), "action": "draft"}
    )

    essai.refresh_from_db()
    assert essai.draft["body"].strip() == "Brouillon en cours."
    client.logout()
    assert "Brouillon en cours" not in client.get("/regles/essai/").content.decode()


def test_publish_keeps_a_revision_compare_and_restore(client, editor, essai):
    client.force_login(editor)
    response = client.post(
        "/regles/essai/modifier/", {**form(essai, body="Deuxième version.\n"), "action": "publish"}
    )
    assert response.status_code == 302
    assert "Deuxième version." in client.get("/regles/essai/").content.decode()

    versions = list(Version.objects.get_for_object(essai))
    assert len(versions) == 2
    history = client.get("/regles/essai/historique/").content.decode()
    assert "Publication" in history
    diff = client.get(
        f"/regles/essai/historique/comparer/?a={versions[1].pk}&b={versions[0].pk}"
    ).content.decode()
    assert "<del>" in diff and "<ins>" in diff and "Deuxième" in diff

    client.post(f"/regles/essai/historique/{versions[1].pk}/restaurer/")
    essai.refresh_from_db()
    assert "Un texte d" in essai.body
    assert "Un texte d" in client.get("/regles/essai/").content.decode()
    assert (
        Version.objects.get_for_object(essai)
        .first()
        .revision.get_comment()
        .startswith("Restauration")
    )


def test_restoring_content_that_no_longer_checks_makes_a_draft(editor, essai):
    RulesPage.objects.filter(pk=essai.pk).update(body=BROKEN)  # as if an engine had changed
    import reversion

    with reversion.create_revision():
        RulesPage.objects.get(pk=essai.pk).save()
    broken = Version.objects.get_for_object(essai).first()

    page, errors = services.do_restore(essai, broken, editor)

    assert errors
    assert page.draft["body"] == BROKEN


# ----- edit summary, authors, revision labels, English edition (issue 16) -----------------


def test_the_edit_summary_and_author_appear_in_history(client, editor, essai):
    client.force_login(editor)
    client.post(
        "/regles/essai/modifier/",
        {
            **form(essai, body="Texte corrigé.\n"),
            "edit_summary": "Corrige la marque du point",
            "action": "publish",
        },
    )

    essai.refresh_from_db()
    assert essai.summary == "Pour les tests."  # the subtitle is untouched
    history = client.get("/regles/essai/historique/").content.decode()
    assert "Corrige la marque du point" in history
    assert "<td>Edith</td>" in history
    assert "n° 2" in history and "n° 1" in history


def test_a_draft_keeps_its_edit_summary(client, editor, essai):
    client.force_login(editor)
    client.post(
        "/regles/essai/modifier/",
        {**form(essai, body="En cours.\n"), "edit_summary": "Ébauche", "action": "draft"},
    )

    comment = Version.objects.get_for_object(essai).first().revision.get_comment()
    assert comment == "Brouillon enregistré : Ébauche"


def test_the_subtitle_and_the_edit_summary_are_two_named_fields(client, editor, essai):
    client.force_login(editor)
    html = client.get("/regles/essai/modifier/").content.decode()

    assert "Chapeau (sous-titre de la page)" in html
    assert '<label for="id_edit_summary">Résumé de la modification\xa0:</label>' in html
    assert html.count("Résumé") == 1  # nothing else is called a "résumé"


def test_revision_labels_never_collide(editor, essai):
    from rules.editing import revisions

    for body in ("Un.\n", "Deux.\n", "Trois.\n"):
        services.do_publish(essai, {"body": body}, editor)
    oldest = revisions(essai)[-1]
    for _ in range(3):  # three restores within the same minute
        services.do_restore(essai, oldest.version, editor, oldest.label)

    labels = [r.label for r in revisions(essai)]
    assert len(labels) == 7 and len(set(labels)) == 7
    assert labels[0].startswith("Révision 7 · ") and labels[0].endswith(" · Edith")
    assert revisions(essai)[0].summary.startswith("Restauration : Révision 1 · ")


def test_the_comparison_is_word_by_word_and_wraps(client, editor, essai):
    client.force_login(editor)
    services.do_publish(essai, {"body": SMALL_BODY.replace("essai", "épreuve")}, editor)
    versions = list(Version.objects.get_for_object(essai))
    html = client.get(
        f"/regles/essai/historique/comparer/?a={versions[1].pk}&b={versions[0].pk}"
    ).content.decode()

    assert "essai</del>" in html and "épreuve</ins>" in html
    assert "avec un" in html  # the unchanged words stay as they are
    assert "<table" not in html  # one column that wraps: nothing to clip
    assert "Révision 2 · " in html and "Révision 1 · " in html


def test_an_editor_can_start_the_english_translation(client, editor, essai):
    client.force_login(editor)
    html = client.get("/regles/essai/modifier/?langue=en").content.decode()
    assert "Traduction pas encore commencée" in html
    assert "Un texte d" in html  # the French text is the starting point
    assert not RulesPage.objects.filter(slug="essai", language="en").exists()

    client.post(
        "/regles/essai/modifier/",
        {
            **form(essai, title="Trial", body="A trial text.\n"),
            "langue": "en",
            "edit_summary": "First translation",
            "action": "publish",
        },
    )

    english = RulesPage.objects.get(slug="essai", language="en")
    assert english.is_published and english.title == "Trial"
    client.cookies["django_language"] = "en"
    assert "A trial text." in client.get("/regles/essai/").content.decode()
    history = client.get("/regles/essai/historique/").content.decode()
    assert "First translation" in history
    essai.refresh_from_db()
    assert "Un texte d" in essai.body  # the French page is unchanged


def test_the_editor_shows_the_latest_revisions(client, editor, essai):
    client.force_login(editor)
    services.do_publish(essai, {"body": "Autre.\n"}, editor, comment="Une retouche")

    html = client.get("/regles/essai/modifier/").content.decode()
    assert "Dernières révisions" in html
    assert "Révision 2 · " in html and "Une retouche" in html
