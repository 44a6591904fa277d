"""Deployment checks of how the site tells its visitors apart (``check --deploy``)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def client_address_behind_the_proxy(app_configs=None, **kwargs):
    """A site that trusts a proxy's X-Forwarded-Proto sits behind one: with
    TRUSTED_PROXY_COUNT at 0 every visitor has the proxy's address, and five failed logins
    lock everybody out."""
    behind_a_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    if not behind_a_proxy or settings.TRUSTED_PROXY_COUNT > 0:
        return []
    return [Warning(
        "The site trusts a proxy (SECURE_PROXY_SSL_HEADER) but TRUSTED_PROXY_COUNT is 0: "
        "every visitor has the proxy's address, and the limits per address apply to all "
        "of them together.",
        hint="Set TRUSTED_PROXY_COUNT to the number of proxies that append to "
             "X-Forwarded-For (1 for the README's nginx).",
        id="accounts.W001",
    )]
