"""Finished games: the archive, step by step from the viewer's seat, and Ramponneau hand
histories (the reveal policy and its checks are in play/presentation/archive.py)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from play import queries
from play.models import Game
from play.presentation import archive
from play.presentation.advice import review_panel
from play.presentation.board import board_context, board_template
from play.presentation.games import game_name
from play.web.access import get_table, invited, remember_invitation


def _may_watch(request, table, token: str) -> bool:
    """Whether a non-participant may open this table's archives (as for watching it)."""
    if invited(request, table) or queries.seat_of(table, request.user) is not None:
        return True
    return queries.can_watch(table, request.user, token)


def _archive_access(request, game_id):
    """The finished game and the viewer's access to it; 404 for anyone who may not look,
    exactly as for a game that does not exist."""
    game = get_object_or_404(Game.objects.select_related("table"), pk=game_id)
    table = game.table
    token = request.GET.get("invitation", "")
    if queries.token_matches(table, token):
        remember_invitation(request, table)
    may_watch = _may_watch(request, table, token)
    if game.status != Game.Status.FINISHED:
        if not may_watch and queries.seat_of(table, request.user) is None:
            raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
        return game, None
    seen_by = archive.access(game, request.user, may_watch)
    if seen_by is None:
        raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
    return game, seen_by


def _score_rows(view: dict, names: list[str], seats: int) -> list[dict]:
    scores = view.get("scores")
    if not (isinstance(scores, list) and len(scores) == seats):
        return []
    return [{"name": names[i], "score": s} for i, s in enumerate(scores)]


def _step_asked(request, total: int) -> int:
    """``?etape=N`` within 0..total; the end of the game when absent or not a number."""
    try:
        step = int(request.GET.get("etape", total))
    except ValueError:
        step = total
    return max(0, min(step, total))


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
            {"table": table, "game": game, "game_name": game_name(table.game_slug)},
            status=403,
        )
    engine = table.engine
    total = archive.log_length(game)
    step = _step_asked(request, total)
    state = archive.state_after(game, step)
    recent = archive.recent_actions(game, step)
    names = seen_by.names
    you = seen_by.seat
    view = engine.archive_view(state, you)
    bots = seen_by.bot_seats
    current = archive.line_at(game, recent, len(recent), names)
    result = game.result or {}
    context = {
        "table": table,
        "game": game,
        "game_name": game_name(table.game_slug),
        "step": step,
        "total": total,
        # Not "previous": the chained games' board templates use that name for the last hand.
        "previous_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < total else None,
        "current": archive.marked([current], bots)[0] if current else None,
        "log": archive.marked(archive.log_before(game, recent, len(recent), names), bots),
        "log_first": max(1, step - archive.LOG_LINES + 1),
        "you": you,
        "you_name": names[you] if you is not None else "",
        "my_hand": (view.get("hand") or []) if you is not None else [],
        "revealed": archive.revealed_rows(view, names, you),
        "score_rows": _score_rows(view, names, table.seat_count),
        "result": result,
        "winners": [names[w] for w in result.get("winners", []) if 0 <= w < len(names)],
        "view": view,
        "board": board_context(table.game_slug, view, names),
        "board_template": board_template(table.game_slug),
        "public_fields": [],
        "rules_url": reverse("rules:page", args=[table.game_slug]),
        "phh_url": (
            reverse("play:hand_history", args=[game.pk])
            if archive.dealt_in(game, you) and hasattr(engine, "export_phh") else ""
        ),
        # the maître's review of the viewer's own decisions: theirs only, never another's
        "review": review_panel(game, you, step),
    }
    return render(request, "play/archive.html", context)


@login_required
def review(request, game_id):
    """The replay page's review alone: the page asks for it again while the maître is
    still reviewing. Only the player of the seat reviewed ever reads it."""
    game, seen_by = _archive_access(request, game_id)
    you = seen_by.seat if seen_by is not None else None
    step = _step_asked(request, archive.log_length(game))
    try:
        tries = max(0, int(request.GET.get("essai", 0)))
    except ValueError:
        tries = 0
    return render(request, "play/_review.html",
                  {"review": review_panel(game, you, step, tries), "step": step})


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
    table = get_table(table_id)
    if not hasattr(table.engine, "export_phh"):
        raise Http404(_("Cette partie n'existe pas ou vous n'y avez pas accès."))
    data = archive.session_zip(table, request.user)
    if data is None:
        raise Http404(_("Vous n'avez joué aucune main terminée à cette table."))
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="table-{table.pk}-mains.zip"'
    return response
