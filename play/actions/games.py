"""Games: dealing the next one, applying a move, the clocks that follow.

Every move, whoever sends it (a player, the scheduler for a timer or a bot), goes through
``apply_for_seat``: the engine applies it or refuses it, the log gets the action and its
sentence, chance is drawn at once, a finished game deals the next one at a chained table,
and the broadcast waits for the commit.
"""

from __future__ import annotations

import logging
import secrets
import time
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cardgames import CHANCE, IllegalAction
from economy import interface as economy
from play import reliability
from play.actions import account_events, reviews, vacation
from play.actions.broadcast import (
    broadcast_table_changed,
    close_announcement,
    next_sequence,
)
from play.actions.compiled import CompiledWrite
from play.actions.errors import ActResult, ServiceError, engine_words
from play.actions.hands import count_hands
from play.actions.lookups import lock_game, seats_by_position
from play.actions.stacks import session_end
from play.clock import alarm
from play.models import Action, Game, Participant, Table
from play.queries import LogEntry
from play.snapshots import snapshots
from ratings import interface as ratings
from taverne.observability.moves import move_played

log = logging.getLogger(__name__)

# Chance draws from the operating system: nobody, not even someone who knows the
# server's seed history, can predict a deal.
system_random = secrets.SystemRandom()


def bot_delay():
    return float(getattr(settings, "PLAY_BOT_DELAY", 0.8))


def next_carry(table: Table, final_state: dict) -> dict | None:
    """What the next hand of a chained table starts from.

    At a chip table the economy settles the hand and says what the next deal keeps (its
    stacks come from the reserves at the deal); elsewhere the engine's carry. Called
    inside the transaction that finished the hand, with the table row locked.
    """
    if economy.is_chip_table(table):
        return economy.chip_hand_ended(table, final_state)
    return table.engine.carry(final_state)


def start_game(
    table: Table,
    carry: dict | None = None,
    finished: Game | None = None,
    opening: list | None = None,
) -> Game | None:
    """Create the next Game of a (locked) table and play chance up to the first decision.

    At a chip table the economy decides who is dealt in with which stacks; with fewer
    than two players able to play, no game starts: the table waits (returns None). At
    other counted tables each seated player is counted a hand (`count_hands`); a player
    with none left is unseated and the table waits too.

    ``opening``: engine actions played first, in the log like any others (chance's deals
    and the seats' moves), so that the game starts at a position and its log still
    replays it (« Essayer cette position »: play/actions/positions.py). The engine
    refuses what the rules refuse (`ServiceError`).
    """
    engine = table.engine
    number = (table.games.aggregate(n=Max("number"))["n"] or 0) + 1
    if economy.is_chip_table(table):
        carry = economy.deal_chip_hand(table, carry, number)
        dealt = carry is not None
    else:
        dealt = count_hands(table, number)
    if not dealt:
        table.status = Table.Status.WAITING
        table.save(update_fields=["status", "updated_at"])
        if economy.is_chip_table(table):
            economy.chip_table_waits(table)  # the last players left during the hand
        latest = table.games.filter(number=number - 1).first()
        broadcast_table_changed(table.pk, latest.version if latest else 0,
                                latest.pk if latest else None)
        return None
    if finished is not None:
        # The finished hand's state is a step of the table's own: its connections
        # receive it before this hand's (play/socket/consumer.py).
        close_announcement(table.pk)
        finished.final_sequence = next_sequence(table.pk)  # saved by apply_for_seat
    game = Game.objects.create(
        table=table,
        number=number,
        state=engine.new(table.seat_count, table.options, carry),
        carry_in=carry,
    )
    record_participants(game, table)
    if opening:
        _play_opening(game, table, opening)
    _advance(game, table, previous_actor=None)
    game.save()
    publish(game, table, previous_key=None, finished=finished)
    return game


def _play_opening(game: Game, table: Table, opening: list) -> None:
    """Apply and log the actions that lead a new game to its first position: chance's
    as chance's, a seat's as its player's (or bot's)."""
    engine = table.engine
    seats = seats_by_position(table)
    for action in opening:
        actor = engine.actor(game.state)
        try:
            new_state = engine.apply(game.state, action)
        except IllegalAction as refusal:
            raise ServiceError(
                "illegal", engine_words(table.game_slug, refusal), rule=refusal.rule
            ) from None
        if actor == CHANCE:
            _record(game, table, new_state, action, seat=None, user=None,
                    source=Action.Source.CHANCE)
            continue
        seat = seats.get(actor)
        human = seat is not None and seat.user_id is not None
        _record(game, table, new_state, action, seat=actor,
                user=seat.user if human else None,
                source=Action.Source.PLAYER if human else Action.Source.BOT)
    game.moves = {}  # moves nobody chose: the game may still be called off as any other


def chip_rules(table: Table):
    """The engine's chips (``Game.chips``) at a chip game's table: each hand is a game of
    its own, dealt to some of the seats; None for games played for points."""
    engine = table.engine
    return engine.chips if engine.chained else None


def record_participants(game: Game, table: Table) -> None:
    """Who is dealt in where as the game is dealt (the archive reads names and views from
    it, the history and the players' pages count it). At a chip game's table, only the
    seats the engine dealt in: a hand a broke or sitting-out player was not dealt is not
    theirs (docs/architecture.md, "The history")."""
    chips = chip_rules(table)
    dealt = set(chips.dealt(game.state)) if chips is not None else None
    Participant.objects.bulk_create(
        Participant(game=game, position=position, user_id=seat.user_id, bot=seat.bot,
                    name=seat.name[:80])
        for position, seat in sorted(seats_by_position(table).items())
        if dealt is None or position in dealt
    )


def record_chips_won(game: Game, table: Table) -> None:
    """At a chip game's table, each participant's chips won in the finished hand (its
    result's scores), which a session's net result adds up."""
    scores = (game.result or {}).get("scores") if chip_rules(table) is not None else None
    if not scores:
        return
    participants = list(game.participants.all())
    for participant in participants:
        if participant.position < len(scores) and scores[participant.position] is not None:
            participant.chips_won = int(scores[participant.position])
    Participant.objects.bulk_update(participants, ["chips_won"])


# The moves counted per seat (``Game.moves``): enough to know whether a game may still
# be aborted (until a player's second move).
COUNTED_MOVES = 2


def _record(game, table, new_state, action, *, seat, user, source, client_id="", note=None):
    """Append an action to the log and move the snapshot forward (same transaction).

    The log keeps what the engine says of the action as data (a code and its parameters,
    no names, no words): it is worded in each reader's language when shown. ``note``: a
    platform message wrapping the engine's (the clock played the move: its ``move`` is
    the engine's message).
    """
    try:
        message = table.engine.describe(game.state, action)
    except Exception:  # a missing log line must not stop the game
        log.exception("describe failed for %s", action)
        message = None
    if note is not None:
        message = {**note, "move": message}
    if seat is not None and source != Action.Source.CHANCE:
        moves = dict(game.moves or {})
        moves[str(seat)] = min(moves.get(str(seat), 0) + 1, COUNTED_MOVES)
        game.moves = moves
    game.version += 1
    fresh_messages(game).append(LogEntry.of(message, source, seat))
    _ACTION_ROW.insert(Action(
        game=game,
        seq=game.version,
        seat=seat,
        user=user,
        source=source,
        action=action,
        client_id=client_id,
        message=message,
    ))
    game.state = new_state


def record_platform(game: Game, table: Table, code: str, seat: int, user=None) -> None:
    """A line of the log that is no move (a resignation, an abort, a return): an action
    of the platform (its type is the message's code; a replay skips it), so the game's
    version moves and every connection shows it."""
    message = {"code": code, "seat": seat}
    game.version += 1
    fresh_messages(game).append(LogEntry.of(message, Action.Source.PLATFORM, seat))
    Action.objects.create(game=game, seq=game.version, seat=seat, user=user,
                          source=Action.Source.PLATFORM, action={"type": code},
                          message=message)


def is_platform_action(action) -> bool:
    return isinstance(action, dict) and str(action.get("type", "")).startswith("platform.")


def end_game(game: Game, table: Table, ending: str, result: dict | None) -> None:
    """Finish a game that was not played out (resigned, aborted): no next hand at a
    chained table, the table's session is over, the clocks stop."""
    game.status = Game.Status.FINISHED
    game.ending = ending
    game.result = result
    game.finished_at = timezone.now()
    game.actor = game.deadline = game.bot_due_at = game.remind_at = None
    # a resignation rates (resigners last) if each player made two moves; an abort never
    ratings.rate_finished_game(game, partial(conduct_of, game))
    reliability.record_game_end(game)
    record_chips_won(game, table)
    economy.game_finished(game)  # the contests' standings (an abort has no scores)
    reviews.review_when_finished(game, table)  # the maître's review (practice, casual)
    if table.status == Table.Status.PLAYING:
        table.status = Table.Status.FINISHED
        table.save(update_fields=["status", "updated_at"])
    account_events.game_over(game, table)


def conduct_of(game: Game) -> ratings.Conduct:
    """How each seat of ``game`` was played, from its log, for the ratings: the moves each
    seat's player chose themselves (``player``: not the clock's, a bot's, chance's or the
    platform's lines) and the seats a bot played at least one move for."""
    own_moves, bot_played = {}, set()
    for seat, source, count in (
        Action.objects.filter(game=game, seat__isnull=False,
                              source__in=(Action.Source.PLAYER, Action.Source.BOT))
        .order_by().values("seat", "source").annotate(n=Count("pk"))
        .values_list("seat", "source", "n")
    ):
        if source == Action.Source.PLAYER:
            own_moves[seat] = count
        else:
            bot_played.add(seat)
    return ratings.Conduct(own_moves=own_moves, bot_played=frozenset(bot_played))


def fresh_messages(game: Game) -> list:
    """The log entries (``LogEntry``) this transaction recorded for ``game`` (for its next
    snapshot)."""
    return game.__dict__.setdefault("_fresh_messages", [])


def publish(game: Game, table: Table, previous_key, finished: Game | None = None) -> None:
    """After the commit, this process's snapshot of the table moves to the game's new
    version from the rows held here (play/snapshots.py), then the broadcast goes out.
    ``finished``: the hand a chained table just ended, shown beside the new one."""
    seats = [seat for _, seat in sorted(seats_by_position(table).items())]
    fresh = list(fresh_messages(game))
    transaction.on_commit(
        lambda: snapshots.advance(table, game, seats, fresh, previous_key, finished)
    )
    # the snapshot made at the commit carries the step this change is announced with
    table.sequence = broadcast_table_changed(table.pk, game.version, game.pk,
                                             snapshot_published=True)


def _advance(game: Game, table: Table, previous_actor) -> Game | None:
    """After an action: draw chance, finish or chain the game, set the clocks.

    Returns the next game when a chained table dealt a new hand.
    """
    engine = table.engine
    while engine.actor(game.state) == CHANCE:
        action = engine.chance_action(game.state, system_random)
        _record(game, table, engine.apply(game.state, action), action,
                seat=None, user=None, source=Action.Source.CHANCE)
    if engine.actor(game.state) is None:
        now = timezone.now()
        game.status = Game.Status.FINISHED
        game.result = engine.result(game.state)
        game.finished_at = now
        game.actor = game.deadline = game.bot_due_at = game.remind_at = None
        # between people only, fairly played, once (ratings/services.py)
        ratings.rate_finished_game(game, partial(conduct_of, game))
        reliability.record_game_end(game)
        record_chips_won(game, table)
        economy.game_finished(game)  # the running contests' standings
        reviews.review_when_finished(game, table)  # the maître's review (practice, casual)
        if engine.chained and table.status == Table.Status.PLAYING:
            session = session_end(table, game)
            if session is not None:  # a practice chip table whose chips ran out
                game.result = {**(game.result or {}), "session": session}
                table.status = Table.Status.FINISHED
                table.save(update_fields=["status", "updated_at"])
                account_events.game_over(game, table)
                return None
            game.save()
            return start_game(table, next_carry(table, game.state), finished=game)
        if table.status == Table.Status.PLAYING:
            table.status = Table.Status.FINISHED
            table.save(update_fields=["status", "updated_at"])
        account_events.game_over(game, table)
        return None
    schedule(game, table, previous_actor)
    return None


def schedule(game: Game, table: Table, previous_actor) -> None:
    """Set who acts and when their time runs out (the scheduler reads these columns)."""
    actor = table.engine.actor(game.state)
    now = timezone.now()
    game.actor = actor if isinstance(actor, int) else None
    game.deadline = game.bot_due_at = game.remind_at = game.vacation = None
    # The move's account events leave together (one trip to the channel layer).
    left = _turn_left(game, table, previous_actor) if actor != previous_actor else []
    if game.actor is None or table.status != Table.Status.PLAYING:
        account_events.announce_each(left)
        return
    seat = seats_by_position(table).get(actor)
    if seat is None or seat.played_by_bot:
        account_events.announce_each(left)
        delay = bot_delay()
        game.bot_due_at = now + timedelta(seconds=delay)
        transaction.on_commit(lambda: alarm.wake_in(delay))
        return
    # A correspondence player on vacation: the clock starts when it ends.
    start, game.vacation = vacation.clock_start(table, seat, now)
    game.deadline = start + timedelta(seconds=table.move_seconds)
    if table.pace == Table.Pace.CORRESPONDENCE:
        # the reminder e-mail, when a quarter of the time is left (play/clock/scheduler.py)
        game.remind_at = game.deadline - timedelta(seconds=table.move_seconds / 4)
    if actor != previous_actor:
        account_events.turn_given(game, table, seat, now, also=left)
    else:
        account_events.announce_each(left)


def _turn_left(game: Game, table: Table, previous_actor) -> list:
    """The seat that had the turn no longer has it: its player's ``turn_done`` (none for a
    bot's seat or nobody's)."""
    if not isinstance(previous_actor, int):
        return []
    seat = seats_by_position(table).get(previous_actor)
    if seat is not None and seat.user_id is not None and not seat.played_by_bot:
        return [account_events.turn_done(game, table, seat)]
    return []


# A move's two writes (play/actions/compiled.py): its log line, and the columns of its
# game that a move changes while the game goes on (_record, _advance, schedule).
_ACTION_ROW = CompiledWrite(Action)
MOVE_COLUMNS = ("state", "version", "moves", "actor", "deadline", "bot_due_at", "remind_at",
                "vacation")
_MOVED_GAME = CompiledWrite(Game, update_fields=MOVE_COLUMNS)


def apply_for_seat(game, table, seat_position, action, *, user, source, client_id="",
                   note=None):
    started = time.perf_counter()
    engine = table.engine
    if not isinstance(action, dict):
        raise ServiceError("illegal", _("Action mal formée."), rule="platform.malformed")
    try:
        new_state = engine.apply(game.state, action)
    except IllegalAction as refusal:
        raise ServiceError(
            "illegal", engine_words(table.game_slug, refusal), rule=refusal.rule
        ) from None
    previous_actor = engine.actor(game.state)
    previous_key = (game.pk, game.version)
    _record(game, table, new_state, action, seat=seat_position, user=user, source=source,
            client_id=client_id, note=note)
    dealt = _advance(game, table, previous_actor)
    if dealt is None and game.status == Game.Status.PLAYING:
        _MOVED_GAME.update(game)  # the columns a move changes, by SQL written once
    else:
        game.save()  # finished, or ended to deal the next: every column
    if dealt is None:
        publish(game, table, previous_key)
    # else: the next hand's snapshot and broadcast went out first, this one beside it
    move_played(table, game, action, source, started)  # its log line and count, on commit


def do_act(game, user, action, expected_version, client_id="", table_id=None) -> ActResult:
    """Apply a seated player's action, once, if it is their turn and the version matches.

    `expected_version` is the version of the view the player acted on (None skips the
    check, for trusted callers); `client_id` makes a retry of the same submission (double
    click, resend after a reconnect) a no-op that reports `duplicate=True`; `table_id`,
    when given, is the table the game must belong to (a socket's).
    """
    client_id = (client_id or "")[:64]
    try:
        with transaction.atomic():
            game = lock_game(game)
            table = game.table
            if table_id is not None and table.pk != table_id:
                raise ServiceError("not_found", _("Cette partie n'existe pas."))
            seat = next((s for s in seats_by_position(table).values()
                         if user is not None and s.user_id == user.pk), None)
            if seat is None:
                raise ServiceError("not_seated", _("Vous n'êtes pas assis à cette table."))
            # A resend of an action already applied finds the game past the version it
            # was sent for (or over): only then is the log searched for its id. Sent for
            # the current version, it cannot have been applied (applying moves the
            # version); an id reused for a new action there is caught by the unique
            # constraint below, as a race is.
            if client_id and (expected_version is None or expected_version != game.version
                              or game.status != Game.Status.PLAYING
                              or table.status != Table.Status.PLAYING):
                applied = Action.objects.filter(
                    game=game, seat=seat.position, client_id=client_id
                ).values_list("action", flat=True).first()
                if applied is not None:
                    _check_same_action(applied, action)
                    return ActResult(game, game.version, duplicate=True)
            if game.status != Game.Status.PLAYING or table.status != Table.Status.PLAYING:
                raise ServiceError("game_over", _("La partie est terminée."))
            if expected_version is not None and expected_version != game.version:
                raise ServiceError(
                    "stale",
                    _("La partie a avancé depuis : voici la position à jour."),
                )
            if table.engine.actor(game.state) != seat.position:
                raise ServiceError("not_your_turn", _("Ce n'est pas votre tour."))
            if seat.sitting_out or seat.timeouts:
                seat.sitting_out = False
                seat.timeouts = 0
                seat.save(update_fields=["sitting_out", "timeouts"])
            apply_for_seat(game, table, seat.position, action, user=user,
                            source=Action.Source.PLAYER, client_id=client_id)
            return ActResult(game, game.version)
    except IntegrityError:
        # The id was used before for this seat in this game (an id reused for a new
        # action, or two submissions racing past the lookup without row locks): the
        # unique constraint kept the first; this one is its duplicate or a reuse.
        applied = Action.objects.filter(game=game, client_id=client_id).values_list(
            "action", flat=True).first() if client_id else None
        if applied is not None:
            _check_same_action(applied, action)
            game.refresh_from_db()
            return ActResult(game, game.version, duplicate=True)
        raise


def _check_same_action(applied, action) -> None:
    """A resend carries the same action under the same id; another action under an id
    already used is refused (it would otherwise pass silently for a duplicate)."""
    if applied != action:
        raise ServiceError(
            "id_reused",
            _("Cet identifiant a déjà servi pour une autre action : donnez à chaque action "
              "le sien."),
        )
