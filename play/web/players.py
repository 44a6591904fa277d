"""The players' pages: my history of finished games, a player's public page, and each
game's leaderboard. Reads only: the ratings are written where games finish."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, Max, Min, Sum
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from cardgames import available_games
from friends import interface as friends
from play import queries
from play.aborts import ABORTS_PER_DAY, SHOWN_DAYS, recent_aborts
from play.actions.vacation import on_vacation
from play.models import Table
from play.presentation.games import game_name
from play.presentation.history import (
    chips_words,
    hand_row,
    history_rows,
    table_words,
    won,
)
from play.reliability import NEW_PLAYER_GAMES, reliability
from play.web.access import INVITATIONS
from ratings import interface as ratings

HISTORY_PAGE = 20
RECENT_GAMES = 10
# A session's hands on a page: a sitting at a cash table deals hundreds.
SESSION_PAGE = 50


def _game_choices():
    return [(slug, game_name(slug)) for slug in available_games()]


@login_required
def history(request):
    """My finished games, newest first, optionally of one game (``?jeu=slug``); the hands
    I was dealt at a chip table are one entry, a session (``history_session``)."""
    slug = request.GET.get("jeu", "")
    if slug not in available_games():
        slug = ""
    entries = queries.history_entries(queries.finished_games_of(request.user, slug or None))
    page = Paginator(entries, HISTORY_PAGE).get_page(request.GET.get("page"))
    return render(request, "play/history.html", {
        "page": page,
        "rows": history_rows(page.object_list, request.user, own=True),
        "games": _game_choices(),
        "chosen": slug,
        "query": urlencode({"jeu": slug}) if slug else "",
    })


@login_required
def history_session(request, table_id):
    """My session at a chip table: the hands I was dealt there, newest first, each with
    its result and its archive; not found for a table where I was dealt none."""
    table = get_object_or_404(Table, pk=table_id, game_slug__in=queries.session_game_slugs())
    hands = queries.session_hands(table, request.user)
    summary = hands.aggregate(count=Count("pk"), net=Sum("chips_won"),
                              started_at=Min("game__started_at"),
                              finished_at=Max("game__finished_at"))
    if not summary["count"]:
        raise Http404(_("Vous n'avez joué aucune main terminée à cette table."))
    page = Paginator(hands, SESSION_PAGE).get_page(request.GET.get("page"))
    for participant in page.object_list:
        participant.game.table = table
    return render(request, "play/history_session.html", {
        "table": table,
        "table_name": table_words(table),
        "game_name": game_name(table.game_slug),
        "summary": summary,
        "net": chips_words(summary["net"] or 0, table),
        "won": (summary["net"] or 0) > 0,
        "page": page,
        "hands": [hand_row(p) for p in page.object_list],
        "phh": hasattr(table.engine, "export_phh"),
    })


def _per_game(player, ratings_by_game) -> list[dict]:
    """Per game: finished games played and won, the rating (or the cash games' note)."""
    counts = {}
    for participant in queries.finished_games_of(player).defer(
        "game__state", "game__carry_in", "game__table__options", "game__table__stakes"
    ):
        game = participant.game
        played, wins = counts.get(game.table.game_slug, (0, 0))
        counts[game.table.game_slug] = (played + 1, wins + int(won(game, participant.position)))
    lines = []
    for slug in available_games():
        played, wins = counts.get(slug, (0, 0))
        rating = ratings_by_game.get(slug)
        if not played and rating is None:
            continue
        lines.append({
            "slug": slug,
            "name": game_name(slug),
            "played": played,
            "won": wins,
            "by_ecus": ratings.ranks_by_ecus(slug),
            "rating": ratings.shown(rating.ordinal) if rating else None,
            "rated_games": rating.games if rating else 0,
        })
    return lines


def player_page(request, username):
    """A player's public page: per game, games played and won and the rating; their
    recent finished games that the visitor may open."""
    player = get_object_or_404(get_user_model(), username=username, is_active=True,
                               is_guest=False)
    viewer = request.user if request.user.is_authenticated else None
    invited = request.session.get(INVITATIONS, [])
    own = viewer is not None and viewer.pk == player.pk
    seen = queries.finished_games_seen_by(player, viewer, invited)
    recent = queries.history_entries(seen)
    return render(request, "play/player.html", {
        "player": player,
        "relation": _relation(viewer, player),
        "lines": _per_game(player, ratings.ratings_of(player)),
        "recent": history_rows(recent[:RECENT_GAMES], player, own=own),
        "games": _game_choices(),
        "min_games": ratings.MIN_GAMES,
        "reliability": reliability(player),
        "new_player_games": NEW_PLAYER_GAMES,
        "vacation": on_vacation([player.pk]).get(player.pk),
        "aborts": _aborts(player, seen),
        "abort_days": SHOWN_DAYS,
        "aborts_per_day": ABORTS_PER_DAY,
    })


def _aborts(player, seen) -> list[dict]:
    """The games ``player`` called off with other people lately (play/aborts.py), newest
    first, each with its archive's link where the visitor may open it (``seen``)."""
    aborts = recent_aborts(player)
    visible = set(seen.filter(game_id__in=[a.game_id for a in aborts])
                  .values_list("game_id", flat=True)) if aborts else set()
    return [{"at": a.at, "game_name": game_name(a.game_slug),
             "url": reverse("play:archive", args=[a.game_id]) if a.game_id in visible else ""}
            for a in aborts]


def _relation(viewer, player) -> dict | None:
    """What the page offers ``viewer`` about ``player`` (follow or not, block or unblock):
    nothing to a visitor, a guest or the player themself."""
    if viewer is None or viewer.is_guest or viewer.pk == player.pk:
        return None
    return {"following": friends.follows(viewer, player),
            "you_blocked": friends.blocks(viewer, player)}


def leaderboard(request, slug):
    """A game's leaderboard: rated players by rating, or cash players by écus won."""
    if slug not in available_games():
        raise Http404
    return render(request, "play/leaderboard.html", {
        "slug": slug,
        "game_name": game_name(slug),
        "rows": ratings.leaderboard(slug),
        "by_ecus": ratings.ranks_by_ecus(slug),
        "games": _game_choices(),
        "min_games": ratings.MIN_GAMES,
        "cash_days": ratings.CASH_DAYS,
        "cash_min_hands": ratings.CASH_MIN_HANDS,
    })
