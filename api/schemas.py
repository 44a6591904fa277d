"""What the API reads and answers, as typed schemas (the OpenAPI document is made from
these).

What it reads is strict: every body is an ``Input``, which refuses a field it does not
know (``malformed``), and says the bounds the server keeps, so that a request the
document allows is never refused as ``bad_request``. What it answers is documented to the
key: a seat's view is one of the socket's game views (docs/schemas/views/<game>.json), an
archive's one of the games' archive views. The views are passed through as the
presentation made them (the socket sends the same objects unchecked): the document
describes them, the tests hold them to it (tests/play/test_protocol_schema.py,
tests/api/test_schemathesis.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Field, Schema
from pydantic import ConfigDict, TypeAdapter, create_model

from api.errors import CODES
from cardgames.core import ARCHIVE_DROPS
from play.models import Table
from play.socket.schema import (  # the socket's: one model of a log line, one of a view
    GAME_KEYS,
    GAME_VIEWS,
    AnyView,
    Card,
    LogLine,
    Message,
    View,
    one_of,
)

# Ids, versions and amounts are the database's 64-bit integers: a larger number is none of
# them, and no database could compare it (a 400 bad_request, not a 500).
MAX_ID = 2**63 - 1
RowId = Annotated[int, Field(ge=1, le=MAX_ID)]


class Input(Schema):
    """A request body: a field it does not declare is refused (``malformed``), never
    ignored: a misspelt ``visibilty`` must not open a public table."""

    model_config = ConfigDict(extra="forbid")


class Documented:
    """A value answered as it is, described in the OpenAPI document as ``documented``."""

    def __init__(self, documented):
        self.adapter = TypeAdapter(documented)

    def __get_pydantic_json_schema__(self, core_schema, handler):
        return handler(self.adapter.core_schema)


class Error(Schema):
    type: Literal["error"] = "error"
    code: Literal[CODES] = Field(description="Stable code (docs/api.md, Errors; "
                                             "docs/protocol.md).")
    message: str = Field(description="Why, in the request's language (Accept-Language).")
    rule: str | None = Field(None, description="The game rule a refused move breaks.")
    retry_after: int | None = Field(None, description="Seconds to wait (rate_limited only).")
    detail: list[dict[str, Any]] | None = Field(None, description="Fields refused (bad_request).")


class Choice(Schema):
    value: Any
    label: str


class GameOption(Schema):
    key: str
    label: str
    kind: Literal["choice", "int", "bool"]
    default: Any
    choices: list[Choice] = Field(description="The values allowed (choice, bool; empty for "
                                              "int: see minimum and maximum).")
    minimum: int | None = None
    maximum: int | None = None
    keeper_only: bool = Field(
        False, description="Set only by a tavern keeper, from « Ma taverne » (the rake): "
                           "POST /tables refuses it (keeper_only).")


class GameOut(Schema):
    slug: str
    name: str
    min_seats: int
    max_seats: int
    default_seats: int
    chips: bool = Field(description="Its tables (but practice) are played for écus: caves.")
    options: list[GameOption]


class TableOut(Schema):
    id: int
    invitation: str | None = Field(
        None, description="An unlisted table's invitation token, for its owner and the "
                          "players seated there (others: null).")
    game: str
    name: str
    status: Literal["waiting", "playing", "finished", "closed"]
    visibility: Literal["public", "unlisted"]
    pace: Literal["live", "correspondence"]
    move_seconds: int
    seat_count: int
    seats_taken: int
    options: dict[str, Any]
    owner: str | None
    practice: bool
    min_reliability: int | None = Field(
        None, description="The share of finished games (%) a player needs to sit here; a "
                          "new player (under 5 counted games) always may. Null: none.")


# Every time a move may take (Table.LIVE_SECONDS, Table.CORRESPONDENCE_DAYS).
MOVE_SECONDS = (*Table.LIVE_SECONDS, *(days * 86400 for days in Table.CORRESPONDENCE_DAYS))


class TableIn(Input):
    game: str = Field(min_length=1, max_length=32, examples=["ascenseur"],
                      description="A game's slug (GET /games).")
    seats: int | None = Field(None, ge=1, description="From the game's min_seats to its "
                                                      "max_seats (GET /games); default: "
                                                      "its default_seats.")
    options: dict[str, Any] = Field(default_factory=dict)
    visibility: Literal["public", "unlisted"] = "public"
    pace: Literal["live", "correspondence"] = "live"
    move_seconds: Literal[MOVE_SECONDS] = Field(
        60, description="live: 30, 60 or 120; correspondence: whole days in seconds (1, 2, "
                        "3, 5, 7, 10, 14 days).")
    name: str = Field("", max_length=80)
    min_reliability: Literal[50, 75, 90, 95] | None = Field(
        None, description="« Fiabilité minimale »: who has finished less than this share of "
                          "their games may not sit (a new player may). Default: none.")


class JoinIn(Input):
    position: int | None = Field(None, ge=0, description="A free place; default: the "
                                                         "first.")
    invitation: str = Field("", description="An unlisted table's invitation token.")


class BotIn(Input):
    position: int | None = Field(None, ge=0, description="A free place; default: the "
                                                         "first.")
    level: Literal["", "debutant", "habitue", "maitre"] = ""


class CaveIn(Input):
    amount: int = Field(ge=1, le=MAX_ID, description="Écus to bring as chips.")
    request_key: str = Field("", max_length=64,
                             description="Idempotency key: the same key counts once.")
    post_now: bool = Field(False, description="Post the entry blind at once.")
    invitation: str = ""


class CashOutOut(Schema):
    paid: int | None = Field(description="Écus paid now; null: pending, paid when the hand "
                                         "game_id ends.")
    pending: bool = Field(description="You are dealt in the hand being played: your chips "
                                      "are paid when it ends, and you are dealt no more.")
    game_id: int | None = Field(description="The hand whose end pays you (pending only): "
                                            "it shows finished in GET /tables/{id}/games "
                                            "once paid.")


class ActIn(Input):
    action: dict[str, Any] = Field(description="An entry of view.legal_actions.")
    game_id: int = Field(ge=1, le=MAX_ID,
                         description="The game_id of the view acted on: a move names its "
                                     "game (a cash table deals one game per hand, and "
                                     "versions start again at each).")
    version: int = Field(ge=0, le=MAX_ID, description="The version of the view acted on.")
    id: str = Field("", max_length=64, description="Your id of the move: repeated, it "
                                                   "counts once (duplicate).")


class ActOut(Schema):
    type: Literal["ack"] = "ack"
    id: str
    version: int
    duplicate: bool


class State(Schema):
    """The socket's ``state`` frame, the same object (docs/schemas/server/state.json)."""

    type: Literal["state"] = "state"
    protocol: int = Field(description="The socket protocol's version (docs/protocol.md).")
    version: int
    game_id: int | None
    sequence: int = Field(description="The table's sequence: one more at every change of "
                                      "the table (docs/protocol.md).")
    view: Annotated[dict[str, Any], Documented(AnyView)] = Field(
        description="The caller's seat's view, the spectator's otherwise: one of the "
                    "games' views (docs/schemas/views/<game>.json), told apart by "
                    "`game_slug`.")


def _archive_view(slug: str, view: type[View]):
    """What an archive shows of ``slug``'s game at a step (the engine's ``archive_view``):
    the engine's keys of the game's view, less the choices it had, plus ``revealed``."""
    engine_keys = ("game", "seats", "options", "actor", "you", "result")
    fields = {key: (view.model_fields[key].annotation, view.model_fields[key])
              for key in engine_keys}
    fields["game"] = (Literal[slug], Field(description="The game's slug."))
    for key in GAME_KEYS[slug]:
        if key not in ARCHIVE_DROPS:
            fields[key] = (view.model_fields[key].annotation, view.model_fields[key])
    fields["revealed"] = (list[list[Card] | None], Field(
        description="By seat: the cards the rules turned face up (a showdown, a count), "
                    "null when none."))
    name = view.__name__.removesuffix("View") + "ArchiveView"
    return create_model(name, __base__=Message, __doc__=f"An archive of a {slug} game.",
                        __module__=__name__, **fields)


ARCHIVE_VIEWS = {slug: _archive_view(slug, view) for slug, view in GAME_VIEWS.items()}
AnyArchiveView = one_of(ARCHIVE_VIEWS.values(), "game")


class TableGame(Schema):
    game_id: int
    number: int = Field(description="Its number at the table (at a cash table, the hand's).")
    status: Literal["playing", "finished"]
    ending: Literal["", "resigned", "aborted"] = Field(
        description="How it ended: played out (\"\"), resigned or aborted.")
    started_at: str
    finished_at: str | None
    you: int | None = Field(description="Your place in it; null: you were not dealt in.")
    result: dict[str, Any] | None = Field(description="As its archive gives it; null while "
                                                      "it is played, or aborted.")
    archive: str | None = Field(description="Its archive once finished, "
                                            "/api/v1/archives/{game_id} (with ?invitation= "
                                            "as for the table); null while it is played.")


class TableGames(Schema):
    table_id: int
    games: list[TableGame] = Field(description="Newest first.")
    more: bool = Field(description="Older games match beyond these: ask again with "
                                   "before=<the last game_id>.")


class Archive(Schema):
    game_id: int
    table_id: int
    game: str
    number: int
    ending: str
    step: int
    total: int
    you: int | None = Field(description="Your seat in that game; null: a spectator.")
    names: list[str]
    result: dict[str, Any] | None
    log: list[LogLine] = Field(description="The log up to step (the last 60), oldest "
                                           "first.")
    view: Annotated[dict[str, Any], Documented(AnyArchiveView)] = Field(
        description="What the archive's reveal policy shows at step: your seat's view, and "
                    "what the rules turned face up; told apart by `game`.")


# ----- the maître: « Conseil » and the game review ------------------------------------


class AdviceIn(Input):
    game_id: int = Field(ge=1, le=MAX_ID, description="The game_id of the view you ask about.")
    version: int = Field(ge=0, le=MAX_ID,
                         description="The version of that view: the maître answers for it "
                                     "only (stale once the game moved).")


class AdviceOut(Schema):
    game_id: int
    version: int
    action: dict[str, Any] = Field(description="The move the maître would play: an action "
                                               "you may send as is.")
    reason: dict[str, Any] = Field(description="Why, as data: a code of the shared "
                                               "vocabulary (advice.bid_tricks, "
                                               "advice.exact_bid, advice.expected_points, "
                                               "advice.win_chance, advice.equity, "
                                               "advice.meld) and its numbers.")
    text: str = Field(description="The same in one sentence, in the request's language.")


class ReviewedDecision(Schema):
    step: int = Field(description="The log's step of your move; the position you decided "
                                  "in is the archive's step - 1.")
    played: dict[str, Any]
    best: dict[str, Any] = Field(description="What the maître would have played.")
    reason: dict[str, Any]
    loss: float = Field(description="What your move cost against the maître's, in unit.")
    text: str
    loss_text: str


class ReviewOut(Schema):
    game_id: int
    you: int
    status: Literal["none", "pending", "done", "failed"] = Field(
        description="none: this game gets no review (a rated game, an aborted one); "
                    "pending: the maître is at it, ask again in a moment.")
    unit: str = Field(description="The scale of loss: points, jetons, chips or win_chance.")
    decisions: list[ReviewedDecision] = Field(description="Your marked decisions, in the "
                                                          "order of the game.")


# ----- the account: what a program reads when it starts again --------------------------
# GET /account, GET /account/tables (docs/api.md). Times are ISO
# 8601 strings, as the view's ``deadline`` and ``server_time``.


class TokenInfo(Schema):
    name: str
    prefix: str = Field(description="The token's first characters, as the profile lists it.")
    scopes: list[str]
    created_at: str
    expires_at: str | None = Field(description="From then on the token is refused (401 "
                                               "not_authenticated); null: no expiry.")


class RateLimit(Schema):
    limit: int = Field(description="Requests allowed per account (all its tokens together) "
                                   "and calendar minute.")
    used: int = Field(description="Made in this minute with any of the account's tokens, "
                                  "this one included.")
    remaining: int
    reset_seconds: int = Field(description="Seconds until the next minute's count starts.")


class HandsToday(Schema):
    game: str
    allowance: int = Field(description="Free hands a day at this game.")
    free_left: int
    level_ok: bool = Field(description="false: e-mail address not verified, no hand is "
                                       "dealt.")


class Wallet(Schema):
    ecus: int
    tokens: int = Field(description="Gold tokens.")
    hand_credits: int = Field(description="Hands of packs, beyond the free ones.")
    hands_today: list[HandsToday] = Field(description="Each game with a daily limit.")


class AccountOut(Schema):
    username: str
    display_name: str = Field(description="The name other players see (the profile's "
                                          "display name, else the username).")
    program: bool = Field(description="The profile's « Ce compte est un programme ».")
    token: TokenInfo = Field(description="The token of this request.")
    rate_limit: RateLimit
    wallet: Wallet


class MyTable(Schema):
    id: int
    game: str = Field(description="The game's slug.")
    name: str
    status: Literal["waiting", "playing", "finished"] = Field(
        description="The table's; finished: listed while its rematch is open, or for 24 "
                    "hours.")
    visibility: Literal["public", "unlisted"]
    pace: Literal["live", "correspondence"]
    move_seconds: int
    seat_count: int
    practice: bool
    chips: bool = Field(description="Played for écus (caves, cash-out).")
    host: bool = Field(description="You opened it (its owner).")
    you: int | None = Field(description="Your place; null: you own it without sitting.")
    sitting_out: bool = Field(description="A bot plays your seat (left or absent): "
                                          "POST /come-back.")
    game_id: int | None = Field(description="The current or last game (hand); null before "
                                            "the first deal.")
    game_number: int
    game_status: Literal["playing", "finished"] | None
    actor: int | None = Field(description="The place to act in that game; null: nobody.")
    your_turn: bool
    deadline: str | None = Field(description="When the actor's time runs out, as the "
                                             "view's deadline (null: no clock running).")
    sequence: int = Field(description="The table's sequence (docs/protocol.md).")
    rematch_table_id: int | None = Field(description="A finished table's open rematch.")
    invitation: str | None = Field(description="The table's invitation token, as its "
                                               "summary gives it to its owner and players: "
                                               "?invitation= to watch it unseated.")


class MyTables(Schema):
    server_time: str = Field(description="The server's clock: compare deadlines with it.")
    tables: list[MyTable]


class FollowedPlayer(Schema):
    username: str = Field(description="The name to follow, block or challenge them by.")
    display_name: str = Field(description="The name other players see.")
    since: str = Field(description="When you started following them.")
    online: bool = Field(description="Seen on the site in the last 5 minutes, or at a "
                                     "table's socket now.")
    watch_table_id: int | None = Field(description="A game in progress they play that you "
                                                   "may watch (a live one first): GET "
                                                   "/tables/{id}; null: none.")


class Following(Schema):
    players: list[FollowedPlayer] = Field(description="The players you follow, by name.")


class BlockedPlayer(Schema):
    username: str
    display_name: str
    since: str = Field(description="When you blocked them.")


class Blocks(Schema):
    players: list[BlockedPlayer] = Field(description="The players you blocked, by name.")


# ----- Web Push (notices/push/) ---------------------------------------------------------


class PushKeys(Input):
    p256dh: str = Field(max_length=120, description="The device's P-256 public key, base64url "
                                                    "(65 bytes, uncompressed).")
    auth: str = Field(max_length=40, description="The device's auth secret, base64url (16 "
                                                 "bytes).")


class PushSubscriptionIn(Input):
    """A browser's ``PushSubscription.toJSON()`` (``expirationTime`` is accepted and
    ignored)."""

    endpoint: str = Field(max_length=500, description="The push service's https address "
                                                      "for this device.")
    keys: PushKeys
    expirationTime: int | None = Field(None, description="Ignored.")  # noqa: N815


class PushSubscriptionOut(Schema):
    endpoint: str = Field(description="The device's push service address.")
    created_at: str = Field(description="When this device subscribed.")
    last_success_at: str | None = Field(description="The last push it accepted; null: none "
                                                    "yet.")


class PushSubscriptions(Schema):
    public_key: str = Field(description="The site's VAPID public key (base64url): the "
                                        "applicationServerKey to subscribe with; empty: "
                                        "the site does not push.")
    devices: list[PushSubscriptionOut]
class Notification(Schema):
    id: int
    kind: Literal["your_turn", "challenge", "paired", "game_over"]
    url: str = Field(description="The page it is about (a table's, a challenge's); may be "
                                 "empty.")
    data: dict[str, Any] = Field(description="Ids and public words: `table`, `game`, "
                                             "`table_name`, `game_slug`, `deadline`...")
    created_at: str
    read: bool


class Notifications(Schema):
    unread: int = Field(description="How many of yours are unread (the bell's count).")
    notifications: list[Notification] = Field(description="Newest first, at most 50.")


class ReadIn(Input):
    ids: list[RowId] | None = Field(None, max_length=200,
                                  description="The notifications read; omitted: all of them.")


class Marked(Schema):
    marked: int
    unread: int
# ----- seeks and challenges (pairing/) --------------------------------------------------

PACE_DOC = ("live: 30, 60 or 120; correspondence: whole days in seconds (1, 2, 3, 5, 7, 10, "
            "14 days).")
RATING_BOUND = 100_000


class SeekIn(Input):
    game: str = Field(min_length=1, max_length=32, examples=["all-fours"],
                      description="A game's slug (GET /games); not a game played for écus.")
    seats: int | None = Field(None, ge=1, le=16, description="Default: the game's "
                                                             "default_seats.")
    pace: Literal["live", "correspondence"] = "live"
    move_seconds: Literal[MOVE_SECONDS] = Field(60, description=PACE_DOC)
    rated: bool = True
    rating_min: int | None = Field(None, ge=-RATING_BOUND, le=RATING_BOUND,
                                   description="The lowest rating you accept (yours "
                                               "included).")
    rating_max: int | None = Field(None, ge=-RATING_BOUND, le=RATING_BOUND)
    min_reliability: Literal[50, 75, 90, 95] | None = Field(
        None, description="The least share of finished games (%) you ask of your "
                          "opponents; a new player (under 5 counted games) always meets it.")
    bots_after: Literal[30, 60, 120, 300] | None = Field(
        None, description="Casual live seeks only: bots take the seats still empty after "
                          "this many seconds (polling GET /seeks/{id} brings them).")


class SeekOut(Schema):
    id: int
    username: str
    display_name: str
    rating: int = Field(description="The seeker's rating at the game when they sought.")
    game: str
    seats: int
    pace: Literal["live", "correspondence"]
    move_seconds: int
    rated: bool
    rating_min: int | None
    rating_max: int | None
    reliability: int | None = Field(description="The seeker's share of games finished (%) "
                                                "when they sought; null: a new player.")
    min_reliability: int | None
    bots_after: int | None
    status: Literal["open", "paired", "cancelled", "expired"]
    created_at: str
    alive_until: str = Field(description="A live seek ends then unless polled (GET "
                                         "/seeks/{id}) or kept by the account socket.")
    table_id: int | None = Field(description="The table it was paired at (GET "
                                             "/tables/{id}); null while open.")
    mine: bool


class Seeks(Schema):
    mine: list[SeekOut] = Field(description="Your open seeks.")
    open: list[SeekOut] = Field(description="Other players' open seeks, oldest first.")


class ChallengeIn(Input):
    to: list[Annotated[str, Field(min_length=1, max_length=150)]] = Field(
        min_length=1, max_length=5, description="The usernames challenged; the game has "
                                                "one place per player.")
    game: str = Field(min_length=1, max_length=32, examples=["all-fours"])
    seats: int | None = Field(None, ge=1, le=16, description="If given: len(to) + 1.")
    options: dict[str, Any] = Field(default_factory=dict)
    pace: Literal["live", "correspondence"] = "live"
    move_seconds: Literal[MOVE_SECONDS] = Field(60, description=PACE_DOC)
    rated: bool = True


class DeclineIn(Input):
    reason: Literal["later", "too_fast", "not_this_game"] = "later"


class Challenged(Schema):
    username: str
    display_name: str
    answer: Literal["pending", "accepted", "declined"]
    reason: Literal["later", "too_fast", "not_this_game"] | None


class ChallengeOut(Schema):
    id: int
    challenger: str = Field(description="The challenger's username.")
    challenger_name: str
    to: list[Challenged]
    game: str
    seats: int
    options: dict[str, Any]
    pace: Literal["live", "correspondence"]
    move_seconds: int
    rated: bool
    status: Literal["open", "accepted", "declined", "cancelled", "expired"]
    created_at: str
    expires_at: str = Field(description="Live: the challenger's heartbeat (their page, GET "
                                        "/challenges, the account socket); correspondence: "
                                        "seven days after.")
    table: int | None = Field(description="The table it opened (everyone accepted).")
    url: str = Field(description="The challenge's page, or its table's once open.")


class Challenges(Schema):
    incoming: list[ChallengeOut] = Field(description="Open challenges waiting for your "
                                                     "answer.")
    outgoing: list[ChallengeOut] = Field(description="Your open challenges, and those you "
                                                     "accepted that wait for the others.")
