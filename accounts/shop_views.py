"""The economy's pages: tokens, hand packs, purchases and the movements of a wallet."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts import economy, hands, ledger
from accounts.models import (
    Currency,
    HandPack,
    LedgerEntry,
    Purchase,
    SandboxSession,
    TokenBundle,
)


def _lang(request):
    return "en" if translation.get_language() == "en" else "fr"


@login_required
def shop(request):
    """Buy tokens (money), hand packs (tokens); see the balances and today's hands."""
    return render(
        request,
        "accounts/shop.html",
        {
            "wallet": ledger.wallet_of(request.user),
            "bundles": TokenBundle.objects.filter(active=True),
            "packs": HandPack.objects.filter(active=True),
            "ramponneau": hands.status(request.user, "ramponneau"),
            "request_key": economy.new_request_key(),
        },
    )


@login_required
@require_POST
def buy_tokens(request):
    bundle = TokenBundle.objects.filter(pk=request.POST.get("bundle"), active=True).first()
    if bundle is None:
        raise Http404
    back = request.build_absolute_uri(reverse("accounts:purchase", args=[0])).replace(
        "/0/", "/{purchase}/"
    )
    try:
        _, url = economy.do_start_purchase(
            request.user, bundle, success_url=back, cancel_url=back + "?abandon=1"
        )
    except economy.EconomyError as refusal:
        messages.error(request, refusal.message(_lang(request)))
        return redirect("accounts:shop")
    return redirect(url)


@login_required
@require_POST
def buy_pack(request):
    try:
        entry = economy.do_buy_pack(
            request.user,
            int(request.POST.get("pack") or 0),
            request_key=(request.POST.get("request_key") or "")[:64] or None,
        )
    except (economy.EconomyError, ValueError) as refusal:
        text = refusal.message(_lang(request)) if hasattr(refusal, "message") else str(refusal)
        messages.error(request, text)
    else:
        messages.success(
            request,
            _("%(hands)s mains ajoutées à votre réserve.") % {"hands": entry.amount},
        )
    target = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect("accounts:shop")  # no next, or another site's: an open redirect
    return redirect(target)


@login_required
def sandbox_checkout(request, ref):
    """The sandbox provider's checkout page: the buyer chooses how the payment ends."""
    from accounts.payments import ProviderError
    from accounts.payments.sandbox import SandboxProvider

    session = get_object_or_404(
        SandboxSession.objects.select_related("purchase"),
        ref=ref,
        purchase__user=request.user,
    )
    purchase = session.purchase
    if request.method == "POST":
        choice = request.POST.get("choice")
        if choice not in ("success", "failure", "cancel") or session.outcome:
            return redirect("accounts:purchase", purchase.pk)
        try:
            status = SandboxProvider().deliver(session, choice)
        except ProviderError:
            raise Http404 from None
        if status != 200:
            messages.error(request, _("Le paiement n'a pas pu être enregistré."))
        url = reverse("accounts:purchase", args=[purchase.pk])
        return redirect(url + ("?abandon=1" if choice == "cancel" else ""))
    return render(
        request, "accounts/sandbox_checkout.html", {"session": session, "purchase": purchase}
    )


@login_required
def purchase_detail(request, pk):
    """Where the buyer comes back from the checkout: fulfil if the provider says paid."""
    purchase = get_object_or_404(Purchase, pk=pk, user=request.user)
    if purchase.status == Purchase.Status.PENDING:
        purchase = economy.do_confirm_return(purchase)
    return render(
        request,
        "accounts/purchase.html",
        {"purchase": purchase, "abandon": "abandon" in request.GET},
    )


@csrf_exempt
@require_POST
def payment_webhook(request, provider):
    """A provider's webhook: verified over the raw body; 400 and nothing credited if bad."""
    from accounts.conf import payments

    if provider != payments("PROVIDER") and provider != "sandbox":
        raise Http404
    status = economy.handle_webhook(provider, request.body, request.headers)
    return HttpResponse(
        "ok" if status == 200 else "refused", status=status, content_type="text/plain"
    )


@login_required
def purchases(request):
    return render(
        request,
        "accounts/purchases.html",
        {"purchases": Purchase.objects.filter(user=request.user)},
    )


@login_required
def movements(request):
    """Every movement of every currency on the player's account, newest first."""
    currency = request.GET.get("monnaie")
    if currency not in Currency.values:
        currency = None
    entries = ledger.history(request.user, currency)
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(
        request,
        "accounts/movements.html",
        {
            "page": page,
            "currency": currency,
            "currencies": Currency.choices,
            "wallet": ledger.wallet_of(request.user),
            "reasons": LedgerEntry.Reason,
        },
    )
