"""Signed-in players read the site in the language of their profile, and are seen."""

import time

from django.conf import settings
from django.utils import timezone, translation

from accounts.models import User


def remember_language(response, code: str) -> None:
    """Set the same cookie as Django's set_language view, which LocaleMiddleware reads."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class PreferredLanguageMiddleware:
    """A player who signs in on a browser with no language chosen gets their profile's
    language, remembered in the cookie; after that the language switcher wins as usual."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = None
        user = getattr(request, "user", None)
        if (
            user is not None
            and user.is_authenticated
            and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES
            and user.preferred_language in dict(settings.LANGUAGES)
        ):
            chosen = user.preferred_language
            translation.activate(chosen)
            request.LANGUAGE_CODE = chosen
        response = self.get_response(request)
        # A view that chose a language itself (the profile form) has the last word.
        if chosen and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            remember_language(response, chosen)
        return response


class LastSeenMiddleware:
    """Remember when a signed-in player last asked for a page (``User.last_seen_at``): the
    lobby counts the players seen in the last minutes as online.

    At most once a minute per session (the session keeps when it last wrote), so a
    player clicking around costs one UPDATE a minute, not one a request.
    """

    SESSION_KEY = "last_seen"
    EVERY_SECONDS = 60

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            now = time.time()
            written = request.session.get(self.SESSION_KEY)
            if not isinstance(written, int | float) or not 0 <= now - written < self.EVERY_SECONDS:
                request.session[self.SESSION_KEY] = int(now)
                User.objects.filter(pk=user.pk).update(last_seen_at=timezone.now())
        return self.get_response(request)
