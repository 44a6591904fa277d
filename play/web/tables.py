"""A table's page and what a player does there without JavaScript (the same forms go over
the table's socket otherwise): sit, add a bot, leave, act, resign, abort, come back,
chat; and take a new stack at a practice chip table (a form of its own)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from play import actions, queries
from play.actions import ServiceError
from play.actions.vacation import on_vacation
from play.models import Game, Table
from play.presentation.labels import lang_code
from play.presentation.table import table_context
from play.presentation.view import view_for
from play.web.access import (
    NOT_FOUND,
    get_table,
    get_visible_table,
    invited,
    refuse,
    remember_invitation,
)
from play.web.forms import ActionError, action_from_post


@login_required
def table_page(request, table_id):
    """The table, rendered on the server first; the websocket keeps it live."""
    table = get_visible_table(request, table_id)
    game = table.current_game()
    view = view_for(game, request.user, lang=lang_code(), table=table)
    context = table_context(
        table, game, request.user, view, request=request,
        invited=invited(request, table) or table.visibility == Table.Visibility.PUBLIC,
    )
    context["finished_games"] = table.games.filter(status=Game.Status.FINISHED).order_by(
        "-number"
    )[:10]
    # The offer of push notices waits for the player's first move by correspondence.
    context["played_by_correspondence"] = (table.pace == Table.Pace.CORRESPONDENCE
                                           and queries.has_moved_by_correspondence(request.user))
    # By correspondence, the players on vacation (their clocks stopped) are named.
    if table.pace == Table.Pace.CORRESPONDENCE:
        away = on_vacation(table.seats.filter(user__isnull=False).values_list("user_id",
                                                                              flat=True))
        context["on_vacation"] = [
            {"name": vacation.user.public_name, "until": vacation.ends_at}
            for vacation in away.values()]
    return render(request, "play/table.html", context)


@login_required
@require_POST
def join(request, table_id):
    table = get_table(table_id)
    token = request.POST.get("invitation", "")
    if queries.token_matches(table, token):
        remember_invitation(request, table)
    if table.visibility != Table.Visibility.PUBLIC and not (
        invited(request, table) or table.owner_id == request.user.pk
    ):
        raise Http404(NOT_FOUND)
    try:
        actions.do_join(table, request.user)
    except ServiceError as error:
        refuse(request, error)
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def add_bot(request, table_id):
    table = get_visible_table(request, table_id)
    try:
        actions.do_add_bot(table, request.user, level=request.POST.get("niveau", ""))
    except ServiceError as error:
        refuse(request, error)
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def free_seat(request, table_id, position):
    """The host takes a bot away, or frees a player's seat, while the table waits."""
    table = get_visible_table(request, table_id)
    try:
        actions.do_free_seat(table, request.user, position)
    except ServiceError as error:
        refuse(request, error)
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def leave(request, table_id):
    table = get_visible_table(request, table_id)
    try:
        actions.do_leave(table, request.user)
    except ServiceError as error:
        refuse(request, error)
        return redirect(table.get_absolute_url())
    messages.success(request, _("Vous avez quitté la table."))
    return go_to(request, reverse("play:lobby"))


@login_required
@require_POST
def resign(request, table_id):
    """"Abandonner", confirmed in its dialog (the page asks before anything happens)."""
    table = get_visible_table(request, table_id)
    if request.POST.get("confirm") != "1":
        messages.error(request, _("Confirmez l'abandon : « Oui, abandonner »."))
        return redirect(f"{table.get_absolute_url()}#actions")
    try:
        actions.do_resign(table, request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, _("Vous avez abandonné la partie."))
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def rematch(request, table_id):
    """"Revanche" (propose one) or "Accepter la revanche" (sit at the one proposed)."""
    table = get_visible_table(request, table_id)
    try:
        new_table = actions.do_rematch(table, request.user)
    except ServiceError as error:
        refuse(request, error)
        return redirect(table.get_absolute_url())
    return go_to(request, new_table.get_absolute_url())


def go_to(request, url):
    """To another page: a boosted form (sent by htmx) loads it whole, so that the address
    bar and the table's socket follow."""
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


@login_required
@require_POST
def decline_rematch(request, table_id):
    rematch = get_table(table_id)
    try:
        actions.do_decline_rematch(rematch, request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.info(request, _("Revanche refusée."))
    if rematch.rematch_of_id is not None:
        return go_to(request, rematch.rematch_of.get_absolute_url())
    return go_to(request, reverse("play:my_games"))


@login_required
@require_POST
def abort(request, table_id):
    table = get_visible_table(request, table_id)
    try:
        actions.do_abort(table, request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, _("Partie annulée : personne ne gagne ni ne perd."))
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def come_back(request, table_id):
    """"Je reviens": the seat is the player's again."""
    table = get_visible_table(request, table_id)
    try:
        actions.do_come_back(table, request.user)
    except ServiceError as error:
        refuse(request, error)
    else:
        messages.success(request, _("Vous voilà de retour : l'automate vous rend votre place."))
    return redirect(f"{table.get_absolute_url()}#actions")


@login_required
@require_POST
def new_stack(request, table_id):
    """« Reprendre un tapis »: broke at a practice chip table, a new stack, the next hand."""
    table = get_visible_table(request, table_id)
    try:
        actions.do_new_stack(table, request.user)
    except ServiceError as error:
        refuse(request, error)
    return go_to(request, table.get_absolute_url())


@login_required
@require_POST
def act(request, table_id):
    """An action sent without JavaScript (the same forms go over the socket otherwise)."""
    table = get_visible_table(request, table_id)
    game = table.current_game()
    if game is None:
        messages.error(request, _("La partie n'a pas commencé."))
        return redirect(table.get_absolute_url())
    try:
        action = action_from_post(request.POST)
        version = int(request.POST.get("version", ""))
    except ActionError as error:
        messages.error(request, str(error))
        return redirect(table.get_absolute_url())
    except ValueError:
        messages.error(request, _("Version de la partie manquante : rechargez la page."))
        return redirect(table.get_absolute_url())
    try:
        actions.do_act(game, request.user, action, version, client_id=request.POST.get("id", ""))
    except ServiceError as error:
        refuse(request, error)
    return redirect(f"{table.get_absolute_url()}#actions")


@login_required
@require_POST
def chat(request, table_id):
    table = get_visible_table(request, table_id)
    try:
        actions.do_chat(table, request.user, request.POST.get("text", ""))
    except ServiceError as error:
        refuse(request, error)
    return redirect(f"{table.get_absolute_url()}#chat-title")


@login_required
@require_POST
def mute_chat(request, table_id):
    table = get_visible_table(request, table_id)  # no mute rows on tables one may not see
    muted = request.POST.get("muted", "1") == "1"
    actions.do_mute_chat(table, request.user, muted)
    return redirect(f"{table.get_absolute_url()}#chat-title")


def _switch(request, key):
    """Turn a table preference on or off (kept in the session), back to the page."""
    request.session[key] = request.POST.get("on") == "1"
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = reverse("play:lobby")
    return redirect(target)


@require_POST
def four_colour(request):
    """Switch the four-colour deck on or off."""
    return _switch(request, "four_colour_deck")


@require_POST
def sounds(request):
    """Switch the table's sounds (your turn, a card played) on or off; off by default."""
    return _switch(request, "table_sounds")
