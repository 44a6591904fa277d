"""The cave's buttons on a chip table's page (the panel is the ``economy_table_panel``
template tag): cave, cash out, stand up, sit back; and the lobby's one click to a house
table. Thin views over economy/chips/caves.py: each POST calls one action function and
goes back to the table."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

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


@account_required
@require_POST
def cash_out(request, pk):
    return _act(request, pk, lambda table: caves.do_cash_out(table, request.user))


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
