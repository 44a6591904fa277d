"""The Stripe provider, without network: a fake HTTP client and webhooks signed here."""

import hashlib
import hmac
import json
import time
from urllib.parse import parse_qs

import pytest
import stripe
from django.urls import reverse

from economy import ledger, purchases
from economy.models import Currency, Purchase, TokenBundle
from economy.payments.stripe_provider import StripeProvider

pytestmark = pytest.mark.django_db
SECRET = "whsec_test_stripe"


class FakeStripeHTTP(stripe.HTTPClient):
    """Answers Stripe API calls from a script and records them."""

    name = "fake"

    def __init__(self):
        super().__init__()
        self.requests = []

    def request(self, method, url, headers, post_data=None, *, _usage=None):
        self.requests.append((method, url, dict(headers or {}), post_data))
        if url.endswith("/v1/checkout/sessions") and method == "post":
            form = parse_qs(post_data.decode() if isinstance(post_data, bytes) else post_data)
            body = {"id": "cs_test_123", "object": "checkout.session",
                    "url": "https://checkout.stripe.test/c/pay/cs_test_123",
                    "client_reference_id": form["client_reference_id"][0]}
        elif "/v1/checkout/sessions/" in url:
            body = {"id": "cs_test_123", "object": "checkout.session", "status": "complete",
                    "payment_status": "paid", "amount_total": 199, "currency": "eur",
                    "client_reference_id": self.reference, "payment_intent": "pi_123"}
        elif url.endswith("/v1/refunds"):
            body = {"id": "re_123", "object": "refund", "status": "succeeded"}
        else:
            return json.dumps({"error": {"message": "unexpected"}}), 400, {}
        return json.dumps(body), 200, {}

    def close(self):
        pass


@pytest.fixture
def http(settings):
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "stripe",
                         "STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_WEBHOOK_SECRET": SECRET}
    fake = FakeStripeHTTP()
    client = stripe.StripeClient("sk_test_x", http_client=fake, max_network_retries=0)
    original = StripeProvider.__init__

    def init(self, client_=None):
        original(self, client_ or client)

    StripeProvider.__init__ = init
    yield fake
    StripeProvider.__init__ = original


@pytest.fixture
def bundle():
    return TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)


def signed(payload: bytes, secret=SECRET, timestamp=None):
    timestamp = int(time.time()) if timestamp is None else timestamp
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + payload, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


def event(purchase, event_id="evt_1", kind="checkout.session.completed", **session):
    body = {
        "id": event_id, "object": "event", "type": kind,
        "data": {"object": {
            "id": "cs_test_123", "object": "checkout.session",
            "client_reference_id": str(purchase.pk), "amount_total": 199, "currency": "eur",
            "payment_status": "paid", "payment_intent": "pi_123", "status": "complete",
            **session,
        }},
    }
    return json.dumps(body).encode()


def post(client, payload, header):
    return client.post(reverse("economy:payment_webhook", args=["stripe"]), data=payload,
                       content_type="application/json", headers={"Stripe-Signature": header})


def start(alice, bundle):
    purchase, url = purchases.do_start_purchase(
        alice, bundle, success_url="https://t/{purchase}/", cancel_url="https://t/{purchase}/"
    )
    return purchase, url


def test_checkout_sessions_carry_our_idempotency_key(alice, bundle, http):
    purchase, url = start(alice, bundle)
    assert url == "https://checkout.stripe.test/c/pay/cs_test_123"
    assert Purchase.objects.get(pk=purchase.pk).provider_ref == "cs_test_123"
    method, _, headers, data = http.requests[0]
    assert headers["Idempotency-Key"] == f"checkout-{purchase.idempotency_key}"
    form = parse_qs(data.decode() if isinstance(data, bytes) else data)
    assert form["line_items[0][price_data][unit_amount]"] == ["199"]
    assert form["success_url"] == [f"https://t/{purchase.pk}/"]


def test_a_signed_completed_event_credits_once(alice, bundle, http, client):
    purchase, _ = start(alice, bundle)
    payload = event(purchase)
    assert post(client, payload, signed(payload)).status_code == 200
    assert post(client, payload, signed(payload)).status_code == 200  # replayed: no change
    assert ledger.balance(alice, Currency.TOKENS) == 100
    purchase.refresh_from_db()
    assert purchase.status == "paid" and purchase.payment_ref == "pi_123"


def test_the_sdk_refuses_bad_and_stale_signatures(alice, bundle, http, client):
    purchase, _ = start(alice, bundle)
    payload = event(purchase)
    assert post(client, payload, signed(payload, secret="whsec_other")).status_code == 400
    assert post(client, payload, signed(payload, timestamp=int(time.time()) - 400)).status_code \
        == 400
    assert post(client, payload, "garbage").status_code == 400
    assert ledger.balance(alice, Currency.TOKENS) == 0


def test_an_unpaid_completion_waits_for_the_async_success(alice, bundle, http, client):
    purchase, _ = start(alice, bundle)
    first = event(purchase, payment_status="unpaid")
    assert post(client, first, signed(first)).status_code == 200
    assert ledger.balance(alice, Currency.TOKENS) == 0
    later = event(purchase, "evt_2", "checkout.session.async_payment_succeeded")
    assert post(client, later, signed(later)).status_code == 200
    assert ledger.balance(alice, Currency.TOKENS) == 100


def test_an_amount_mismatch_is_refused(alice, bundle, http, client):
    purchase, _ = start(alice, bundle)
    payload = event(purchase, amount_total=100)
    assert post(client, payload, signed(payload)).status_code == 400
    assert ledger.balance(alice, Currency.TOKENS) == 0


def test_the_return_page_asks_stripe(alice, bundle, http):
    purchase, _ = start(alice, bundle)
    http.reference = str(purchase.pk)
    purchases.do_confirm_return(purchase)
    assert ledger.balance(alice, Currency.TOKENS) == 100
    assert http.requests[-1][1].endswith("/v1/checkout/sessions/cs_test_123")


def test_a_refund_goes_through_stripe_with_its_own_key(alice, bundle, http, client):
    purchase, _ = start(alice, bundle)
    payload = event(purchase)
    post(client, payload, signed(payload))
    purchases.do_refund(purchase)
    method, url, headers, data = http.requests[-1]
    assert url.endswith("/v1/refunds")
    assert headers["Idempotency-Key"] == f"refund-{purchase.idempotency_key}"
    assert "payment_intent=pi_123" in (data.decode() if isinstance(data, bytes) else data)
    assert ledger.balance(alice, Currency.TOKENS) == 0
