"""The rules content shipped with the project, each file a front matter of ``key: value``
lines between two ``---`` lines, then the markup:

- French, the source: ``rules/content/pages/<slug>.md`` and ``rules/content/glossaire/<slug>.md``;
- a translation: ``rules/content/<language>/pages/<slug>.md`` and
  ``rules/content/<language>/glossaire/<slug>.md``, the same slugs as the French files, the
  front matter in French or English words (``titre`` or ``title``...).

``load_content`` reads them; docs/rules.md describes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

CONTENT_DIR = Path(__file__).resolve().parent / "content"

# Front-matter keys of a page → model fields.
PAGE_FIELDS = {
    "titre": "title",
    "ordre": "order",
    "résumé": "summary",
    "joueurs": "fiche_players",
    "cartes": "fiche_cards",
    "sens": "fiche_direction",
    "durée": "fiche_duration",
    "famille": "fiche_family",
    "apparentés": "fiche_related",
}
# The same in English, for the translations' files.
PAGE_FIELDS |= {
    "title": "title",
    "order": "order",
    "summary": "summary",
    "players": "fiche_players",
    "cards": "fiche_cards",
    "direction": "fiche_direction",
    "duration": "fiche_duration",
    "family": "fiche_family",
    "related": "fiche_related",
}
TERM_FIELDS = {"terme": "term", "variantes": "variants", "term": "term", "variants": "variants"}
SOURCE_LANGUAGE = "fr"


class ContentError(ValueError):
    pass


@dataclass
class ContentFile:
    slug: str
    fields: dict = field(default_factory=dict)
    body: str = ""
    path: Path | None = None


def parse(text: str, mapping: dict, path: Path | None = None) -> tuple[dict, str]:
    """(model fields, markup) of one content file."""
    if not text.startswith("---"):
        raise ContentError(f"{path}: the file must start with a '---' front matter.")
    _, head, body = text.split("---", 2)
    fields = {}
    for line in head.strip().splitlines():
        key, sep, value = line.partition(":")
        key = key.strip()
        if not sep or key not in mapping:
            raise ContentError(f"{path}: unknown front-matter line {line!r}.")
        fields[mapping[key]] = value.strip()
    if "order" in fields:
        fields["order"] = int(fields["order"])
    return fields, body.strip() + "\n"


def folder(kind: str, language: str = SOURCE_LANGUAGE, base: Path | None = None) -> Path:
    root = base or CONTENT_DIR
    return root / kind if language == SOURCE_LANGUAGE else root / language / kind


def read_dir(
    kind: str, mapping: dict, base: Path | None = None, language: str = SOURCE_LANGUAGE
) -> list[ContentFile]:
    found_in = folder(kind, language, base)
    found = []
    for path in sorted(found_in.glob("*.md")):
        fields, body = parse(path.read_text(encoding="utf-8"), mapping, path)
        found.append(ContentFile(path.stem, fields, body, path))
    return found


def pages(base: Path | None = None, language: str = SOURCE_LANGUAGE) -> list[ContentFile]:
    return read_dir("pages", PAGE_FIELDS, base, language)


def glossary(base: Path | None = None, language: str = SOURCE_LANGUAGE) -> list[ContentFile]:
    return read_dir("glossaire", TERM_FIELDS, base, language)


def languages() -> list[str]:
    """The languages shipped: French, then each translation with a folder of its own."""
    return [code for code, _name in settings.LANGUAGES]
