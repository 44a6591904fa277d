"""Version 1 of the API, ``/api/v1/`` (docs/api.md describes every endpoint).

Each endpoint is thin: it checks the token's scope, calls the action function the table's
page calls (play/actions/, economy/interface.py), and answers the caller's seat's view.
A refusal is the service's own (``ServiceError``, ``EconomyError``): its stable code, its
message in the request's language, the HTTP status of api/errors.py.
"""

from __future__ import annotations

import logging
import uuid
from typing import Annotated, Literal

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.signals import got_request_exception
from django.http import Http404
from django.urls import reverse
from django.utils import timezone, translation
from ninja import NinjaAPI, Path, Query, Router, Status
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.docs import Swagger

from api import errors
from api.auth import NOT_AUTHENTICATED, TokenAuth, rate_window, require_scope
from api.schemas import (
    MAX_ID,
    AccountOut,
    ActIn,
    ActOut,
    AdviceIn,
    AdviceOut,
    Archive,
    BlockedPlayer,
    Blocks,
    BotIn,
    CashOutOut,
    CaveIn,
    ChallengeIn,
    ChallengeOut,
    Challenges,
    DeclineIn,
    Error,
    FollowedPlayer,
    Following,
    GameOut,
    JoinIn,
    Marked,
    MyTables,
    Notifications,
    PushSubscriptionIn,
    PushSubscriptionOut,
    PushSubscriptions,
    ReadIn,
    ReviewOut,
    SeekIn,
    SeekOut,
    Seeks,
    State,
    TableGames,
    TableIn,
    TableOut,
)
from cardgames.registry import available_games
from economy import interface as economy
from friends import interface as friends
from friends import services as friendship
from notices.interface import as_event
from notices.models import Notice
from notices.push import services as push
from notices.services import do_mark_read, unread_count
from pairing import interface as pairing
from pairing import services as seeking
from play import actions, queries
from play.actions.advice import ask_the_maitre
from play.actions.lookups import engine_of
from play.actions.rematch import open_rematch
from play.models import Game, GameReview, Table
from play.presentation import archive
from play.presentation.advice import advice_sentence, decision_sentence, loss_text
from play.presentation.options import choice_label, option_label
from play.presentation.view import view_from_snapshot
from play.socket.protocol import state_frame
from taverne.games import game_name
from taverne.refusals import Refusal
from taverne.unavailable import UNAVAILABLE_ERRORS

logger = logging.getLogger(__name__)

PLAY = "play"
TABLES = "tables"

api = NinjaAPI(
    title="Taverne",
    version="1",
    description=(
        "The HTTP API of Taverne: games, tables, a seat's view, archives. Authenticate "
        "with a personal access token (your profile page): `Authorization: Bearer tav_...`. "
        "Moves are played here (POST /tables/{id}/act) or over the table's socket "
        "(docs/protocol.md). Errors: `{type: \"error\", code, message}` in the request's "
        "language (Accept-Language)."
    ),
    urls_namespace="api-v1",
    auth=TokenAuth(),
    # The document names the keys as they are sent: `from` in a template of
    # legal_actions, not its Python name `from_`.
    default_router=Router(by_alias=True),
    docs=Swagger(settings={"persistAuthorization": False}),
)

REFUSED = {400: Error, 401: Error, 403: Error, 404: Error, 405: Error, 409: Error, 413: Error,
           429: Error, 500: Error, 503: Error}


# ----- errors -------------------------------------------------------------------------


@api.exception_handler(Refusal)
def refusal_handler(request, refusal: Refusal):
    response = api.create_response(request, errors.body_of(refusal),
                                   status=errors.status_of(refusal))
    retry_after = getattr(refusal, "retry_after", None)
    if retry_after is not None:
        response["Retry-After"] = str(retry_after)
    return response


@api.exception_handler(ValidationError)
def validation_handler(request, error: ValidationError):
    """A request the schema refuses: ``malformed`` when it has fields the schema does not
    know (named in the message), ``bad_request`` otherwise; ``detail`` lists them all."""
    unknown = [_field(e.get("loc", ())) for e in error.errors
               if e.get("type") == "extra_forbidden"]
    if unknown:
        shown = [name[:40] for name in unknown[:5]]
        refusal = errors.ApiRefusal("malformed", errors.UNKNOWN_FIELDS,
                                    fields=", ".join(shown), count=len(shown))
    else:
        refusal = errors.ApiRefusal("bad_request", errors.BAD_REQUEST)
    body = errors.body_of(refusal)
    body["detail"] = [
        {"loc": [str(part) for part in e.get("loc", ())], "msg": str(e.get("msg", ""))}
        for e in error.errors
    ]
    return api.create_response(request, body, status=400)


def _field(loc) -> str:
    """A field's name in the body (``options.x``), from ninja's location of an error:
    ``("body", <the parameter>, *path)``."""
    path = loc[2:] if loc[:1] == ("body",) else loc[1:]
    return ".".join(str(part) for part in path) or str(loc[-1])


@api.exception_handler(RequestDataTooBig)
def too_large_handler(request, error):
    """A body over DATA_UPLOAD_MAX_MEMORY_SIZE: the caller's mistake, not a failure of
    ours (413, a warning in the log, no traceback), and nothing read from it."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    logger.warning("API request too large: %s %s (over %s bytes)", request.method,
                   request.path, limit)
    response = refusal_handler(request, errors.ApiRefusal("too_large", errors.TOO_LARGE_BODY,
                                                          limit=limit))
    response._has_been_logged = True  # once, as a warning: not again by Django
    return response


@api.exception_handler(AuthenticationError)
def authentication_handler(request, error):
    refusal = errors.ApiRefusal("not_authenticated", NOT_AUTHENTICATED)
    return api.create_response(request, errors.body_of(refusal), status=401)


@api.exception_handler(Http404)
def not_found_handler(request, error):
    return refusal_handler(request, errors.ApiRefusal("not_found", errors.NO_ADDRESS))


@api.exception_handler(Exception)
def server_error_handler(request, error: Exception):
    """A failure of ours still answers in the documented shape (code ``server_error``),
    and is reported as any view's would be (logs, error tracking)."""
    got_request_exception.send(sender=None, request=request)
    logger.exception("API request failed: %s %s", request.method, request.path)
    refusal = errors.ApiRefusal("server_error", errors.SERVER_ERROR)
    return api.create_response(request, errors.body_of(refusal), status=500)


def unavailable_handler(request, error: Exception):
    """PostgreSQL or Redis does not answer: 503 ``unavailable`` with ``Retry-After``, in
    the documented shape; the caller tries again (taverne/unavailable.py)."""
    logger.warning("API request unavailable: %s %s: %r", request.method, request.path, error)
    response = refusal_handler(request, errors.unavailable())
    response._has_been_logged = True  # once, as a warning: not again as Django's error line
    return response


# django-ninja finds a handler by the exception's class: one entry per kind of outage.
for _kind in UNAVAILABLE_ERRORS:
    api.add_exception_handler(_kind, unavailable_handler)


@api.exception_handler(HttpError)
def http_error_handler(request, error: HttpError):
    refusal = errors.ApiRefusal("bad_request", errors.BAD_REQUEST)
    return api.create_response(request, errors.body_of(refusal), status=error.status_code)


# ----- what they share ----------------------------------------------------------------


def ledger_key() -> str:
    """A cave's idempotency key when the client gives none (each request counts)."""
    return uuid.uuid4().hex


def _table(table_id: int) -> Table:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise errors.no_table()
    return table


def _watched_table(request, table_id: int, invitation: str = "") -> Table:
    """The table if the caller may watch it (404 otherwise, as for a missing table)."""
    table = _table(table_id)
    if not queries.can_watch(table, request.user, invitation):
        raise errors.no_table()
    return table


def _state(table: Table, user) -> dict:
    """The socket's ``state`` frame for ``user``'s seat (the spectator's otherwise)."""
    table.refresh_from_db()
    snapshot = queries.load_snapshot(table, table.current_game())
    return state_frame(view_from_snapshot(snapshot, user, lang=_lang()), snapshot.sequence)


def _lang() -> str:
    return translation.get_language() or "fr"


def _table_out(table: Table, taken: int | None = None, user=None) -> dict:
    """A table's settings; its invitation token only for those who may share it (its
    owner and the players seated there), as the table's page shows them the link."""
    shares = user is not None and (table.owner_id == user.pk
                                   or queries.seat_of(table, user) is not None)
    return {
        "invitation": table.invite_token or None if shares else None,
        "id": table.pk,
        "game": table.game_slug,
        "name": table.name,
        "status": table.status,
        "visibility": table.visibility,
        "pace": table.pace,
        "move_seconds": table.move_seconds,
        "seat_count": table.seat_count,
        "seats_taken": taken if taken is not None else table.seats.count(),
        "options": table.options,
        "owner": table.owner.public_name if table.owner_id else None,
        "practice": table.practice,
        "min_reliability": table.min_reliability,
    }


def _may_sit(request, table: Table, invitation: str) -> bool:
    """As for the page's "S'asseoir": a public table, one's own, or the invitation."""
    return (table.visibility == Table.Visibility.PUBLIC
            or table.owner_id == request.user.pk
            or queries.token_matches(table, invitation))


# ----- games and tables ---------------------------------------------------------------


def _option(slug, option, keeper_only=()) -> dict:
    """An option as data; an integer's range is given by its bounds (some are wide)."""
    choices = [] if option.kind == "int" else [
        {"value": value, "label": choice_label(slug, option, value)}
        for value in option.values()
    ]
    return {"key": option.key, "label": option_label(slug, option.key), "kind": option.kind,
            "default": option.default, "choices": choices, "minimum": option.minimum,
            "maximum": option.maximum, "keeper_only": option.key in keeper_only}


@api.get("/games", response={200: list[GameOut], **REFUSED}, tags=["games"])
def list_games(request):
    """The games, their seat counts and table options (names in the request's language)."""
    found = []
    for slug, engine in available_games().items():
        found.append({
            "slug": slug,
            "name": game_name(slug),
            "min_seats": engine.min_seats,
            "max_seats": engine.max_seats,
            "default_seats": engine.default_seats,
            "chips": economy.is_chip_game(slug),
            "options": [_option(slug, option, economy.keeper_options(slug))
                        for option in engine.options],
        })
    return found


@api.get("/tables", response={200: list[TableOut], **REFUSED}, tags=["tables"])
def list_tables(request, game: str = ""):
    """Public tables waiting for players (``?game=<slug>`` for one game), newest first."""
    return [_table_out(table, table.taken) for table in queries.open_tables(game or None)[:100]]


@api.post("/tables", response={201: State, **REFUSED}, tags=["tables"])
def create_table(request, body: TableIn):
    """Open a table, the caller seated at place 0 (scope ``tables``)."""
    require_scope(request, TABLES)
    engine = engine_of(body.game)
    table = actions.do_create_table(
        request.user, body.game,
        seat_count=body.seats if body.seats is not None else engine.default_seats,
        options=body.options, visibility=body.visibility, pace=body.pace,
        move_seconds=body.move_seconds, name=body.name,
        min_reliability=body.min_reliability,
    )
    return Status(201, _state(table, request.user))


@api.get("/tables/{table_id}", response={200: State, **REFUSED}, tags=["tables"])
def table_state(request, table_id: int, invitation: str = ""):
    """The caller's seat's view of the table: exactly the socket's ``state`` frame."""
    return _state(_watched_table(request, table_id, invitation), request.user)


@api.get("/tables/{table_id}/summary", response={200: TableOut, **REFUSED}, tags=["tables"])
def table_summary(request, table_id: int, invitation: str = ""):
    """The table's settings and how many seats are taken."""
    return _table_out(_watched_table(request, table_id, invitation), user=request.user)


@api.post("/tables/{table_id}/join", response={200: State, **REFUSED}, tags=["tables"])
def join_table(request, table_id: int, body: JoinIn):
    """Sit down (scope ``tables``); the game starts when the last seat is taken."""
    require_scope(request, TABLES)
    table = _table(table_id)
    if not _may_sit(request, table, body.invitation):
        raise errors.no_table()
    actions.do_join(table, request.user, position=body.position)
    return _state(table, request.user)


@api.post("/tables/{table_id}/leave", response={200: TableOut, **REFUSED}, tags=["tables"])
def leave_table(request, table_id: int):
    """Leave (scope ``tables``): before the start the seat is freed; during a game a bot
    plays it (come back with /come-back); at a table played for écus, cash out."""
    require_scope(request, TABLES)
    table = _watched_table(request, table_id)
    actions.do_leave(table, request.user)
    table.refresh_from_db()
    return _table_out(table, user=request.user)


@api.post("/tables/{table_id}/bots", response={200: State, **REFUSED}, tags=["tables"])
def add_bot(request, table_id: int, body: BotIn):
    """Seat a bot at a waiting table (scope ``tables``; the table's host only; never at a
    table played for écus)."""
    require_scope(request, TABLES)
    table = _watched_table(request, table_id)
    actions.do_add_bot(table, request.user, position=body.position, level=body.level)
    return _state(table, request.user)


@api.delete("/tables/{table_id}/bots/{position}", response={200: State, **REFUSED},
            tags=["tables"])
def remove_bot(request, table_id: int, position: Annotated[int, Path(ge=0)]):
    """Take the bot at ``position`` away from a waiting table (scope ``tables``; the
    host only)."""
    require_scope(request, TABLES)
    table = _watched_table(request, table_id)
    actions.do_remove_bot(table, request.user, position)
    return _state(table, request.user)


@api.delete("/tables/{table_id}/seats/{position}", response={200: State, **REFUSED},
            tags=["tables"])
def free_seat(request, table_id: int, position: Annotated[int, Path(ge=0)]):
    """Free the seat at ``position`` of a waiting table, a bot's or a player's (scope
    ``tables``; the host only; at a table played for écus, bots' seats only)."""
    require_scope(request, TABLES)
    table = _watched_table(request, table_id)
    actions.do_free_seat(table, request.user, position)
    return _state(table, request.user)


@api.post("/tables/{table_id}/cave", response={200: State, **REFUSED}, tags=["chips"])
def cave_in(request, table_id: int, body: CaveIn):
    """Bring écus as chips to a table played for écus, sitting down if needed (scope
    ``tables``)."""
    require_scope(request, TABLES)
    table = _table(table_id)
    may_sit = _may_sit(request, table, body.invitation)
    if not may_sit and not queries.can_watch(table, request.user, body.invitation):
        raise errors.no_table()
    economy.cave_in(table, request.user, body.amount,
                    request_key=body.request_key or ledger_key(),
                    post_now=body.post_now, may_sit=may_sit)
    return _state(table, request.user)


@api.post("/tables/{table_id}/cash-out", response={200: CashOutOut, **REFUSED},
          tags=["chips"])
def cash_out(request, table_id: int):
    """« Ramasser ses gains »: chips back into écus, leaving the table (scope ``tables``):
    what was paid, or, while you are dealt in a hand, that you are paid when it ends."""
    require_scope(request, TABLES)
    done = economy.cash_out(_watched_table(request, table_id), request.user)
    return {"paid": done.paid, "pending": done.pending, "game_id": done.game_id}


# ----- playing ------------------------------------------------------------------------


@api.post("/tables/{table_id}/act", response={200: ActOut, **REFUSED}, tags=["play"])
def act(request, table_id: int, body: ActIn):
    """Play a move of ``view.legal_actions`` on the view of ``game_id`` and ``version``
    (scope ``play``): a game of another table is ``unknown_game``, a hand that has ended
    ``game_over``, and nothing changes."""
    require_scope(request, PLAY)
    table = _watched_table(request, table_id)
    game = Game.objects.filter(pk=body.game_id, table=table).first()
    if game is None:
        raise actions.ServiceError("unknown_game", errors.UNKNOWN_GAME)
    result = actions.do_act(game, request.user, body.action, body.version,
                            client_id=body.id, table_id=table.pk)
    return {"id": body.id, "version": result.version, "duplicate": result.duplicate}


@api.post("/tables/{table_id}/advice", response={200: AdviceOut, **REFUSED}, tags=["play"])
def advice(request, table_id: int, body: AdviceIn):
    """« Conseil »: what the maître would play in your position, and why (scope ``play``).
    At a practice table only, on your turn, for the view of ``game_id`` at ``version``;
    one question at a time, a few a minute, an answer given again for free."""
    require_scope(request, PLAY)
    table = _watched_table(request, table_id)
    answer = ask_the_maitre(table, request.user, body.version, game_id=body.game_id)
    return {"game_id": answer.game_id, "version": answer.version,
            "action": answer.appraisal["action"],
            "reason": answer.appraisal.get("reason") or {},
            "text": advice_sentence(table.engine, answer.appraisal)}


def _exit(request, table_id: int, call):
    require_scope(request, PLAY)
    table = _watched_table(request, table_id)
    call(table, request.user)
    return _state(table, request.user)


@api.post("/tables/{table_id}/resign", response={200: State, **REFUSED}, tags=["play"])
def resign(request, table_id: int):
    """Concede the game in progress: the other seats (side) win (scope ``play``)."""
    return _exit(request, table_id, actions.do_resign)


@api.post("/tables/{table_id}/abort", response={200: State, **REFUSED}, tags=["play"])
def abort(request, table_id: int):
    """Call the game off before your second move: nobody wins or loses (scope ``play``)."""
    return _exit(request, table_id, actions.do_abort)


@api.post("/tables/{table_id}/come-back", response={200: State, **REFUSED}, tags=["play"])
def come_back(request, table_id: int):
    """Take your seat back from the bot after being marked absent (scope ``play``)."""
    return _exit(request, table_id, actions.do_come_back)


@api.post("/tables/{table_id}/rematch", response={200: State, **REFUSED}, tags=["tables"])
def rematch(request, table_id: int):
    """Propose (or accept) a rematch of this finished table: the new table's view (scope
    ``tables``)."""
    require_scope(request, TABLES)
    new_table = actions.do_rematch(_watched_table(request, table_id), request.user)
    return _state(new_table, request.user)


@api.post("/tables/{table_id}/rematch/decline", response={200: TableOut, **REFUSED},
          tags=["tables"])
def decline_rematch(request, table_id: int):
    """Turn down the rematch proposed at this finished table (scope ``tables``)."""
    require_scope(request, TABLES)
    proposed = open_rematch(_watched_table(request, table_id))
    if proposed is None:
        raise actions.ServiceError("not_invited", errors.NO_REMATCH)
    actions.do_decline_rematch(proposed, request.user)
    proposed.refresh_from_db()
    return _table_out(proposed, user=request.user)


# ----- archives -----------------------------------------------------------------------


@api.get("/archives/{game_id}", response={200: Archive, **REFUSED}, tags=["archives"])
def game_archive(request, game_id: int, step: Annotated[int | None, Query(ge=0)] = None,
                 invitation: str = ""):
    """A finished game at ``step`` (default: its end), through the archive page's reveal
    policy: what your seat saw, and what the rules turned face up."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None:
        raise errors.no_game()
    table = game.table
    may_watch = (queries.seat_of(table, request.user) is not None
                 or queries.can_watch(table, request.user, invitation))
    if game.status != Game.Status.FINISHED:
        if not may_watch:
            raise errors.no_game()
        raise actions.ServiceError("game_not_over", errors.NOT_OVER)
    seen_by = archive.access(game, request.user, may_watch)
    if seen_by is None:
        raise errors.no_game()
    total = archive.log_length(game)
    if step is None:
        step = total
    if not 0 <= step <= total:
        raise errors.ApiRefusal("bad_step", errors.BAD_STEP, total=total)
    state = archive.state_after(game, step)
    recent = archive.recent_actions(game, step)
    names = seen_by.names
    return {
        "game_id": game.pk,
        "table_id": table.pk,
        "game": table.game_slug,
        "number": game.number,
        "ending": game.ending,
        "step": step,
        "total": total,
        "you": seen_by.seat,
        "names": names,
        "result": game.result,
        "log": archive.log_before(game, recent, len(recent), names)[::-1],
        "view": table.engine.archive_view(state, seen_by.seat),
    }


@api.get("/archives/{game_id}/review", response={200: ReviewOut, **REFUSED},
         tags=["archives"])
def game_review(request, game_id: int):
    """The maître's review of your decisions in a finished practice or casual game: the
    ones where it expected most better, each judged from what your seat saw then. Yours
    only: a spectator, or another player, is refused (404)."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    if game is None or game.status != Game.Status.FINISHED:
        raise errors.no_game()
    seen_by = archive.access(game, request.user, may_watch=False)
    if seen_by is None or seen_by.seat is None:
        raise actions.ServiceError("not_found", errors.NO_REVIEW)
    engine = game.table.engine
    row = GameReview.objects.filter(game=game, position=seen_by.seat).first()
    decisions = sorted(row.decisions if row is not None else [], key=lambda d: d["step"])
    return {
        "game_id": game.pk,
        "you": seen_by.seat,
        "status": row.status if row is not None else "none",
        "unit": engine.appraisal_unit,
        "decisions": [{**decision, "text": decision_sentence(engine, decision),
                       "loss_text": loss_text(engine.appraisal_unit, decision["loss"])}
                      for decision in decisions],
    }


def _table_game(game) -> dict:
    finished = game.status == Game.Status.FINISHED
    return {
        "game_id": game.pk,
        "number": game.number,
        "status": game.status,
        "ending": game.ending,
        "started_at": _iso(game.started_at),
        "finished_at": _iso(game.finished_at),
        "you": game.you,
        "result": game.result if finished else None,
        "archive": reverse("api-v1:game_archive", kwargs={"game_id": game.pk})
        if finished else None,
    }


# GET /tables/{id}/games's query: a value out of bounds is 400 bad_request (MAX_ID: the
# database's 64-bit integers, api/schemas.py).
GamesSince = Annotated[int, Query(ge=0, le=MAX_ID, description="Only games with a greater "
                                                               "id: the last game_id you "
                                                               "saw (0: all).")]
GamesBefore = Annotated[int | None, Query(ge=1, le=MAX_ID,
                                          description="Only games with a smaller id: the "
                                                      "last game_id of the previous page.")]
GamesLimit = Annotated[int, Query(ge=1, le=queries.GAMES_PAGE_MAX,
                                  description="At most this many games.")]


@api.get("/tables/{table_id}/games", response={200: TableGames, **REFUSED},
         tags=["archives"])
def table_games(request, table_id: int, since: GamesSince = 0, before: GamesBefore = None,
                limit: GamesLimit = queries.GAMES_PAGE, invitation: str = ""):
    """The table's games (at a cash table, its hands) with an id above ``since``, newest
    first, ``limit`` at most (``more``: older ones beyond, ask with ``before``), each with
    its result and archive. Whoever may watch the table gets them all; a former player the
    games they were dealt in."""
    table = _table(table_id)
    may_watch = queries.can_watch(table, request.user, invitation)
    if not may_watch and not queries.was_dealt_in(table, request.user):
        raise errors.no_table()
    games, more = queries.games_at(table, request.user, every_game=may_watch, since=since,
                                   before=before, limit=limit)
    return {"table_id": table.pk, "games": [_table_game(game) for game in games],
            "more": more}


# ----- the account: what a program reads when it starts again -------------------------
# Who it is and what it holds, the tables waiting on it, the hands that ended while it was
# away (docs/api.md, "Coming back").


def _iso(moment) -> str | None:
    """A time as the view gives its ``deadline`` and ``server_time``."""
    return moment.isoformat() if moment is not None else None


@api.get("/account", response={200: AccountOut, **REFUSED}, tags=["account"])
def account(request):
    """Who the token's player is, this token's scopes and expiry, where the account stands
    in this minute's rate limit (all its tokens, this request counted), and the player's
    purse."""
    user, token = request.user, request.auth
    purse = economy.purse(user)
    rate = rate_window(token)
    return {
        "username": user.username,
        "display_name": user.public_name,
        "program": user.is_bot_account,
        "token": {"name": token.name, "prefix": token.prefix, "scopes": token.scopes or [],
                  "created_at": _iso(token.created_at), "expires_at": _iso(token.expires_at)},
        "rate_limit": {"limit": rate.limit, "used": rate.used, "remaining": rate.remaining,
                       "reset_seconds": rate.reset_seconds},
        "wallet": {
            "ecus": purse.ecus, "tokens": purse.tokens, "hand_credits": purse.hand_credits,
            "hands_today": [{"game": h.game_slug, "allowance": h.allowance,
                             "free_left": h.free_left, "level_ok": h.level_ok}
                            for h in purse.hands_today],
        },
    }


def _my_table(table, user) -> dict:
    game = table.latest
    return {
        "id": table.pk,
        "game": table.game_slug,
        "name": table.name,
        "status": table.status,
        "visibility": table.visibility,
        "pace": table.pace,
        "move_seconds": table.move_seconds,
        "seat_count": table.seat_count,
        "practice": table.practice,
        "chips": economy.is_chip_table(table),
        "host": table.owner_id == user.pk,
        "you": table.you,
        "sitting_out": table.sitting_out,
        "game_id": game.pk if game else None,
        "game_number": game.number if game else 0,
        "game_status": game.status if game else None,
        "actor": game.actor if game and game.status == Game.Status.PLAYING else None,
        "your_turn": table.your_turn,
        "deadline": _iso(game.deadline) if game else None,
        "sequence": table.sequence,
        "rematch_table_id": table.rematch_id,
        "invitation": table.invite_token or None,
    }


@api.get("/account/tables", response={200: MyTables, **REFUSED}, tags=["account"])
def account_tables(request, turn: Literal["", "mine"] = ""):
    """The tables you sit at or own, waiting or playing, and the finished ones where you
    sat whose rematch is open or that finished in the last 24 hours; ``?turn=mine``: only
    those waiting on your move. Your turns first, then by deadline."""
    tables = queries.tables_of(request.user)
    if turn == "mine":
        tables = [table for table in tables if table.your_turn]
    return {"server_time": _iso(timezone.now()),
            "tables": [_my_table(table, request.user) for table in tables]}


@api.get("/account/notifications", response={200: Notifications, **REFUSED},
         tags=["account"])
def notifications(request, unread: bool = False):
    """Your notifications (the bell's list), newest first; ``?unread=true``: only those
    not read yet. Reading them here marks nothing: POST .../read."""
    kept = Notice.objects.filter(user=request.user)
    if unread:
        kept = kept.filter(read_at__isnull=True)
    return {"unread": unread_count(request.user.pk),
            "notifications": [as_event(notice) for notice in kept[:50]]}


@api.post("/account/notifications/read", response={200: Marked, **REFUSED},
          tags=["account"])
def read_notifications(request, body: ReadIn):
    """Mark notifications read: those of ``ids`` (yours; others are ignored), or all."""
    marked = do_mark_read(request.user.pk, ids=body.ids)
    return {"marked": marked, "unread": unread_count(request.user.pk)}


# ----- the players one follows and blocks (friends/) -----------------------------------


def _followed(players, user) -> list[dict]:
    ids = [player.pk for player in players]
    online = queries.online_among(ids)
    tables = queries.tables_to_watch_with(ids, user)
    return [{"username": player.username, "display_name": player.public_name,
             "since": _iso(player.since), "online": player.pk in online,
             "watch_table_id": tables[player.pk].pk if player.pk in tables else None}
            for player in players]


def _blocked(player) -> dict:
    return {"username": player.username, "display_name": player.public_name,
            "since": _iso(player.since)}


@api.get("/account/following", response={200: Following, **REFUSED}, tags=["account"])
def following(request):
    """The players you follow, by name: online or not, and a game in progress of theirs
    you may watch."""
    return {"players": _followed(friends.followed_by(request.user), request.user)}


@api.put("/account/following/{username}", response={200: FollowedPlayer, **REFUSED},
         tags=["account"])
def follow(request, username: str):
    """Follow a player (scope ``tables``); following them already changes nothing.
    Refused: yourself, a guest, an unknown name, across a block."""
    require_scope(request, TABLES)
    row = friendship.do_follow(request.user, username)
    row.followed.since = row.created_at
    return _followed([row.followed], request.user)[0]


@api.delete("/account/following/{username}", response={204: None, **REFUSED},
            tags=["account"])
def unfollow(request, username: str):
    """Stop following a player (scope ``tables``); not following them changes nothing."""
    require_scope(request, TABLES)
    friendship.do_unfollow(request.user, username)
    return Status(204, None)


@api.get("/account/blocks", response={200: Blocks, **REFUSED}, tags=["account"])
def blocks(request):
    """The players you blocked, by name."""
    return {"players": [_blocked(player) for player in friends.blocked_by(request.user)]}


@api.put("/account/blocks/{username}", response={200: BlockedPlayer, **REFUSED},
         tags=["account"])
def block(request, username: str):
    """Block a player (scope ``tables``): neither of you reads the other's chat at a
    table, and any follow between you ends. Blocking them again changes nothing."""
    require_scope(request, TABLES)
    row = friendship.do_block(request.user, username)
    row.blocked.since = row.created_at
    return _blocked(row.blocked)


@api.delete("/account/blocks/{username}", response={204: None, **REFUSED},
            tags=["account"])
def unblock(request, username: str):
    """Lift your block of a player (scope ``tables``); no block changes nothing."""
    require_scope(request, TABLES)
    friendship.do_unblock(request.user, username)
    return Status(204, None)


# ----- the devices told by Web Push (notices/push/) -----------------------------------


def _device(device) -> dict:
    return {"endpoint": device.endpoint, "created_at": _iso(device.created_at),
            "last_success_at": _iso(device.last_success_at)}


@api.get("/account/push-subscriptions", response={200: PushSubscriptions, **REFUSED},
         tags=["account"])
def push_subscriptions(request):
    """The site's VAPID public key and your devices told by Web Push of your turns,
    challenges, tables found and games over."""
    return {"public_key": settings.VAPID_PUBLIC_KEY,
            "devices": [_device(d) for d in push.subscriptions_of(request.user)]}


@api.post("/account/push-subscriptions", response={201: PushSubscriptionOut, **REFUSED},
          tags=["account"])
def push_subscribe(request, body: PushSubscriptionIn):
    """Tell this device (scope ``tables``): a browser's ``PushSubscription.toJSON()``,
    subscribed with the key of GET /account/push-subscriptions. The same endpoint again
    replaces its keys. Refused: a guest, a site without push, an endpoint not https or
    keys of the wrong length (``bad_subscription``)."""
    require_scope(request, TABLES)
    device = push.do_subscribe(request.user, body.endpoint, body.keys.p256dh, body.keys.auth,
                               request.headers.get("User-Agent", ""))
    return Status(201, _device(device))


@api.delete("/account/push-subscriptions", response={204: None, **REFUSED},
            tags=["account"])
def push_unsubscribe(request, endpoint: str):
    """Tell this device nothing more (scope ``tables``; ``?endpoint=``, URL-encoded); an
    endpoint you did not subscribe changes nothing."""
    require_scope(request, TABLES)
    push.do_unsubscribe(request.user, endpoint)
    return Status(204, None)
# ----- seeks and challenges (pairing/) --------------------------------------------------


def _seek_out(seek, user) -> dict:
    return {
        "id": seek.pk, "username": seek.user.username, "display_name": seek.user.public_name,
        "rating": seek.rating, "game": seek.game_slug, "seats": seek.seat_count,
        "pace": seek.pace, "move_seconds": seek.move_seconds, "rated": seek.rated,
        "rating_min": seek.rating_min, "rating_max": seek.rating_max,
        "reliability": seek.reliability, "min_reliability": seek.min_reliability,
        "bots_after": seek.bots_after, "status": seek.status,
        "created_at": _iso(seek.created_at), "alive_until": _iso(seek.alive_until),
        "table_id": seek.table_id, "mine": seek.user_id == user.pk,
    }


@api.post("/seeks", response={201: SeekOut, **REFUSED}, tags=["pairing"])
def create_seek(request, body: SeekIn):
    """Look for opponents (scope ``tables``): paired at once when enough compatible seeks
    are open (``status`` paired, ``table_id`` set), else open. A live seek lives while you
    poll it (GET /seeks/{id}, every few seconds) or your account socket is open."""
    require_scope(request, TABLES)
    seek = seeking.do_seek(request.user, body.game, seat_count=body.seats, pace=body.pace,
                           move_seconds=body.move_seconds, rated=body.rated,
                           rating_min=body.rating_min, rating_max=body.rating_max,
                           bots_after=body.bots_after, min_reliability=body.min_reliability)
    return Status(201, _seek_out(seek, request.user))


@api.get("/seeks", response={200: Seeks, **REFUSED}, tags=["pairing"])
def list_seeks(request, game: str = ""):
    """Your open seeks, and the other players' open ones (``?game=<slug>``)."""
    seeks = pairing.open_seeks(game or None)
    mine = [s for s in seeks.filter(user=request.user)]
    others = list(seeks.exclude(user=request.user)[:100])
    return {"mine": [_seek_out(s, request.user) for s in mine],
            "open": [_seek_out(s, request.user) for s in others]}


@api.get("/seeks/{seek_id}", response={200: SeekOut, **REFUSED}, tags=["pairing"])
def seek(request, seek_id: int):
    """One of your seeks; reading it is its heartbeat (a live seek lives on, and its bots
    come once its wait is over)."""
    return _seek_out(seeking.do_keep_seek(request.user, seek_id), request.user)


@api.delete("/seeks/{seek_id}", response={200: SeekOut, **REFUSED}, tags=["pairing"])
def cancel_seek(request, seek_id: int):
    """Stop seeking (scope ``tables``); a seek already paired: ``too_late``."""
    require_scope(request, TABLES)
    return _seek_out(seeking.do_cancel_seek(request.user, seek_id), request.user)


@api.post("/challenges", response={201: ChallengeOut, **REFUSED}, tags=["pairing"])
def create_challenge(request, body: ChallengeIn):
    """Challenge players by name (scope ``tables``); each is told at once (account stream
    ``challenge``, a notice). The table opens when everyone accepted."""
    require_scope(request, TABLES)
    challenge = seeking.do_challenge(request.user, body.to, body.game, seat_count=body.seats,
                                     options=body.options, pace=body.pace,
                                     move_seconds=body.move_seconds, rated=body.rated)
    return Status(201, seeking.challenge_event(challenge))


@api.get("/challenges", response={200: Challenges, **REFUSED}, tags=["pairing"])
def list_challenges(request):
    """The open challenges sent to you (incoming) and yours (outgoing). Reading them keeps
    your live challenges alive, as your page does."""
    seeking.keep_live_seeks(request.user.pk)
    return {"incoming": [seeking.challenge_event(c) for c in pairing.incoming(request.user)],
            "outgoing": [seeking.challenge_event(c) for c in pairing.outgoing(request.user)]}


@api.get("/challenges/{challenge_id}", response={200: ChallengeOut, **REFUSED},
         tags=["pairing"])
def challenge(request, challenge_id: int):
    """A challenge you made or received; its challenger's reading keeps a live one alive."""
    return seeking.challenge_event(seeking.do_keep_challenge(request.user, challenge_id))


@api.post("/challenges/{challenge_id}/accept", response={200: ChallengeOut, **REFUSED},
          tags=["pairing"])
def accept_challenge(request, challenge_id: int):
    """Accept (scope ``tables``); the last acceptance opens the table (``table``)."""
    require_scope(request, TABLES)
    return seeking.challenge_event(seeking.do_accept(request.user, challenge_id))


@api.post("/challenges/{challenge_id}/decline", response={200: ChallengeOut, **REFUSED},
          tags=["pairing"])
def decline_challenge(request, challenge_id: int, body: DeclineIn):
    """Decline, saying why (scope ``tables``): the challenge ends for everyone."""
    require_scope(request, TABLES)
    return seeking.challenge_event(seeking.do_decline(request.user, challenge_id,
                                                      body.reason))


@api.delete("/challenges/{challenge_id}", response={200: ChallengeOut, **REFUSED},
            tags=["pairing"])
def cancel_challenge(request, challenge_id: int):
    """Take your challenge back (scope ``tables``)."""
    require_scope(request, TABLES)
    return seeking.challenge_event(seeking.do_cancel_challenge(request.user, challenge_id))
