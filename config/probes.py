"""The probes (/sante/, /pret/) answered before every other middleware.

The process manager, the units and the rolling restart probe each daphne process directly
on 127.0.0.1:800x, without the proxy: their requests carry no X-Forwarded-Proto, so the
HTTPS redirect would answer 301 (SECURE_REDIRECT_EXEMPT could spare them that), and their
Host is 127.0.0.1:800x, which a real site's ALLOWED_HOSTS refuses with a 400
(CommonMiddleware reads the host of every request; no setting exempts a path). Answered
here, first, they also open no session and count no visit.
"""

from __future__ import annotations

from config import views

PROBES = {"/sante/": views.sante, "/pret/": views.pret}


class ProbesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        probe = PROBES.get(request.path_info)
        if probe is not None and request.method in ("GET", "HEAD"):
            return probe(request)
        return self.get_response(request)
