"""The interface every payment provider implements.

A provider does four things: start a checkout for a `Purchase` (the row exists before
the buyer leaves), turn a webhook request into a verified `PaymentResult` (or raise
`BadWebhook`: bad signature, stale timestamp, unknown event), look a checkout up when
the buyer comes back (the return page may arrive before the webhook), and refund.
Fulfilment itself (crediting tokens once) is not the provider's business: it is
`economy.purchases.do_fulfil`, whatever the provider.
"""

from __future__ import annotations

from dataclasses import dataclass


class ProviderError(Exception):
    """The provider could not be reached or refused the request."""


class BadWebhook(Exception):
    """A webhook that must not be trusted: answered 400, nothing credited."""


@dataclass
class CheckoutStart:
    redirect_url: str  # where the buyer goes to pay
    provider_ref: str  # the provider's id of the checkout session


@dataclass
class PaymentResult:
    """What a verified event or a lookup says about one checkout."""

    event_id: str  # "" for a lookup from the return page (no event to de-duplicate)
    event_type: str
    outcome: str  # "paid", "failed", "canceled", or "" for events we do not act on
    purchase_id: int | None
    provider_ref: str = ""
    amount_cents: int | None = None
    currency: str = ""
    payment_ref: str = ""  # what a refund needs (Stripe: the payment intent)


class PaymentProvider:
    name = ""

    def start_checkout(self, purchase, *, success_url: str, cancel_url: str) -> CheckoutStart:
        raise NotImplementedError

    def parse_webhook(self, raw_body: bytes, headers) -> PaymentResult:
        """Verify the signature over the raw body, then read the event."""
        raise NotImplementedError

    def lookup(self, purchase) -> PaymentResult | None:
        """Ask the provider how the purchase's checkout ended (None: not yet)."""
        raise NotImplementedError

    def refund(self, purchase) -> str:
        """Give the money back; returns the provider's refund reference."""
        raise NotImplementedError
