"""The economy in the admin: staff set the offers (token bundles, hand packs, daily
allowances), start contests and refund purchases; money records are read only."""

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
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
    PairClearance,
    PairFlag,
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


# ----- honest chips: the collusion report, the pairs it flags, the accounts staff flag ----


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
    """Accounts staff hold out of the contests and the écus leaderboards (« Ajouter »),
    until they clear them (the action; the note says why). The collusion report flags
    pairs (below)."""

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


class ClearanceFilter(admin.SimpleListFilter):
    title = _("état")
    parameter_name = "etat"

    def lookups(self, request, model_admin):
        return [("ouverts", _("tenue à l'écart")), ("leves", _("signalement levé"))]

    def queryset(self, request, queryset):
        if self.value() == "ouverts":
            return queryset.filter(clearance__isnull=True)
        if self.value() == "leves":
            return queryset.filter(clearance__isnull=False)
        return queryset


class ClearPairForm(forms.Form):
    note = forms.CharField(label=_("Note"), max_length=300, required=False,
                           help_text=_("Ce que vous avez vérifié : la note est gardée "
                                       "avec votre nom et la date."))


@admin.register(PairFlag)
class PairFlagAdmin(ReadOnlyAdmin):
    """Pairs the collusion report flagged (its button, ``collusion_report --flag``, the
    watch): both accounts are held out of the contests and the écus leaderboards until
    staff clear the pair (« Lever le signalement »: who, when and the note are kept)."""

    list_display = ["flagged_at", "sender", "receiver", "ecus", "signs", "flagged_by",
                    "cleared"]
    list_filter = [ClearanceFilter]
    search_fields = ["sender__username", "receiver__username", "reason"]
    readonly_fields = ["sender", "receiver", "ecus", "signs", "reason", "since", "until",
                       "flagged_at", "flagged_by", "cleared"]
    fields = readonly_fields
    change_list_template = "admin/economy/pairflag/change_list.html"
    change_form_template = "admin/economy/pairflag/change_form.html"

    def render_change_form(self, request, context, *args, obj=None, **kwargs):
        context["may_clear"] = (obj is not None and obj.active
                                and request.user.has_perm("economy.add_pairclearance"))
        return super().render_change_form(request, context, *args, obj=obj, **kwargs)

    @admin.display(description=_("levé"))
    def cleared(self, flag):
        clearance = PairClearance.objects.filter(flag=flag).select_related(
            "cleared_by").first()
        if clearance is None:
            return "—"
        return gettext("le %(date)s par %(who)s : %(note)s") % {
            "date": timezone.localtime(clearance.cleared_at).strftime("%d/%m/%Y %H:%M"),
            "who": clearance.cleared_by, "note": clearance.note or "—"}

    def get_urls(self):
        report = self.admin_site.admin_view(self.report_view)
        clear = self.admin_site.admin_view(self.clear_view)
        return [path("rapport/", report, name="economy_pairflag_report"),
                path("<int:pk>/lever/", clear, name="economy_pairflag_clear"),
                *super().get_urls()]

    def clear_view(self, request, pk):
        """« Lever le signalement »: the pair is ranked again; who, when and why kept."""
        if not request.user.has_perm("economy.add_pairclearance"):
            raise PermissionDenied
        flag = get_object_or_404(PairFlag, pk=pk)
        form = ClearPairForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            if collusion.do_clear_pair(flag, request.user, form.cleaned_data["note"]):
                self.message_user(request, gettext(
                    "Signalement levé : %(sender)s et %(receiver)s sont de nouveau "
                    "classés.") % {"sender": flag.sender, "receiver": flag.receiver},
                    messages.SUCCESS)
            else:
                self.message_user(request, gettext("Ce signalement était déjà levé."),
                                  messages.WARNING)
            return redirect("admin:economy_pairflag_change", flag.pk)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Lever le signalement"),
            "opts": self.model._meta,
            "flag": flag,
            "form": form,
        }
        return TemplateResponse(request, "admin/economy/pairflag/clear.html", context)

    def report_view(self, request):
        """Net écus between pairs of accounts over a period and table, per session, with
        the signs; POST flags the suspect pairs."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        data = request.POST if request.method == "POST" else request.GET
        form = CollusionReportForm(data or {
            "since": timezone.localtime() - collusion.WINDOW})
        found = None
        if form.is_valid():
            found = collusion.report(form.cleaned_data["since"], form.cleaned_data["until"],
                                     table_id=form.cleaned_data["table"])
            if request.method == "POST" and request.user.has_perm("economy.add_pairflag"):
                flags = collusion.do_flag_suspects(found, by=request.user)
                self.message_user(request, ngettext(
                    "%(count)d paire signalée.", "%(count)d paires signalées.", len(flags))
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
                "throw_hands": collusion.THROW_MIN_HANDS,
                "throw_ratio": collusion.THROW_RATIO,
                "gap": round(collusion.SESSION_GAP.total_seconds() // 60),
            },
        }
        return TemplateResponse(request, "admin/economy/collusion_report.html", context)


@admin.register(PairClearance)
class PairClearanceAdmin(ReadOnlyAdmin):
    """Who cleared which pair, when and why (written by « Lever le signalement »)."""

    list_display = ["cleared_at", "flag", "cleared_by", "note"]
    search_fields = ["flag__sender__username", "flag__receiver__username", "note"]
