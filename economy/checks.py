"""System checks of the economy's settings (run by every management command and at start,
and by ``manage.py check --deploy``)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register

from economy.conf import payment_setting
from economy.payments.sandbox import has_own_secret


@register(Tags.security)
def sandbox_payments_fail_closed(app_configs=None, **kwargs):
    """The sandbox lets the buyer choose "paid": outside development it must sign its
    events with a secret of its own, or anyone could forge a purchase."""
    if settings.DEBUG or not payment_setting("SANDBOX_ALLOWED") or has_own_secret():
        return []
    return [Error(
        "The sandbox payment provider is allowed (PAYMENT_SANDBOX_ALLOWED) without a "
        "webhook secret of its own.",
        hint="Set SANDBOX_WEBHOOK_SECRET to a long random value, or switch the sandbox off "
             "(PAYMENT_SANDBOX_ALLOWED=0).",
        id="economy.E001",
    )]
