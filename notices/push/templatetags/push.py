"""The site as an app (``{% push_head %}`` in base.html: the manifest and the theme colour)
and the offer to be told on this phone (``{% push_offer ... %}`` at a correspondence
table), which static/push/push.js shows once the player has made a move there."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.urls import reverse

from notices.push.devices import device_name
from notices.push.sender import push_configured
from notices.push.services import subscriptions_of
from notices.push.views import THEME_COLOUR

register = template.Library()


@register.inclusion_tag("push/_head.html")
def push_head():
    return {"manifest_url": reverse("push:manifest"), "theme_colour": THEME_COLOUR}


@register.inclusion_tag("push/_offer.html", takes_context=True)
def push_offer(context, table, seated: bool, moved: bool):
    """The banner, hidden until a move: only to a player with an account seated at a
    correspondence table, and only when the site can push. ``moved``: the player has
    already made a move by correspondence (then it shows at once, unless refused)."""
    user = context.get("user")
    correspondence = getattr(table, "pace", "") == "correspondence"
    shown = bool(correspondence and seated and push_configured()
                 and getattr(user, "is_authenticated", False)
                 and not getattr(user, "is_guest", False))
    return {"shown": shown, "moved": moved,
            "key": settings.VAPID_PUBLIC_KEY,
            "subscribe_url": reverse("push:subscribe")}


@register.inclusion_tag("push/_devices.html", takes_context=True)
def push_devices(context):
    """The profile's list of the player's devices told by Web Push, each with « Retirer »."""
    user = context.get("user")
    devices = subscriptions_of(user) if getattr(user, "is_authenticated", False) else []
    return {"devices": [{"device": d, "name": device_name(d.user_agent)} for d in devices],
            "configured": push_configured(), "csrf_token": context.get("csrf_token")}
