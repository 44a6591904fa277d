"""Every answer under /api/ in the API's error shape, whoever gives it.

The API's handlers (api/v1.py) word its own refusals. Some answers come from around it:
Django's for a path no endpoint has (404, its HTML page elsewhere on the site), ninja's
for a method the path does not take (405, plain text). A program must not have to parse
HTML: this middleware says them again as ``{"type": "error", "code", "message"}``, the
status and the ``Allow`` header kept, in the request's language.
"""

from __future__ import annotations

from django.http import JsonResponse

from api import errors
from taverne.unavailable import API_PREFIX


class ErrorShapeMiddleware:
    """Re-says an answer under /api/ that is an error but not JSON in the error shape."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (request.path.startswith(API_PREFIX) and response.status_code >= 400
                and not response.get("Content-Type", "").startswith("application/json")):
            return _reshaped(request, response)
        return response


def _reshaped(request, response) -> JsonResponse:
    status = response.status_code
    allowed = ""
    if status == 404:
        refusal = errors.ApiRefusal("not_found", errors.NO_ADDRESS)
    elif status == 405:
        allowed = ", ".join(sorted(m.strip() for m in response.get("Allow", "").split(",")
                                   if m.strip()))
        refusal = errors.ApiRefusal("method_not_allowed", errors.NOT_ALLOWED,
                                    method=request.method, allowed=allowed or "-")
    elif status >= 500:
        refusal = errors.ApiRefusal("server_error", errors.SERVER_ERROR)
    else:
        refusal = errors.ApiRefusal("bad_request", errors.BAD_REQUEST)
    reshaped = JsonResponse(errors.body_of(refusal), status=status)
    if allowed:
        reshaped["Allow"] = allowed
    if "Retry-After" in response:
        reshaped["Retry-After"] = response["Retry-After"]
    # Django logged the first answer (a 404's warning line) or will log this one: once.
    reshaped._has_been_logged = getattr(response, "_has_been_logged", False)
    return reshaped
