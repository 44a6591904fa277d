from reversion.models import Version

from rules import services
from rules.models import RulesPage

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
