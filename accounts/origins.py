"""Where accounts come from: the sign-up address and a device cookie.

At sign-up the visitor's address is recorded (``SignupOrigin``) and at most
``SIGNUPS_PER_ADDRESS_PER_DAY`` accounts are created from one address in 24 hours: the
sign-up form says so (``SignupForm``). At sign-up and at each sign-in the browser gets a
long-lived random cookie (``DEVICE_COOKIE_NAME``, two years) if it has none, and the
account is recorded as seen on it: only an HMAC of the cookie is kept (``DeviceSeen``),
so the table gives nobody a cookie to replay. Both feed the collusion report
(economy/collusion.py): accounts created from one address, or seen on one browser, that
then play against each other.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import DeviceSeen, SignupOrigin

DEVICE_COOKIE_NAME = "taverne_appareil"
DEVICE_COOKIE_AGE = 2 * 365 * 24 * 3600
# The request attribute through which a sign-up or a sign-in asks the middleware to set
# a new device cookie on the response.
NEW_DEVICE_ATTRIBUTE = "_taverne_new_device"


def client_address(request) -> str | None:
    address = get_adapter(request).get_client_ip(request)
    return address or None


def signups_today(address: str | None) -> int:
    """Accounts created from ``address`` in the last 24 hours."""
    if not address:
        return 0
    since = timezone.now() - timedelta(days=1)
    return SignupOrigin.objects.filter(address=address, created_at__gte=since).count()


def may_sign_up(request) -> bool:
    """Fewer than ``SIGNUPS_PER_ADDRESS_PER_DAY`` accounts from this address today. Read
    when the form is checked: two sign-ups at the same instant may both pass, the next is
    refused."""
    limit = settings.SIGNUPS_PER_ADDRESS_PER_DAY
    return not limit or signups_today(client_address(request)) < limit


def device_hash(token: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), f"device:{token}".encode(),
                    hashlib.sha256).hexdigest()


def device_token(request) -> str:
    """The browser's device cookie, or a new one the middleware will set."""
    token = request.COOKIES.get(DEVICE_COOKIE_NAME, "")
    if len(token) != 43:  # secrets.token_urlsafe(32)
        token = getattr(request, NEW_DEVICE_ATTRIBUTE, None) or secrets.token_urlsafe(32)
        setattr(request, NEW_DEVICE_ATTRIBUTE, token)
    return token


def do_record_device(request, user) -> None:
    """``user`` signed up or signed in on this browser: remember the device (hashed)."""
    if user.is_guest:
        return
    device = device_hash(device_token(request))
    with transaction.atomic():
        seen, created = DeviceSeen.objects.get_or_create(user=user, device=device)
        if not created:
            seen.save(update_fields=["last_seen"])


def do_record_signup(request, user) -> None:
    """A new account: its address, and the browser it was made on."""
    SignupOrigin.objects.get_or_create(user=user,
                                       defaults={"address": client_address(request)})
    do_record_device(request, user)


class DeviceCookieMiddleware:
    """Sets the device cookie a sign-up or a sign-in asked for (nobody else gets one)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        token = getattr(request, NEW_DEVICE_ATTRIBUTE, None)
        if token:
            response.set_cookie(DEVICE_COOKIE_NAME, token, max_age=DEVICE_COOKIE_AGE,
                                secure=settings.SESSION_COOKIE_SECURE, httponly=True,
                                samesite="Lax")
        return response
