"""Where an account signs up and signs in from (accounts/origins.py)."""

from allauth.account.signals import user_logged_in, user_signed_up
from django.dispatch import receiver

from accounts import origins


@receiver(user_signed_up, dispatch_uid="accounts.signup_origin")
def record_signup(sender, request, user, **kwargs):
    if request is not None:
        origins.do_record_signup(request, user)


@receiver(user_logged_in, dispatch_uid="accounts.device_seen")
def record_device(sender, request, user, **kwargs):
    if request is not None:
        origins.do_record_device(request, user)
