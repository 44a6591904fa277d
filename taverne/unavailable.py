"""When PostgreSQL or Redis does not answer: a clear 503, never a 500.

A database restart, a Redis outage or a pool that waited too long for a connection is not
a bug of ours: the visitor is told « Service momentanément indisponible : réessayez dans
un instant. » with status 503 and ``Retry-After``, a program reading /api/v1/ gets the
API's error shape with the code ``unavailable``, and nothing is retried for them. Nothing
here keeps state: the next request after the service is back is served as usual (the
pool checks its connections, docs/operations.md "When a component fails").

Two doors, because Django turns an exception into a response where it is raised:
- ``UnavailableMiddleware.process_exception`` answers for the views, quietly: a warning
  in the log, no traceback, nothing sent to the error reports (``got_request_exception``)
  for an outage that is no bug;
- ``server_error`` (the ``handler500`` of config/urls.py) answers for what fails outside
  a view, such as the middleware that read the session or the user first: Django calls
  it while the exception is being handled (under ASGI too, asgiref carries it into the
  thread), so it can tell an outage from a bug; a bug keeps the 500 page.
The API's own handlers (api/v1.py) answer its requests in its error shape.
"""

from __future__ import annotations

import logging
import sys

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext_lazy as _
from django.views import defaults
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from taverne.refusals import Refusal

log = logging.getLogger(__name__)

# The errors of a service that is down or restarting, not of a bug: the database
# wrapper's (a closed connection, a pool timeout, a failover: Django wraps psycopg's)
# and Redis's (the cache, the rate limits, the channel layer).
UNAVAILABLE_ERRORS = (OperationalError, InterfaceError, RedisConnectionError,
                      RedisTimeoutError)

# Seconds a client should wait before trying again: about one pool timeout.
RETRY_AFTER = 5

MESSAGE = _("Service momentanément indisponible : réessayez dans un instant.")

API_PREFIX = "/api/"


def is_unavailable(error: BaseException | None) -> bool:
    """Whether ``error`` (or what caused it) says a service is down rather than a bug."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, UNAVAILABLE_ERRORS):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def database_answers(timeout: int = 2) -> bool:
    """Whether PostgreSQL takes a new connection within ``timeout`` seconds: a direct
    try, beside the pool (whose wait, DATABASE_POOL_TIMEOUT, is longer and queues behind
    every caller of an outage). Always True on SQLite."""
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor != "postgresql":
        return True
    import psycopg  # only where PostgreSQL is used

    params = connection.get_connection_params() | {"connect_timeout": timeout}
    try:
        with psycopg.connect(**params):
            return True
    except psycopg.Error:
        return False


def unavailable_refusal() -> Refusal:
    """The structured error (``{"type": "error", "code": "unavailable", ...}``)."""
    return Refusal("unavailable", MESSAGE)


def unavailable_response(request) -> HttpResponse:
    """503 with ``Retry-After``: the API's error shape under /api/, the page elsewhere.

    The page stands alone (templates/503.html, like 500.html): the site's layout asks
    the database for the header's counts, which is what is down."""
    if request is not None and request.path.startswith(API_PREFIX):
        body = unavailable_refusal().as_dict()
        body["retry_after"] = RETRY_AFTER
        response = JsonResponse(body, status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    # Logged once, as a warning, by the caller: not again by Django as an error-level
    # "Service Unavailable" line for each request of an outage.
    response._has_been_logged = True
    return response


class UnavailableMiddleware:
    """Answers 503 when a view fails because PostgreSQL or Redis does not answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_unavailable(exception):
            return None
        log.warning("service unavailable on %s %s: %r", request.method, request.path,
                    exception)
        return unavailable_response(request)


def server_error(request, *args, **kwargs):
    """The 500 handler: a 503 if the exception being handled says a service is down."""
    error = sys.exc_info()[1]
    if is_unavailable(error):
        log.warning("service unavailable on %s %s: %r", request.method, request.path, error)
        return unavailable_response(request)
    return defaults.server_error(request, *args, **kwargs)
