"""Buying tokens with money: the purchase, the provider's checkout and webhooks, refunds.

`do_start_purchase`, `handle_webhook`, `do_confirm_return` and `do_refund` are each one
transaction that locks what it changes (the purchase row, the wallet row) and moves
tokens only through `economy.ledger.post`, whose idempotency keys make a retry count
once. Spending tokens is economy/hands.py (packs) and economy/chips/taverns.py (decks).
"""

from __future__ import annotations

import logging

from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.tasks import task
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from accounts import levels
from accounts.guests import SIGN_UP_TO_USE_THE_ECONOMY, is_guest
from economy import ledger
from economy.errors import EconomyError
from economy.models import Currency, LedgerEntry, PaymentEvent, Purchase, TokenBundle
from economy.payments import BadWebhook, PaymentResult, ProviderError, get_provider
from economy.payments.sandbox import SandboxProvider
from taverne.mail import MAIL_SERVER_DOWN, retry_later, send_once
from taverne.site import absolute_url, site_name, subject_prefix

log = logging.getLogger(__name__)
Reason = LedgerEntry.Reason


class PaymentRejected(Exception):
    """A webhook or lookup that must credit nothing (answered 400)."""


class AlreadyApplied(Exception):
    """A signed event whose id was already applied: a provider retrying because our 200
    was lost. Nothing changes, and it is answered 200 so that the provider stops."""


# ----- buying tokens ------------------------------------------------------------------

CONFIRM_YOUR_ADDRESS_FIRST = _(
    "Confirmez d'abord votre adresse e-mail, avec le lien que nous vous avons envoyé : les "
    "achats viennent après."
)


def do_start_purchase(user, bundle, *, success_url, cancel_url, provider=None):
    """Create the pending Purchase, then the provider's checkout; returns (purchase, url).

    The row is committed before the buyer is sent away, so a webhook that arrives
    before the buyer comes back always finds it.
    """
    if is_guest(user):
        raise EconomyError("account_required", SIGN_UP_TO_USE_THE_ECONOMY)
    if levels.level_of(user) < levels.VERIFIED:
        # An account signed in before its address is confirmed (a guest who signed up:
        # play/web/guests.py) pays nothing yet, as before it could sign in at all.
        raise EconomyError("email_unverified", CONFIRM_YOUR_ADDRESS_FIRST)
    try:
        provider = provider or get_provider()
    except ProviderError as error:
        raise EconomyError("provider", _("Le paiement est indisponible.")) from error
    if isinstance(bundle, int):
        bundle = TokenBundle.objects.filter(pk=bundle, active=True).first()
    if bundle is None or not bundle.active:
        raise EconomyError("not_found", _("Ce lot de jetons n'est pas en vente."))
    purchase = Purchase.objects.create(
        user=user,
        bundle=bundle,
        tokens=bundle.tokens,
        amount_cents=bundle.price_cents,
        currency=bundle.currency.lower(),
        provider=provider.name,
    )
    success_url = success_url.replace("{purchase}", str(purchase.pk))
    cancel_url = cancel_url.replace("{purchase}", str(purchase.pk))
    try:
        start = provider.start_checkout(purchase, success_url=success_url, cancel_url=cancel_url)
    except ProviderError as error:
        log.warning("checkout for purchase %s failed: %s", purchase.pk, error)
        Purchase.objects.filter(pk=purchase.pk).update(status=Purchase.Status.FAILED)
        raise EconomyError(
            "provider", _("Le paiement est indisponible, réessayez plus tard.")
        ) from error
    Purchase.objects.filter(pk=purchase.pk).update(provider_ref=start.provider_ref)
    purchase.provider_ref = start.provider_ref
    return purchase, start.redirect_url


def handle_webhook(provider_name: str, raw_body: bytes, headers) -> int:
    """Verify and apply one provider event; returns the HTTP status to answer (200/400)."""
    try:
        provider = get_provider(provider_name)
        result = provider.parse_webhook(raw_body, headers)
        apply_payment_result(provider.name, result)
    except AlreadyApplied as duplicate:
        log.info("%s webhook: %s", provider_name, duplicate)
        return 200
    except (BadWebhook, PaymentRejected, ProviderError) as refusal:
        log.warning("%s webhook refused: %s", provider_name, refusal)
        return 400
    return 200


def do_sandbox_checkout(session, choice: str) -> int:
    """The buyer chose how the sandbox's checkout ends (success, failure, cancel): the
    sandbox's signed event goes to the webhook handler; returns the status it answered."""
    raw_body, headers = SandboxProvider().choose(session, choice)
    return handle_webhook(SandboxProvider.name, raw_body, headers)


def apply_payment_result(provider_name: str, result: PaymentResult) -> Purchase | None:
    """Record the event (once) and move the purchase along; credits at most once.

    Raises AlreadyApplied for an event id already recorded (nothing changes), and
    PaymentRejected for an unknown purchase or an amount mismatch: the whole transaction
    is rolled back, so nothing is credited or recorded.
    """
    with transaction.atomic():
        if result.event_id:
            try:
                with transaction.atomic():
                    event = PaymentEvent.objects.create(
                        provider=provider_name,
                        event_id=result.event_id,
                        type=result.event_type[:80],
                    )
            except IntegrityError:
                # Only applied events are recorded (a refused one rolls back with its
                # record), so this one was applied: by an earlier delivery, or by a
                # concurrent one whose commit this insert waited for.
                raise AlreadyApplied(f"event {result.event_id} already applied") from None
        if not result.outcome:
            return None  # an event we do not act on, recorded so that a replay is refused
        purchase = (
            Purchase.objects.select_for_update()
            .filter(pk=result.purchase_id, provider=provider_name)
            .first()
            if result.purchase_id is not None
            else None
        )
        if purchase is None:
            raise PaymentRejected(f"unknown purchase {result.purchase_id}")
        if result.provider_ref and purchase.provider_ref and (
            result.provider_ref != purchase.provider_ref
        ):
            raise PaymentRejected(f"purchase {purchase.pk}: checkout reference mismatch")
        if result.event_id:
            PaymentEvent.objects.filter(pk=event.pk).update(purchase=purchase)
        if result.outcome == "paid":
            if result.amount_cents != purchase.amount_cents or (
                (result.currency or "").lower() != purchase.currency.lower()
            ):
                raise PaymentRejected(
                    f"purchase {purchase.pk}: paid {result.amount_cents} {result.currency}, "
                    f"expected {purchase.amount_cents} {purchase.currency}"
                )
            _fulfil(purchase, result.payment_ref)
        elif purchase.status == Purchase.Status.PENDING:
            purchase.status = (
                Purchase.Status.FAILED if result.outcome == "failed" else Purchase.Status.CANCELED
            )
            purchase.save(update_fields=["status"])
        return purchase


def _fulfil(purchase: Purchase, payment_ref: str) -> bool:
    """Credit the tokens of a locked purchase, once. Returns whether this call credited."""
    if purchase.status in (Purchase.Status.PAID, Purchase.Status.REFUNDED):
        return False
    posting = ledger.post(
        purchase.user_id,
        Currency.TOKENS,
        purchase.tokens,
        reason=Reason.PURCHASE,
        key=f"purchase:{purchase.pk}:credit",
        ref=("purchase", purchase.pk),
    )
    purchase.status = Purchase.Status.PAID
    purchase.paid_at = timezone.now()
    purchase.payment_ref = payment_ref or purchase.payment_ref
    purchase.save(update_fields=["status", "paid_at", "payment_ref"])
    if posting.created:
        # Queued in this transaction: the receipt is stored with the credit (taverne/mail.py).
        send_receipt_email.enqueue(purchase.pk)
    return posting.created


def do_fulfil(purchase, payment_ref: str = "") -> bool:
    """Credit a purchase's tokens if not already done (staff and tests; no provider check)."""
    with transaction.atomic():
        locked = Purchase.objects.select_for_update().get(pk=getattr(purchase, "pk", purchase))
        return _fulfil(locked, payment_ref)


def do_confirm_return(purchase) -> Purchase:
    """The buyer is back from the checkout: ask the provider, fulfil if it says paid.

    The webhook may arrive before, after or at the same time: the purchase row lock
    and the ledger key make only one of them credit.
    """
    purchase = Purchase.objects.get(pk=getattr(purchase, "pk", purchase))
    if purchase.status != Purchase.Status.PENDING:
        return purchase
    try:
        result = get_provider(purchase.provider).lookup(purchase)
    except ProviderError as error:
        log.warning("lookup of purchase %s failed: %s", purchase.pk, error)
        return purchase
    if result is not None:
        try:
            apply_payment_result(purchase.provider, result)
        except (PaymentRejected, AlreadyApplied) as refusal:
            log.warning("return page of purchase %s refused: %s", purchase.pk, refusal)
    purchase.refresh_from_db()
    return purchase


def _lock_paid_purchase(purchase) -> Purchase:
    try:
        purchase = Purchase.objects.select_for_update().get(pk=getattr(purchase, "pk", purchase))
    except Purchase.DoesNotExist:
        raise EconomyError("not_found", _("Achat inconnu.")) from None
    if purchase.status != Purchase.Status.PAID:
        raise EconomyError(
            "not_paid",
            _("L'achat n°%(pk)s n'est pas payé (%(status)s) : rien à rembourser."),
            pk=purchase.pk,
            status=purchase.get_status_display(),
        )
    return purchase


def _tokens_to_take_back(purchase, wallet, clawback_remaining) -> tuple[int, str]:
    """How many of the purchase's tokens a refund takes back, and a note on the rest.

    Taking back more than the player holds would drive the balance negative: refused,
    unless staff choose to take back what remains, which flags the account."""
    if wallet.tokens >= purchase.tokens:
        return purchase.tokens, ""
    missing = purchase.tokens - wallet.tokens
    if not clawback_remaining:
        raise EconomyError(
            "refund_spent",
            _("Remboursement refusé : le joueur a déjà dépensé %(missing)s des "
              "%(tokens)s jetons de l'achat n°%(pk)s (solde : %(tokens3)s). Utilisez « "
              "rembourser et reprendre le reste » pour rembourser quand même et "
              "signaler le compte."),
            missing=missing,
            tokens=purchase.tokens,
            pk=purchase.pk,
            tokens3=wallet.tokens,
        )
    note = f"{missing} jetons déjà dépensés, non repris"
    wallet.flagged = True
    wallet.flag_note = f"achat n°{purchase.pk} remboursé : {note}"[:200]
    wallet.save(update_fields=["flagged", "flag_note", "updated_at"])
    return wallet.tokens, note


def do_refund(purchase, *, clawback_remaining: bool = False) -> Purchase:
    """Staff refund: give the money back and take the tokens back.

    Tokens already spent cannot be taken back without driving the balance negative, so
    by default such a refund is refused (EconomyError "refund_spent"). With
    `clawback_remaining=True` staff refund anyway: the tokens still held are taken
    back, and the account is flagged with what could not be recovered.
    """
    with transaction.atomic():
        purchase = _lock_paid_purchase(purchase)
        wallet = ledger.lock_wallet(purchase.user_id)
        take, note = _tokens_to_take_back(purchase, wallet, clawback_remaining)
        # The provider's refund runs inside the transaction: if it fails, nothing moved.
        try:
            refund_ref = get_provider(purchase.provider).refund(purchase)
        except ProviderError as error:
            raise EconomyError(
                "provider", _("Le prestataire a refusé : %(error)s"), error=error
            ) from error
        if take:
            ledger.post(
                purchase.user_id,
                Currency.TOKENS,
                -take,
                reason=Reason.REFUND,
                key=f"purchase:{purchase.pk}:refund",
                ref=("purchase", purchase.pk),
                wallet=wallet,
            )
        purchase.status = Purchase.Status.REFUNDED
        purchase.refunded_at = timezone.now()
        purchase.refunded_tokens = take
        purchase.refund_note = (f"{refund_ref} {note}").strip()[:200]
        purchase.save(
            update_fields=["status", "refunded_at", "refunded_tokens", "refund_note"]
        )
        return purchase


def _receipt(values: dict) -> tuple[str, str]:
    """The receipt's subject and body, in the active language."""
    subject = gettext("Reçu de votre achat n°%(id)s") % values
    body = ngettext(
        "Bonjour %(name)s,\n\nMerci pour votre achat sur %(site)s.\n\n"
        "Achat n°%(id)s du %(date)s\n%(tokens)s jeton d'or — %(amount)s\n\n"
        "Votre jeton est crédité sur votre compte. Vous retrouvez vos achats sous "
        "« Mes achats » dans votre profil : %(purchases)s\n\nÀ bientôt sur %(site)s !\n",
        "Bonjour %(name)s,\n\nMerci pour votre achat sur %(site)s.\n\n"
        "Achat n°%(id)s du %(date)s\n%(tokens)s jetons d'or — %(amount)s\n\n"
        "Vos jetons sont crédités sur votre compte. Vous retrouvez vos achats sous "
        "« Mes achats » dans votre profil : %(purchases)s\n\nÀ bientôt sur %(site)s !\n",
        values["tokens"],
    ) % values
    return subject, body


def send_receipt(purchase_id: int) -> bool:
    """The receipt e-mail, in the buyer's preferred language; exactly once per purchase.
    Run by the task queue (``send_receipt_email``), never inside the webhook or the return
    page.

    ``receipt_sent_at`` is set in the transaction that sends the mail, once the mail server
    took it (taverne/mail.py, ``send_once``); a failure, or the worker killed, leaves it
    empty, and the next run sends the receipt under the same Message-ID. The claim is the
    mail ledger's row, not a lock on the purchase: a refund or a late webhook, which lock
    the purchase, never wait for a slow mail server."""
    purchase = (Purchase.objects.select_related("user")
                .filter(pk=purchase_id, receipt_sent_at__isnull=True).first())
    if purchase is None or not purchase.user.email:
        return False
    user = purchase.user
    values = {
        "id": purchase.pk,
        "name": user.public_name,
        "date": timezone.localtime(purchase.paid_at or purchase.created_at).strftime(
            "%d/%m/%Y %H:%M"
        ),
        "tokens": purchase.tokens,
        "amount": purchase.amount_display,
        "site": site_name(),
        "purchases": absolute_url(reverse("economy:purchases")),
    }
    with translation.override(user.preferred_language):
        subject, body = _receipt(values)
    try:
        return send_once(
            f"receipt-{purchase.pk}",
            EmailMessage(subject_prefix() + subject, body, None, [user.email]),
            mark=lambda: Purchase.objects.filter(pk=purchase_id).update(
                receipt_sent_at=timezone.now()),
        )
    except Exception:
        # The payment stands (it was committed before this task was queued); the task's
        # result records the failure for the site's staff, and running it again sends.
        log.exception("receipt of purchase %s not sent", purchase_id)
        raise


@task
def send_receipt_email(purchase_id: int, attempt: int = 0) -> bool:
    """The queued receipt (taverne/mail.py says why every mail is queued), tried again
    later while the mail server does not answer."""
    try:
        return send_receipt(purchase_id)
    except MAIL_SERVER_DOWN:
        retry_later(send_receipt_email, (purchase_id,), attempt)
        raise
