"""A rematch: after a game, the same table opens again with the same players invited.

- ``do_rematch``: a player of a finished table proposes it. A new table copies the old
  one (game, options, places, pace, visibility, practice); the proposer sits at the
  place they held, the bots sit at theirs, and every other player's place is kept for
  them (``Table.rematch_invites``). A second player pressing "Revanche" on the same old
  table accepts the rematch already proposed instead of opening another.
- Accepting is sitting down (``do_join``), which puts an invited player at their place;
  the game starts when the last place is taken, as at any table.
- ``do_decline_rematch``: an invited player says no; their place opens to anyone the
  table admits (or to a bot the proposer adds).

The old table's page is told at once (a ``refresh`` broadcast), so its players see the
offer without reloading. Tables played for écus have no rematch: they go on by
themselves as long as players stay.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from economy import interface as economy
from play.actions.broadcast import broadcast_table_changed
from play.actions.errors import ServiceError
from play.actions.hands import check_hands
from play.actions.lookups import lock_table
from play.actions.tables import do_join, start_if_full
from play.models import Game, Seat, Table


def open_rematch(table: Table) -> Table | None:
    """The rematch proposed at ``table`` that is still open (waiting or playing)."""
    return table.rematches.exclude(status=Table.Status.CLOSED).order_by("-pk").first()


def _tell_old_table(table: Table) -> None:
    game = table.current_game()
    broadcast_table_changed(table.pk, game.version if game else 0,
                            game.pk if game else None, refresh=True)


def do_rematch(table, user) -> Table:
    """Propose (or accept) a rematch of the finished ``table``; returns the new table."""
    with transaction.atomic():
        table = lock_table(table)
        seat = table.seats.filter(user=user).first() if user is not None else None
        if seat is None:
            raise ServiceError("not_seated", _("Seuls les joueurs de la partie peuvent "
                                               "demander une revanche."))
        if economy.is_chip_table(table):
            raise ServiceError("forbidden", _("Une table d'écus continue tant qu'on y reste "
                                              "assis : pas de revanche à demander."))
        game = table.current_game()
        if game is None or game.status != Game.Status.FINISHED:
            raise ServiceError("game_not_over", _("La revanche se demande une fois la "
                                                  "partie terminée."))
        rematch = open_rematch(table)
        if rematch is not None:
            if rematch.seats.filter(user=user).exists():
                return rematch  # proposed already (a second click, another tab)
            if rematch.reserved_positions().get(seat.position) != user.pk:
                raise ServiceError("forbidden", _("Une revanche est déjà proposée et votre "
                                                  "place n'y est plus gardée."))
            do_join(rematch, user)  # the second player's "Revanche" accepts
            _tell_old_table(table)
            return rematch
        check_hands(table.game_slug, user, practice=table.practice)
        rematch = Table.objects.create(
            game_slug=table.game_slug, name=table.name, options=table.options,
            seat_count=table.seat_count, owner=user, visibility=table.visibility,
            pace=table.pace, move_seconds=table.move_seconds, stakes=table.stakes,
            practice=table.practice, rated=table.rated, rematch_of=table,
            rematch_invites={
                str(other.position): {"user": other.user_id, "name": other.name,
                                      "declined": False}
                for other in table.seats.select_related("user")
                if other.user_id is not None and other.pk != seat.pk
            },
        )
        Seat.objects.create(table=rematch, position=seat.position, user=user)
        for bot in table.seats.exclude(bot=""):
            Seat.objects.create(table=rematch, position=bot.position, bot=bot.bot,
                                bot_level=bot.bot_level)
        start_if_full(rematch)  # at once when nobody is to be asked (a game against bots)
        _tell_old_table(table)
        return rematch


def do_decline_rematch(rematch, user) -> Table:
    """An invited player turns the rematch down: their place opens."""
    with transaction.atomic():
        rematch = lock_table(rematch)
        invite = next((i for i in (rematch.rematch_invites or {}).values()
                       if user is not None and i["user"] == user.pk), None)
        if invite is None:
            raise ServiceError("not_invited", _("Vous n'êtes pas invité à cette revanche."))
        if rematch.status != Table.Status.WAITING or rematch.seats.filter(user=user).exists():
            raise ServiceError("forbidden", _("Vous avez déjà accepté cette revanche."))
        if not invite.get("declined"):
            invite["declined"] = True
            rematch.save(update_fields=["rematch_invites", "updated_at"])
            broadcast_table_changed(rematch.pk, 0)
            if rematch.rematch_of_id is not None:
                _tell_old_table(rematch.rematch_of)
        return rematch
