"""Where an account signs up and signs in from (accounts/origins.py); the sockets of an
account whose password changed, that was closed or signed out (accounts/socket_groups.py)."""

from allauth.account.signals import user_logged_in, user_signed_up
from django.contrib.auth.signals import user_logged_out
from django.db.models.signals import post_save
from django.dispatch import receiver

from accounts import origins, socket_groups
from accounts.models import User


@receiver(user_signed_up, dispatch_uid="accounts.signup_origin")
def record_signup(sender, request, user, **kwargs):
    if request is not None:
        origins.do_record_signup(request, user)


@receiver(user_logged_in, dispatch_uid="accounts.device_seen")
def record_device(sender, request, user, **kwargs):
    if request is not None:
        origins.do_record_device(request, user)


@receiver(post_save, sender=User, dispatch_uid="accounts.sockets_on_password_change")
def check_sockets_of_a_changed_account(sender, instance, created, **kwargs):
    """A password set (the profile, a reset, the admin, ``changepassword``: Django keeps
    the new one in ``_password`` until the save is over) voids every session made
    before, and a closed account every token: their sockets are asked to check."""
    if created:
        return
    if getattr(instance, "_password", None) is not None or not instance.is_active:
        socket_groups.announce(instance.pk)


@receiver(user_logged_out, dispatch_uid="accounts.sockets_on_logout")
def check_sockets_after_a_logout(sender, request, user, **kwargs):
    """« Déconnexion » ends a session: the sockets it opened close too. Django flushes the
    session after this signal; it is flushed here first, so that no socket checks it
    before it is gone (Django's own flush then finds nothing to do)."""
    if user is None:
        return
    session = getattr(request, "session", None)
    if session is not None:
        session.flush()
    socket_groups.announce(user.pk)
