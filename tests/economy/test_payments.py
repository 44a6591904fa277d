"""Buying tokens: the sandbox provider end to end, signed webhooks, refunds."""

import json
import time

import pytest
from django.core import checks
from django.urls import reverse

from economy import ledger, purchases
from economy.checks import sandbox_payments_fail_closed
from economy.errors import EconomyError
from economy.models import Currency, PaymentEvent, Purchase, SandboxSession, TokenBundle
from economy.payments.sandbox import DEVELOPMENT_SECRET, SIGNATURE_HEADER, build_event, sign
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db
SECRET = "whsec_test_sandbox"


@pytest.fixture(autouse=True)
def _sandbox(settings):
    settings.PAYMENTS = {**settings.PAYMENTS, "PROVIDER": "sandbox",
                         "SANDBOX_WEBHOOK_SECRET": SECRET, "SANDBOX_ALLOWED": True}


@pytest.fixture
def bundle():
    return TokenBundle.objects.create(name="Bourse test", tokens=100, price_cents=199)


def start(user, bundle):
    purchase, url = purchases.do_start_purchase(
        user, bundle, success_url="http://x/{purchase}/", cancel_url="http://x/{purchase}/?c"
    )
    return purchase, SandboxSession.objects.get(purchase=purchase)


def webhook(client, raw_body, header=None, provider="sandbox"):
    header = header if header is not None else sign(raw_body, SECRET)
    return client.post(
        reverse("economy:payment_webhook", args=[provider]),
        data=raw_body,
        content_type="application/json",
        headers={SIGNATURE_HEADER: header},
    )


def tokens(user):
    return ledger.balance(user, Currency.TOKENS)


def test_a_purchase_exists_before_the_buyer_leaves_for_the_checkout(alice, client, bundle):
    client.login(username="alice", password=PASSWORD)
    response = client.post(reverse("economy:buy_tokens"), {"bundle": bundle.pk})
    purchase = Purchase.objects.get(user=alice)
    assert purchase.status == "pending" and purchase.tokens == 100
    assert response.status_code == 302
    assert response.url == reverse("economy:sandbox_checkout", args=[purchase.provider_ref])


def test_the_sandbox_success_credits_the_tokens_and_mails_a_receipt(
    alice, client, bundle, mailoutbox, django_capture_on_commit_callbacks
):
    client.login(username="alice", password=PASSWORD)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("economy:buy_tokens"), {"bundle": bundle.pk})
        page = client.get(response.url)
        assert "Payer (succès)" in page.content.decode()
        back = client.post(response.url, {"choice": "success"})
    purchase = Purchase.objects.get(user=alice)
    assert back.url == reverse("economy:purchase", args=[purchase.pk])
    assert purchase.status == "paid"
    assert tokens(alice) == 100
    assert [m.to for m in mailoutbox] == [["alice@example.com"]]
    assert "Reçu de votre achat" in mailoutbox[0].subject
    assert "100 jetons d'or" in mailoutbox[0].body
    # The return page, the history and the movements show it.
    assert "vos jetons sont crédités" in client.get(back.url).content.decode()
    assert "1,99 EUR" in client.get(reverse("economy:purchases")).content.decode()
    assert "+100" in client.get(reverse("economy:movements")).content.decode()


def test_the_receipt_is_in_english_for_english_players(
    alice, bundle, mailoutbox, django_capture_on_commit_callbacks
):
    alice.preferred_language = "en"
    alice.save()
    purchase, session = start(alice, bundle)
    with django_capture_on_commit_callbacks(execute=True):
        purchases.do_sandbox_checkout(session, "success")
    assert mailoutbox[0].subject.endswith(f"Receipt for your purchase #{purchase.pk}")


@pytest.mark.parametrize("choice, status", [("failure", "failed"), ("cancel", "canceled")])
def test_failure_and_cancel_credit_nothing(alice, bundle, choice, status):
    purchase, session = start(alice, bundle)
    assert purchases.do_sandbox_checkout(session, choice) == 200
    purchase.refresh_from_db()
    assert purchase.status == status
    assert tokens(alice) == 0


def test_the_same_webhook_delivered_a_hundred_times_credits_once(alice, client, bundle):
    purchase, session = start(alice, bundle)
    body = build_event(session, "success")
    statuses = [webhook(client, body).status_code for _ in range(100)]
    assert statuses[0] == 200
    assert set(statuses[1:]) == {200}  # replayed: answered as done, nothing credited
    assert tokens(alice) == 100
    assert PaymentEvent.objects.count() == 1
    assert ledger.verify() == []


def test_two_events_for_the_same_payment_credit_once(alice, client, bundle):
    purchase, session = start(alice, bundle)
    assert webhook(client, build_event(session, "success")).status_code == 200
    assert webhook(client, build_event(session, "success")).status_code == 200
    assert tokens(alice) == 100


def test_a_bad_signature_credits_nothing(alice, client, bundle):
    purchase, session = start(alice, bundle)
    body = build_event(session, "success")
    forged = sign(body, "not-the-secret")
    assert webhook(client, body, forged).status_code == 400
    assert webhook(client, body, "").status_code == 400
    assert webhook(client, body, "t=abc,v1=00").status_code == 400
    tampered = body.replace(b'"amount":199', b'"amount":1')
    assert webhook(client, tampered, sign(body, SECRET)).status_code == 400
    assert tokens(alice) == 0
    assert Purchase.objects.get(pk=purchase.pk).status == "pending"


def test_a_stale_event_credits_nothing(alice, client, bundle):
    purchase, session = start(alice, bundle)
    body = build_event(session, "success")
    assert webhook(client, body, sign(body, SECRET, int(time.time()) - 301)).status_code == 400
    assert tokens(alice) == 0
    # and the same event, freshly signed, is still accepted: nothing was recorded
    assert webhook(client, body).status_code == 200
    assert tokens(alice) == 100


def test_an_unknown_purchase_is_refused(alice, client, bundle):
    purchase, session = start(alice, bundle)
    event = json.loads(build_event(session, "success"))
    event["data"]["purchase"] = purchase.pk + 1000
    assert webhook(client, json.dumps(event).encode()).status_code == 400
    assert tokens(alice) == 0


def test_an_amount_mismatch_is_refused(alice, client, bundle):
    purchase, session = start(alice, bundle)
    event = json.loads(build_event(session, "success"))
    event["data"]["amount"] = 1
    assert webhook(client, json.dumps(event).encode()).status_code == 400
    event["data"]["amount"] = 199
    event["data"]["currency"] = "usd"
    assert webhook(client, json.dumps(event).encode()).status_code == 400
    assert tokens(alice) == 0
    assert PaymentEvent.objects.count() == 0  # rolled back with the refusal


def test_the_return_page_fulfils_when_the_webhook_is_late(alice, client, bundle):
    purchase, session = start(alice, bundle)
    session.outcome = "success"  # the provider knows; its webhook has not arrived yet
    session.save()
    client.login(username="alice", password=PASSWORD)
    client.get(reverse("economy:purchase", args=[purchase.pk]))
    assert tokens(alice) == 100
    # then the webhook arrives: accepted, credits nothing more
    assert webhook(client, build_event(session, "success")).status_code == 200
    assert tokens(alice) == 100


def test_another_players_purchase_page_is_not_found(alice, bob, client, bundle):
    purchase, session = start(alice, bundle)
    client.login(username="bob", password=PASSWORD)
    assert client.get(reverse("economy:purchase", args=[purchase.pk])).status_code == 404
    assert client.get(
        reverse("economy:sandbox_checkout", args=[session.ref])
    ).status_code == 404


def test_the_sandbox_is_off_when_not_allowed(alice, client, bundle, settings):
    purchase, session = start(alice, bundle)
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_ALLOWED": False}
    assert webhook(client, build_event(session, "success")).status_code == 400
    with pytest.raises(EconomyError):
        start(alice, bundle)
    assert tokens(alice) == 0


@pytest.mark.parametrize("secret", ["", DEVELOPMENT_SECRET])
def test_outside_development_the_sandbox_without_its_own_secret_fails_closed(
    alice, client, bundle, settings, secret
):
    purchase, session = start(alice, bundle)
    settings.DEBUG = False
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_WEBHOOK_SECRET": secret}

    forged = build_event(session, "success")
    response = webhook(client, forged, header=sign(forged, DEVELOPMENT_SECRET))

    assert response.status_code == 400
    assert tokens(alice) == 0
    with pytest.raises(EconomyError):
        start(alice, bundle)
    assert [e.id for e in sandbox_payments_fail_closed()] == ["economy.E001"]


def test_the_checks_accept_the_sandbox_with_a_secret_of_its_own_or_switched_off(settings):
    settings.DEBUG = False
    assert sandbox_payments_fail_closed() == []  # this module's own secret
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_WEBHOOK_SECRET": "",
                         "SANDBOX_ALLOWED": False}
    assert sandbox_payments_fail_closed() == []
    settings.DEBUG = True
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_ALLOWED": True}
    assert sandbox_payments_fail_closed() == []  # development: the public secret will do


def test_check_deploy_reports_a_sandbox_without_its_own_secret(settings):
    settings.DEBUG = False
    settings.PAYMENTS = {**settings.PAYMENTS, "SANDBOX_WEBHOOK_SECRET": ""}
    errors = checks.run_checks(include_deployment_checks=True, tags=[checks.Tags.security])

    assert "economy.E001" in [e.id for e in errors]


# ----- refunds ------------------------------------------------------------------------


def paid_purchase(user, bundle):
    purchase, session = start(user, bundle)
    purchases.do_sandbox_checkout(session, "success")
    purchase.refresh_from_db()
    return purchase


def test_a_refund_takes_the_tokens_back(alice, bundle):
    purchase = paid_purchase(alice, bundle)
    purchases.do_refund(purchase)
    purchase.refresh_from_db()
    assert purchase.status == "refunded" and purchase.refunded_tokens == 100
    assert tokens(alice) == 0
    assert ledger.verify() == []
    with pytest.raises(EconomyError) as refusal:
        purchases.do_refund(purchase)  # twice: nothing more
    assert refusal.value.code == "not_paid"


def test_a_refund_of_spent_tokens_is_refused(alice, bundle):
    purchase = paid_purchase(alice, bundle)
    ledger.post(alice, Currency.TOKENS, -60, reason="hand_pack", key="spent")
    with pytest.raises(EconomyError) as refusal:
        purchases.do_refund(purchase)
    assert refusal.value.code == "refund_spent"
    assert "déjà dépensé 60" in refusal.value.message("fr")
    purchase.refresh_from_db()
    assert purchase.status == "paid" and tokens(alice) == 40


def test_a_refund_with_clawback_takes_what_is_left_and_flags_the_account(alice, bundle):
    purchase = paid_purchase(alice, bundle)
    ledger.post(alice, Currency.TOKENS, -60, reason="hand_pack", key="spent")
    purchases.do_refund(purchase, clawback_remaining=True)
    purchase.refresh_from_db()
    wallet = ledger.wallet_of(alice)
    assert purchase.status == "refunded" and purchase.refunded_tokens == 40
    assert wallet.tokens == 0 and wallet.flagged
    assert "60 jetons déjà dépensés" in wallet.flag_note
    assert ledger.verify() == []


def test_staff_refund_from_the_admin(alice, bundle, admin_client):
    purchase = paid_purchase(alice, bundle)
    response = admin_client.post(
        reverse("admin:economy_purchase_changelist"),
        {"action": "refund_purchases", "_selected_action": [purchase.pk]},
        follow=True,
    )
    assert response.status_code == 200
    assert Purchase.objects.get(pk=purchase.pk).status == "refunded"
    assert tokens(alice) == 0


def test_a_refunded_purchase_is_not_credited_again_by_a_late_event(alice, client, bundle):
    purchase, session = start(alice, bundle)
    body = build_event(session, "success")
    assert webhook(client, body).status_code == 200
    purchases.do_refund(purchase)
    assert webhook(client, build_event(session, "success")).status_code == 200
    assert tokens(alice) == 0
