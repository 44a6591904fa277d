from django.conf import settings
from django.core.management.base import BaseCommand

from notices.push.keys import new_key_pair, write_key_file


class Command(BaseCommand):
    help = (
        "Make the VAPID key pair Web Push signs with: embedded, once, into VAPID_KEYS_FILE "
        "(run by `make run`); with --print, a new pair for production's environment."
    )

    def add_arguments(self, parser):
        parser.add_argument("--print", action="store_true",
                            help="print a new pair as VAPID_PUBLIC_KEY=... lines, write nothing")

    def handle(self, *args, **options):
        if options["print"]:
            pair = new_key_pair()
            self.stdout.write(f"VAPID_PUBLIC_KEY={pair['public']}\n"
                              f"VAPID_PRIVATE_KEY={pair['private']}")
            return
        if settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY:
            self.stdout.write("VAPID keys already set.")
            return
        _, made = write_key_file(settings.VAPID_KEYS_FILE)
        self.stdout.write(f"VAPID keys {'written to' if made else 'kept in'} "
                          f"{settings.VAPID_KEYS_FILE}.")
