"""The cave's buttons on a chip table's page (the panel is the ``economy_table_panel``
template tag): cave, cash out, stand up, sit back; and the lobby's one click to a house
table. Thin views over economy/chips/caves.py: each POST calls one action function and
goes back to the table.

« Ramasser ses gains » answers in place when htmx sent it (the panel, saying whether the
gains were paid or wait for the hand's end); while they wait, the panel asks for itself
again every two seconds (``cave_panel``) until it can say what was paid.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.guests import account_required
from economy import ledger
from economy.chips import caves
from economy.errors import EconomyError
from play import queries
from play.models import Table
from play.web.access import invited, remember_invitation


def _act(request, pk, call):
    table = get_object_or_404(Table, pk=pk)
    try:
        call(table)
    except EconomyError as refusal:
        messages.error(request, refusal.message())
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


def _post_now(request) -> bool:
    return request.POST.get("entry") == "post_now"


@account_required
@require_POST
def cave_in(request, pk):
    return _act(request, pk, lambda table: caves.do_cave(
        table, request.user, _amount(request),
        request_key=(request.POST.get("request_key") or ledger.new_request_key())[:64],
        post_now=_post_now(request),
        may_sit=_may_sit(request, table),
    ))


def _panel(request, table, show_paid=False, error=""):
    """The panel alone (its template tag, as the table's page shows it)."""
    return render(request, "economy/cave_panel.html",
                  {"table": table, "show_paid": show_paid, "error": error})


def _paid_words(paid: int) -> str:
    if not paid:
        return gettext("Vous avez quitté la table : il ne vous restait pas de jetons.")
    return ngettext("Gains ramassés : %(n)s écu, rendu à votre bourse.",
                    "Gains ramassés : %(n)s écus, rendus à votre bourse.", paid) % {"n": paid}


@account_required
@require_POST
def cash_out(request, pk):
    """Chips back into écus: at once, or at the end of the hand the player is dealt in."""
    table = get_object_or_404(Table, pk=pk)
    try:
        done = caves.do_cash_out(table, request.user)
    except EconomyError as refusal:
        if request.htmx:
            return _panel(request, table, error=refusal.message())
        messages.error(request, refusal.message())
        return redirect(table.get_absolute_url())
    if request.htmx:
        return _panel(request, table, show_paid=True)
    if done.pending:
        messages.info(request, gettext(
            "Vos gains seront ramassés à la fin de la main : jouez-la jusqu'au bout."))
    else:
        messages.success(request, _paid_words(done.paid))
    return redirect(table.get_absolute_url())


@account_required
@require_GET
def cave_panel(request, pk):
    """The cave panel alone, for htmx: asked again while the gains wait for the hand's
    end (``?ramasse=1``), it says what was paid once they were."""
    table = get_object_or_404(Table, pk=pk)
    return _panel(request, table, show_paid=request.GET.get("ramasse") == "1")


@account_required
@require_POST
def house_cave(request, key):
    """The lobby's one click: a seat at one of the house's tables at these stakes, with a
    cave. Refused: back to the lobby, its message at the top of the page."""
    try:
        table = caves.do_cave_at_house(
            request.user, key, _amount(request),
            request_key=(request.POST.get("request_key") or ledger.new_request_key())[:64],
            post_now=_post_now(request),
        )
    except EconomyError as refusal:
        messages.error(request, refusal.message())
        return redirect("play:lobby")
    return redirect(table.get_absolute_url())


@account_required
@require_POST
def stand_up(request, pk):
    return _act(request, pk, lambda table: caves.do_stand_up(table, request.user))


@account_required
@require_POST
def sit_back(request, pk):
    return _act(request, pk, lambda table: caves.do_sit_back(
        table, request.user, post_now=_post_now(request)))
