"""Write the socket protocol's JSON Schemas to docs/schemas/ and the games' section of
docs/protocol.md, from play/socket/schema.py (``--check``: only say whether the committed
copies are up to date, and fail if not)."""

from django.core.management.base import BaseCommand, CommandError

from play.socket.schema import DOCS, schema_texts, with_games_section

SCHEMAS = DOCS / "schemas"
PROTOCOL_DOC = DOCS / "protocol.md"


def _read(path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


class Command(BaseCommand):
    help = "Write docs/schemas/ and docs/protocol.md's games (--check: fail if they differ)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="Do not write: fail when a committed copy is out of date.")

    def handle(self, *args, check=False, **options):
        wanted = {SCHEMAS / path: text for path, text in schema_texts().items()}
        document = _read(PROTOCOL_DOC)
        wanted[PROTOCOL_DOC] = with_games_section(document)
        stray = set(SCHEMAS.rglob("*.json")) - set(wanted)
        stale = sorted(str(path) for path, text in wanted.items() if _read(path) != text)
        if check:
            if stale or stray:
                raise CommandError("out of date: " + ", ".join(
                    stale + sorted(map(str, stray))) + " (run manage.py protocol_schema)")
            self.stdout.write("docs/schemas/ and docs/protocol.md are up to date.")
            return
        for path in stray:
            path.unlink()
        for path, text in wanted.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {len(wanted) - 1} schemas and the games of {PROTOCOL_DOC}.")
