"""Fair ratings in the admin, where staff do the site's other watching (the economy's
collusion report): the pairs whose rated results flow one way (ratings/pairs.py), holding
a pair out of the leaderboards and releasing it (ratings/holds.py), and the games the
fair-play rules left unrated (ratings/fairness.py), read only.

Only staff reach the admin (others are sent to the login page); the report needs the
permission to view held pairs, holding one to add them, releasing to change them.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ratings import holds, pairs
from ratings.models import HeldPair, UnratedGame
from taverne.games import game_name


@admin.action(description=_("Libérer (les deux comptes sont de nouveau classés)"),
              permissions=["change"])
def release_pairs(modeladmin, request, queryset):
    released = sum(holds.do_release_pair(hold, request.user) for hold in queryset)
    modeladmin.message_user(request, ngettext(
        "%(count)d paire libérée.", "%(count)d paires libérées.", released)
        % {"count": released}, messages.SUCCESS)


@admin.register(HeldPair)
class HeldPairAdmin(admin.ModelAdmin):
    """Pairs held out of the leaderboards: held from the report (« Paires à sens
    unique »), released by the action; never deleted."""

    list_display = ["first", "second", "game_slug", "held_at", "held_by", "released_at",
                    "released_by", "reason"]
    list_filter = [("released_at", admin.EmptyFieldListFilter)]
    search_fields = ["first__username", "second__username", "reason"]
    actions = [release_pairs]
    fields = ["first", "second", "game_slug", "reason", "held_at", "held_by", "released_at",
              "released_by", "note"]
    readonly_fields = ["first", "second", "game_slug", "reason", "held_at", "held_by",
                       "released_at", "released_by"]
    change_list_template = "admin/ratings/heldpair/change_list.html"

    def has_add_permission(self, request):
        return False  # held from the report, which says why

    def has_delete_permission(self, request, obj=None):
        return False  # released, never deleted: the record says who and why

    def get_urls(self):
        report = self.admin_site.admin_view(self.one_way_view)
        return [path("sens-unique/", report, name="ratings_heldpair_one_way"),
                *super().get_urls()]

    def one_way_view(self, request):
        """The one-way pairs of the last days (every pair with ``?tous=1``); POST holds
        one of them out of the leaderboards."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        everyone = bool(request.GET.get("tous"))
        if request.method == "POST":
            if not request.user.has_perm("ratings.add_heldpair"):
                raise PermissionDenied
            self._hold(request)
            return redirect(request.get_full_path())
        rows = pairs.one_way_pairs(everyone=everyone)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Paires à sens unique"),
            "opts": self.model._meta,
            "rows": [{"pair": p, "game": game_name(p.game_slug)} for p in rows],
            "everyone": everyone,
            "may_hold": request.user.has_perm("ratings.add_heldpair"),
            "thresholds": {
                "days": pairs.WINDOW_DAYS,
                "games": pairs.MIN_GAMES,
                "share": round(100 * pairs.ONE_WAY_SHARE),
                "moves": pairs.SHORT_MOVES,
                "short": round(100 * pairs.SHORT_SHARE),
            },
        }
        return TemplateResponse(request, "admin/ratings/one_way_pairs.html", context)

    def _hold(self, request) -> None:
        """Hold the pair the form names, if the report lists it (its explanation is the
        reason kept); a refusal is a message, and nothing changes."""
        try:
            ids = {int(request.POST.get("winner", "")), int(request.POST.get("loser", ""))}
        except ValueError:
            ids = set()
        slug = request.POST.get("game", "")
        found = next((p for p in pairs.one_way_pairs(everyone=True)
                      if {p.winner.pk, p.loser.pk} == ids and p.game_slug == slug), None)
        if found is None:
            self.message_user(request, gettext(
                "Cette paire n'a joué aucune partie classée ensemble à ce jeu ces "
                "%(days)s derniers jours : rien n'a changé.") % {"days": pairs.WINDOW_DAYS},
                messages.ERROR)
            return
        try:
            holds.do_hold_pair(found.winner, found.loser, slug, found.explanation,
                               by=request.user)
        except holds.HoldError as refusal:
            self.message_user(request, refusal.message(), messages.ERROR)
            return
        self.message_user(request, gettext(
            "%(first)s et %(second)s sont tenus hors des classements jusqu'à ce que l'équipe "
            "les libère.") % {"first": found.winner.username, "second": found.loser.username},
            messages.SUCCESS)

    def changelist_view(self, request, extra_context=None):
        extra = {"one_way_url": reverse("admin:ratings_heldpair_one_way"),
                 **(extra_context or {})}
        return super().changelist_view(request, extra)



@admin.register(UnratedGame)
class UnratedGameAdmin(admin.ModelAdmin):
    """The games between people the fair-play rules left unrated, and why: written where
    games finish, read here."""

    list_display = ["game", "reason", "created_at"]
    list_filter = ["reason"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
