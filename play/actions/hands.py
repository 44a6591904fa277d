"""The daily hand allowance at counted tables: who may sit, and a hand counted per game.

Chained games (Ramponneau, Ambigu) count one hand per deal at their chip tables instead
(the economy's side, play/cave.py); practice tables against bots are free play.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play.actions.errors import ServiceError
from play.actions.lookups import engine_of, seats_by_position
from play.models import Seat, Table


def counts_hands_per_game(game_slug: str, practice: bool) -> bool:
    """Whether joining and starting count hands here (one per game).

    Chained games (Ramponneau, Ambigu) count one per deal at their chip tables instead
    (play/cave.py); practice tables against bots are free play.
    """
    return not practice and not engine_of(game_slug).chained


def _no_hands_error(level_ok: bool) -> ServiceError:
    if not level_ok:
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
    from accounts import hands

    if not counts_hands_per_game(game_slug, practice):
        return
    status = hands.status(user, game_slug)
    if not status.can_play:
        raise _no_hands_error(status.level_ok)


def count_hands(table: Table, number: int) -> bool:
    """A game is dealt at a counted table: one hand for each player seated.

    A player who has run out since they sat down (hands spent at another table) loses
    the seat and the table waits for someone else (returns False). Tavern keepers are
    never counted; none exists yet for these games.
    """
    from accounts import hands
    from play import cave

    if not counts_hands_per_game(table.game_slug, table.practice):
        return True
    humans = [s for s in seats_by_position(table).values() if s.user_id is not None]
    broke = [s for s in humans if not cave.keeps_table(table, s.user_id)
             and not hands.status(s.user, table.game_slug).can_play]
    if broke:
        Seat.objects.filter(pk__in=[s.pk for s in broke]).delete()
        del table._seats_by_position  # read again: seats were freed
        return False
    for seat in humans:
        try:
            hands.consume_hand(seat.user, table.game_slug, table_id=table.pk,
                               game_number=number,
                               is_owner=cave.keeps_table(table, seat.user_id),
                               position=seat.position)
        except hands.NoHandLeft as refusal:  # spent at the same instant elsewhere
            raise _no_hands_error(refusal.reason != "level") from None
    return True
