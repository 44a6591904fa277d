"""What the play pages share: who may watch a table (invitations kept in the session), a
table or a 404, a refusal shown as a message."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from play import queries
from play.actions import ServiceError
from play.models import Table

INVITATIONS = "play_invitations"  # session key: ids of unlisted tables opened by their link


def refuse(request, error: ServiceError) -> None:
    messages.error(request, error.message())


NOT_FOUND = _("Cette table n'existe pas ou vous n'y êtes pas invité.")


def get_table(table_id) -> Table:
    return get_object_or_404(Table, pk=table_id)


def get_visible_table(request, table_id) -> Table:
    """The table, or the same 404 as for a missing one when the reader may not see it: a
    private table's endpoints must not tell an outsider that it exists."""
    table = get_table(table_id)
    if not can_watch(request, table):
        raise Http404(NOT_FOUND)
    return table


def invited(request, table: Table) -> bool:
    return table.pk in request.session.get(INVITATIONS, [])


def remember_invitation(request, table: Table) -> None:
    invited = request.session.get(INVITATIONS, [])
    if table.pk not in invited:
        request.session[INVITATIONS] = (invited + [table.pk])[-50:]


def can_watch(request, table: Table) -> bool:
    token = request.GET.get("invitation", "") or request.POST.get("invitation", "")
    if queries.token_matches(table, token):
        remember_invitation(request, table)
    if invited(request, table):
        return True
    return queries.can_watch(table, request.user, token)

