"""The site's own answers outside the apps: the icon browsers ask for at /favicon.ico, the
admin's login (the site's), the page shown when a form fails the CSRF check, and the two
probes of the proxy, the process manager and monitoring (/sante/, /pret/)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from config.readiness import run_checks


def favicon(request):
    """Browsers ask for /favicon.ico whatever a page links: send them to the SVG icon (a
    temporary redirect, since the static file's address changes with its content)."""
    return HttpResponseRedirect(static("favicon.svg"))


def admin_login(request):
    """Staff log in through the site's login page, never the admin's own form: allauth's
    limits on failed logins (per address and per account) then guard staff passwords too.
    A staff member comes back to the admin page they asked for (allauth checks ``next``)."""
    wanted = request.GET.get("next") or reverse("admin:index")
    return HttpResponseRedirect(f"{reverse('account_login')}?{urlencode({'next': wanted})}")


def csrf_failure(request, reason=""):
    """A form refused by the CSRF check (a page left open too long, a session ended in
    another tab, cookies blocked): the 403 page, in the site's layout and the visitor's
    language, saying what to do. Django's ``reason`` is for the logs, not for players."""
    return render(
        request,
        "403.html",
        {"reason": _("Le formulaire a expiré ou les cookies sont bloqués : rechargez la "
                     "page, puis recommencez.")},
        status=403,
    )


@never_cache
def sante(request):
    """The process is up and answers: nothing else is touched (no database, no Redis), so a
    fault elsewhere never gets a healthy server process restarted."""
    return HttpResponse("ok", content_type="text/plain")


@never_cache
def pret(request):
    """Ready to serve players: the database, Redis (cache and channel layer) and the workers
    answer. 200 with each check's answer, 503 as soon as one fails."""
    checks = run_checks()
    ready = all(answer == "ok" for answer in checks.values())
    return JsonResponse(
        {"status": "ok" if ready else "unavailable", "checks": checks},
        status=200 if ready else 503,
    )
