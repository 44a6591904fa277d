from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from accounts.models import User

# Public: written in the README. Hence the refusal outside the embedded mode.
DEMO_PASSWORD = "taverne-demo"

DEMO_USERS = [
    # username, display name, staff editor
    ("alice", "Alice", False),
    ("bob", "Bob", False),
    ("charlie", "Charlie", False),
    ("edith", "Édith", True),
]

EDITORS_GROUP = "Éditeurs"


class Command(BaseCommand):
    help = "Create the demo accounts (embedded mode only). Safe to run again."

    def handle(self, *args, **options):
        if not settings.EMBEDDED:
            raise CommandError(
                "Refusing to create demo accounts: they have a public password. "
                "load_demo only runs in the embedded mode (no DATABASE_URL, DEBUG on)."
            )
        with transaction.atomic():
            for username, display_name, editor in DEMO_USERS:
                self._ensure_user(username, display_name, editor)
        self.stdout.write(
            f"Demo accounts ready: {', '.join(u for u, _, _ in DEMO_USERS)} "
            f"(password: {DEMO_PASSWORD})."
        )

    def _ensure_user(self, username, display_name, editor):
        email = f"{username}@example.com"
        user, created = User.objects.get_or_create(
            username=username,
            defaults={"email": email, "display_name": display_name, "is_staff": editor},
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save()
        EmailAddress.objects.update_or_create(
            user=user, email=email, defaults={"verified": True, "primary": True}
        )
        if editor:
            user.groups.add(Group.objects.get(name=EDITORS_GROUP))
