from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class TaverneUserAdmin(UserAdmin):
    fieldsets = [
        *UserAdmin.fieldsets,
        (
            "Taverne",
            {
                "fields": (
                    "display_name",
                    "preferred_language",
                    "notify_your_turn",
                    "notify_by_email",
                )
            },
        ),
    ]
    list_display = ["username", "display_name", "email", "is_staff"]


# ----- the economy ------------------------------------------------------------------------
from django.contrib import messages  # noqa: E402

from accounts.models import (  # noqa: E402
    HandAllowance,
    HandDeal,
    HandPack,
    LedgerEntry,
    PaymentEvent,
    Purchase,
    TokenBundle,
    Wallet,
)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Money records are written by the services only: staff read them."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "account", "currency", "amount", "balance_after", "reason",
                    "ref_type", "ref_id"]
    list_filter = ["currency", "reason"]
    search_fields = ["account__username", "idempotency_key", "ref_id"]
    date_hierarchy = "created_at"


@admin.register(Wallet)
class WalletAdmin(ReadOnlyAdmin):
    list_display = ["user", "tokens", "ecus", "hand_credits", "flagged", "flag_note"]
    list_filter = ["flagged"]
    search_fields = ["user__username"]


@admin.register(TokenBundle)
class TokenBundleAdmin(admin.ModelAdmin):
    list_display = ["name", "tokens", "price_cents", "currency", "active", "position"]
    list_editable = ["active", "position"]


@admin.register(HandPack)
class HandPackAdmin(admin.ModelAdmin):
    list_display = ["name", "hands", "price_tokens", "active"]
    list_editable = ["active"]


@admin.register(HandAllowance)
class HandAllowanceAdmin(admin.ModelAdmin):
    list_display = ["game_slug", "daily_hands"]


@admin.register(HandDeal)
class HandDealAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "user", "game_slug", "day", "table_id", "game_number",
                    "source"]
    list_filter = ["game_slug", "source", "day"]


@admin.register(PaymentEvent)
class PaymentEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "provider", "event_id", "type", "purchase"]


def _refund(modeladmin, request, queryset, clawback):
    from accounts.economy import EconomyError, do_refund

    for purchase in queryset:
        try:
            do_refund(purchase, clawback_remaining=clawback)
        except EconomyError as refusal:
            lang = "en" if (get_language() or "").startswith("en") else "fr"
            modeladmin.message_user(request, refusal.message(lang), messages.ERROR)
        else:
            text = gettext("Achat n°%(id)s remboursé.") % {"id": purchase.pk}
            modeladmin.message_user(request, text, messages.SUCCESS)


@admin.action(
    description=_("Rembourser (refusé si des jetons ont été dépensés)"), permissions=["refund"]
)
def refund_purchases(modeladmin, request, queryset):
    _refund(modeladmin, request, queryset, clawback=False)


@admin.action(
    description=_("Rembourser et reprendre les jetons restants (compte signalé)"),
    permissions=["refund"],
)
def refund_purchases_clawback(modeladmin, request, queryset):
    _refund(modeladmin, request, queryset, clawback=True)


@admin.register(Purchase)
class PurchaseAdmin(ReadOnlyAdmin):
    list_display = ["pk", "created_at", "user", "tokens", "amount_cents", "currency", "provider",
                    "status", "refunded_tokens"]
    list_filter = ["status", "provider"]
    search_fields = ["user__username", "provider_ref", "payment_ref"]
    actions = [refund_purchases, refund_purchases_clawback]

    def has_refund_permission(self, request):
        return request.user.has_perm("accounts.change_purchase")
