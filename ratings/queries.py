"""Reading ratings: a player's, a game's leaderboard (rated games, or écus at chip games).

The accounts of a pair staff hold (ratings/holds.py) rank on no leaderboard until
released."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from economy import interface as economy
from ratings.holds import held
from ratings.models import Rating, RatingChange

# Fewer rated games than this and a player's rating is still mostly its starting
# uncertainty: they are not listed on the leaderboards (their profile shows it).
MIN_GAMES = 5
LEADERBOARD_SIZE = 50
CASH_DAYS = 30
# At a cash game, fewer hands dealt than this over CASH_DAYS and a result is mostly luck:
# the player is not listed (a day's free Ramponneau hands).
CASH_MIN_HANDS = 20


@dataclass(frozen=True)
class Row:
    user: object
    value: int  # the rating shown (ordinal, rounded), or the écus won
    games: int = 0  # rated games, or at a cash game the hands dealt
    wins: int = 0


def shown(ordinal: float) -> int:
    """The rating as players read it: the ordinal, rounded."""
    return round(ordinal)


def ranks_by_ecus(game_slug: str) -> bool:
    """Cash games (played for écus) rank by écus won, not by an OpenSkill rating."""
    return economy.is_chip_game(game_slug)


def ratings_of(user) -> dict[str, Rating]:
    return {r.game_slug: r for r in Rating.objects.filter(user=user)}


def leaderboard(game_slug: str, limit: int = LEADERBOARD_SIZE) -> list[Row]:
    """Rated players with at least MIN_GAMES rated games, by ordinal (mu − 3σ), best
    first; at a cash game, players dealt at least CASH_MIN_HANDS hands over the last
    CASH_DAYS days, by the écus won in the sessions they ended (cashed out or left).
    Neither account of a held pair is listed."""
    if ranks_by_ecus(game_slug):
        since = timezone.now() - timedelta(days=CASH_DAYS)
        nets = economy.settled_ecus_won(game_slug, since, CASH_MIN_HANDS)
        users = get_user_model().objects.filter(pk__in=[user_id for user_id, _, _ in nets])
        users = users.exclude(held("pk")).in_bulk()
        return [Row(users[user_id], net, hands) for user_id, net, hands in nets
                if user_id in users][:limit]
    rows = (
        Rating.objects.filter(game_slug=game_slug, games__gte=MIN_GAMES)
        .exclude(held("user")).select_related("user").order_by("-ordinal", "pk")[:limit]
    )
    return [Row(r.user, shown(r.ordinal), r.games, r.wins) for r in rows]


def change_of(game, user) -> tuple[int, int] | None:
    """What ``game`` did to ``user``'s rating, as players read it (before, after); None
    when the game was not rated for them."""
    change = RatingChange.objects.filter(game=game, user=user).first()
    if change is None:
        return None
    return (shown(change.mu_before - 3 * change.sigma_before),
            shown(change.mu_after - 3 * change.sigma_after))
