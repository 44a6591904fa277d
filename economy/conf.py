"""The economy's settings, read from config/settings.py (ECONOMY, PAYMENTS): the one place
they are set, with their defaults and the environment variables that change them.

What the economy does with each game (chips, cave bounds, free hands a day) is not a
setting but the economy's game table (economy/games.py).
"""

from django.conf import settings


def setting(name):
    """One of ``settings.ECONOMY``: STARTING_ECUS, HAND_DAY_TIMEZONE, CARD_DECK_PRICE_TOKENS."""
    return settings.ECONOMY[name]


def payment_setting(name):
    """One of ``settings.PAYMENTS``: the provider, the sandbox, Stripe's keys."""
    return settings.PAYMENTS[name]
