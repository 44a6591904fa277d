"""Send today's digest e-mails now, by hand (docs/operations.md): what the worker's
scheduler queues each day at NOTICES_DIGEST_HOUR (notices/digest.py).

A player who already got today's digest gets no second one, so it is safe to run again
(after a mail server outage, say). Without ``--user`` it also marks the day done, so the
scheduler does not queue it again later the same day."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from notices.digest import DIGEST_BATCH, players_wanting_digest, send_batch
from notices.models import DigestDay


class Command(BaseCommand):
    help = "Send today's digest e-mails now (each player at most once a day)."

    def add_arguments(self, parser):
        parser.add_argument("--user", help="Only this player (username).")

    def handle(self, *args, user=None, **options):
        now = timezone.now()
        day = timezone.localdate(now)
        if user:
            found = get_user_model().objects.filter(username=user).values_list("pk", flat=True)
            if not found:
                raise CommandError(f"No player named {user!r}.")
            user_ids = list(found)
        else:
            DigestDay.objects.get_or_create(day=day, defaults={"queued_at": now})
            user_ids = list(players_wanting_digest())
        sent = 0
        for start in range(0, len(user_ids), DIGEST_BATCH):
            sent += send_batch(day, user_ids[start:start + DIGEST_BATCH])
        self.stdout.write(f"{day}: {sent} digest(s) sent, {len(user_ids)} player(s) looked at.")
