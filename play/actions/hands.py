"""The daily hand allowance at tables that count hands per game: who may sit, and a hand
counted for each player of each game dealt.

The economy keeps the count (economy/interface.py); chip tables count one hand per deal
themselves, and practice tables against bots are free play.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from economy import interface as economy
from play.actions.errors import ServiceError
from play.actions.lookups import forget_seats, seats_by_position
from play.models import Seat, Table


def _no_hands_error(reason: str) -> ServiceError:
    if reason == "level":
        return ServiceError(
            "no_hands",
            _("Vérifiez votre adresse e-mail pour jouer à ce jeu : les joueurs non vérifiés "
              "n'ont pas de mains."),
        )
    return ServiceError(
        "no_hands",
        _("Vous n'avez plus de main gratuite aujourd'hui pour ce jeu, ni de main de paquet : "
          "achetez un paquet de mains pour jouer."),
    )


def check_hands(game_slug, user, *, practice) -> None:
    """Refuse a seat at a counted table to a player with no hand left for the game."""
    verdict = economy.may_sit(user, game_slug, practice=practice)
    if not verdict.allowed:
        raise _no_hands_error(verdict.reason)


def count_hands(table: Table, number: int) -> bool:
    """A game is dealt at a counted table: one hand for each player seated.

    A player who has run out since they sat down (hands spent at another table) loses
    the seat and the table waits for someone else (returns False).
    """
    if not economy.counts_hands_per_game(table.game_slug, table.practice):
        return True
    humans = [s for s in seats_by_position(table).values() if s.user_id is not None]
    try:
        broke = economy.deal_in(table, humans, number)
    except economy.NoHandLeft as refusal:  # spent at the same instant elsewhere
        raise _no_hands_error(refusal.reason) from None
    if broke:
        Seat.objects.filter(pk__in=[s.pk for s in broke]).delete()
        forget_seats(table)
        return False
    return True
