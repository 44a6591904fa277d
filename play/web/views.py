"""The play pages: lobby, table, "mes parties", archive.

Views stay thin: every change goes through ``play.actions`` (one transaction each, with
its own checks) and every refusal comes back as a ``ServiceError`` whose French or
English sentence is shown to the player. The table page works without JavaScript (plain
forms posting here); with it, the same forms go over the table's websocket instead.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cardgames import SLUGS, available_games
from cardgames.registry import get_game
from play import actions, queries
from play.actions import ServiceError
from play.models import Game, Table
from play.presentation import archive
from play.presentation.board import board_context, board_template
from play.presentation.labels import lang_code
from play.presentation.table import table_context
from play.web.forms import ActionError, TableForm, action_from_post, choice_label, option_label

INVITATIONS = "play_invitations"  # session key: ids of unlisted tables opened by their link


# ----- helpers ------------------------------------------------------------------------


def _refuse(request, error: ServiceError) -> None:
    messages.error(request, error.message(lang_code()))


def _get_table(table_id) -> Table:
    return get_object_or_404(Table, pk=table_id)


def _invited(request, table: Table) -> bool:
    return table.pk in request.session.get(INVITATIONS, [])


def _remember_invitation(request, table: Table) -> None:
    invited = request.session.get(INVITATIONS, [])
    if table.pk not in invited:
        request.session[INVITATIONS] = (invited + [table.pk])[-50:]


def _can_watch(request, table: Table) -> bool:
    token = request.GET.get("invitation", "")
    if queries.token_matches(table, token):
        _remember_invitation(request, table)
    if _invited(request, table):
        return True
    return queries.can_watch(table, request.user, token)


def _options_summary(table: Table) -> list[str]:
    """The table's options that differ from the game's defaults, as "label : value"."""
    try:
        engine = table.engine
    except Exception:
        return []
    lines = []
    for option in engine.options:
        value = table.options.get(option.key, option.default)
        if value != option.default:
            lines.append(f"{option_label(option)} : {choice_label(option, value)}")
    return lines


def _game_name(slug: str) -> str:
    try:
        engine = get_game(slug)
    except Exception:
        return slug
    return engine.name_en if lang_code() == "en" else engine.name_fr


# ----- lobby and tables ----------------------------------------------------------------


def lobby(request):
    """Open tables per game, with "create" and "play now against bots"."""
    games = available_games()
    sections = []
    for slug in SLUGS:
        engine = games.get(slug)
        section = {"slug": slug, "available": engine is not None, "tables": []}
        if engine is None:
            section["name"] = slug.replace("-", " ").capitalize()
        else:
            section["name"] = engine.name_en if lang_code() == "en" else engine.name_fr
            section["seats"] = (engine.min_seats, engine.max_seats)
            for table in queries.open_tables(slug)[:20]:
                table.options_summary = _options_summary(table)
                section["tables"].append(table)
        sections.append(section)
    return render(request, "play/lobby.html", {"sections": sections})


@login_required
def create_table(request, slug):
    games = available_games()
    engine = games.get(slug)
    if engine is None:
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    form = TableForm(engine, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            table = actions.do_create_table(
                request.user,
                slug,
                seat_count=data["seat_count"],
                options=data["options"],
                visibility=data["visibility"],
                pace=data["pace"],
                move_seconds=data["move_seconds"],
                name=data["name"],
            )
        except ServiceError as error:
            form.add_error(None, error.message(lang_code()))
        else:
            return redirect(table.get_absolute_url())
    name = engine.name_en if lang_code() == "en" else engine.name_fr
    return render(request, "play/create.html", {"form": form, "slug": slug, "game_name": name})


@login_required
@require_POST
def play_now(request, slug):
    """One click: a practice table with bots in the other seats, dealt at once."""
    if slug not in available_games():
        raise Http404(_("Ce jeu n'est pas encore ouvert."))
    try:
        table = actions.do_play_now(request.user, slug)
    except ServiceError as error:
        _refuse(request, error)
        return redirect("play:lobby")
    return redirect(table.get_absolute_url())


@login_required
def invitation(request, token):
    """The link sent to friends for an unlisted table: look, then take a seat."""
    table = get_object_or_404(Table, invite_token=token)
    _remember_invitation(request, table)
    if queries.seat_of(table, request.user) is not None:
        return redirect(table.get_absolute_url())
    taken = table.seats.count()
    context = {
        "table": table,
        "game_name": _game_name(table.game_slug),
        "taken": taken,
        "can_join": table.status == Table.Status.WAITING and taken < table.seat_count,
        "seat_names": [s.name for s in table.seats.select_related("user")],
    }
    return render(request, "play/invitation.html", context)


@login_required
def table_page(request, table_id):
    """The table, rendered on the server first; the websocket keeps it live."""
    table = _get_table(table_id)
    if not _can_watch(request, table):
        raise Http404(_("Cette table n'existe pas ou vous n'y êtes pas invité."))
    game = table.current_game()
    view = queries.view_for(game, request.user, lang=lang_code(), table=table)
    context = table_context(
        table, game, request.user, view, request=request,
        invited=_invited(request, table) or table.visibility == Table.Visibility.PUBLIC,
    )
    context["finished_games"] = table.games.filter(status=Game.Status.FINISHED).order_by(
        "-number"
    )[:10]
    from play.cave_views import cave_context  # the economy's panel (caves, hands left)

    context.update(cave_context(table, request.user))
    return render(request, "play/table.html", context)


@login_required
@require_POST
def join(request, table_id):
    table = _get_table(table_id)
    token = request.POST.get("invitation", "")
    if queries.token_matches(table, token):
        _remember_invitation(request, table)
    if table.visibility != Table.Visibility.PUBLIC and not (
        _invited(request, table) or table.owner_id == request.user.pk
    ):
        raise Http404(_("Cette table n'existe pas ou vous n'y êtes pas invité."))
    try:
        actions.do_join(table, request.user)
    except ServiceError as error:
        _refuse(request, error)
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def add_bot(request, table_id):
    table = _get_table(table_id)
    try:
        actions.do_add_bot(table, request.user)
    except ServiceError as error:
        _refuse(request, error)
    return redirect(table.get_absolute_url())


@login_required
@require_POST
def leave(request, table_id):
    table = _get_table(table_id)
    try:
        actions.do_leave(table, request.user)
    except ServiceError as error:
        _refuse(request, error)
        return redirect(table.get_absolute_url())
    messages.success(request, _("Vous avez quitté la table."))
    return redirect("play:lobby")


@login_required
@require_POST
def act(request, table_id):
    """An action sent without JavaScript (the same forms go over the socket otherwise)."""
    table = _get_table(table_id)
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
        _refuse(request, error)
    return redirect(f"{table.get_absolute_url()}#actions")


@login_required
@require_POST
def chat(request, table_id):
    table = _get_table(table_id)
    try:
        actions.do_chat(table, request.user, request.POST.get("text", ""))
    except ServiceError as error:
        _refuse(request, error)
    return redirect(f"{table.get_absolute_url()}#chat-title")


@login_required
@require_POST
def mute_chat(request, table_id):
    table = _get_table(table_id)
    if not _can_watch(request, table):  # no mute rows on tables one may not even see
        raise Http404(_("Cette table n'existe pas ou vous n'y êtes pas invité."))
    muted = request.POST.get("muted", "1") == "1"
    actions.do_mute_chat(table, request.user, muted)
    return redirect(f"{table.get_absolute_url()}#chat-title")


@require_POST
def four_colour(request):
    """Switch the four-colour deck on or off (kept in the session)."""
    request.session["four_colour_deck"] = request.POST.get("on") == "1"
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = reverse("play:lobby")
    return redirect(target)


# ----- my games -------------------------------------------------------------------------


@login_required
def my_games(request):
    """Games where it is my turn first, then by time left."""
    games = list(
        queries.my_games(request.user).prefetch_related("table__seats__user")[:100]
    )
    rows = []
    for game in games:
        seats = list(game.table.seats.all())
        mine = next((s for s in seats if s.user_id == request.user.pk), None)
        actor = next((s for s in seats if s.position == game.actor), None)
        rows.append(
            {
                "game": game,
                "table": game.table,
                "game_name": _game_name(game.table.game_slug),
                "opponents": [s.name for s in seats if s is not mine],
                "my_turn": game.my_turn,
                "actor_name": actor.name if actor else "",
                "deadline": game.deadline,
            }
        )
    return render(request, "play/my_games.html", {"rows": rows})


# ----- archive ----------------------------------------------------------------------------


def _archive_access(request, game_id):
    """The finished game and the viewer's access to it; 404 for anyone who may not look,
    exactly as for a game that does not exist."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id)
    table = game.table
    token = request.GET.get("invitation", "")
    if queries.token_matches(table, token):
        _remember_invitation(request, table)
    may_watch = archive.can_watch(table, request.user, token, _invited(request, table))
    if game.status != Game.Status.FINISHED:
        if not may_watch and queries.seat_of(table, request.user) is None:
            raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
        return game, None
    seen_by = archive.access(game, request.user, may_watch)
    if seen_by is None:
        raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
    return game, seen_by


@login_required
def archive_page(request, game_id):
    """A finished game step by step (``?etape=N``), as the viewer's seat saw it, plus what
    the rules reveal once a hand or deal is over (play/presentation/archive.py)."""
    game, seen_by = _archive_access(request, game_id)
    table = game.table
    if seen_by is None:
        return render(
            request,
            "play/archive_refused.html",
            {"table": table, "game": game, "game_name": _game_name(table.game_slug)},
            status=403,
        )
    engine = table.engine
    lang = lang_code()
    actions = archive.actions_of(game)
    total = len(actions)
    try:
        step = int(request.GET.get("etape", total))
    except ValueError:
        step = total
    step = max(0, min(step, total))
    state = archive.state_at(game, actions, step)
    names = seen_by.names
    you = seen_by.seat
    view = engine.archive_view(state, you)
    scores = view.get("scores")
    score_rows = (
        [{"name": names[i], "score": s} for i, s in enumerate(scores)]
        if isinstance(scores, list) and len(scores) == table.seat_count
        else []
    )
    result = game.result or {}
    context = {
        "table": table,
        "game": game,
        "game_name": engine.name_en if lang == "en" else engine.name_fr,
        "step": step,
        "total": total,
        # Not "previous": the chained games' board templates use that name for the last hand.
        "previous_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < total else None,
        "current": actions[step - 1].text(lang) if step > 0 else "",
        "log": archive.log_before(actions, step, lang),
        "log_first": max(1, step - archive.LOG_LINES + 1),
        "you": you,
        "you_name": names[you] if you is not None else "",
        "my_hand": (view.get("hand") or []) if you is not None else [],
        "revealed": archive.revealed_rows(view, names, you),
        "score_rows": score_rows,
        "result": result,
        "winners": [names[w] for w in result.get("winners", []) if 0 <= w < len(names)],
        "view": view,
        "board": board_context(table.game_slug, view, names, lang),
        "board_template": board_template(table.game_slug),
        "public_fields": [],
        "rules_url": reverse("rules:page", args=[table.game_slug]),
        "phh_url": (
            reverse("play:hand_history", args=[game.pk])
            if archive.dealt_in(game, you) and hasattr(engine, "export_phh") else ""
        ),
    }
    return render(request, "play/archive.html", context)


@login_required
def hand_history(request, game_id):
    """One Ramponneau hand as a PHH file, for a player who was dealt in it."""
    game, seen_by = _archive_access(request, game_id)
    engine = game.table.engine
    if (seen_by is None or not archive.dealt_in(game, seen_by.seat)
            or not hasattr(engine, "export_phh")):
        raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
    text = archive.hand_history(game, seen_by.seat, seen_by.names)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    filename = f"table-{game.table_id}-main-{game.number:05d}.phh"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def session_hand_histories(request, table_id):
    """Every hand the player was dealt at a Ramponneau table, as PHH files in a zip."""
    table = _get_table(table_id)
    if not hasattr(table.engine, "export_phh"):
        raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
    data = archive.session_zip(table, request.user)
    if data is None:
        raise Http404(_("Vous n'avez joué aucune main terminée à cette table."))
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}-mains.zip"'
    return response
