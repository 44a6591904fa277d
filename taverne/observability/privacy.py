"""What never leaves the server in a log line or an error report: tokens and keys in
URLs, cookies, credentials, and cards (a hand, a deck order)."""

from __future__ import annotations

import re

from cardgames.cards import is_card

FILTERED = "[Filtered]"

# URL arguments that are secrets: an invitation link's token, allauth's e-mail
# confirmation and password reset keys.
SECRET_URL_ARGUMENTS = frozenset({"token", "key", "uidb36", "invitation"})

# Keys whose value is dropped wherever they appear (headers, cookies, extra data, frames).
SECRET_KEYS = frozenset({
    "authorization", "cookie", "cookies", "set-cookie", "x-csrftoken", "csrftoken",
    "csrfmiddlewaretoken", "sessionid", "session", "password", "password1", "password2",
    "passwd", "secret", "token", "api_key", "invitation", "signature", "stripe-signature",
    "body", "x-forwarded-for", "remote_addr", "ip_address", "email",
})
# Keys that hold cards in the engines' states and actions.
CARD_KEYS = frozenset({"hand", "hands", "deck", "cards", "stock", "talon", "state",
                       "states", "dealt", "hidden"})

# Three cards or more in a row in a text ("['Ah', 'Kd', '7c']", "Ah Kd 7c"): a hand or a
# deck written into a message.
_CARD = r"(?:[A2-9TJQK][cdhs]|X[rb])(?:\.\d+)?"
CARD_RUN = re.compile(rf"['\"]?\b{_CARD}\b['\"]?(?:[\s,;]+['\"]?\b{_CARD}\b['\"]?){{2,}}")


def path_without_secrets(path: str, kwargs: dict | None) -> str:
    """``path`` with the values of its secret URL arguments (``kwargs``, as resolved)
    replaced."""
    for name, value in (kwargs or {}).items():
        if name in SECRET_URL_ARGUMENTS and value:
            path = path.replace(str(value), FILTERED)
    return path


def resolved_path_without_secrets(path: str) -> str:
    """The same for a path not yet resolved (an error report's URL)."""
    from django.urls import Resolver404, resolve

    try:
        match = resolve(path)
    except Resolver404:
        return path
    except Exception:  # an error report must never fail on its own scrubbing
        return path
    return path_without_secrets(path, match.kwargs)


def is_card_list(value) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(map(is_card, value))


def text_without_cards(text: str) -> str:
    return CARD_RUN.sub(FILTERED, text)


def scrub(value, depth: int = 0):
    """A copy of ``value`` (JSON-like data) with every secret key's value, every list of
    cards and every run of cards in a text replaced."""
    if depth > 30:
        return FILTERED
    if isinstance(value, dict):
        return {
            key: FILTERED
            if isinstance(key, str) and key.lower() in SECRET_KEYS | CARD_KEYS
            else scrub(item, depth + 1)
            for key, item in value.items()
        }
    if is_card_list(value):
        return FILTERED
    if isinstance(value, (list, tuple)):
        return [scrub(item, depth + 1) for item in value]
    if isinstance(value, str):
        return text_without_cards(value)
    return value
