"""« Conseil »: what the maître would play now, asked by the seated player of a practice
table on their turn.

It changes nothing: the appraisal is computed from that seat's own view of the game at
the version the player asked about (``Game.view``: their hand and what the table showed,
nothing hidden), in the thinking pool (play/thinking.py), never in the server's thread.
Asking is not recorded in the game's log: a practice game counts for no rating, contest
or reliability, nobody watches it, and a line in the log would move the game's version
(every connection drawn again, the advice itself made stale at once).

What it costs is bounded: one question at a time per player (``advice_busy``), at most
``ADVICE_PER_MINUTE`` computed answers a minute per player (``rate_limited``), and each
answer is kept for its game, version and seat, so asking again at the same position, in
another tab or after a reload, costs nothing and counts nothing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from play import thinking
from play.actions.errors import ServiceError
from play.models import Game, Table
from play.review import has_a_choice

ANSWER_SECONDS = 3600  # how long an answer is kept for its position
WINDOW = 60  # seconds: the window of ADVICE_PER_MINUTE
# Held while the maître thinks for a player (a little longer than a search may take,
# so a crashed request never locks anyone out for long).
BUSY_SECONDS = int(thinking.SAFETY_SECONDS) + 5

NOT_PRACTICE = _("Le conseil du maître n'est offert qu'aux tables d'entraînement.")


@dataclass(frozen=True)
class Advice:
    """The maître's answer for one seat at one version of a game."""

    game_id: int
    version: int
    seat: int
    appraisal: dict


def answer_key(game_id: int, version: int, seat: int) -> str:
    return f"advice:{game_id}:{version}:{seat}"


def _busy_key(user_id: int) -> str:
    return f"advice-busy:{user_id}"


def _count_key(user_id: int, window: int) -> str:
    return f"advice-asked:{user_id}:{window}"


def _count(user_id: int, now: float) -> int:
    key = _count_key(user_id, int(now // WINDOW))
    cache.add(key, 0, timeout=WINDOW * 2)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=WINDOW * 2)
        return 1


def ask_the_maitre(table: Table, user, version: int | None, game_id: int | None = None,
                   now: float | None = None) -> Advice:
    """The maître's appraisal of the decision ``user`` faces at ``table`` (a practice
    table, their turn, the game still at ``version``), or a ``ServiceError`` saying why
    not."""
    if not table.practice:
        raise ServiceError("not_practice", NOT_PRACTICE)
    seat = None
    if getattr(user, "is_authenticated", False):
        seat = table.seats.filter(user=user).values_list("position", flat=True).first()
    if seat is None:
        raise ServiceError("not_seated", _("Vous n'êtes pas assis à cette table."))
    game = table.games.order_by("-number").first()
    if game is None or game.status != Game.Status.PLAYING:
        raise ServiceError("game_over", _("La partie est terminée."))
    if version is None or version != game.version or (game_id is not None
                                                        and game_id != game.pk):
        raise ServiceError(
            "stale", _("La partie a avancé depuis : ce conseil ne vaudrait plus. "
                       "Redemandez-le sur la position à jour."))
    engine = table.engine
    if engine.actor(game.state) != seat:
        raise ServiceError("not_your_turn", _("Ce n'est pas votre tour."))
    key = answer_key(game.pk, game.version, seat)
    known = cache.get(key)
    if known is not None:
        return Advice(game.pk, game.version, seat, known)
    view = engine.view(game.state, seat)
    if engine.appraiser is None:
        raise ServiceError("no_advice", _("Le maître ne conseille pas encore à ce jeu."))
    if not has_a_choice(view):
        raise ServiceError("no_advice", _("Un seul coup est possible ici : le maître n'a "
                                          "rien à conseiller."))
    if not cache.add(_busy_key(user.pk), 1, timeout=BUSY_SECONDS):
        raise ServiceError("advice_busy", _("Le maître réfléchit déjà à votre question : "
                                            "un instant."))
    try:
        now = time.time() if now is None else now
        if _count(user.pk, now) > settings.ADVICE_PER_MINUTE:
            raise ServiceError(
                "rate_limited",
                ngettext_lazy(
                    "Vous avez demandé %(n)s conseil en une minute, le maximum : "
                    "réessayez dans %(wait)s s.",
                    "Vous avez demandé %(n)s conseils en une minute, le maximum : "
                    "réessayez dans %(wait)s s.",
                    "n"),
                n=settings.ADVICE_PER_MINUTE, wait=max(1, int(WINDOW - now % WINDOW)))
        appraisal = thinking.appraisal(table.game_slug, view)
    finally:
        cache.delete(_busy_key(user.pk))
    if appraisal is None or not isinstance(appraisal.get("action"), dict):
        raise ServiceError("no_advice", _("Le maître n'a pas pu répondre à temps : "
                                          "réessayez."))
    cache.set(key, appraisal, timeout=ANSWER_SECONDS)
    return Advice(game.pk, game.version, seat, appraisal)
