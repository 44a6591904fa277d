"""The rules content shipped with the project: ``rules/content/pages/*.md`` and
``rules/content/glossaire/*.md``, each a front matter of ``key: value`` lines between two
``---`` lines, then the markup. ``load_content`` reads them; docs/rules.md describes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

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
TERM_FIELDS = {"terme": "term", "variantes": "variants"}


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


def read_dir(kind: str, mapping: dict, base: Path | None = None) -> list[ContentFile]:
    folder = (base or CONTENT_DIR) / kind
    found = []
    for path in sorted(folder.glob("*.md")):
        fields, body = parse(path.read_text(encoding="utf-8"), mapping, path)
        found.append(ContentFile(path.stem, fields, body, path))
    return found


def pages(base: Path | None = None) -> list[ContentFile]:
    return read_dir("pages", PAGE_FIELDS, base)


def glossary(base: Path | None = None) -> list[ContentFile]:
    return read_dir("glossaire", TERM_FIELDS, base)
