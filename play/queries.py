"""Read-only helpers: seat lookups, per-seat views, "my games", open tables.

Loading a view costs the same at move 10 and move 10,000: the state comes from the
game's snapshot, the log sentences were written when the actions were applied, and only
the last LOG_LINES of them are read.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

from django.db.models import BooleanField, Case, Count, F, OuterRef, Subquery, Value, When
from django.utils import timezone

from play.models import ChatMessage, ChatMute, Game, Seat, Table

LOG_LINES = 50
CHAT_LINES = 30


def seat_of(table, user) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(table=table, user=user).first()


def _lang(user, lang):
    if lang:
        return lang
    return getattr(user, "preferred_language", "fr") or "fr"


def chat_line(message: ChatMessage) -> dict:
    """One chat message as sent to clients: plain text, to be escaped by whoever renders it."""
    return {
        "id": message.pk,
        "user": message.user.public_name,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def is_muted(table, user) -> bool:
    return bool(user and user.is_authenticated) and ChatMute.objects.filter(
        table=table, user=user
    ).exists()


def chat_for(table, user, limit=CHAT_LINES) -> list[dict]:
    messages = ChatMessage.objects.filter(table=table).select_related("user")
    lines = [chat_line(m) for m in messages.order_by("-created_at", "-id")[:limit]]
    return lines[::-1]


def players(table, seats, you=None) -> list[dict]:
    by_position = {s.position: s for s in seats}
    return [
        {
            "position": p,
            "name": by_position[p].name if p in by_position else None,
            "bot": by_position[p].is_bot if p in by_position else False,
            "connected": by_position[p].connections > 0 if p in by_position else False,
            "sitting_out": by_position[p].sitting_out if p in by_position else False,
            "you": you == p,
        }
        for p in range(table.seat_count)
    ]


@dataclass
class Snapshot:
    """Everything the views of one table are made from, read in one go.

    A consumer process shares one snapshot between the connections of a table (each
    computes its own seat's view from it), so a move costs one read per process, not
    one per connection. Nothing in it leaves the server as is.
    """

    table: Table
    game: Game | None
    seats: list
    log: dict  # lang -> sentences, oldest first
    chat: list
    muted: set  # user ids who muted this table's chat
    loaded_at: float = field(default_factory=time.monotonic)

    @property
    def key(self):
        return (self.game.pk if self.game else None, self.game.version if self.game else 0)


def load_snapshot(table: Table | int, game: Game | None | bool = False) -> Snapshot:
    """Read a table's current game, seats, log, chat and mutes (`game=False`: the
    table's current game; None: no game yet)."""
    if game is False:
        # One query for the table and its current game when there is one.
        table_id = table.pk if isinstance(table, Table) else table
        game = (
            Game.objects.select_related("table").filter(table_id=table_id)
            .order_by("-number").first()
        )
        if game is not None:
            table = game.table
    if not isinstance(table, Table):
        table = Table.objects.get(pk=table)
    log = {"fr": [], "en": []}
    if game is not None:
        rows = game.actions.order_by("-seq").values_list("text_fr", "text_en")[:LOG_LINES]
        rows = list(reversed(rows))
        log = {"fr": [fr for fr, _ in rows], "en": [en or fr for fr, en in rows]}
    return Snapshot(
        table=table,
        game=game,
        seats=list(table.seats.select_related("user")),
        log=log,
        chat=chat_for(table, None),
        muted=set(ChatMute.objects.filter(table=table).values_list("user_id", flat=True)),
    )


def view_from_snapshot(snapshot: Snapshot, user, lang=None) -> dict:
    """The user's seat's view (spectator view otherwise) + the platform fields; no query."""
    table, game, seats = snapshot.table, snapshot.game, snapshot.seats
    lang = "en" if _lang(user, lang) == "en" else "fr"
    user_id = getattr(user, "pk", None)
    you = next((s.position for s in seats if user_id is not None and s.user_id == user_id),
               None)
    view = {}
    if game is not None:
        view.update(table.engine.view(game.state, you))
    muted = user_id in snapshot.muted
    everyone = players(table, seats, you)
    view.update(
        {
            "version": game.version if game else 0,
            "table_id": table.pk,
            "game_id": game.pk if game else None,
            "game_number": game.number if game else 0,
            "game_slug": table.game_slug,
            "status": game.status if game else "waiting",
            "table_status": table.status,
            "pace": table.pace,
            "move_seconds": table.move_seconds,
            "you": you,
            "seat_names": [p["name"] for p in everyone],
            "seating": everyone,
            "deadline": game.deadline.isoformat() if game and game.deadline else None,
            "server_time": timezone.now().isoformat(),
            "log": list(snapshot.log[lang]),
            "chat": [] if muted else list(snapshot.chat),
            "chat_muted": muted,
        }
    )
    if game is not None and game.status == Game.Status.FINISHED:
        view["result"] = game.result
    return view


def view_for(game: Game | None, user, lang=None, table: Table | None = None) -> dict:
    """The engine's view for the user's seat (spectator view otherwise) + platform fields.

    `game` may be None for a table still waiting for players (then pass `table`).
    """
    return view_from_snapshot(load_snapshot(table or game.table, game), user, lang)






def my_games(user):
    """Games I play that are running: my turn first, then by time left (as Lichess sorts)."""
    my_position = Seat.objects.filter(table=OuterRef("table"), user=user).values("position")[:1]
    return (
        Game.objects.filter(
            status=Game.Status.PLAYING,
            table__status=Table.Status.PLAYING,
            table__seats__user=user,
        )
        .select_related("table")
        .annotate(my_position=Subquery(my_position))
        .annotate(
            my_turn=Case(
                When(actor=F("my_position"), then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            )
        )
        .order_by("-my_turn", F("deadline").asc(nulls_last=True), "-started_at")
    )


def my_turn_count(user) -> int:
    if user is None or not user.is_authenticated:
        return 0
    return my_games(user).filter(my_turn=True).count()


def open_tables(game_slug=None):
    """Public tables waiting for players, with `taken` (the number of seats taken)."""
    tables = Table.objects.filter(
        status=Table.Status.WAITING, visibility=Table.Visibility.PUBLIC, practice=False
    )
    if game_slug:
        tables = tables.filter(game_slug=game_slug)
    return (
        tables.annotate(taken=Count("seats"))
        .filter(taken__lt=F("seat_count"))
        .select_related("owner")
        .order_by("-created_at")
    )


def can_watch(table: Table, user, token: str = "") -> bool:
    """Players always; spectators on public tables, or on unlisted ones with the invite token."""
    if seat_of(table, user) is not None:
        return True
    if table.visibility == Table.Visibility.PUBLIC and not table.practice:
        return True
    return token_matches(table, token)


def token_matches(table: Table, token) -> bool:
    """Whether `token` is the table's invitation token, compared in constant time."""
    expected = table.invite_token or ""
    if not (token and expected and isinstance(token, str)):
        return False
    return secrets.compare_digest(token.encode("utf-8", "surrogatepass"), expected.encode())
