"""Stripe: Checkout Sessions through the official `stripe` package.

Each purchase has its own idempotency key, sent with the session creation, so a retried
"go to checkout" makes one session. Webhooks are verified by the SDK
(`stripe.Webhook.construct_event` over the raw body, with the signing secret and a
5-minute timestamp tolerance).
"""

from __future__ import annotations

import stripe
from django.utils import translation
from django.utils.translation import ngettext

from economy.conf import payment_setting
from economy.payments.base import (
    BadWebhook,
    CheckoutStart,
    PaymentProvider,
    PaymentResult,
    ProviderError,
)

SIGNATURE_HEADER = "Stripe-Signature"
PAID_EVENTS = {"checkout.session.async_payment_succeeded"}
FAILED_EVENTS = {"checkout.session.async_payment_failed"}
CANCELED_EVENTS = {"checkout.session.expired"}


def _product_name(purchase) -> str:
    """What the checkout page calls the bundle, in the buyer's language."""
    with translation.override(purchase.user.preferred_language):
        return ngettext(
            "%(n)s jeton d'or — Taverne", "%(n)s jetons d'or — Taverne", purchase.tokens
        ) % {"n": purchase.tokens}


def _plain(obj) -> dict:
    """Stripe objects are not dicts (stripe >= 13): read them as plain dicts."""
    return obj.to_dict() if hasattr(obj, "to_dict") else obj


def _outcome(event_type: str, session) -> str:
    if event_type == "checkout.session.completed":
        # Card payments are paid at once; delayed methods say "unpaid" and are settled by
        # a later async_payment_succeeded event.
        return "paid" if session.get("payment_status") == "paid" else ""
    if event_type in PAID_EVENTS:
        return "paid"
    if event_type in FAILED_EVENTS:
        return "failed"
    if event_type in CANCELED_EVENTS:
        return "canceled"
    return ""


def _result(event_id, event_type, session, outcome) -> PaymentResult:
    reference = session.get("client_reference_id") or (session.get("metadata") or {}).get(
        "purchase_id"
    )
    try:
        purchase_id = int(reference) if reference is not None else None
    except (TypeError, ValueError):
        purchase_id = None
    return PaymentResult(
        event_id=event_id,
        event_type=event_type,
        outcome=outcome,
        purchase_id=purchase_id,
        provider_ref=str(session.get("id") or ""),
        amount_cents=session.get("amount_total"),
        currency=str(session.get("currency") or ""),
        payment_ref=str(session.get("payment_intent") or ""),
    )


class StripeProvider(PaymentProvider):
    name = "stripe"

    def __init__(self, client: stripe.StripeClient | None = None):
        self._client = client

    @property
    def client(self) -> stripe.StripeClient:
        if self._client is None:
            key = payment_setting("STRIPE_SECRET_KEY")
            if not key:
                raise ProviderError("STRIPE_SECRET_KEY is not set")
            self._client = stripe.StripeClient(key, max_network_retries=2)
        return self._client

    def start_checkout(self, purchase, *, success_url, cancel_url) -> CheckoutStart:
        params = {
            "mode": "payment",
            "client_reference_id": str(purchase.pk),
            "metadata": {"purchase_id": str(purchase.pk)},
            "customer_email": purchase.user.email or None,
            "line_items": [
                {
                    "quantity": 1,
                    "price_data": {
                        "currency": purchase.currency,
                        "unit_amount": purchase.amount_cents,
                        "product_data": {"name": _product_name(purchase)},
                    },
                }
            ],
            "success_url": success_url,
            "cancel_url": cancel_url,
        }
        params = {k: v for k, v in params.items() if v is not None}
        try:
            session = self.client.v1.checkout.sessions.create(
                params=params, options={"idempotency_key": f"checkout-{purchase.idempotency_key}"}
            )
        except stripe.StripeError as error:
            raise ProviderError(str(error)) from error
        return CheckoutStart(redirect_url=session.url, provider_ref=session.id)

    def parse_webhook(self, raw_body: bytes, headers) -> PaymentResult:
        secret = payment_setting("STRIPE_WEBHOOK_SECRET")
        if not secret:
            raise BadWebhook("STRIPE_WEBHOOK_SECRET is not set")
        try:
            event = stripe.Webhook.construct_event(
                raw_body,
                headers.get(SIGNATURE_HEADER),
                secret,
                tolerance=payment_setting("WEBHOOK_TOLERANCE"),
            )
        except (stripe.SignatureVerificationError, ValueError) as error:
            raise BadWebhook(str(error)) from error
        event = _plain(event)
        session = event["data"]["object"]
        event_type = event["type"]
        if not event_type.startswith("checkout.session."):
            return PaymentResult(event["id"], event_type, "", None)
        return _result(event["id"], event_type, session, _outcome(event_type, session))

    def lookup(self, purchase) -> PaymentResult | None:
        if not purchase.provider_ref:
            return None
        try:
            session = _plain(self.client.v1.checkout.sessions.retrieve(purchase.provider_ref))
        except stripe.StripeError as error:
            raise ProviderError(str(error)) from error
        outcome = "paid" if session.get("payment_status") == "paid" else ""
        if session.get("status") == "expired":
            outcome = "canceled"
        if not outcome:
            return None
        return _result("", "lookup", session, outcome)

    def refund(self, purchase) -> str:
        if not purchase.payment_ref:
            raise ProviderError("no payment intent recorded for this purchase")
        try:
            refund = self.client.v1.refunds.create(
                params={"payment_intent": purchase.payment_ref},
                options={"idempotency_key": f"refund-{purchase.idempotency_key}"},
            )
        except stripe.StripeError as error:
            raise ProviderError(str(error)) from error
        return refund.id
