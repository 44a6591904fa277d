"""One log line and one count per HTTP request (the first middleware): method, path
(without its query string, secret URL arguments filtered), status, duration, user id and
request id. Static files, served by whitenoise, are the proxy's access log's business."""

from __future__ import annotations

import logging
import re
import time
import uuid

from django.conf import settings
from django.utils.functional import empty

from taverne.observability import metrics
from taverne.observability.logs import event, request_id
from taverne.observability.privacy import path_without_secrets

log = logging.getLogger("taverne.requests")

# The proxy's id for the request (nginx: proxy_set_header X-Request-ID $request_id), if it
# sends one that looks like an id; ours otherwise. Sent back in the response.
REQUEST_ID_HEADER = "X-Request-ID"
_VALID_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def _request_id_of(request) -> str:
    given = request.headers.get(REQUEST_ID_HEADER, "")
    return given if _VALID_ID.match(given) else uuid.uuid4().hex


def _user_id(request):
    """The signed-in player's id, if the request already knew who it was: reading the
    session now could fail (the database down) and turn a 503 into a 500."""
    user = getattr(request, "user", None)
    if user is None or getattr(user, "_wrapped", None) is empty:
        return None
    return user.pk if user.is_authenticated else None


class RequestLogMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.static_prefix = "/" + settings.STATIC_URL.lstrip("/")

    def __call__(self, request):
        if request.path.startswith(self.static_prefix):
            return self.get_response(request)
        rid = request.request_id = _request_id_of(request)
        context = request_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            seconds = time.perf_counter() - started
            match = getattr(request, "resolver_match", None)
            path = path_without_secrets(request.path, match.kwargs if match else None)
            metrics.count_request(response.status_code, seconds)
            duration_ms = round(seconds * 1000, 1)
            event(
                log, f"{request.method} {path} {response.status_code} ({duration_ms} ms)",
                method=request.method, path=path, status=response.status_code,
                duration_ms=duration_ms, user_id=_user_id(request),
            )
            response[REQUEST_ID_HEADER] = rid
            return response
        finally:
            request_id.reset(context)
