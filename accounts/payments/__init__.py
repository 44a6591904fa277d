"""Payment providers behind one small interface (base.py), chosen by settings.

`get_provider()` returns the provider named by PAYMENTS["PROVIDER"]: "sandbox" (the
default: a local checkout page, signed webhooks like a real provider's) or "stripe".
"""

from accounts.payments.base import (  # noqa: F401
    BadWebhook,
    CheckoutStart,
    PaymentProvider,
    PaymentResult,
    ProviderError,
)


def get_provider(name=None) -> PaymentProvider:
    from accounts.conf import payments

    name = name or payments("PROVIDER")
    if name == "sandbox":
        from accounts.payments.sandbox import SandboxProvider

        return SandboxProvider()
    if name == "stripe":
        from accounts.payments.stripe_provider import StripeProvider

        return StripeProvider()
    raise ProviderError(f"unknown payment provider {name!r}")
