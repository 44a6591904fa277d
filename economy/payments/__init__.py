"""Payment providers behind one small interface (base.py), chosen by settings.

`get_provider()` returns the provider named by PAYMENTS["PROVIDER"]: "sandbox" (the
default: a local checkout page, signed webhooks like a real provider's) or "stripe".
"""

from economy.conf import payment_setting
from economy.payments.base import (
    BadWebhook,
    CheckoutStart,
    PaymentProvider,
    PaymentResult,
    ProviderError,
)
from economy.payments.sandbox import SandboxProvider
from economy.payments.stripe_provider import StripeProvider

__all__ = [
    "BadWebhook",
    "CheckoutStart",
    "PaymentProvider",
    "PaymentResult",
    "ProviderError",
    "get_provider",
]

PROVIDERS = {"sandbox": SandboxProvider, "stripe": StripeProvider}


def get_provider(name=None) -> PaymentProvider:
    name = name or payment_setting("PROVIDER")
    if name not in PROVIDERS:
        raise ProviderError(f"unknown payment provider {name!r}")
    return PROVIDERS[name]()
