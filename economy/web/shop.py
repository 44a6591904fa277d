"""The shop's pages (/compte/…): tokens, hand packs, purchases, the sandbox's checkout,
the providers' webhook and the movements of a wallet."""

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.guests import account_required
from economy import hands, ledger, purchases
from economy.conf import payment_setting
from economy.errors import EconomyError
from economy.models import (
    Currency,
    HandPack,
    Purchase,
    SandboxSession,
    TokenBundle,
)
from economy.payments import ProviderError
from economy.web import statements
from taverne.site import absolute_url


@account_required
def shop(request):
    """Buy tokens (money), hand packs (tokens); see the balances and today's hands."""
    return render(
        request,
        "economy/shop.html",
        {
            "bundles": TokenBundle.objects.filter(active=True),
            "packs": HandPack.objects.filter(active=True),
            "request_key": ledger.new_request_key(),
        },
    )


@account_required
@require_POST
def buy_tokens(request):
    bundle = TokenBundle.objects.filter(pk=request.POST.get("bundle"), active=True).first()
    if bundle is None:
        raise Http404
    back = absolute_url(reverse("economy:purchase", args=[0])).replace("/0/", "/{purchase}/")
    try:
        _, url = purchases.do_start_purchase(
            request.user, bundle, success_url=back, cancel_url=back + "?abandon=1"
        )
    except EconomyError as refusal:
        messages.error(request, refusal.message())
        return redirect("economy:shop")
    return redirect(url)


@account_required
@require_POST
def buy_pack(request):
    try:
        entry = hands.do_buy_pack(
            request.user,
            int(request.POST.get("pack") or 0),
            request_key=(request.POST.get("request_key") or "")[:64] or None,
        )
    except EconomyError as refusal:
        messages.error(request, refusal.message())
    except ValueError as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            ngettext(
                "%(hands)s main ajoutée à votre réserve.",
                "%(hands)s mains ajoutées à votre réserve.",
                entry.amount,
            ) % {"hands": entry.amount},
        )
    target = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return redirect("economy:shop")  # no next, or another site's: an open redirect
    return redirect(target)


@account_required
def sandbox_checkout(request, ref):
    """The sandbox provider's checkout page: the buyer chooses how the payment ends."""
    session = get_object_or_404(
        SandboxSession.objects.select_related("purchase"),
        ref=ref,
        purchase__user=request.user,
    )
    purchase = session.purchase
    if request.method == "POST":
        choice = request.POST.get("choice")
        if choice not in ("success", "failure", "cancel") or session.outcome:
            return redirect("economy:purchase", purchase.pk)
        try:
            status = purchases.do_sandbox_checkout(session, choice)
        except ProviderError:
            raise Http404 from None
        if status != 200:
            messages.error(request, _("Le paiement n'a pas pu être enregistré."))
        url = reverse("economy:purchase", args=[purchase.pk])
        return redirect(url + ("?abandon=1" if choice == "cancel" else ""))
    return render(
        request, "economy/sandbox_checkout.html", {"session": session, "purchase": purchase}
    )


@account_required
def purchase_detail(request, pk):
    """Where the buyer comes back from the checkout: fulfil if the provider says paid."""
    purchase = get_object_or_404(Purchase, pk=pk, user=request.user)
    if purchase.status == Purchase.Status.PENDING:
        purchase = purchases.do_confirm_return(purchase)
    return render(
        request,
        "economy/purchase.html",
        {"purchase": purchase, "abandon": "abandon" in request.GET},
    )


@csrf_exempt
@require_POST
def payment_webhook(request, provider):
    """A provider's webhook: verified over the raw body; 400 and nothing credited if bad."""
    if provider != payment_setting("PROVIDER") and provider != "sandbox":
        raise Http404
    status = purchases.handle_webhook(provider, request.body, request.headers)
    return HttpResponse(
        "ok" if status == 200 else "refused", status=status, content_type="text/plain"
    )


@account_required
def purchase_list(request):
    """Everything the player bought: tokens (money), hand packs and decks (tokens)."""
    page = Paginator(statements.purchases(request.user), 50).get_page(request.GET.get("page"))
    return render(request, "economy/purchases.html", {"page": page})


@account_required
def movements(request):
    """Every movement of every currency on the player's account, newest first, each
    told as a sentence (economy/web/statements.py)."""
    currency = request.GET.get("monnaie")
    if currency not in Currency.values:
        currency = None
    entries = ledger.history(request.user, currency)
    page = Paginator(entries, 50).get_page(request.GET.get("page"))
    return render(
        request,
        "economy/movements.html",
        {
            "page": page,
            "movements": statements.movements(page.object_list),
            "currency": currency,
            "currencies": Currency.choices,
        },
    )
