"""Timers and bots: play the moves that are due.

`run_due()` finds the games whose move timer ran out (`Game.deadline`) or whose bot is
due (`Game.bot_due_at`) and plays each through the action functions (`do_timeout`,
`do_bot_move`), one transaction per game, so a move by the scheduler is logged, checked
and broadcast exactly like a player's; then it sends the correspondence reminders due
(`Game.remind_at`, `do_remind`). The loop that calls it (`run_forever`) also deletes
the guests idle for a week, once an hour (`do_purge_guests`, which
`python manage.py purge_guests` runs too), closes the tables that have waited for
players too long, once a minute (`do_expire_waiting_tables`), sweeps the presence of
sockets whose process died, at start and every PRESENCE_SWEEP_EVERY seconds
(`do_sweep_presence`), and looks over the last 30 days of the chip tables for collusion
every six hours (`economy.watch_collusion`: a pair is flagged once, and what staff
cleared stays cleared), keeps the house's tables for écus open, once a minute
(`economy.keep_house_taverns`: at each stake one with a free seat), pushes back the
correspondence deadlines of the players whose vacation began, once a minute
(`do_begin_vacations`), queues the day's
digest e-mails once a day from NOTICES_DIGEST_HOUR (`notices.digest.queue_digests`, looked
at once a minute), and queues again, every five minutes, the background tasks a killed
task worker left marked running (`taverne.task_recovery.requeue_expired`) and the game
reviews left pending (`do_requeue_stale_reviews`).
When it starts, it re-announces the live tables being played (`reannounce_live_tables`):
the worker it replaces may have died between a move's commit and its notice.

Who calls it:
- embedded (`make run`, no REDIS_URL): a loop inside the server process, started by
  `with_inprocess_scheduler` around the ASGI application on the first request or
  websocket; it must live there because the in-memory channel layer only reaches the
  sockets of its own process;
- production: `python manage.py play_worker`, the same loop in its own process, which
  reaches the sockets of every daphne process through Redis. Several workers may run:
  on PostgreSQL each game row is taken with `SKIP LOCKED`.
"""

from __future__ import annotations

import asyncio
import logging

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection, reset_queries
from django.db.models import Q
from django.utils import timezone

from economy import interface as economy
from notices.digest import queue_digests
from pairing import interface as pairing
from play.actions.broadcast import reannounce_live_tables
from play.actions.expiry import do_expire_waiting_tables
from play.actions.guests import do_purge_guests
from play.actions.presence import do_sweep_presence
from play.actions.reviews import do_requeue_stale_reviews
from play.actions.scheduled import do_bot_move, do_remind, do_timeout, plan_bot_move
from play.actions.vacation import do_begin_vacations
from play.clock import alarm
from play.models import Game, Table
from taverne import task_recovery
from taverne.backoff import Backoff
from taverne.heartbeats import PLAY_WORKER, beat
from taverne.observability.metrics import scheduler_lag
from taverne.unavailable import is_unavailable

log = logging.getLogger(__name__)

INTERVAL = 0.5  # seconds between two looks at the clock
BATCH = 200  # games handled per look at most; the rest wait for the next one
PAIRING_SWEEP_EVERY = 30  # seconds between two sweeps of lapsed seeks and challenges
PURGE_EVERY = 3600  # seconds between two purges of idle guests
EXPIRE_EVERY = 60  # seconds between two looks for waiting tables that expired
WATCH_EVERY = 6 * 3600  # seconds between two looks at yesterday's chip tables
PRESENCE_SWEEP_EVERY = 10  # seconds between two sweeps of expired presence rows
TASK_RECOVERY_EVERY = 300  # seconds between two looks for tasks a killed worker left
HOUSE_TAVERNS_EVERY = 60  # seconds between two looks at the house's tables for écus
VACATIONS_EVERY = 60  # seconds between two looks for vacations that began
DIGEST_EVERY = 60  # seconds between two looks at whether the day's digests are due
STALE_REVIEWS_EVERY = 300  # seconds between two looks for game reviews left pending


def run_due(now=None) -> list[int]:
    """Play every move that is due now; returns the ids of the games that moved."""
    now = now or timezone.now()
    due = (
        Game.objects.filter(status=Game.Status.PLAYING, table__status=Table.Status.PLAYING)
        .filter(Q(deadline__lte=now) | Q(bot_due_at__lte=now))
        .order_by("id")
        .values_list("id", "deadline", "bot_due_at")[:BATCH]
    )
    due = list(due)
    plans = _plan_bot_moves(game_id for game_id, _d, bot_due_at in due
                            if bot_due_at is not None and bot_due_at <= now)
    moved = []
    for game_id, deadline, bot_due_at in due:
        try:
            if bot_due_at is not None and bot_due_at <= now:
                game = do_bot_move(game_id, now, planned=plans.get(game_id))
            else:
                game = do_timeout(game_id, now)
        except Exception:  # one broken game must not stop the others' clocks
            log.exception("scheduled move failed for game %s", game_id)
            continue
        if game is not None:
            moved.append(game_id)
            scheduler_lag(deadline, bot_due_at, now)
    _send_reminders(now, moved)
    return moved


def _plan_bot_moves(game_ids) -> dict:
    """The maîtres due this pass start thinking at once, each in the thinking pool
    (play/thinking.py): they think side by side on every core while this loop moves the
    games one by one, and none thinks in the server's own process."""
    plans = {}
    for game_id in game_ids:
        try:
            planned = plan_bot_move(game_id)
        except Exception:  # the move itself will decide here, or report the error
            log.exception("planning the bot move of game %s failed", game_id)
            continue
        if planned is not None:
            plans[game_id] = planned
    return plans


class Periodic:
    """A job the loop runs at most once every ``every`` seconds in this process. Several
    processes may each run it: the jobs lock what they change and check it again."""

    def __init__(self, name: str, every: int, job):
        self.name, self.every, self.job = name, every, job
        self.last = None  # when this process last ran it

    def run_if_due(self, now) -> None:
        if self.last is not None and (now - self.last).total_seconds() < self.every:
            return
        self.last = now
        try:
            self.job(now)
        except Exception:
            log.exception("%s failed", self.name)


# Each guest goes in its own transaction; a guest already gone is skipped.
guest_purge = Periodic("guest purge", PURGE_EVERY, lambda now: do_purge_guests(now))
# Each waiting table is locked and checked again before it closes.
table_expiry = Periodic("waiting tables expiry", EXPIRE_EVERY,
                        lambda now: do_expire_waiting_tables(now))
# The chip tables of the last 30 days looked over for collusion, suspect pairs flagged
# for staff; a second pass (another worker, a restart) flags nothing new.
collusion_watch = Periodic("collusion watch", WATCH_EVERY,
                           lambda now: economy.watch_collusion(now))
# The house's tables for écus: at each of its stakes one with a free seat (the economy
# locks the house's account row while it decides, so several workers open one).
house_taverns = Periodic("house taverns", HOUSE_TAVERNS_EVERY,
                         lambda now: economy.keep_house_taverns(now))
# Each seat is locked while its expired rows go; the first pass sweeps what a dead
# process left behind.
presence_sweep = Periodic("presence sweep", PRESENCE_SWEEP_EVERY,
                          lambda now: do_sweep_presence(now))
# Seeks whose heartbeat lapsed are marked expired; lapsed challenges expire and their
# players are told (each challenge locked and checked again).
pairing_sweep = Periodic("pairing sweep", PAIRING_SWEEP_EVERY, lambda now: pairing.do_sweep(now))
# The background tasks claimed longer than TASK_LEASE_SECONDS ago and still marked running
# (their worker killed, and not started again under its id) are queued again.
abandoned_tasks = Periodic("abandoned tasks", TASK_RECOVERY_EVERY,
                           lambda now: task_recovery.requeue_expired(now))

# The reviews of finished games left pending past REVIEW_LEASE_SECONDS (the thread or the
# process computing them stopped; a task worker killed has its task queued again first, by
# the pass above) are queued again; a review is kept once, however many runs.
stale_reviews = Periodic("stale reviews", STALE_REVIEWS_EVERY,
                         lambda now: do_requeue_stale_reviews(now))

# The vacations that began push back their players' correspondence deadlines (each game
# once per vacation, its row locked: play/actions/vacation.py).
vacations = Periodic("vacations", VACATIONS_EVERY, lambda now: do_begin_vacations(now))

# The daily digest: from NOTICES_DIGEST_HOUR (server time), the first look of the day claims
# the day (one row: once however many workers) and queues its mails in batches of players,
# sent by the task worker (embedded, Django's immediate backend sends them as they are
# queued, like every mail there).
daily_digest = Periodic("daily digest", DIGEST_EVERY, lambda now: queue_digests(now))


def _send_reminders(now, moved) -> None:
    """Correspondence players with a quarter of their time left are e-mailed (once); not
    those whose turn this pass just started."""
    due = (
        Game.objects.filter(status=Game.Status.PLAYING, remind_at__lte=now)
        .exclude(pk__in=moved)
        .order_by("id")
        .values_list("id", flat=True)[:BATCH]
    )
    for game_id in due:
        try:
            do_remind(game_id, now)
        except Exception:
            log.exception("reminder failed for game %s", game_id)


def _run_due_and_close():
    try:
        moved = run_due()
        beat(PLAY_WORKER)  # /pret/ reads it: this loop turns (taverne/heartbeats.py)
        guest_purge.run_if_due(timezone.now())
        table_expiry.run_if_due(timezone.now())
        collusion_watch.run_if_due(timezone.now())
        house_taverns.run_if_due(timezone.now())
        presence_sweep.run_if_due(timezone.now())
        abandoned_tasks.run_if_due(timezone.now())
        stale_reviews.run_if_due(timezone.now())
        pairing_sweep.run_if_due(timezone.now())
        vacations.run_if_due(timezone.now())
        daily_digest.run_if_due(timezone.now())
        return moved
    finally:
        # A long-lived loop must not keep a connection that the database may drop, nor,
        # with DEBUG on, every query it made (a request's end empties the log; no request
        # ends here).
        connection.close_if_unusable_or_obsolete()
        reset_queries()


async def run_forever(interval: float = INTERVAL, stop: asyncio.Event | None = None) -> None:
    """Call run_due every `interval` seconds (or sooner when woken) until `stop` is set."""
    stop = stop or asyncio.Event()
    woken = alarm.listen()
    try:
        told = await database_sync_to_async(reannounce_live_tables)()
        log.info("play scheduler started; %s live tables re-announced", told)
    except Exception as error:  # the database or the channel layer down: sockets re-check
        if is_unavailable(error):
            log.warning("re-announcing the live tables failed, a service is down (%r)", error)
        else:
            log.exception("re-announcing the live tables failed")
    backoff = Backoff()
    while not stop.is_set():
        woken.clear()
        try:
            moved = await database_sync_to_async(_run_due_and_close)()
        except Exception as error:
            # A database or Redis restart must not end the loop, nor log a traceback a
            # tick: wait longer after each failure in a row (its connection was closed by
            # _run_due_and_close), then go on.
            delay = backoff.failed()
            if is_unavailable(error):
                log.warning("scheduler pass failed, a service is down (%r); next try in "
                            "%ss", error, delay)
            else:
                log.exception("scheduler pass failed; next try in %ss", delay)
            try:
                await asyncio.wait_for(stop.wait(), timeout=delay)
            except TimeoutError:
                pass
            continue
        if backoff.failures:
            log.warning("scheduler pass succeeded again (failed passes before: %s)",
                        backoff.failures)
        backoff.succeeded()
        # When bots move with no delay (tests, benchmarks) one pass may make more due.
        if not moved:
            waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(woken.wait())]
            _done, pending = await asyncio.wait(
                waiters, timeout=interval, return_when=asyncio.FIRST_COMPLETED
            )
            for waiter in pending:
                waiter.cancel()
        else:
            await asyncio.sleep(0.01)


def inprocess_enabled() -> bool:
    value = getattr(settings, "PLAY_INPROCESS_SCHEDULER", None)
    if value is None:
        return not getattr(settings, "REDIS_URL", None)
    return bool(value)


_task: asyncio.Task | None = None


def ensure_started() -> None:
    """Start the in-process loop once per process (and event loop), if enabled."""
    global _task
    if not inprocess_enabled():
        return
    loop = asyncio.get_running_loop()
    if _task is not None and not _task.done() and _task.get_loop() is loop:
        return
    _task = loop.create_task(run_forever())
    log.info("in-process play scheduler started")


def with_inprocess_scheduler(app):
    """ASGI wrapper: the first connection of any kind starts the in-process scheduler."""

    async def wrapped(scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            ensure_started()
        return await app(scope, receive, send)

    return wrapped
