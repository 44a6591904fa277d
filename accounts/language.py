"""The reader's language: the one a page is read in, which a player's profile keeps.

A page is read in the language of the request (Django's LocaleMiddleware: the language
cookie, else the browser's Accept-Language; accounts.middleware gives a signed-in player
with no cookie their profile's). What is read without a request, a player's e-mails and
a socket opened without ``lang``, is in the profile's ``preferred_language``: so a guest
and an account are made with the language being read, and the language switcher keeps
the choice of a signed-in player in their profile too.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from accounts.models import User


def site_language(code: str | None) -> str:
    """``code`` as one of the site's languages (``en-us`` is ``en``); the site's default
    when it speaks no such language."""
    try:
        return translation.get_supported_language_variant(code) if code else settings.LANGUAGE_CODE
    except LookupError:
        return settings.LANGUAGE_CODE


def reading_language() -> str:
    """The language the current request is read in, among the site's."""
    return site_language(translation.get_language())


def do_set_language(user, code: str) -> bool:
    """Keep ``code`` as the player's preferred language; False (nothing changed) for a
    visitor or a language the site does not speak."""
    if not getattr(user, "is_authenticated", False) or code not in dict(settings.LANGUAGES):
        return False
    User.objects.filter(pk=user.pk).update(preferred_language=code)
    user.preferred_language = code
    return True
