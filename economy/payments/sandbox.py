"""The sandbox provider: a local checkout page and webhooks signed like a real provider's.

The buyer chooses success, failure or cancel on /compte/jetons/sandbox/<ref>/. The
sandbox then builds the event a provider would send and signs it (HMAC-SHA256 over
"<timestamp>.<raw body>", header ``Taverne-Signature: t=<timestamp>,v1=<hex>``, as
Stripe does) (``SandboxProvider.choose``); economy/purchases.py hands it to our webhook
handler: the same function the webhook URL calls, with the raw body and the header,
rather than an HTTP request to ourselves. The handler verifies it exactly as it verifies
a real provider's.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time

from django.conf import settings
from django.urls import reverse

from economy.conf import payment_setting
from economy.models import SandboxSession
from economy.payments.base import (
    BadWebhook,
    CheckoutStart,
    PaymentProvider,
    PaymentResult,
    ProviderError,
)

SIGNATURE_HEADER = "Taverne-Signature"
OUTCOMES = {"success": "paid", "failure": "failed", "cancel": "canceled"}
EVENT_TYPES = {
    "success": "checkout.succeeded",
    "failure": "checkout.failed",
    "cancel": "checkout.canceled",
}
EVENT_OUTCOMES = {event: OUTCOMES[choice] for choice, event in EVENT_TYPES.items()}


def sign(raw_body: bytes, secret: str, timestamp: int | None = None) -> str:
    """The signature header for a body: ``t=<unix time>,v1=<hex HMAC-SHA256>``."""
    timestamp = int(time.time()) if timestamp is None else int(timestamp)
    signed = f"{timestamp}.".encode() + raw_body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


def verify(raw_body: bytes, header: str | None, secret: str, tolerance: int) -> None:
    """Raise BadWebhook unless one v1 signature matches and the timestamp is recent."""
    if not header:
        raise BadWebhook("missing signature header")
    timestamp, signatures = None, []
    for part in header.split(","):
        key, _, value = part.strip().partition("=")
        if key == "t":
            timestamp = value
        elif key == "v1":
            signatures.append(value)
    if timestamp is None or not timestamp.isdigit() or not signatures:
        raise BadWebhook("malformed signature header")
    expected = sign(raw_body, secret, int(timestamp)).split("v1=", 1)[1]
    if not any(hmac.compare_digest(expected, s) for s in signatures):
        raise BadWebhook("bad signature")
    if abs(time.time() - int(timestamp)) > tolerance:
        raise BadWebhook("stale event (timestamp outside the tolerance)")


def build_event(session, choice: str) -> bytes:
    """The raw body of the event the sandbox sends when the buyer chose `choice`."""
    event = {
        "id": f"evt_sandbox_{secrets.token_hex(12)}",
        "type": EVENT_TYPES[choice],
        "created": int(time.time()),
        "data": {
            "session": session.ref,
            "purchase": session.purchase_id,
            "amount": session.amount_cents,
            "currency": session.currency,
            "payment": f"pay_sandbox_{session.ref.removeprefix('cs_sandbox_')}",
        },
    }
    return json.dumps(event, separators=(",", ":")).encode()


# The webhook secret of a development site. It is public (it is in this file), which is
# harmless where DEBUG is on; anywhere else the sandbox needs a secret of its own
# (economy/checks.py refuses to start without one, and the provider fails closed).
DEVELOPMENT_SECRET = "whsec_taverne_sandbox_development"


def has_own_secret() -> bool:
    return payment_setting("SANDBOX_WEBHOOK_SECRET") not in ("", DEVELOPMENT_SECRET)


class SandboxProvider(PaymentProvider):
    name = "sandbox"

    @property
    def secret(self) -> str:
        return payment_setting("SANDBOX_WEBHOOK_SECRET") or DEVELOPMENT_SECRET

    def __init__(self):
        # The buyer chooses "paid" here: never on a production site unless allowed.
        if not payment_setting("SANDBOX_ALLOWED"):
            raise ProviderError("the sandbox payment provider is switched off here")
        # Outside development, events signed with the public secret would credit forged
        # purchases: no sandbox without a secret of its own.
        if not settings.DEBUG and not has_own_secret():
            raise ProviderError("the sandbox payment provider needs SANDBOX_WEBHOOK_SECRET")

    def start_checkout(self, purchase, *, success_url, cancel_url) -> CheckoutStart:
        session, _ = SandboxSession.objects.get_or_create(
            purchase=purchase,
            defaults={
                "ref": f"cs_sandbox_{secrets.token_hex(12)}",
                "amount_cents": purchase.amount_cents,
                "currency": purchase.currency,
            },
        )
        return CheckoutStart(
            redirect_url=reverse("economy:sandbox_checkout", args=[session.ref]),
            provider_ref=session.ref,
        )

    def parse_webhook(self, raw_body: bytes, headers) -> PaymentResult:
        verify(raw_body, headers.get(SIGNATURE_HEADER), self.secret,
               payment_setting("WEBHOOK_TOLERANCE"))
        try:
            event = json.loads(raw_body)
            data = event["data"]
            return PaymentResult(
                event_id=str(event["id"]),
                event_type=str(event["type"]),
                outcome=EVENT_OUTCOMES.get(event["type"], ""),
                purchase_id=int(data["purchase"]),
                provider_ref=str(data["session"]),
                amount_cents=int(data["amount"]),
                currency=str(data["currency"]),
                payment_ref=str(data.get("payment", "")),
            )
        except (ValueError, KeyError, TypeError) as error:
            raise BadWebhook(f"malformed event: {error}") from error

    def lookup(self, purchase) -> PaymentResult | None:
        session = SandboxSession.objects.filter(purchase=purchase).first()
        if session is None or not session.outcome:
            return None
        return PaymentResult(
            event_id="",
            event_type="lookup",
            outcome=OUTCOMES[session.outcome],
            purchase_id=purchase.pk,
            provider_ref=session.ref,
            amount_cents=session.amount_cents,
            currency=session.currency,
            payment_ref=f"pay_sandbox_{session.ref.removeprefix('cs_sandbox_')}",
        )

    def refund(self, purchase) -> str:
        return f"re_sandbox_{secrets.token_hex(8)}"

    def choose(self, session, choice: str) -> tuple[bytes, dict]:
        """The buyer chose on the checkout page: the signed event the sandbox sends, as
        its raw body and headers."""
        session.outcome = choice
        session.save(update_fields=["outcome"])
        raw_body = build_event(session, choice)
        return raw_body, {SIGNATURE_HEADER: sign(raw_body, self.secret)}
