"""/metrics, for Prometheus only: a scraper that reaches a daphne process directly from an
allowed address (METRICS_ALLOWED_IPS, default this host), or one that shows the bearer
token METRICS_TOKEN from anywhere. Anyone else gets the site's 404, as for a page that
does not exist."""

from __future__ import annotations

import hmac
import ipaddress

from django.conf import settings
from django.http import Http404, HttpResponse
from django.views.decorators.cache import never_cache
from prometheus_client import CONTENT_TYPE_LATEST

from taverne.observability.metrics import exposition

# Headers a proxy adds: a request that has one came through it.
PROXY_HEADERS = ("X-Forwarded-For", "Forwarded", "X-Real-IP")


def _token_matches(request) -> bool:
    token = getattr(settings, "METRICS_TOKEN", "")
    scheme, _, given = request.headers.get("Authorization", "").partition(" ")
    return bool(token) and scheme.lower() == "bearer" and hmac.compare_digest(
        given.strip().encode(), token.encode()
    )


def _direct_from_allowed_address(request) -> bool:
    """The connection's own address is allowed, and the request did not come through the
    proxy: through nginx every connection is the proxy's, 127.0.0.1, whoever sent it (and
    with daphne's --proxy-headers the address is the visitor's, but the header stays)."""
    if any(name in request.headers for name in PROXY_HEADERS):
        return False
    try:
        address = ipaddress.ip_address(request.META.get("REMOTE_ADDR", ""))
    except ValueError:
        return False
    return any(
        address in ipaddress.ip_network(allowed, strict=False)
        for allowed in getattr(settings, "METRICS_ALLOWED_IPS", [])
    )


@never_cache
def metrics(request):
    if not (_token_matches(request) or _direct_from_allowed_address(request)):
        raise Http404
    return HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
