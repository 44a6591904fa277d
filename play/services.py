"""Every change to tables and games goes through these action functions.

Each one is a single transaction that locks the row it changes (`select_for_update` on
the table or the game), checks everything inside the transaction, and broadcasts with
`transaction.on_commit`, so nobody hears of a change that was rolled back. Group
messages only say "table N changed, version V": every connection then renders its own
seat's view (play/consumers.py), so no hidden card ever travels through a group.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from cardgames import CHANCE, BadOptions, IllegalAction
from cardgames.registry import UnknownGame, get_game
from play.models import Action, ChatMessage, ChatMute, Game, Participant, Seat, Table

log = logging.getLogger(__name__)

# Chance draws from the operating system: nobody, not even someone who knows the
# server's seed history, can predict a deal.
_system_random = secrets.SystemRandom()

BOT_NAMES = (
    "Gaston", "Lucienne", "Firmin", "Berthe", "Anatole", "Hortense", "Médéric",
    "Joséphine", "Ernest", "Philomène",
)
CHAT_RATE = (5, 10)  # at most 5 messages per 10 seconds, per user and table


def bot_delay():
    return float(getattr(settings, "PLAY_BOT_DELAY", 0.8))


class ServiceError(Exception):
    """A refused request: `code` is stable (docs/protocol.md lists them), `fr`/`en` say why."""

    def __init__(self, code: str, fr: str, en: str | None = None, rule: str = ""):
        self.code = code
        self.fr = fr
        self.en = en or fr
        self.rule = rule
        super().__init__(f"{code}: {fr}")

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr

    def as_dict(self, lang: str = "fr") -> dict:
        data = {"type": "error", "code": self.code, "message": self.message(lang)}
        if self.rule:
            data["rule"] = self.rule
        return data


@dataclass
class ActResult:
    game: Game
    version: int
    duplicate: bool = False


# ----- broadcasting --------------------------------------------------------------------


_server_loop = None


def remember_server_loop(loop) -> None:
    """Called by the consumers: the event loop serving the sockets of this process."""
    global _server_loop
    _server_loop = loop


def _group_send(table_id: int, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    group = f"table-{table_id}"
    loop = _server_loop
    if loop is not None and loop.is_running() and not loop.is_closed():
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not loop:
            # In a server's database thread: hand the send to the event loop and return,
            # so the thread that serialises database work never waits on the sockets.
            future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), loop)
            future.add_done_callback(_log_failed_send)
            return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a broadcast lost is repaired by the next one or a sync
        log.exception("broadcast to table %s failed", table_id)


def _log_failed_send(future):
    if not future.cancelled() and future.exception() is not None:
        log.error("table broadcast failed", exc_info=future.exception())


def broadcast_table_changed(table_id: int, version: int, game_id: int | None = None) -> None:
    """After commit: tell the table's connections to re-render (nothing private inside)."""
    message = {"type": "table.changed", "version": version, "game_id": game_id}
    transaction.on_commit(lambda: _group_send(table_id, message))


# ----- tables and seats --------------------------------------------------------------


def _engine(slug):
    try:
        return get_game(slug)
    except (UnknownGame, ModuleNotFoundError):
        raise ServiceError(
            "bad_options", f"Jeu inconnu : {slug}.", f"Unknown game: {slug}."
        ) from None


def _lock_table(table) -> Table:
    table_id = table.pk if isinstance(table, Table) else table
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist:
        raise ServiceError("not_found", "Cette table n'existe pas.", "No such table.") from None


def _check_pace(pace, move_seconds):
    if pace == Table.Pace.LIVE and move_seconds in Table.LIVE_SECONDS:
        return
    if pace == Table.Pace.CORRESPONDENCE and move_seconds in [
        d * 86400 for d in Table.CORRESPONDENCE_DAYS
    ]:
        return
    raise ServiceError(
        "bad_options",
        "Cadence refusée : 30, 60 ou 120 secondes en direct ; 1, 2, 3, 5, 7, 10 ou 14 jours "
        "par correspondance.",
        "Pace refused: 30, 60 or 120 seconds live; 1, 2, 3, 5, 7, 10 or 14 days by "
        "correspondence.",
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
) -> Table:
    """A new table, its owner seated at position 0."""
    engine = _engine(game_slug)
    try:
        resolved = engine.resolve_options(options or {})
        engine.check_seats(seat_count, resolved)
    except BadOptions as refusal:
        raise ServiceError("bad_options", refusal.fr, refusal.en) from None
    if visibility not in Table.Visibility.values:
        raise ServiceError("bad_options", "Visibilité inconnue.", "Unknown visibility.")
    _check_pace(pace, move_seconds)
    if owner is not None:
        _check_hands(game_slug, owner, practice=practice)
    with transaction.atomic():
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
        )
        if owner is not None:
            Seat.objects.create(table=table, position=0, user=owner)
    return table


def _free_position(table: Table, position):
    taken = set(table.seats.values_list("position", flat=True))
    if position is None:
        free = [p for p in range(table.seat_count) if p not in taken]
        if not free:
            raise ServiceError("table_full", "La table est complète.", "The table is full.")
        return free[0]
    if not (isinstance(position, int) and 0 <= position < table.seat_count):
        raise ServiceError("bad_options", "Cette place n'existe pas.", "No such seat.")
    if position in taken:
        raise ServiceError("table_full", "Cette place est prise.", "That seat is taken.")
    return position


def _check_waiting(table: Table):
    if table.status != Table.Status.WAITING:
        raise ServiceError(
            "forbidden",
            "La partie a commencé : on ne peut plus s'asseoir.",
            "The game has started: no more seats can be taken.",
        )


def do_join(table, user, position=None) -> Seat:
    """Sit `user` at the table; the first game starts when the last seat is taken."""
    with transaction.atomic():
        table = _lock_table(table)
        if table.seats.filter(user=user).exists():
            raise ServiceError(
                "already_seated", "Vous êtes déjà à cette table.", "You already sit at this table."
            )
        _check_waiting(table)
        _check_hands(table.game_slug, user, practice=table.practice)
        seat = Seat.objects.create(
            table=table, position=_free_position(table, position), user=user
        )
        _start_if_full(table)
    return seat


def do_add_bot(table, by_user, position=None) -> Seat:
    """Seat a bot; only a seated player (or the owner) may."""
    with transaction.atomic():
        table = _lock_table(table)
        if table.owner_id != by_user.pk and not table.seats.filter(user=by_user).exists():
            raise ServiceError(
                "forbidden",
                "Seuls les joueurs de la table peuvent ajouter un automate.",
                "Only the table's players may add a bot.",
            )
        _check_waiting(table)
        used = set(table.seats.exclude(bot="").values_list("bot", flat=True))
        name = next((n for n in BOT_NAMES if n not in used), f"Automate {len(used) + 1}")
        seat = Seat.objects.create(table=table, position=_free_position(table, position), bot=name)
        _start_if_full(table)
    return seat


def do_leave(table, user) -> None:
    """Leave a table: before the start the seat is freed; during a game the bot plays it.

    At a chip table leaving is cashing out (play/cave.py `leave_chip_table`): paid at
    once, or when the hand being played is settled, the bot playing the seat until then.
    """
    from play import cave

    with transaction.atomic():
        table = _lock_table(table)
        seat = table.seats.filter(user=user).first()
        if seat is None:
            raise ServiceError("not_seated", "Vous n'êtes pas à cette table.",
                               "You do not sit at this table.")
        if cave.is_chip_table(table):
            cave.leave_chip_table(table, seat)
            game = table.current_game()
            if (game is not None and game.status == Game.Status.PLAYING
                    and table.status == Table.Status.PLAYING):
                game = Game.objects.select_for_update().get(pk=game.pk)
                _schedule(game, table, previous_actor=game.actor)
                game.save(update_fields=["deadline", "bot_due_at"])
            broadcast_table_changed(table.pk, game.version if game else 0,
                                    game.pk if game else None)
            return
        if table.status == Table.Status.WAITING:
            seat.delete()
            if not table.seats.filter(user__isnull=False).exists():
                table.status = Table.Status.CLOSED
                table.save(update_fields=["status", "updated_at"])
            broadcast_table_changed(table.pk, 0)
            return
        seat.sitting_out = True
        seat.save(update_fields=["sitting_out"])
        game = table.current_game()
        humans_left = table.seats.filter(user__isnull=False, sitting_out=False).exists()
        if not humans_left and table.status == Table.Status.PLAYING:
            # Bots do not play on alone: the table closes and the timers stop.
            table.status = Table.Status.CLOSED
            table.save(update_fields=["status", "updated_at"])
            if game is not None:
                Game.objects.filter(pk=game.pk).update(deadline=None, bot_due_at=None)
        elif game is not None and game.status == Game.Status.PLAYING:
            game = Game.objects.select_for_update().get(pk=game.pk)
            _schedule(game, table, previous_actor=game.actor)
            game.save(update_fields=["deadline", "bot_due_at"])
        broadcast_table_changed(table.pk, game.version if game else 0, game.pk if game else None)


def do_play_now(user, game_slug) -> Table:
    """"Play now against bots": a practice table with the user and bots, already dealt."""
    engine = _engine(game_slug)
    with transaction.atomic():
        table = do_create_table(
            user,
            game_slug,
            seat_count=engine.default_seats,
            visibility=Table.Visibility.UNLISTED,
            practice=True,
            name="",
        )
        for _ in range(table.seat_count - 1):
            do_add_bot(table, user)
        table.refresh_from_db()
    return table


def _start_if_full(table: Table) -> None:
    if table.seats.count() < table.seat_count:
        broadcast_table_changed(table.pk, 0)
        return
    table.status = Table.Status.PLAYING
    table.save(update_fields=["status", "updated_at"])
    start_game(table)


# ----- hands (the daily allowance) -----------------------------------------------------


def counts_hands_per_game(game_slug: str, practice: bool) -> bool:
    """Whether joining and starting count hands here (one per game).

    Chained games (Ramponneau, Ambigu) count one per deal at their chip tables instead
    (play/cave.py); practice tables against bots are free play.
    """
    return not practice and not _engine(game_slug).chained


def _no_hands_error(level_ok: bool) -> ServiceError:
    if not level_ok:
        return ServiceError(
            "no_hands",
            "Vérifiez votre adresse e-mail pour jouer à ce jeu : les joueurs non vérifiés "
            "n'ont pas de mains.",
            "Verify your e-mail address to play this game: unverified players get no hands.",
        )
    return ServiceError(
        "no_hands",
        "Vous n'avez plus de main gratuite aujourd'hui pour ce jeu, ni de main de paquet : "
        "achetez un paquet de mains pour jouer.",
        "You have no free hand left today for this game, and no pack hand: buy a hand "
        "pack to play.",
    )


def _check_hands(game_slug, user, *, practice) -> None:
    """Refuse a seat at a counted table to a player with no hand left for the game."""
    from accounts import hands

    if not counts_hands_per_game(game_slug, practice):
        return
    status = hands.status(user, game_slug)
    if not status.can_play:
        raise _no_hands_error(status.level_ok)


def _count_hands(table: Table, number: int) -> bool:
    """A game is dealt at a counted table: one hand for each player seated.

    A player who has run out since they sat down (hands spent at another table) loses
    the seat and the table waits for someone else (returns False). Tavern keepers are
    never counted; none exists yet for these games.
    """
    from accounts import hands
    from play import cave

    if not counts_hands_per_game(table.game_slug, table.practice):
        return True
    humans = [s for s in _seats(table).values() if s.user_id is not None]
    broke = [s for s in humans if not cave.keeps_table(table, s.user_id)
             and not hands.status(s.user, table.game_slug).can_play]
    if broke:
        Seat.objects.filter(pk__in=[s.pk for s in broke]).delete()
        del table._seats_by_position
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


# ----- games --------------------------------------------------------------------------


def next_carry(table: Table, final_state: dict) -> dict | None:
    """What the next hand of a chained table starts from.

    The economy (caves, leaving players, sitting out) hooks in here: it may change the
    engine's carry (stacks...) before the next hand is dealt. Called inside the
    transaction that finished the hand, with the table row locked.
    """
    from play import cave

    if cave.is_chip_table(table):
        return cave.next_carry(table, final_state)
    return table.engine.carry(final_state)


def start_game(table: Table, carry: dict | None = None) -> Game | None:
    """Create the next Game of a (locked) table and play chance up to the first decision.

    At a chip table (play/cave.py) the caves decide who is dealt in; with fewer than
    two players able to play, no game starts: the table waits (returns None). At other
    counted tables each seated player is counted a hand (`_count_hands`); a player with
    none left is unseated and the table waits too.
    """
    from play import cave

    engine = table.engine
    number = (table.games.aggregate(n=Max("number"))["n"] or 0) + 1
    if cave.is_chip_table(table):
        carry = cave.carry_for_deal(table, carry, number)
        dealt = carry is not None
    else:
        dealt = _count_hands(table, number)
    if not dealt:
        table.status = Table.Status.WAITING
        table.save(update_fields=["status", "updated_at"])
        if cave.is_chip_table(table):
            cave.close_if_deserted(table)  # the last players left during the hand
        latest = table.games.filter(number=number - 1).first()
        broadcast_table_changed(table.pk, latest.version if latest else 0,
                                latest.pk if latest else None)
        return None
    game = Game.objects.create(
        table=table,
        number=number,
        state=engine.new(table.seat_count, table.options, carry),
        carry_in=carry,
    )
    _record_participants(game, table)
    _advance(game, table, previous_actor=None)
    game.save()
    broadcast_table_changed(table.pk, game.version, game.pk)
    return game


def _record_participants(game: Game, table: Table) -> None:
    """Who sits where as the game is dealt (the archive reads names and views from it)."""
    Participant.objects.bulk_create(
        Participant(game=game, position=position, user_id=seat.user_id, bot=seat.bot,
                    name=seat.name[:80])
        for position, seat in sorted(_seats(table).items())
    )


def _seats(table: Table) -> dict[int, Seat]:
    """The table's seats by position, read once per transaction (the table is locked)."""
    cached = getattr(table, "_seats_by_position", None)
    if cached is None:
        cached = {s.position: s for s in table.seats.select_related("user")}
        table._seats_by_position = cached
    return cached


def _names(table: Table) -> list[str]:
    names = ["?"] * table.seat_count
    for position, seat in _seats(table).items():
        names[position] = seat.name
    return names


def _record(game, table, new_state, action, *, seat, user, source, client_id="", names=None):
    """Append an action to the log and move the snapshot forward (same transaction)."""
    engine = table.engine
    names = names or _names(table)
    try:
        text_fr = engine.describe(game.state, action, names, "fr")
        text_en = engine.describe(game.state, action, names, "en")
    except Exception:  # a missing sentence must not stop the game
        log.exception("describe failed for %s", action)
        text_fr = text_en = ""
    game.version += 1
    Action.objects.create(
        game=game,
        seq=game.version,
        seat=seat,
        user=user,
        source=source,
        action=action,
        client_id=client_id,
        text_fr=text_fr,
        text_en=text_en,
    )
    game.state = new_state


def _advance(game: Game, table: Table, previous_actor) -> Game | None:
    """After an action: draw chance, finish or chain the game, set the clocks.

    Returns the next game when a chained table dealt a new hand.
    """
    engine = table.engine
    names = None
    while engine.actor(game.state) == CHANCE:
        action = engine.chance_action(game.state, _system_random)
        names = names or _names(table)
        _record(game, table, engine.apply(game.state, action), action,
                seat=None, user=None, source=Action.Source.CHANCE, names=names)
    if engine.actor(game.state) is None:
        now = timezone.now()
        game.status = Game.Status.FINISHED
        game.result = engine.result(game.state)
        game.finished_at = now
        game.actor = game.deadline = game.bot_due_at = None
        if engine.chained and table.status == Table.Status.PLAYING:
            game.save()
            return start_game(table, next_carry(table, game.state))
        if table.status == Table.Status.PLAYING:
            table.status = Table.Status.FINISHED
            table.save(update_fields=["status", "updated_at"])
        return None
    _schedule(game, table, previous_actor)
    return None


def _schedule(game: Game, table: Table, previous_actor) -> None:
    """Set who acts and when their time runs out (the scheduler reads these columns)."""
    actor = table.engine.actor(game.state)
    now = timezone.now()
    game.actor = actor if isinstance(actor, int) else None
    game.deadline = game.bot_due_at = None
    if game.actor is None or table.status != Table.Status.PLAYING:
        return
    seat = _seats(table).get(actor)
    if seat is None or seat.played_by_bot:
        delay = bot_delay()
        game.bot_due_at = now + timedelta(seconds=delay)
        transaction.on_commit(lambda: _wake_scheduler(delay))
        return
    game.deadline = now + timedelta(seconds=table.move_seconds)
    if actor != previous_actor and seat.connections <= 0:
        from play.notifications import notify_turn_if_away

        notify_turn_if_away(game, table, seat)


def _wake_scheduler(delay: float) -> None:
    from play import scheduler  # the scheduler imports this module

    scheduler.wake_in(delay)


def _lock_game(game) -> Game:
    game_id = game.pk if isinstance(game, Game) else game
    try:
        return Game.objects.select_for_update().select_related("table").get(pk=game_id)
    except Game.DoesNotExist:
        raise ServiceError("not_found", "Cette partie n'existe pas.", "No such game.") from None


def _apply_for_seat(game, table, seat_position, action, *, user, source, client_id=""):
    engine = table.engine
    if not isinstance(action, dict):
        raise ServiceError("illegal", "Action mal formée.", "Malformed action.",
                           rule="platform.malformed")
    try:
        new_state = engine.apply(game.state, action)
    except IllegalAction as refusal:
        raise ServiceError("illegal", refusal.fr, refusal.en, rule=refusal.rule) from None
    previous_actor = engine.actor(game.state)
    _record(game, table, new_state, action, seat=seat_position, user=user, source=source,
            client_id=client_id)
    _advance(game, table, previous_actor)
    game.save()
    broadcast_table_changed(table.pk, game.version, game.pk)


def do_act(game, user, action, expected_version, client_id="") -> ActResult:
    """Apply a seated player's action, once, if it is their turn and the version matches.

    `expected_version` is the version of the view the player acted on (None skips the
    check, for trusted callers); `client_id` makes a retry of the same submission (double
    click, resend after a reconnect) a no-op that reports `duplicate=True`.
    """
    client_id = (client_id or "")[:64]
    try:
        with transaction.atomic():
            game = _lock_game(game)
            table = game.table
            seat = next((s for s in _seats(table).values()
                         if user is not None and s.user_id == user.pk), None)
            if seat is None:
                raise ServiceError("not_seated", "Vous n'êtes pas assis à cette table.",
                                   "You do not sit at this table.")
            if client_id and Action.objects.filter(
                game=game, seat=seat.position, client_id=client_id
            ).exists():
                return ActResult(game, game.version, duplicate=True)
            if game.status != Game.Status.PLAYING or table.status != Table.Status.PLAYING:
                raise ServiceError("game_over", "La partie est terminée.", "The game is over.")
            if expected_version is not None and expected_version != game.version:
                raise ServiceError(
                    "stale",
                    "La partie a avancé depuis : voici la position à jour.",
                    "The game has moved on: here is the current position.",
                )
            if table.engine.actor(game.state) != seat.position:
                raise ServiceError("not_your_turn", "Ce n'est pas votre tour.",
                                   "It is not your turn.")
            if seat.sitting_out:
                seat.sitting_out = False
                seat.save(update_fields=["sitting_out"])
            _apply_for_seat(game, table, seat.position, action, user=user,
                            source=Action.Source.PLAYER, client_id=client_id)
            return ActResult(game, game.version)
    except IntegrityError:
        # Two submissions with the same id raced past the lookup (only possible without
        # row locks): the unique constraint kept one; this one is the duplicate.
        if client_id and Action.objects.filter(game=game, client_id=client_id).exists():
            game.refresh_from_db()
            return ActResult(game, game.version, duplicate=True)
        raise


def _scheduled_move(game_id, now, column, source, choose):
    with transaction.atomic():
        game = (
            Game.objects.select_for_update(skip_locked=True)
            .select_related("table")
            .filter(pk=game_id)
            .first()
        )
        if game is None or game.status != Game.Status.PLAYING:
            return None  # another worker holds it, or it ended meanwhile
        due = getattr(game, column)
        table = game.table
        if due is None or due > now or table.status != Table.Status.PLAYING:
            return None
        engine = table.engine
        actor = engine.actor(game.state)
        if not isinstance(actor, int):
            return None
        action = choose(engine, game.state, actor)
        try:
            _apply_for_seat(game, table, actor, action, user=None, source=source)
        except ServiceError:
            log.exception("%s move refused in game %s; playing the default", source, game.pk)
            _apply_for_seat(game, table, actor, engine.default_action(game.state),
                            user=None, source=Action.Source.TIMER)
        return game


def do_timeout(game_id, now=None) -> Game | None:
    """The actor's time ran out: play the game's default action for them."""
    return _scheduled_move(
        game_id, now or timezone.now(), "deadline", Action.Source.TIMER,
        lambda engine, state, actor: engine.default_action(state),
    )


def _bot_choice(engine, state, actor):
    try:
        return engine.bot_action(engine.view(state, actor), _system_random)
    except Exception:  # a game without a bot yet, or a bot bug: never stall the table
        log.exception("bot of %s failed; playing the default action", engine.slug)
        return engine.default_action(state)


def do_bot_move(game_id, now=None) -> Game | None:
    """The bot (or the bot standing in for a player who left) moves, from its view only."""
    return _scheduled_move(
        game_id, now or timezone.now(), "bot_due_at", Action.Source.BOT, _bot_choice
    )


# ----- connections -----------------------------------------------------------------


def do_connect(table_id, user) -> int | None:
    """A websocket of a seated player opened: count it. Returns the seat position."""
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is None:
            return None
        seat.connections = max(seat.connections, 0) + 1
        seat.save(update_fields=["connections"])
        return seat.position


def do_disconnect(table_id, user) -> None:
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(table_id=table_id, user=user).first()
        if seat is not None:
            seat.connections = max(seat.connections - 1, 0)
            seat.save(update_fields=["connections"])


# ----- chat ---------------------------------------------------------------------------


def do_chat(table, user, text) -> ChatMessage:
    """Post a chat line (text only: escaped when rendered), capped and rate-limited."""
    text = (text or "").strip()
    if not text:
        raise ServiceError("bad_message", "Message vide.", "Empty message.")
    if len(text) > ChatMessage.MAX_LENGTH:
        raise ServiceError(
            "chat_too_long",
            f"Message trop long ({ChatMessage.MAX_LENGTH} caractères au plus).",
            f"Message too long (at most {ChatMessage.MAX_LENGTH} characters).",
        )
    with transaction.atomic():
        table = _lock_table(table)
        if not table.seats.filter(user=user).exists():
            raise ServiceError("not_seated", "Seuls les joueurs de la table peuvent écrire ici.",
                               "Only the table's players may write here.")
        count, seconds = CHAT_RATE
        since = timezone.now() - timedelta(seconds=seconds)
        if (
            ChatMessage.objects.filter(table=table, user=user, created_at__gte=since).count()
            >= count
        ):
            raise ServiceError(
                "chat_rate",
                "Doucement : pas plus de 5 messages en 10 secondes.",
                "Slow down: at most 5 messages in 10 seconds.",
            )
        message = ChatMessage.objects.create(
            table=table, game=table.current_game(), user=user, text=text
        )
        table_id, message_id = table.pk, message.pk
        transaction.on_commit(
            lambda: _group_send(table_id, {"type": "table.chat", "id": message_id})
        )
    return message


def do_mute_chat(table, user, muted: bool) -> None:
    with transaction.atomic():
        if muted:
            ChatMute.objects.get_or_create(table_id=getattr(table, "pk", table), user=user)
        else:
            ChatMute.objects.filter(table_id=getattr(table, "pk", table), user=user).delete()
