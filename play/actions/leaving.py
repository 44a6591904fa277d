"""The ways out of a game in progress, and back into it: resign, abort, come back.

- ``do_resign``: the player concedes (their whole side in a partnership game); the other
  seats win. The game ends ``ending="resigned"`` and, at a chained table, so does the
  table's session: no next hand is dealt.
- ``do_abort``: until the player's second move the game can be called off instead, with
  no result for anyone (``ending="aborted"``, ``result=None``), as Lichess does; three
  games with other people called off in 24 hours, and the player may only resign until
  the oldest is a day old (play/aborts.py).
- ``do_come_back``: a player marked absent (after timeouts, or who left a running game)
  takes their seat back from the bot.
- ``do_new_stack``: at a practice table of a chip game whose session ended with the
  player broke (play/actions/stacks.py), « Reprendre un tapis »: a fresh stack and the
  next hand, at the same table.

Leaving a practice game (``play.actions.tables.do_leave``) aborts it when nobody else
at the table is human. Tables played for écus keep their own way out (stand up and cash
out, economy/interface.py): resigning or aborting is refused there.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import formats, timezone
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from economy import interface as economy
from play import aborts
from play.actions.errors import ServiceError
from play.actions.games import end_game, publish, record_platform, schedule, start_game
from play.actions.lookups import lock_table, seats_by_position
from play.actions.stacks import is_practice_chip_table, restacked_carry
from play.models import Game, Table


def _lock_last_game_and_seat(table, user):
    """Lock the table's latest game, then the table (the order ``do_act`` takes them, so a
    resignation racing the last move cannot deadlock); the user's seat, ``not_seated``
    otherwise. Returns (table, seat, game); game None before the first deal."""
    table_id = table.pk if isinstance(table, Table) else table
    last = Game.objects.filter(table_id=table_id).order_by("-number").first()
    game = Game.objects.select_for_update().get(pk=last.pk) if last else None
    table = lock_table(table_id)
    seat = next((s for s in seats_by_position(table).values()
                 if user is not None and s.user_id == user.pk), None)
    if seat is None:
        raise ServiceError("not_seated", _("Vous n'êtes pas assis à cette table."))
    return table, seat, game


def seat_and_game(table, user):
    """The game in progress, its locked table and the user's seat (refusals otherwise)."""
    table, seat, game = _lock_last_game_and_seat(table, user)
    if game is None or game.status != Game.Status.PLAYING or table.status != Table.Status.PLAYING:
        raise ServiceError("game_over", _("Aucune partie en cours."))
    if table.current_game().pk != game.pk:  # the next hand was dealt meanwhile
        raise ServiceError("stale", _("La partie a avancé depuis : voici la position à jour."))
    game.table = table  # one table object, its seats read once
    return table, seat, game


def _refuse_chip_table(table) -> None:
    if economy.is_chip_table(table):
        raise ServiceError(
            "forbidden",
            _("À une table d'écus, on ne déclare pas forfait : levez-vous pour ramasser vos "
              "gains."),
        )


def may_abort(game: Game, position: int) -> bool:
    """Whether the game can still be aborted by the player at ``position``: before their
    second move of the table's first game (a chained table's later hands build on the
    earlier ones)."""
    return (game.status == Game.Status.PLAYING and game.number == 1
            and (game.moves or {}).get(str(position), 0) < 2)


def do_resign(table, user) -> Game:
    """The player resigns: the other seats (the other side) win, the game is over."""
    with transaction.atomic():
        table, seat, game = seat_and_game(table, user)
        _refuse_chip_table(table)
        engine = table.engine
        resigned = sorted(engine.partners(game.state, seat.position))
        try:
            result = engine.result(game.state)
        except Exception:  # a game over only when played out: no result to keep
            result = None
        result = dict(result) if isinstance(result, dict) else {}
        result["resigned"] = resigned
        result["winners"] = [p for p in range(table.seat_count) if p not in resigned]
        previous_key = (game.pk, game.version)
        record_platform(game, table, "platform.resigned", seat.position, user)
        end_game(game, table, Game.Ending.RESIGNED, result)
        game.save()
        publish(game, table, previous_key)
        return game


TOO_MANY_ABORTS = ngettext_lazy(
    "Vous avez déjà annulé %(count)s partie en 24 heures : vous pourrez de nouveau annuler "
    "le %(day)s à partir de %(time)s ; d'ici là, vous pouvez abandonner.",
    "Vous avez déjà annulé %(count)s parties en 24 heures : vous pourrez de nouveau annuler "
    "le %(day)s à partir de %(time)s ; d'ici là, vous pouvez abandonner.", "count")


def _moment(when, part: str) -> str:
    """A day (``DATE_FORMAT``) or a time (``TIME_FORMAT``) as the reader writes it, in the
    site's time zone."""
    return formats.date_format(timezone.localtime(when), part)


def abort_refusal(game: Game, user) -> ServiceError | None:
    """Why ``user`` may not call ``game`` off for having called off too many (None: they
    may). A game with nobody else in it is never refused: aborting it harms no one."""
    if not aborts.with_other_people(game, user):
        return None
    when = aborts.next_abort_at(user)
    if when is None:
        return None
    # worded when shown, in the reader's language
    return ServiceError("too_many_aborts", TOO_MANY_ABORTS, count=aborts.ABORTS_PER_DAY,
                        day=lazy(_moment, str)(when, "DATE_FORMAT"),
                        time=lazy(_moment, str)(when, "TIME_FORMAT"))


def do_abort(table, user) -> Game:
    """Call the game off before the player's second move: nobody wins or loses."""
    with transaction.atomic():
        # The player's row first (as a vacation locks it, before their games): two aborts
        # at once are counted one after the other.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        table, seat, game = seat_and_game(table, user)
        _refuse_chip_table(table)
        if not may_abort(game, seat.position):
            raise ServiceError(
                "too_late",
                _("Vous avez déjà joué deux coups : la partie ne peut plus être annulée, "
                  "mais vous pouvez abandonner."),
            )
        refusal = abort_refusal(game, user)
        if refusal is not None:
            raise refusal
        abort_game(game, table, seat.position, user)
        return game


def abort_game(game: Game, table: Table, position: int, user) -> None:
    """End a (locked) game with no result, logged as called off by ``position``."""
    previous_key = (game.pk, game.version)
    record_platform(game, table, "platform.aborted", position, user)
    end_game(game, table, Game.Ending.ABORTED, None)
    game.save()
    publish(game, table, previous_key)


def do_come_back(table, user) -> Game:
    """"Je reviens": a player marked absent takes their seat back from the bot."""
    with transaction.atomic():
        table, seat, game = seat_and_game(table, user)
        if economy.is_chip_table(table):
            # There an absent seat is a player who cashed out: they sit down again by
            # buying in (economy), not by coming back.
            raise ServiceError(
                "forbidden", _("À une table d'écus, on revient en reprenant une cave.")
            )
        if not seat.sitting_out:
            raise ServiceError("not_absent", _("Vous tenez déjà votre place."))
        seat.sitting_out = False
        seat.timeouts = 0
        seat.save(update_fields=["sitting_out", "timeouts"])
        previous_key = (game.pk, game.version)
        record_platform(game, table, "platform.back", seat.position, user)
        schedule(game, table, previous_actor=game.actor)
        game.save()
        publish(game, table, previous_key)
        return game


def do_new_stack(table, user) -> Game:
    """« Reprendre un tapis »: the player, broke at a practice table of a chip game whose
    session is over, gets the game's starting stack again and the next hand is dealt
    there (the others keep their chips)."""
    with transaction.atomic():
        table, seat, game = _lock_last_game_and_seat(table, user)
        if not is_practice_chip_table(table):
            raise ServiceError(
                "forbidden",
                _("Un nouveau tapis se prend aux tables d'entraînement des jeux à jetons ; "
                  "à une table d'écus, on reprend une cave."),
            )
        if (game is None or game.status != Game.Status.FINISHED
                or table.status != Table.Status.FINISHED
                or "session" not in (game.result or {})):
            raise ServiceError(
                "game_not_over",
                _("La partie continue : on reprend un tapis quand on n'a plus de jetons."),
            )
        if seat.position not in game.result["session"]["broke"]:
            raise ServiceError(
                "not_broke",
                _("Vous avez encore des jetons : pour recommencer, proposez une revanche."),
            )
        carry = restacked_carry(table, game.state, seat.position)
        seat.sitting_out = False
        seat.timeouts = 0
        seat.save(update_fields=["sitting_out", "timeouts"])
        table.status = Table.Status.PLAYING
        table.save(update_fields=["status", "updated_at"])
        return start_game(table, carry)
