"""The starting grant of écus: given when a player's e-mail address is verified.

At verification rather than at sign-up: an account nobody answers for (level 0) cannot
play for écus anyway, and throw-away sign-ups then mint nothing. The grant's ledger key
is per user, so re-verifying, adding a second address or a replayed signal grants once.
"""

from allauth.account.models import EmailAddress
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from economy.grants import do_grant_starting_ecus


@receiver(post_save, sender=EmailAddress, dispatch_uid="economy_starting_ecus")
def grant_starting_ecus_on_verification(sender, instance, **kwargs):
    if not instance.verified or kwargs.get("raw"):
        return
    with transaction.atomic():
        do_grant_starting_ecus(instance.user)
