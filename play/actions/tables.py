"""Tables and seats: create, sit, add or remove a bot, leave, "play now"."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy as ngettext

from cardgames import BadOptions
from cardgames.core import BOT_LEVELS, DEFAULT_BOT_LEVEL
from economy import interface as economy
from play.actions.broadcast import broadcast_table_changed
from play.actions.errors import ServiceError, engine_words
from play.actions.games import schedule, start_game
from play.actions.guests import NO_HUMAN_TABLE, check_guest_tables, refuse_guest
from play.actions.hands import check_hands
from play.actions.leaving import abort_game
from play.actions.lookups import engine_of, lock_table
from play.models import Game, Seat, Table
from play.reliability import correspondence_games_finished, reliability
from taverne.names import BOT_NAMES  # reserved there: no player may take a bot's name


def _check_pace(pace, move_seconds):
    if pace == Table.Pace.LIVE and move_seconds in Table.LIVE_SECONDS:
        return
    if pace == Table.Pace.CORRESPONDENCE and move_seconds in [
        d * 86400 for d in Table.CORRESPONDENCE_DAYS
    ]:
        return
    raise ServiceError(
        "bad_options",
        _("Cadence refusée : 30, 60 ou 120 secondes en direct ; 1, 2, 3, 5, 7, 10 ou 14 jours "
          "par correspondance."),
    )


def _refuse_keeper_options(engine, resolved: dict) -> None:
    """The rake is a tavern keeper's, set from "Ma taverne" with a deck of cards: anywhere
    else it keeps the game's default (none)."""
    defaults = {option.key: option.default for option in engine.options}
    if any(resolved.get(key) != defaults.get(key)
           for key in economy.keeper_options(engine.slug)):
        raise ServiceError(
            "keeper_only",
            _("Seul un tavernier fixe un prélèvement : il ouvre sa table depuis « Ma "
              "taverne », avec un jeu de cartes de son inventaire."),
        )


def waiting_tables_cap() -> int:
    return settings.PLAY_WAITING_TABLES_PER_PLAYER


def _check_waiting_tables_cap(owner) -> None:
    """At most PLAY_WAITING_TABLES_PER_PLAYER tables waiting for players per player (their
    tavern tables aside): the lobby is nobody's to fill. The player's row is locked so
    that tables created at once are counted one after the other."""
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
    cap = waiting_tables_cap()
    waiting = (Table.objects.filter(owner=owner, status=Table.Status.WAITING, practice=False)
               .exclude(pk__in=economy.kept_table_ids(owner)).count())
    if waiting >= cap:
        raise ServiceError(
            "too_many_tables",
            ngettext(
                "Vous avez déjà %(count)s table qui attend des joueurs, le maximum : "
                "lancez-la ou quittez-la avant d'en ouvrir une autre.",
                "Vous avez déjà %(count)s tables qui attendent des joueurs, le maximum : "
                "lancez-en une ou quittez-en une avant d'en ouvrir une autre.",
                cap,
            ),
            count=cap,
        )


def do_create_table(
    owner,
    game_slug,
    *,
    seat_count,
    options=None,
    visibility="public",
    pace="live",
    move_seconds=60,
    stakes=None,
    name="",
    practice=False,
    tavern=False,
    min_reliability=None,
    rated=True,
) -> Table:
    """A new table, its owner seated at position 0 (a guest's only for practice).

    ``tavern``: opened by the economy from a keeper's tavern, with a deck of cards
    (economy/chips/taverns.py); only such a table takes the keeper's options (the rake),
    and it does not count against the cap on waiting tables.
    ``rated``: off for a casual table (pairing/: a seek or a challenge asked for one).
    """
    if not practice:
        refuse_guest(owner, NO_HUMAN_TABLE)
    engine = engine_of(game_slug)
    try:
        resolved = engine.resolve_options(options or {})
        engine.check_seats(seat_count, resolved)
    except BadOptions as refusal:
        raise ServiceError("bad_options", engine_words(game_slug, refusal)) from None
    if owner is not None and not tavern:  # a system table's (no owner) rake is burnt
        _refuse_keeper_options(engine, resolved)
    if visibility not in Table.Visibility.values:
        raise ServiceError("bad_options", _("Visibilité inconnue."))
    _check_pace(pace, move_seconds)
    min_reliability = check_min_reliability(min_reliability)
    if owner is not None:
        check_hands(game_slug, owner, practice=practice)
    with transaction.atomic():
        if owner is not None and not practice and not tavern:
            _check_waiting_tables_cap(owner)
            if pace == Table.Pace.CORRESPONDENCE:
                check_correspondence_room(owner)
        table = Table.objects.create(
            game_slug=game_slug,
            name=name[:80],
            options=resolved,
            seat_count=seat_count,
            owner=owner,
            visibility=visibility,
            pace=pace,
            move_seconds=move_seconds,
            stakes=stakes or {},
            practice=practice,
            min_reliability=min_reliability,
            rated=rated,
        )
        if owner is not None:
            Seat.objects.create(table=table, position=0, user=owner)
    return table


def _free_position(table: Table, position, user=None):
    """The place to sit at: ``position`` if free, else the first free one. A place kept
    for a player invited to a rematch goes to that player only."""
    taken = set(table.seats.values_list("position", flat=True))
    reserved = table.reserved_positions()
    mine = next((p for p, u in reserved.items() if user is not None and u == user.pk), None)
    if mine is not None and mine not in taken and position in (None, mine):
        return mine
    if position in reserved and position not in taken:
        raise ServiceError("reserved", _("Cette place est gardée pour un joueur invité à la "
                                         "revanche."))
    taken |= set(reserved)
    if position is None:
        free = [p for p in range(table.seat_count) if p not in taken]
        if not free:
            raise ServiceError("table_full", _("La table est complète."))
        return free[0]
    if not (isinstance(position, int) and 0 <= position < table.seat_count):
        raise ServiceError("bad_options", _("Cette place n'existe pas."))
    if position in taken:
        raise ServiceError("table_full", _("Cette place est prise."))
    return position


def _check_waiting(table: Table):
    if table.status != Table.Status.WAITING:
        raise ServiceError("forbidden", _("La partie a commencé : on ne peut plus s'asseoir."))


def _check_open_to_sit(table: Table):
    """A table whose game started with every place taken is full (``table_full``, a
    conflict as at a full waiting table); any other that no longer waits refuses."""
    if (table.status == Table.Status.PLAYING
            and table.seats.count() >= table.seat_count):
        raise ServiceError("table_full", _("La table est complète."))
    _check_waiting(table)


def do_join(table, user, position=None) -> Seat:
    """Sit `user` at the table; the first game starts when the last seat is taken. Guests
    never join: their practice tables are full from the start."""
    refuse_guest(user, NO_HUMAN_TABLE)
    with transaction.atomic():
        table = lock_table(table)
        if table.seats.filter(user=user).exists():
            raise ServiceError("already_seated", _("Vous êtes déjà à cette table."))
        _check_open_to_sit(table)
        check_hands(table.game_slug, user, practice=table.practice)
        check_reliability(table, user)
        if table.pace == Table.Pace.CORRESPONDENCE and not table.practice:
            check_correspondence_room(user)
        seat = Seat.objects.create(
            table=table, position=_free_position(table, position, user), user=user
        )
        if economy.is_chip_table(table):
            economy.seat_taken(table)  # the house's table full: it opens another
        start_if_full(table)
    return seat


# Board Game Arena's rule against abandoned games: a new account holds CORRESPONDENCE_START
# correspondence tables at once, one more per correspondence table it saw to the end
# (no resignation, no timeout), up to CORRESPONDENCE_CEILING.
CORRESPONDENCE_START = 4
CORRESPONDENCE_CEILING = 30


def correspondence_room(user) -> tuple[int, int]:
    """(tables held, tables allowed): the correspondence tables ``user`` sits at, waiting or
    being played, and how many they may hold."""
    held = (Table.objects.filter(pace=Table.Pace.CORRESPONDENCE, practice=False,
                                 status__in=(Table.Status.WAITING, Table.Status.PLAYING),
                                 seats__user=user, seats__sitting_out=False)
            .distinct().count())
    allowed = min(CORRESPONDENCE_CEILING,
                  CORRESPONDENCE_START + correspondence_games_finished(user.pk))
    return held, allowed


def check_correspondence_room(user) -> None:
    """Refuses ``too_many_correspondence_games`` to a player who holds as many
    correspondence tables as they may (the pairing's seeks and challenges ask it too)."""
    held, allowed = correspondence_room(user)
    if held >= allowed:
        raise ServiceError("too_many_correspondence_games", ngettext(
            "Vous avez déjà %(allowed)s partie par correspondance en cours, votre limite : "
            "finissez-en une pour en commencer une autre. Chaque partie menée à son terme, "
            "sans abandon ni dépassement du temps, vous en accorde une de plus (jusqu'à "
            "%(ceiling)s).",
            "Vous avez déjà %(allowed)s parties par correspondance en cours, votre limite : "
            "finissez-en une pour en commencer une autre. Chaque partie menée à son terme, "
            "sans abandon ni dépassement du temps, vous en accorde une de plus (jusqu'à "
            "%(ceiling)s).", allowed),
            allowed=allowed, ceiling=CORRESPONDENCE_CEILING)


MIN_RELIABILITY_CHOICES = (50, 75, 90, 95)


def check_min_reliability(minimum) -> int | None:
    """A table's « Fiabilité minimale »: none, or one of ``MIN_RELIABILITY_CHOICES``."""
    if minimum in (None, "", 0):
        return None
    if minimum not in MIN_RELIABILITY_CHOICES:
        raise ServiceError("bad_options", _("Fiabilité minimale inconnue : choisissez 50, 75, "
                                            "90 ou 95 %."))
    return minimum


def check_reliability(table, user) -> None:
    """A table asking for a minimum share of finished games refuses a player below it (a
    new player, whose share is not known yet, sits: play/reliability.py)."""
    if not table.min_reliability:
        return
    mine = reliability(user)
    if not mine.meets(table.min_reliability):
        raise ServiceError(
            "unreliable",
            _("Cette table demande d'avoir fini au moins %(minimum)s %% de ses parties ; "
              "vous en avez fini %(yours)s %%."),
            minimum=table.min_reliability, yours=mine.finished_percent)


def do_open_table(game_slug, users, *, seat_count, options=None, pace="live",
                  move_seconds=60, rated=True, bots: bool = False) -> Table:
    """A table opened for players already agreed on (pairing/: a seek met, a challenge
    accepted): created without an owner, ``users`` seated in that order, the places left
    taken by bots when ``bots``, the first game dealt.

    One transaction and the table's seats written at once, not a ``do_join`` per player:
    the caller checked each player's hands (``check_hands``); the deal counts them again
    under the wallet's lock (``count_hands``), so a hand spent meanwhile still refuses
    the seat, and the table then waits."""
    for user in users:
        refuse_guest(user, NO_HUMAN_TABLE)
    with transaction.atomic():
        table = do_create_table(None, game_slug, seat_count=seat_count, options=options,
                                pace=pace, move_seconds=move_seconds, rated=rated)
        if len(users) > table.seat_count:
            raise ServiceError("table_full", _("La table est complète."))
        Seat.objects.bulk_create([Seat(table=table, position=position, user=user)
                                  for position, user in enumerate(users)])
        if bots:
            for position in range(len(users), table.seat_count):
                seat_bot(table, position, "")
        if bots or len(users) == table.seat_count:  # full: dealt at once
            table.status = Table.Status.PLAYING
            table.save(update_fields=["status", "updated_at"])
            start_game(table)
        else:
            broadcast_table_changed(table.pk, 0)
    return table


def check_bot_level(level: str) -> str:
    """The level asked for, or the default when none was; an unknown one is refused."""
    if not level:
        return DEFAULT_BOT_LEVEL
    if level not in BOT_LEVELS:
        raise ServiceError("bad_options", _("Niveau d'automate inconnu."))
    return level


def do_add_bot(table, by_user, position=None, level: str = "") -> Seat:
    """Seat a bot playing at ``level`` (débutant, habitué, maître); only the table's host
    (its owner) may, and never at a table played for écus (docs/economy.md, "Bots and
    écus"): practice tables are where one plays bots at those games. A bot is never a
    stranger's way to fill a table others wait at."""
    level = check_bot_level(level)
    with transaction.atomic():
        table = lock_table(table)
        if economy.is_chip_table(table):
            raise ServiceError(
                "no_bots",
                _("Pas d'automate aux tables d'écus : on y joue entre joueurs. Pour vous "
                  "entraîner contre des automates, choisissez « Jouer maintenant contre des "
                  "robots » dans la salle de jeu."),
            )
        if by_user is None or table.owner_id != by_user.pk:
            raise ServiceError(
                "forbidden", _("Seul l'hôte de la table peut ajouter un automate."),
            )
        _check_waiting(table)
        seat = seat_bot(table, _free_position(table, position), level)
        start_if_full(table)
    return seat


def do_remove_bot(table, by_user, position) -> None:
    """Take the bot at ``position`` away from a table still waiting for players (the
    host only). Its place opens to anyone the table admits."""
    do_free_seat(table, by_user, position, bots_only=True)


def do_free_seat(table, by_user, position, *, bots_only=False) -> None:
    """The host frees a seat of a table still waiting for players: a bot's, or a player's
    who sat and does not start the game (that player may sit again). At a chip table
    every seated player has caved: their seat is theirs until they cash out."""
    with transaction.atomic():
        table = lock_table(table)
        if by_user is None or table.owner_id != by_user.pk:
            raise ServiceError(
                "forbidden",
                _("Seul l'hôte de la table peut retirer un automate ou libérer une place."),
            )
        _check_waiting(table)
        seat = table.seats.filter(position=position).first() if isinstance(position, int) else None
        if seat is None or (bots_only and not seat.is_bot):
            raise ServiceError("bad_options", _("Il n'y a pas d'automate à cette place."))
        if seat.user_id == by_user.pk:
            raise ServiceError("bad_options",
                               _("C'est votre place : pour la quitter, quittez la table."))
        if not seat.is_bot and economy.is_chip_table(table):
            raise ServiceError(
                "forbidden",
                _("À une table d'écus, un joueur assis a cavé : lui seul ramasse ses gains "
                  "et libère sa place."),
            )
        seat.delete()
        broadcast_table_changed(table.pk, 0)


def seat_bot(table: Table, position: int, level: str) -> Seat:
    """A bot at ``position`` of a (locked) table, named after the bots already there."""
    used = set(table.seats.exclude(bot="").values_list("bot", flat=True))
    name = next((n for n in BOT_NAMES if n not in used), f"Automate {len(used) + 1}")
    return Seat.objects.create(table=table, position=position, bot=name, bot_level=level)


def do_leave(table, user) -> None:
    """Leave a table: before the start the seat is freed; during a game the bot plays it
    (the player may come back: ``do_come_back``), or, when no other seat is human, the
    game is aborted and the table closes.

    At a chip table leaving is cashing out (the economy's `player_leaves_chip_table`):
    paid at once, or when the hand being played is settled, the bot playing the seat
    until then.
    """
    with transaction.atomic():
        table = lock_table(table)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise ServiceError("not_seated", _("Vous n'êtes pas à cette table."))
        if economy.is_chip_table(table):
            economy.player_leaves_chip_table(table, seat)
            game = table.current_game()
            if (game is not None and game.status == Game.Status.PLAYING
                    and table.status == Table.Status.PLAYING):
                game = Game.objects.select_for_update().get(pk=game.pk)
                schedule(game, table, previous_actor=game.actor)
                game.save(update_fields=["deadline", "bot_due_at", "remind_at", "vacation"])
            broadcast_table_changed(table.pk, game.version if game else 0,
                                    game.pk if game else None)
            return
        if table.status == Table.Status.WAITING:
            seat.delete()
            invite = (table.rematch_invites or {}).get(str(seat.position))
            if invite is not None and invite["user"] == user.pk:
                invite["declined"] = True  # an invited player who sat then left: place freed
                table.save(update_fields=["rematch_invites", "updated_at"])
            if not table.seats.filter(user__isnull=False).exists():
                table.status = Table.Status.CLOSED
                table.save(update_fields=["status", "updated_at"])
            broadcast_table_changed(table.pk, 0)
            return
        seat.sitting_out = True
        seat.save(update_fields=["sitting_out"])
        game = table.current_game()
        alone = not table.seats.filter(user__isnull=False).exclude(pk=seat.pk).exists()
        if (alone and game is not None and game.status == Game.Status.PLAYING
                and table.status == Table.Status.PLAYING):
            # A game against bots only (practice, "Jouer maintenant"): left at any moment,
            # it is aborted (no result) and the table closes.
            game = Game.objects.select_for_update().get(pk=game.pk)
            table.status = Table.Status.CLOSED
            table.save(update_fields=["status", "updated_at"])
            abort_game(game, table, seat.position, user)
            return
        humans_left = table.seats.filter(user__isnull=False, sitting_out=False).exists()
        if not humans_left and table.status == Table.Status.PLAYING:
            # Bots do not play on alone: the table closes and the timers stop.
            table.status = Table.Status.CLOSED
            table.save(update_fields=["status", "updated_at"])
            if game is not None:
                Game.objects.filter(pk=game.pk).update(deadline=None, bot_due_at=None)
        elif game is not None and game.status == Game.Status.PLAYING:
            game = Game.objects.select_for_update().get(pk=game.pk)
            schedule(game, table, previous_actor=game.actor)
            game.save(update_fields=["deadline", "bot_due_at", "remind_at", "vacation"])
        broadcast_table_changed(table.pk, game.version if game else 0, game.pk if game else None)


def do_play_now(user, game_slug, level: str = "") -> Table:
    """"Play now against bots": a practice table with the user and bots of that level,
    already dealt."""
    engine = engine_of(game_slug)
    level = check_bot_level(level)
    with transaction.atomic():
        check_guest_tables(user)
        table = do_create_table(
            user,
            game_slug,
            seat_count=engine.default_seats,
            visibility=Table.Visibility.UNLISTED,
            practice=True,
            name="",
        )
        for _ in range(table.seat_count - 1):
            do_add_bot(table, user, level=level)
        table.refresh_from_db()
    return table


def start_if_full(table: Table) -> None:
    if table.seats.count() < table.seat_count:
        broadcast_table_changed(table.pk, 0)
        return
    table.status = Table.Status.PLAYING
    table.save(update_fields=["status", "updated_at"])
    start_game(table)
