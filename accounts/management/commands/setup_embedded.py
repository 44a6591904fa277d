from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = (
        "Prepare the embedded mode for `make run`: run each command listed in "
        "settings.EMBEDDED_SETUP_COMMANDS (migrate, load_demo, content loaders)."
    )

    def handle(self, *args, **options):
        if not settings.EMBEDDED:
            raise CommandError(
                "setup_embedded only runs in the embedded mode (no DATABASE_URL, DEBUG on). "
                "In production, run `manage.py migrate` and the loaders you need yourself."
            )
        for line in settings.EMBEDDED_SETUP_COMMANDS:
            # An entry may carry arguments: "load_content --quiet".
            name, *args = line.split()
            self.stdout.write(self.style.MIGRATE_HEADING(f"manage.py {line}"))
            call_command(name, *args, verbosity=options["verbosity"])
