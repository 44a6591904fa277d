"""A device told by Web Push, in words a player recognises: « Firefox sur Android » from
the user agent its browser gave when it subscribed."""

from __future__ import annotations

from django.utils.translation import gettext as _

# The first match wins: Edge, Opera and Samsung Internet also say "Chrome"; Chrome says
# "Safari".
BROWSERS = [("Edg", "Edge"), ("OPR", "Opera"), ("SamsungBrowser", "Samsung Internet"),
            ("Firefox", "Firefox"), ("FxiOS", "Firefox"), ("CriOS", "Chrome"),
            ("Chrome", "Chrome"), ("Safari", "Safari")]
SYSTEMS = [("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"),
           ("CrOS", "ChromeOS"), ("Windows", "Windows"), ("Mac OS X", "macOS"),
           ("Macintosh", "macOS"), ("Linux", "Linux")]


def _first(user_agent: str, names) -> str:
    return next((name for mark, name in names if mark in user_agent), "")


def device_name(user_agent: str) -> str:
    """« Firefox sur Android », « Safari sur iPhone »; « Appareil inconnu » when it said
    nothing we know."""
    browser, system = _first(user_agent or "", BROWSERS), _first(user_agent or "", SYSTEMS)
    if browser and system:
        return _("%(browser)s sur %(system)s") % {"browser": browser, "system": system}
    return browser or system or _("Appareil inconnu")
