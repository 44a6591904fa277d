"""The site as an app on a phone: its manifest, its service worker, and the page's door to
subscribe this device to Web Push (the API's is ``/api/v1/account/push-subscriptions``)."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_GET, require_POST

from notices.push.devices import device_name
from notices.push.services import PushError, do_remove_device, do_subscribe, do_unsubscribe

THEME_COLOUR = "#3b2414"  # the header's wood (static/css/taverne.css, --wood)
BACKGROUND_COLOUR = "#f8f1e3"  # the page's parchment (--parchment)


@require_GET
@cache_control(max_age=3600)
def manifest(request):
    """The web app manifest: installed, the site opens on « Mes parties », standalone."""
    data = {
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": "Cinq jeux de cartes d'autrefois, en direct ou par correspondance.",
        "lang": "fr",
        "start_url": reverse("play:my_games"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(f"push/icon-{size}.png"), "sizes": f"{size}x{size}",
             "type": "image/png", "purpose": "any"}
            for size in (192, 512)
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json",
                        json_dumps_params={"ensure_ascii": False})


@require_GET
@never_cache
def service_worker(request):
    """The service worker, at the root so that its scope is the whole site."""
    response = render(request, "push/sw.js", {"icon": static("push/icon-192.png")},
                      content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


def _refused(refusal: PushError) -> JsonResponse:
    status = {"account_required": 403, "push_unavailable": 409}.get(refusal.code, 400)
    return JsonResponse(refusal.as_dict(), status=status)


def _body(request) -> dict:
    try:
        body = json.loads(request.body or b"{}")
    except ValueError:
        body = None
    return body if isinstance(body, dict) else {}


@require_POST
def subscribe(request):
    """POST a browser's ``PushSubscription.toJSON()`` (CSRF token in ``X-CSRFToken``)."""
    body = _body(request)
    keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
    try:
        do_subscribe(request.user, body.get("endpoint"), keys.get("p256dh"), keys.get("auth"),
                     request.headers.get("User-Agent", ""))
    except PushError as refusal:
        return _refused(refusal)
    return JsonResponse({"subscribed": True}, status=201)


@require_POST
def unsubscribe(request):
    """POST ``{"endpoint": ...}``: this device is told nothing more."""
    try:
        do_unsubscribe(request.user, _body(request).get("endpoint", ""))
    except PushError as refusal:
        return _refused(refusal)
    return JsonResponse({"subscribed": False})


@login_required
@require_POST
def remove_device(request, device_id: int):
    """The profile's « Retirer » (a form with its CSRF token): back to the profile."""
    try:
        device = do_remove_device(request.user, device_id)
    except PushError as refusal:
        messages.error(request, refusal.message())
    else:
        messages.success(request, _("Appareil retiré : %(name)s ne recevra plus de "
                                    "notifications.") % {"name": device_name(device.user_agent)})
    return redirect(reverse("accounts:profile") + "#push-devices")
