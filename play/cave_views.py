"""The cave's buttons at a Ramponneau or Ambigu table, and the tavern keeper's pages.

Thin views over play/cave.py: each POST calls one service and goes back to the table.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.views.decorators.http import require_POST

from accounts import hands, ledger
from accounts.conf import economy
from accounts.economy import new_request_key
from play import actions, cave, queries
from play.actions import ServiceError
from play.models import Table, TableBankroll
from play.web.access import invited, remember_invitation


def _lang():
    return "en" if translation.get_language() == "en" else "fr"


def cave_context(table, user) -> dict:
    """What the table page's cave panel shows: the cave at chip tables; elsewhere, at
    tables that count hands, the player's hands left (and why they may not sit down)."""
    if not user.is_authenticated:
        return {}
    if not cave.is_chip_table(table):
        if not actions.counts_hands_per_game(table.game_slug, table.practice):
            return {}
        status = hands.status(user, table.game_slug)
        return {} if status.unlimited else {"table_hands": status}
    low, high = cave.cave_bounds(table)
    bankroll = TableBankroll.objects.filter(table=table, user=user).first()
    return {
        "cave": {
            "bounds": (low, high),
            "bankroll": bankroll,
            "ecus": ledger.wallet_of(user).ecus,
            "hands": hands.status(user, table.game_slug),
            "is_owner": cave.keeps_table(table, user.pk),
            # Ramponneau's entry blind; Ambigu deals everybody in for the ante.
            "entry_blind": not cave.is_ambigu(table),
            "request_key": new_request_key(),
        }
    }


def _act(request, pk, call):
    table = get_object_or_404(Table, pk=pk)
    try:
        call(table)
    except ServiceError as refusal:
        messages.error(request, refusal.message(_lang()))
    return redirect(table.get_absolute_url())


def _amount(request):
    try:
        return int(request.POST.get("amount", ""))
    except ValueError:
        return 0


def _may_sit(request, table) -> bool:
    """Whether the player may take a seat here, as for joining (play/web/tables.py `join`):
    a public table, one's own, or an unlisted table one was invited to."""
    token = request.POST.get("invitation", "")
    if queries.token_matches(table, token):
        remember_invitation(request, table)
    return (table.visibility == Table.Visibility.PUBLIC
            or table.owner_id == request.user.pk or invited(request, table))


@login_required
@require_POST
def cave_in(request, pk):
    return _act(request, pk, lambda table: cave.do_cave(
        table, request.user, _amount(request),
        request_key=(request.POST.get("request_key") or new_request_key())[:64],
        post_now=request.POST.get("entry") == "post_now",
        may_sit=_may_sit(request, table),
    ))


@login_required
@require_POST
def cash_out(request, pk):
    return _act(request, pk, lambda table: cave.do_cash_out(table, request.user))


@login_required
@require_POST
def stand_up(request, pk):
    return _act(request, pk, lambda table: cave.do_stand_up(table, request.user))


@login_required
@require_POST
def sit_back(request, pk):
    return _act(request, pk, lambda table: cave.do_sit_back(
        table, request.user, post_now=request.POST.get("entry") == "post_now"))


@login_required
def tavern(request):
    """"Ma taverne": decks, the owner's tables and their takings, opening a table."""
    if request.method == "POST":
        try:
            if request.POST.get("do") == "buy_deck":
                cave.do_buy_card_deck(request.user,
                                      (request.POST.get("request_key") or "")[:64]
                                      or new_request_key())
                messages.success(request, translation.gettext("Jeu de cartes acheté."))
            else:
                table = cave.do_open_tavern_table(
                    request.user,
                    name=(request.POST.get("name") or "")[:80],
                    small_blind=int(request.POST.get("small_blind") or 1),
                    big_blind=int(request.POST.get("big_blind") or 2),
                    rake_percent=int(request.POST.get("rake_percent") or 0),
                    rake_cap=int(request.POST.get("rake_cap") or 0),
                    cave_min_bb=int(request.POST.get("cave_min_bb") or 0) or None,
                    cave_max_bb=int(request.POST.get("cave_max_bb") or 0) or None,
                    seat_count=int(request.POST.get("seat_count") or 6),
                )
                return redirect(table.get_absolute_url())
        except (ServiceError, ValueError) as refusal:
            text = refusal.message(_lang()) if isinstance(refusal, ServiceError) else str(refusal)
            messages.error(request, text)
        return redirect("play:tavern")
    takings = cave.owner_takings(request.user)
    tables = Table.objects.filter(owner=request.user, game_slug="ramponneau", practice=False)
    return render(request, "play/tavern.html", {
        "decks": request.user.card_decks.filter(table__isnull=True).count(),
        "deck_price": economy("CARD_DECK_PRICE_TOKENS"),
        "tokens": ledger.wallet_of(request.user).tokens,
        "tables": [(t, takings["tables"].get(str(t.pk), 0)) for t in tables],
        "takings": takings["total"],
        "request_key": new_request_key(),
    })
