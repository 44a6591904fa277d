"""The economy in the admin: staff set the offers (token bundles, hand packs, daily
allowances), start contests and refund purchases; money records are read only."""

from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from economy import contests
from economy.errors import EconomyError
from economy.models import (
    CardDeck,
    ChipMovement,
    Contest,
    HandAllowance,
    HandDeal,
    HandPack,
    LedgerEntry,
    PaymentEvent,
    Purchase,
    TableBankroll,
    TableEconomy,
    TokenBundle,
    Wallet,
)
from economy.purchases import do_refund


class ReadOnlyAdmin(admin.ModelAdmin):
    """Money records are written by the action functions only: staff read them."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


# ----- wallets and purchases -------------------------------------------------------------


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
    list_display = ["name", "name_en", "tokens", "price_cents", "currency", "active", "position"]
    list_editable = ["name_en", "active", "position"]
    fields = ["name", "name_en", "tokens", "price_cents", "currency", "active", "position"]


@admin.register(PaymentEvent)
class PaymentEventAdmin(ReadOnlyAdmin):
    list_display = ["received_at", "provider", "event_id", "type", "purchase"]


def _refund(modeladmin, request, queryset, clawback):
    for purchase in queryset:
        try:
            do_refund(purchase, clawback_remaining=clawback)
        except EconomyError as refusal:
            modeladmin.message_user(request, refusal.message(), messages.ERROR)
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
        return request.user.has_perm("economy.change_purchase")


# ----- hands -------------------------------------------------------------------------------


@admin.register(HandPack)
class HandPackAdmin(admin.ModelAdmin):
    list_display = ["name", "name_en", "hands", "price_tokens", "active"]
    list_editable = ["name_en", "active"]
    fields = ["name", "name_en", "hands", "price_tokens", "active"]


@admin.register(HandAllowance)
class HandAllowanceAdmin(admin.ModelAdmin):
    list_display = ["game_slug", "daily_hands"]


@admin.register(HandDeal)
class HandDealAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "user", "game_slug", "day", "table_id", "game_number",
                    "source"]
    list_filter = ["game_slug", "source", "day"]


# ----- chips at tables, contests -------------------------------------------------------


@admin.register(ChipMovement)
class ChipMovementAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "table", "user", "kind", "amount", "game_number"]
    list_filter = ["kind"]


@admin.register(TableBankroll)
class TableBankrollAdmin(ReadOnlyAdmin):
    list_display = ["table", "user", "reserve", "status", "sat_out_reason", "caved",
                    "cashed_out"]


@admin.register(TableEconomy)
class TableEconomyAdmin(ReadOnlyAdmin):
    list_display = ["table", "cave_min_bb", "cave_max_bb", "settled_number", "rake_total"]


@admin.register(CardDeck)
class CardDeckAdmin(ReadOnlyAdmin):
    list_display = ["owner", "price_tokens", "table", "created_at"]


@admin.register(Contest)
class ContestAdmin(admin.ModelAdmin):
    """Staff start a contest: a game and a period; the public page ranks the players."""

    list_display = ["name", "game_slug", "starts_at", "ends_at", "winners_count"]

    def save_model(self, request, obj, form, change):
        """A contest created, or re-timed, after games of its period were played: its
        standings are computed again from them (then kept up as games finish)."""
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if not change or {"game_slug", "starts_at", "ends_at"} & set(form.changed_data):
            contests.rebuild(obj)
