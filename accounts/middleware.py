"""Signed-in players read the site in the language of their profile."""

from django.conf import settings
from django.utils import translation


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
