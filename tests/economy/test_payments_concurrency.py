"""The same webhook delivered concurrently, and with the return page: one credit.

PostgreSQL only (real row locks); CI sets DATABASE_URL.
"""

import pytest
from django.test import Client
from django.urls import reverse

from economy import ledger, purchases
from economy.models import Currency, Purchase, SandboxSession, TokenBundle
from economy.payments.sandbox import SIGNATURE_HEADER, build_event, sign
from tests.support.concurrency import postgresql_only, race

pytestmark = [
    pytest.mark.django_db(transaction=True),
    postgresql_only,
]
SECRET = "whsec_test_sandbox"


@pytest.fixture(autouse=True)
def _sandbox(settings):
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox",
                         "SANDBOX_WEBHOOK_SECRET": SECRET, "SANDBOX_ALLOWED": True}


def pending_purchase(user):
    bundle = TokenBundle.objects.create(name="Bourse", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(user, bundle, success_url="http://x/",
                                            cancel_url="http://x/")
    return purchase, SandboxSession.objects.get(purchase=purchase)


def test_the_same_webhook_delivered_100_times_concurrently_credits_once(alice):
    purchase, session = pending_purchase(alice)
    body = build_event(session, "success")
    url = reverse("economy:payment_webhook", args=["sandbox"])

    def deliver(n):
        client = Client()
        statuses = []
        for _ in range(10):
            response = client.post(url, data=body, content_type="application/json",
                                   headers={SIGNATURE_HEADER: sign(body, SECRET)})
            statuses.append(response.status_code)
        return statuses

    outcomes = race(10, deliver)
    statuses = [s for o in outcomes for s in o]
    assert len(statuses) == 100
    # The first applies it; the 99 others are duplicates, answered 200 so that the
    # provider stops retrying, and change nothing.
    assert statuses.count(200) == 100
    assert ledger.balance(alice, Currency.TOKENS) == 100
    assert ledger.verify() == []


def test_distinct_events_and_the_return_page_racing_credit_once(alice):
    purchase, session = pending_purchase(alice)
    session.outcome = "success"
    session.save()
    bodies = [build_event(session, "success") for _ in range(10)]

    def work(n):
        if n % 2:
            return purchases.handle_webhook("sandbox", bodies[n],
                                          {SIGNATURE_HEADER: sign(bodies[n], SECRET)})
        return purchases.do_confirm_return(purchase.pk).status

    outcomes = race(10, work)
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert ledger.balance(alice, Currency.TOKENS) == 100
    assert Purchase.objects.get(pk=purchase.pk).status == "paid"
    assert ledger.verify() == []
