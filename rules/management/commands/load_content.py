"""Load the rules pages and the glossary shipped in rules/content/ into the database:
French first, then each translation (rules/content/<language>/), one row per language.

Idempotent: a file whose content was already loaded is skipped. A changed file is loaded
and published with the revision comment "chargé depuis le dépôt", unless an editor has
changed that page or term on the site since it was last loaded: the site's version then
wins and the file is skipped with a warning (``--force`` loads it anyway; the editor's
version stays in the history and can be restored).
"""

import hashlib
import json

from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from rules import content_files, services
from rules.models import EDITABLE_FIELDS, GlossaryTerm, RulesPage, Status

COMMENT = "chargé depuis le dépôt"


def fingerprint(values: dict) -> str:
    return hashlib.sha256(
        json.dumps(values, sort_keys=True, ensure_ascii=False).encode()
    ).hexdigest()


def page_values(page: RulesPage) -> dict:
    return {**{name: getattr(page, name) for name in EDITABLE_FIELDS}, "order": page.order}


def term_values(term: GlossaryTerm) -> dict:
    return {"term": term.term, "variants": term.variants, "definition": term.definition}


class Command(BaseCommand):
    help = "Load or update the rules pages and glossary from rules/content/ (see docs/rules.md)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="Overwrite pages and terms that editors changed on the site.",
        )
        parser.add_argument(
            "--strict",
            action="store_true",
            help="Fail when a shipped page has errors (CI); otherwise warn.",
        )

    def handle(self, *args, force=False, strict=False, verbosity=1, **options):
        self.verbosity = verbosity
        failures, loaded, skipped, changed_terms = [], 0, 0, 0
        # French first: a translation is a row beside the French one (same slug).
        for language in content_files.languages():
            changed_terms += self.load_terms(force, language)
            counts = self.load_pages(force, language, failures)
            loaded, skipped = loaded + counts[0], skipped + counts[1]
            # The rendering depends on the code (cards, examples) and on the glossary.
            services.rerender_pages(language)
        if verbosity:
            self.stdout.write(
                f"Rules: {loaded} page(s) and {changed_terms} glossary term(s) loaded, "
                f"{skipped} kept as edited on the site."
            )
        if failures and strict:
            raise CommandError(f"Pages with errors: {', '.join(failures)}")

    def load_pages(self, force: bool, language: str, failures: list) -> tuple[int, int]:
        terms = services.glossary_terms(language)
        loaded = skipped = 0
        for item in content_files.pages(language=language):
            label = item.slug if language == "fr" else f"{language}/{item.slug}"
            values = {name: item.fields.get(name, "") for name in EDITABLE_FIELDS if name != "body"}
            values["body"] = item.body
            values["order"] = item.fields.get("order", 0)
            digest = fingerprint(values)
            page, created = RulesPage.objects.get_or_create(
                slug=item.slug, language=language, defaults={"title": values["title"]}
            )
            if not created and page.loaded_hash == digest and page.status == Status.PUBLISHED:
                continue
            edited = (
                not created
                and page.loaded_hash
                and (page.draft or fingerprint(page_values(page)) != page.loaded_hash)
            )
            if edited and not force:
                skipped += 1
                self.warn(
                    f"{label}: changed on the site since the last load; kept "
                    "(use --force to load the file anyway)."
                )
                continue
            page.order = values.pop("order")
            page.save(update_fields=["order"])
            try:
                page = services.do_publish(page, values, comment=COMMENT, terms=terms)
            except services.PublishRefused as refused:
                failures.append(label)
                self.warn(f"{label}: not published, the content has errors:")
                for error in refused.errors:
                    self.warn(f"  - {error}")
                continue
            RulesPage.objects.filter(pk=page.pk).update(loaded_hash=digest)
            loaded += 1
        return loaded, skipped

    def load_terms(self, force: bool, language: str) -> int:
        files = content_files.glossary(language=language)
        # Definitions link each other: they are all rendered against the full list of terms.
        terms = [
            services.markup.Term(
                f.slug,
                f.fields["term"],
                tuple(v.strip() for v in f.fields.get("variants", "").split(",") if v.strip()),
                reverse("rules:term", args=[f.slug]),
            )
            for f in files
        ]
        count = 0
        for item in files:
            values = {
                "term": item.fields["term"],
                "variants": item.fields.get("variants", ""),
                "definition": item.body,
            }
            digest = fingerprint(values)
            term = GlossaryTerm.objects.filter(slug=item.slug, language=language).first()
            if term is not None and term.loaded_hash == digest:
                continue
            if (
                term is not None
                and term.loaded_hash
                and fingerprint(term_values(term)) != term.loaded_hash
                and not force
            ):
                self.warn(
                    f"glossaire/{item.slug} ({language}): changed on the site; kept "
                    "(--force to overwrite)."
                )
                continue
            term = term or GlossaryTerm(slug=item.slug, language=language)
            term.term, term.variants, term.definition = (
                values["term"],
                values["variants"],
                values["definition"],
            )
            term.status = Status.PUBLISHED
            try:
                services.do_save_term(term, comment=COMMENT, rerender=False, terms=terms)
            except services.PublishRefused as refused:
                self.warn(f"glossaire/{item.slug} ({language}): {'; '.join(refused.errors)}")
                continue
            GlossaryTerm.objects.filter(pk=term.pk).update(loaded_hash=digest)
            count += 1
        return count

    def warn(self, message: str) -> None:
        self.stderr.write(self.style.WARNING(message))
