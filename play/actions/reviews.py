"""The game review: asked for when a practice or casual game ends, computed in the
background, kept once.

``review_when_finished`` runs inside the transaction that ends a game (``_advance``,
``end_game``): at a practice table or a casual one (``Table.rated`` off), for a game
played out or resigned (an aborted one taught nothing), and for a game whose engine has
an appraiser, it writes one ``pending`` ``GameReview`` per human seat and queues the task
``review_game`` with the transaction (taverne/queueing.py: with the database's backend
the task's row commits with the game's end, and a worker killed while it ran has it
queued again by taverne/task_recovery.py). The task replays the game (play/review.py)
and keeps each seat's decisions through ``do_record_review``, which writes a pending row
only: a task run twice keeps the first answer. A chained table (Ramponneau, Ambigu)
reviews each of its hands, a Game of its own, on that hand's replay page.

Embedded, Django's immediate backend would run the task inside the move that ended the
game (the socket's database thread, or the scheduler's loop), holding every table of
the process for the seconds a whole game's appraisals take; so there
(``REVIEWS_IN_A_THREAD``) it runs in a thread of its own after the commit. A review that
nobody finished (its process stopped) is queued again by the scheduler's pass
``do_requeue_stale_reviews`` after ``REVIEW_LEASE_SECONDS``.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.tasks import task
from django.utils import timezone

from play import review
from play.models import Game, GameReview, Participant, Table
from taverne.queueing import enqueue_with_transaction

log = logging.getLogger(__name__)


def reviewed(table: Table, game: Game) -> bool:
    """Whether a finished game of this table gets a review: practice or casual, not
    aborted, and its engine appraises."""
    return ((table.practice or not table.rated)
            and game.ending != Game.Ending.ABORTED
            and table.engine.appraiser is not None)


def review_when_finished(game: Game, table: Table) -> None:
    """In the transaction that finished ``game``: its human seats' reviews, pending, and
    the task that computes them."""
    if not reviewed(table, game):
        return
    positions = list(
        Participant.objects.filter(game=game, user__isnull=False, user__is_bot_account=False)
        .values_list("position", flat=True)
    )
    if not positions:
        return
    GameReview.objects.bulk_create(
        [GameReview(game=game, position=position) for position in positions],
        ignore_conflicts=True,
    )
    queue(game.pk)


def queue(game_id: int) -> None:
    """The review task for ``game_id``, after the commit (see the module's docstring)."""
    if getattr(settings, "REVIEWS_IN_A_THREAD", False):
        transaction.on_commit(lambda: _in_a_thread(game_id))
    else:
        enqueue_with_transaction(review_game, game_id)


def _in_a_thread(game_id: int) -> None:
    def run():
        try:
            compute_reviews(game_id)
        except Exception:  # left pending: the scheduler's pass queues it again
            log.exception("the review of game %s stopped", game_id)
        finally:
            close_old_connections()

    threading.Thread(target=run, name=f"review-{game_id}", daemon=True).start()


# Below the e-mails' priority (0): the task worker sends a password reset or a receipt
# waiting behind reviews first; a review is seconds of the thinking pool.
REVIEW_PRIORITY = -10


@task(priority=REVIEW_PRIORITY)
def review_game(game_id: int) -> None:
    """The background task: the pending reviews of ``game_id``, computed and kept."""
    compute_reviews(game_id)


def compute_reviews(game_id: int) -> None:
    """Compute the pending reviews of a finished game and keep them; a review that fails
    is kept as failed (and logged), never left pending."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None:
        return  # deleted since (a guest's practice table purged)
    positions = list(GameReview.objects.filter(game=game, status=GameReview.Status.PENDING)
                     .values_list("position", flat=True))
    if not positions:
        return  # done already (a second run)
    try:
        found = review.review_game(game, positions)
    except Exception:
        log.exception("the review of game %s failed", game_id)
        for position in positions:
            do_record_review(game_id, position, None)
        return
    for position, seat_review in found.items():
        do_record_review(game_id, position, seat_review)


def do_record_review(game_id: int, position: int, seat_review: review.SeatReview | None) -> bool:
    """Keep a seat's review (``None``: it failed). Only a pending review is written: a
    second run of the task changes nothing. Returns whether it wrote."""
    with transaction.atomic():
        row = (GameReview.objects.select_for_update()
               .filter(game_id=game_id, position=position).first())
        if row is None or row.status != GameReview.Status.PENDING:
            return False
        if seat_review is None:
            row.status = GameReview.Status.FAILED
        else:
            row.status = GameReview.Status.DONE
            row.decisions = seat_review.decisions
            row.appraised = seat_review.appraised
        row.finished_at = timezone.now()
        row.save(update_fields=["status", "decisions", "appraised", "finished_at"])
        return True


def do_requeue_stale_reviews(now=None) -> int:
    """The reviews still pending ``REVIEW_LEASE_SECONDS`` after they were queued (their
    process stopped while it computed them): queued again, each game once. Returns how
    many games."""
    now = now or timezone.now()
    cutoff = now - timedelta(seconds=settings.REVIEW_LEASE_SECONDS)
    with transaction.atomic():
        stale = list(
            GameReview.objects.select_for_update(skip_locked=True)
            .filter(status=GameReview.Status.PENDING, queued_at__lt=cutoff)
            .order_by("pk")[:100]
        )
        games = sorted({row.game_id for row in stale})
        GameReview.objects.filter(pk__in=[row.pk for row in stale]).update(queued_at=now)
        for game_id in games:
            log.warning("the review of game %s was left pending: queued again", game_id)
            queue(game_id)
    return len(games)
