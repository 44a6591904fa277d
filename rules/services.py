"""Every change to the rules content goes through one of these functions.

``do_publish`` renders and checks the markup (examples included) and refuses content with
errors; it keeps a django-reversion revision of each published state and drops the page's
cached rendering once the transaction commits.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import reversion
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation

from cardgames import SLUGS
from rules import markup, players
from rules.glossary import STAMP_KEY as GLOSSARY_STAMP_KEY
from rules.models import EDITABLE_FIELDS, GlossaryTerm, RulesPage, Status


def _code_version() -> str:
    """A digest of the templates that shape a cached page: a deploy that changes them
    must not serve pages cached by the previous version (Redis outlives processes)."""
    digest = hashlib.sha256()
    for path in sorted((Path(settings.BASE_DIR) / "templates").glob("**/*.html")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:10]


CODE_VERSION = None


class PublishRefused(Exception):
    """The content has errors; ``errors`` lists them in French."""

    def __init__(self, errors):
        super().__init__("; ".join(errors))
        self.errors = list(errors)


def glossary_terms(language: str = "fr") -> list[markup.Term]:
    """The published glossary terms, as the markup links them."""
    return [
        markup.Term(t.slug, t.term, t.variant_list(), t.get_absolute_url(), t.text)
        for t in GlossaryTerm.objects.filter(language=language, status=Status.PUBLISHED)
    ]


def render_page_body(
    body: str,
    slug: str,
    language: str = "fr",
    terms=None,
    players_note: str = "",
    tryable: bool = True,
) -> markup.Rendered:
    """The page's markup rendered in its language, examples checked; the player counts a
    game page states (its text and the fiche's note) are checked against its engine.
    ``tryable``: the examples that are positions get « Essayer cette position » (not in
    the editor's preview, whose examples are not the published ones)."""
    terms = glossary_terms(language) if terms is None else terms
    rendered = markup.render(
        body, terms=terms, game_page=slug in SLUGS, language=language,
        page_slug=slug if tryable else None,
    )
    if slug in SLUGS:
        text = f"{players_note}\n{rendered.text}"
        with translation.override(language):  # the text's language
            rendered.errors += players.count_errors(slug, text)
    return rendered


def page_cache_key(page: RulesPage, language: str) -> str:
    """Per page, per interface language, per published state."""
    global CODE_VERSION
    if CODE_VERSION is None:
        CODE_VERSION = _code_version()
    stamp = int(page.updated_at.timestamp() * 1_000_000) if page.updated_at else 0
    return f"rules:page:{CODE_VERSION}:{page.pk}:{language}:{stamp}"


def _forget(page: RulesPage) -> None:
    keys = []
    for code, _ in settings.LANGUAGES:
        base = page_cache_key(page, code)
        keys += [base, f"{base}:anon:0", f"{base}:anon:1"]
    transaction.on_commit(lambda: cache.delete_many(keys))


def do_save_draft(page: RulesPage, fields: dict, user=None, summary: str = "") -> RulesPage:
    """Keep an editor's work without publishing it (the public page does not change)."""
    with transaction.atomic():
        page = RulesPage.objects.select_for_update().get(pk=page.pk)
        draft = {name: fields[name] for name in EDITABLE_FIELDS if name in fields}
        if page.status == Status.DRAFT:
            # Never published: the draft IS the page.
            for name, value in draft.items():
                setattr(page, name, value)
            page.draft = None
        else:
            page.draft = draft
        with reversion.create_revision():
            reversion.set_user(user)
            reversion.set_comment(
                f"Brouillon enregistré : {summary}" if summary else "Brouillon enregistré"
            )
            page.save()
    return page


def do_publish(
    page: RulesPage, fields: dict | None = None, user=None, comment: str = "Publication", terms=None
) -> RulesPage:
    """Publish ``fields`` (default: the page's draft); PublishRefused if the markup has errors."""
    with transaction.atomic():
        page = RulesPage.objects.select_for_update().get(pk=page.pk)
        values = page.editable() if fields is None else {**page.editable(), **fields}
        rendered = render_page_body(
            values["body"], page.slug, page.language, terms, values["fiche_players"]
        )
        if rendered.errors:
            raise PublishRefused(rendered.errors)
        _forget(page)
        for name in EDITABLE_FIELDS:
            setattr(page, name, values[name])
        page.html, page.text, page.toc = rendered.html, rendered.text, rendered.toc
        page.draft = None
        page.status = Status.PUBLISHED
        page.published_at = timezone.now()
        with reversion.create_revision():
            reversion.set_user(user)
            reversion.set_comment(comment)
            page.save()
    return page


def do_restore(page: RulesPage, version, user=None, label: str = "") -> tuple[RulesPage, list[str]]:
    """Bring back the texts of an old revision: published at once if they are still valid,
    else kept as a draft (the errors are returned, e.g. an engine that changed since).
    ``label`` names the revision in the new revision's comment."""
    old = version.field_dict
    fields = {name: old[name] for name in EDITABLE_FIELDS if name in old}
    if not label:
        when = timezone.localtime(version.revision.date_created)
        label = f"révision du {when:%d/%m/%Y %H:%M:%S}"
    comment = f"Restauration : {label}"
    try:
        page = do_publish(page, fields, user, comment=comment)
    except PublishRefused as refused:
        page = do_save_draft(page, fields, user, comment)
        return page, refused.errors
    return page, []


def rerender_pages(language: str = "fr") -> int:
    """Render the published pages again (the glossary changed: links may be new)."""
    terms = glossary_terms(language)
    count = 0
    for page in RulesPage.objects.filter(language=language, status=Status.PUBLISHED):
        rendered = render_page_body(page.body, page.slug, language, terms, page.fiche_players)
        if rendered.errors:
            continue  # keep the last good rendering; the editor will see the errors
        if (page.html, page.text, page.toc) != (rendered.html, rendered.text, rendered.toc):
            _forget(page)
            page.html, page.text, page.toc = rendered.html, rendered.text, rendered.toc
            page.save(update_fields=["html", "text", "toc", "updated_at"])
            count += 1
    return count


def render_term(term: GlossaryTerm, terms=None) -> markup.Rendered:
    terms = glossary_terms(term.language) if terms is None else terms
    return markup.render(
        term.definition,
        terms=terms,
        self_slug=term.slug,
        autolink=False,
        language=term.language,
    )


def do_save_term(
    term: GlossaryTerm, user=None, comment: str = "Modification", rerender: bool = True, terms=None
) -> GlossaryTerm:
    rendered = render_term(term, terms)
    if rendered.errors:
        raise PublishRefused(rendered.errors)
    term.html, term.text = rendered.html, rendered.text
    with transaction.atomic():
        with reversion.create_revision():
            reversion.set_user(user)
            reversion.set_comment(comment)
            term.save()
        transaction.on_commit(lambda: cache.delete(GLOSSARY_STAMP_KEY))
        if rerender:
            rerender_pages(term.language)
    return term
