"""The economy in the admin: staff set the offers (token bundles, hand packs, daily
allowances), start contests and refund purchases; money records are read only."""

from datetime import timedelta

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from economy import collusion, contests
from economy.errors import EconomyError
from economy.models import (
    AccountFlag,
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


# ----- honest chips: the collusion report and the accounts it flags ----------------------


class CollusionReportForm(forms.Form):
    since = forms.DateTimeField(label=_("Depuis"))
    until = forms.DateTimeField(label=_("Jusqu'à"), required=False,
                                help_text=_("Vide : maintenant."))
    table = forms.IntegerField(label=_("Table n°"), required=False, min_value=1,
                               help_text=_("Vide : toutes les tables d'écus."))
    everyone = forms.BooleanField(label=_("Toutes les paires, pas seulement les suspectes"),
                                  required=False)


@admin.action(description=_("Lever le signalement (le compte est de nouveau classé)"))
def clear_flags(modeladmin, request, queryset):
    cleared = sum(collusion.do_clear_flag(flag, request.user) for flag in queryset)
    modeladmin.message_user(request, ngettext(
        "%(count)d signalement levé.", "%(count)d signalements levés.", cleared)
        % {"count": cleared}, messages.SUCCESS)


@admin.register(AccountFlag)
class AccountFlagAdmin(admin.ModelAdmin):
    """Accounts held out of the contests: flagged by the collusion report (or by staff,
    « Ajouter »), until staff clear them (the action; the note says why)."""

    list_display = ["account", "reason", "flagged_at", "flagged_by", "cleared_at",
                    "cleared_by", "note"]
    list_filter = [("cleared_at", admin.EmptyFieldListFilter)]
    search_fields = ["account__username", "reason"]
    actions = [clear_flags]
    fields = ["account", "reason", "note"]
    raw_id_fields = ["account"]
    change_list_template = "admin/economy/accountflag/change_list.html"

    def get_readonly_fields(self, request, obj=None):
        return ["account", "reason"] if obj else []

    def save_model(self, request, obj, form, change):
        if not change:
            obj.flagged_by = request.user
        super().save_model(request, obj, form, change)

    def has_delete_permission(self, request, obj=None):
        return False  # cleared, never deleted: the record says who cleared it and why

    def get_urls(self):
        report = self.admin_site.admin_view(self.report_view)
        return [path("rapport/", report, name="economy_accountflag_report"),
                *super().get_urls()]

    def report_view(self, request):
        """Net écus between pairs of accounts over a period and table, with the signs;
        POST flags the suspect pairs' accounts."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        data = request.POST if request.method == "POST" else request.GET
        form = CollusionReportForm(data or {
            "since": timezone.localtime() - timedelta(days=7)})
        found = None
        if form.is_valid():
            found = collusion.report(form.cleaned_data["since"], form.cleaned_data["until"],
                                     table_id=form.cleaned_data["table"])
            if request.method == "POST" and self.has_add_permission(request):
                flags = collusion.do_flag_suspects(found, by=request.user)
                self.message_user(request, ngettext(
                    "%(count)d compte signalé.", "%(count)d comptes signalés.", len(flags))
                    % {"count": len(flags)}, messages.SUCCESS)
                return redirect(f"{request.path}?{request.POST.urlencode()}")
        rows = None
        if found is not None:
            rows = found.rows if form.cleaned_data["everyone"] else found.suspects
        context = {
            **self.admin_site.each_context(request),
            "title": _("Rapport : écus entre joueurs"),
            "opts": self.model._meta,
            "form": form,
            "report": found,
            "rows": rows,
            "thresholds": {
                "share": round(100 * collusion.DUMP_SHARE_OF_CAVES),
                "min_ecus": collusion.DUMP_MIN_ECUS,
                "fold_hands": collusion.FOLD_MIN_HANDS,
                "fold_rate": round(100 * collusion.FOLD_RATE_MIN),
                "fold_ratio": collusion.FOLD_RATIO,
            },
        }
        return TemplateResponse(request, "admin/economy/collusion_report.html", context)
