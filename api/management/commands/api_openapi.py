"""Write the API's OpenAPI document to docs/openapi.json (``--check``: only say whether the
committed copy is up to date, and fail if not)."""

from django.core.management.base import BaseCommand, CommandError

from api.openapi import COMMITTED, document_text


class Command(BaseCommand):
    help = "Write docs/openapi.json from the API's code (--check: fail if it differs)."

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true",
                            help="Do not write: fail when docs/openapi.json is out of date.")

    def handle(self, *args, check=False, **options):
        text = document_text()
        current = COMMITTED.read_text(encoding="utf-8") if COMMITTED.exists() else ""
        if check:
            if current != text:
                raise CommandError(f"{COMMITTED} is out of date: run manage.py api_openapi")
            self.stdout.write("docs/openapi.json is up to date.")
            return
        COMMITTED.write_text(text, encoding="utf-8")
        self.stdout.write(f"Wrote {COMMITTED}.")
