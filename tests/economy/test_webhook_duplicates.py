"""A provider retries an event when our 200 was lost: a duplicate of an event already
applied answers 200 and changes nothing; a bad event still answers 400 (docs/economy.md)."""

import json

import pytest
from django.urls import reverse

from economy import ledger, purchases
from economy.models import (
    Currency,
    LedgerEntry,
    PaymentEvent,
    Purchase,
    SandboxSession,
    TokenBundle,
)
from economy.payments.sandbox import SIGNATURE_HEADER, build_event, sign

pytestmark = pytest.mark.django_db
SECRET = "whsec_test_sandbox"


@pytest.fixture(autouse=True)
def _sandbox(settings):
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox",
                         "SANDBOX_WEBHOOK_SECRET": SECRET, "SANDBOX_ALLOWED": True}


@pytest.fixture
def session(alice):
    bundle = TokenBundle.objects.create(name="Bourse test", tokens=100, price_cents=199)
    purchase, _ = purchases.do_start_purchase(
        alice, bundle, success_url="http://x/{purchase}/", cancel_url="http://x/{purchase}/"
    )
    return SandboxSession.objects.get(purchase=purchase)


def webhook(client, raw_body, header=None):
    return client.post(
        reverse("economy:payment_webhook", args=["sandbox"]),
        data=raw_body,
        content_type="application/json",
        headers={SIGNATURE_HEADER: header if header is not None else sign(raw_body, SECRET)},
    )


def everything(user):
    """What an event could change: the purchase, the tokens, the ledger, the events."""
    purchase = Purchase.objects.get(user=user)
    return (purchase.status, purchase.paid_at, purchase.receipt_sent_at,
            ledger.balance(user, Currency.TOKENS), LedgerEntry.objects.count(),
            list(PaymentEvent.objects.values_list("event_id", "purchase_id")))


def test_a_duplicate_webhook_answers_200_and_changes_nothing(alice, client, session,
                                                             mailoutbox):
    body = build_event(session, "success")
    assert webhook(client, body).status_code == 200
    applied = everything(alice)

    duplicate = webhook(client, body)  # the provider did not hear our 200: it retries

    assert duplicate.status_code == 200
    assert everything(alice) == applied
    assert ledger.balance(alice, Currency.TOKENS) == 100
    assert len(mailoutbox) == 1  # one receipt


def test_a_duplicate_signed_again_later_answers_200_and_changes_nothing(alice, client,
                                                                        session):
    # Providers sign each delivery afresh: same event id, new timestamp and signature.
    body = build_event(session, "success")
    assert webhook(client, body).status_code == 200
    applied = everything(alice)

    assert webhook(client, body, sign(body, SECRET)).status_code == 200
    assert everything(alice) == applied


def test_a_duplicate_of_a_failure_does_not_undo_a_later_success(alice, client, session):
    failure = build_event(session, "failure")
    assert webhook(client, failure).status_code == 200
    assert webhook(client, build_event(session, "success")).status_code == 200
    paid = everything(alice)

    assert webhook(client, failure).status_code == 200
    assert everything(alice) == paid and paid[0] == Purchase.Status.PAID


def test_a_bad_signature_or_a_malformed_event_still_answers_400(alice, client, session):
    body = build_event(session, "success")
    before = everything(alice)

    assert webhook(client, body, sign(body, "not-the-secret")).status_code == 400
    assert webhook(client, body, "t=abc").status_code == 400
    assert webhook(client, b"{not json").status_code == 400
    assert webhook(client, json.dumps({"id": "evt_1"}).encode()).status_code == 400
    assert everything(alice) == before


def test_a_refused_event_is_not_taken_for_a_duplicate_when_it_comes_again(alice, client,
                                                                          session):
    # Refused events are not recorded (their transaction rolls back): sent again, they are
    # refused again, never answered 200 as if applied.
    event = json.loads(build_event(session, "success"))
    event["data"]["amount"] = 1
    wrong_amount = json.dumps(event).encode()

    assert webhook(client, wrong_amount).status_code == 400
    assert webhook(client, wrong_amount).status_code == 400
    assert ledger.balance(alice, Currency.TOKENS) == 0
    assert not PaymentEvent.objects.exists()
