"""The players' pages: my history of finished games, a player's public page, and each
game's leaderboard. Reads only: the ratings are written where games finish."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.http import urlencode

from cardgames import available_games
from play import queries
from play.models import Participant
from play.presentation.games import game_name
from play.presentation.history import history_row, won
from play.web.access import INVITATIONS
from ratings import interface as ratings

HISTORY_PAGE = 20
RECENT_GAMES = 10


def _with_players(rows):
    return rows.prefetch_related(
        Prefetch("game__participants", queryset=Participant.objects.select_related("user"))
    )


def _game_choices():
    return [(slug, game_name(slug)) for slug in available_games()]


@login_required
def history(request):
    """My finished games, newest first, optionally of one game (``?jeu=slug``)."""
    slug = request.GET.get("jeu", "")
    if slug not in available_games():
        slug = ""
    rows = _with_players(queries.finished_games_of(request.user, slug or None))
    page = Paginator(rows, HISTORY_PAGE).get_page(request.GET.get("page"))
    return render(request, "play/history.html", {
        "page": page,
        "rows": [history_row(p) for p in page.object_list],
        "games": _game_choices(),
        "chosen": slug,
        "query": urlencode({"jeu": slug}) if slug else "",
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
    recent = _with_players(queries.finished_games_seen_by(player, viewer, invited))
    return render(request, "play/player.html", {
        "player": player,
        "lines": _per_game(player, ratings.ratings_of(player)),
        "recent": [history_row(p) for p in recent[:RECENT_GAMES]],
        "games": _game_choices(),
        "min_games": ratings.MIN_GAMES,
    })


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
