"""The economy's settings, with their defaults (config/settings.py's ECONOMY overrides them)."""

from django.conf import settings

DEFAULTS = {
    # Écus given once to every new player (at e-mail verification: see accounts/signals.py).
    "STARTING_ECUS": 1000,
    # Free hands a day per game when staff set no HandAllowance row; None: unlimited.
    "HAND_ALLOWANCE_DEFAULTS": {"ramponneau": 20},
    # The days of the allowance run midnight to midnight in this zone.
    "HAND_DAY_TIMEZONE": "Europe/Paris",
    # What a deck of cards costs, in tokens: a deck opens one Ramponneau table one owns.
    "CARD_DECK_PRICE_TOKENS": 50,
    # Cave bounds, in big blinds, that a table owner may narrow but not widen.
    "CAVE_MIN_BIG_BLINDS": 10,
    "CAVE_MAX_BIG_BLINDS": 100,
    # Ambigu's cave bounds, in antes (20 to 200 jetons at an ante of 1): enough for a
    # few deals of vades and renvis, never a bottomless stack. No keeper narrows them.
    "AMBIGU_CAVE_MIN_ANTES": 20,
    "AMBIGU_CAVE_MAX_ANTES": 200,
}

PAYMENT_DEFAULTS = {
    "PROVIDER": "sandbox",
    "SANDBOX_ALLOWED": True,
    "SANDBOX_WEBHOOK_SECRET": "whsec_taverne_sandbox_development",
    "WEBHOOK_TOLERANCE": 300,
    "STRIPE_SECRET_KEY": "",
    "STRIPE_WEBHOOK_SECRET": "",
}


def economy(name):
    return getattr(settings, "ECONOMY", {}).get(name, DEFAULTS[name])


def payments(name):
    return getattr(settings, "PAYMENTS", {}).get(name, PAYMENT_DEFAULTS[name])
