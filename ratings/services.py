"""Rating a finished game: the one function that writes ratings (``do_rate_game``).

The model is OpenSkill's Plackett-Luce (Weng & Lin, 2011), the library's default: it
rates any number of teams of any size from a full ranking in one update, which is what
our games produce (two to six players each for themselves, or All-fours' two
partnerships), and handles ties. Thurstone-Mosteller, the library's alternative, rates
by pairwise comparisons and suits two-sided results better than rankings of many.

Which games are rated (``rateable``): a finished game between people only, at a table
that is neither a practice table, a casual one (``Table.rated`` off), nor a chip table
(whose hands rank by écus won, see ``ratings.standings``), and not aborted. A
resignation counts as last place. Such a game is still left unrated, the reason kept
(``UnratedGame``), when the fair-play rules refuse it (ratings/fairness.py): a bot played
for a player, a player made fewer than two moves of their own, or two of its players
already have three rated games together at this game in the last 24 hours.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from cardgames.registry import UnknownGame, get_game
from economy.interface import is_chip_game
from ratings import fairness
from ratings.fairness import Conduct
from ratings.models import Rating, RatingChange
from ratings.outcomes import Standing, standing

MODEL = PlackettLuce()


def new_rating_values() -> tuple[float, float]:
    fresh = MODEL.rating()
    return fresh.mu, fresh.sigma


def ordinal_of(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def rateable(game) -> bool:
    """Whether ``game`` (finished) changes its players' ratings."""
    table = game.table
    if game.status != "finished" or getattr(game, "ending", "") == "aborted":
        return False
    # A chip game's tables but practice ones are chip tables (economy/games.py).
    if table.practice or not isinstance(game.result, dict) or is_chip_game(table.game_slug):
        return False
    if not getattr(table, "rated", True):  # a casual table
        return False
    participants = list(game.participants.all())
    return (
        len(participants) == table.seat_count >= 2
        and all(p.user_id is not None and not p.bot for p in participants)
        and len({p.user_id for p in participants}) == len(participants)
    )


def standing_of(game) -> Standing | None:
    """The places of a finished game's seats (resigners last)."""
    table = game.table
    sides = None
    try:
        sides = get_game(table.game_slug).view(game.state, None).get("sides")
    except (UnknownGame, KeyError, TypeError, ValueError):
        sides = None
    resigned = ()
    if getattr(game, "ending", "") == "resigned":
        resigned = game.result.get("resigned") or ()
    return standing(table.seat_count, game.result, sides, resigned)


class _PairLimit(Exception):
    """Two players of the game are over the pair limit: nothing is written."""


def do_rate_game(game, conduct: Callable[[], Conduct]) -> list[RatingChange]:
    """Rate a finished game once (a second call changes nothing); [] when unrated.

    ``conduct``: how its seats were played (play reads it from its log, asked only of a
    game that could be rated). Called inside the transaction that finishes the game (the
    game row is locked there); the players' rating rows are locked in a fixed order, so
    two games finishing at once with a player in common update them one after the other,
    and two games of the same pair are counted against its limit one after the other.
    """
    if not rateable(game):
        return []
    place = standing_of(game)
    if place is None:
        return []
    played = conduct()
    users = {p.position: p.user_id for p in game.participants.all()}
    refusal = fairness.conduct_refusal(sorted(users), played)
    if refusal is not None:
        fairness.do_record_unrated(game, refusal)
        return []
    try:
        return _rate(game, place, users, played)
    except _PairLimit:
        fairness.do_record_unrated(game, fairness.PAIR_LIMIT)
        return []


def _rate(game, place: Standing, users: dict[int, int], played: Conduct) -> list[RatingChange]:
    # A savepoint: a game over the pair limit leaves no rating row behind.
    with transaction.atomic():
        if RatingChange.objects.filter(game_id=game.pk).exists():
            return []
        slug = game.table.game_slug
        mu, sigma = new_rating_values()
        Rating.objects.bulk_create(
            [Rating(user_id=u, game_slug=slug, mu=mu, sigma=sigma, ordinal=ordinal_of(mu, sigma))
             for u in users.values()],
            ignore_conflicts=True,
        )
        rows = {
            r.user_id: r
            for r in Rating.objects.select_for_update()
            .filter(game_slug=slug, user_id__in=users.values()).order_by("pk")
        }
        if fairness.pair_over_limit(slug, users.values(), timezone.now()):
            raise _PairLimit
        before = [[MODEL.rating(mu=rows[users[s]].mu, sigma=rows[users[s]].sigma)
                   for s in team] for team in place.teams]
        after = MODEL.rate(before, ranks=place.ranks)
        winners = set((game.result or {}).get("winners") or ())
        changes = []
        for team, rank, new_team in zip(place.teams, place.ranks, after, strict=True):
            for seat, new in zip(team, new_team, strict=True):
                row = rows[users[seat]]
                won = rank == 0 and seat in winners
                changes.append(RatingChange(
                    game_id=game.pk, user_id=row.user_id, game_slug=slug, rank=rank, won=won,
                    mu_before=row.mu, sigma_before=row.sigma, mu_after=new.mu,
                    sigma_after=new.sigma, own_moves=played.own_moves.get(seat, 0),
                ))
                row.mu, row.sigma, row.ordinal = new.mu, new.sigma, new.ordinal()
                row.games += 1
                row.wins += int(won)
                row.save(update_fields=["mu", "sigma", "ordinal", "games", "wins", "updated_at"])
        RatingChange.objects.bulk_create(changes)
        return changes
