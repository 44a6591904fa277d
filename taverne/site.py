"""The site's own address and name: the one source of every absolute URL it builds and of
the name its e-mails greet with.

A link is never built from the request's Host. Behind a proxy, on another port or under
a forged header that host is not the site's (an e-mail once linked to 127.0.0.1:8000
while the site ran elsewhere, and greeted "Bonjour, c'est 127.0.0.1:8105 !"); and much is
built outside any request: queued e-mails, the table fragments the sockets send. So
everything reads ``SITE_URL`` and ``SITE_NAME`` (config/settings.py).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_url() -> str:
    """ "https://taverne.example": the SITE_URL setting, without a trailing slash."""
    return settings.SITE_URL.rstrip("/")


def absolute_url(path: str) -> str:
    """The full address of a path of this site (what ``reverse`` or
    ``get_absolute_url`` give): ``absolute_url("/jouer/")`` is "https://taverne.example/jouer/"."""
    if not path.startswith("/") or path.startswith("//"):
        raise ValueError(f"absolute_url takes a path of the site, not {path!r}")
    return site_url() + path


def site_name() -> str:
    """ "Taverne": the name the site signs and greets with (SITE_NAME)."""
    return settings.SITE_NAME


def subject_prefix() -> str:
    """ "[Taverne] ": what the subject of the site's account and shop e-mails starts with."""
    return f"[{site_name()}] "


def site_domain() -> str:
    """ "taverne.example" (with its port when SITE_URL has one): the site's host, for a
    sentence that names it without linking."""
    return urlsplit(site_url()).netloc
