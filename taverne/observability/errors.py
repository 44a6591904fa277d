"""Errors to an error tracker (Sentry, or any service that speaks its protocol), only when
SENTRY_DSN is set. Nothing personal or secret goes: no cookies, headers of credentials,
request bodies, frames' local variables (an engine's frames hold the whole deal), query
strings' values or secret URL arguments, and no list of cards anywhere."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import sentry_sdk
from sentry_sdk.integrations.django import DjangoIntegration
from sentry_sdk.integrations.logging import LoggingIntegration

from taverne.observability.privacy import FILTERED, resolved_path_without_secrets, scrub

# Query parameters whose values say nothing secret; every other value is filtered.
PLAIN_QUERY_PARAMETERS = frozenset({"lang", "format", "page", "game", "next"})


def start_error_tracker(dsn: str, *, environment: str, release: str | None = None,
                        transport=None) -> None:
    """Initialise the error tracker (settings.py calls it when SENTRY_DSN is set).
    ``transport``: the tests' stand-in for the network."""
    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        release=release or None,
        # send_default_pii is left unset: unset is False (no user, cookies, addresses),
        # and sentry-sdk 2.7x deprecates setting it.
        include_local_variables=False,
        max_request_body_size="never",
        # Errors only: no performance tracing.
        traces_sample_rate=None,
        integrations=[
            DjangoIntegration(),
            # Errors logged with log.exception (the socket's and the scheduler's
            # backstops) are reported too; lower lines are kept as breadcrumbs.
            LoggingIntegration(),
        ],
        before_send=before_send,
        before_breadcrumb=before_breadcrumb,
        **({"transport": transport} if transport is not None else {}),
    )


def _query_without_secrets(query: str) -> str:
    pairs = parse_qsl(query, keep_blank_values=True)
    return urlencode([(k, v if k in PLAIN_QUERY_PARAMETERS else FILTERED) for k, v in pairs])


def _url_without_secrets(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=resolved_path_without_secrets(parts.path),
                                     query=_query_without_secrets(parts.query)))


def before_send(event, hint):
    """The event as it may leave the server."""
    request = event.get("request")
    if isinstance(request, dict):
        request.pop("cookies", None)
        request.pop("data", None)
        request.pop("env", None)
        if isinstance(request.get("query_string"), str):
            request["query_string"] = _query_without_secrets(request["query_string"])
        if isinstance(request.get("url"), str):
            request["url"] = _url_without_secrets(request["url"])
    return scrub(event)


def before_breadcrumb(crumb, hint):
    return scrub(crumb)
