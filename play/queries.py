"""Read-only helpers: seat lookups, table snapshots, "my games", open tables.

Loading a table costs the same at move 10 and move 10,000: the state comes from the
game's snapshot, and only the last LOG_LINES messages of the log are read (as data: the
reader's view words them, play/presentation/view.py).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from datetime import timedelta
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db.models import (
    BigIntegerField,
    BooleanField,
    Case,
    Count,
    F,
    Max,
    Min,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Sum,
    Value,
    When,
)
from django.utils import timezone

from cardgames import available_games
from friends import interface as friends
from play.models import (
    Action,
    ChatMessage,
    ChatMute,
    Game,
    Participant,
    Presence,
    Seat,
    Table,
)

LOG_LINES = 50
CHAT_LINES = 30


def seat_of(table, user) -> Seat | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(table=table, user=user).first()


def chat_line(message: ChatMessage) -> dict:
    """One chat message as sent to clients: plain text, to be escaped by whoever renders it."""
    return {
        "id": message.pk,
        "user": message.user.public_name,
        # The site's staff speak as such: nobody else can look like them.
        "staff": message.user.is_staff,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def is_muted(table, user) -> bool:
    return bool(user and user.is_authenticated) and ChatMute.objects.filter(
        table=table, user=user
    ).exists()


def chat_for(table, user, limit=CHAT_LINES) -> list[dict]:
    """The table's last chat lines, oldest first; those ``user`` may not read (a block
    between them and the author, either way) left out."""
    lines, hidden = chat_and_hidden(table, limit)
    mine = hidden.get(getattr(user, "pk", None), ())
    return [line for line in lines if line["id"] not in mine]


def chat_and_hidden(table, limit=CHAT_LINES) -> tuple[list[dict], dict[int, frozenset]]:
    """The table's last chat lines, oldest first, and for each reader a block hides some
    from, the ids of those lines (friends.interface.silenced: both ways)."""
    messages = ChatMessage.objects.filter(table=table).select_related("user")
    messages = list(messages.order_by("-created_at", "-id")[:limit])[::-1]
    silenced = friends.silenced({m.user_id for m in messages})
    hidden = {}
    for message in messages:
        for reader in silenced.get(message.user_id, ()):
            hidden.setdefault(reader, set()).add(message.pk)
    return ([chat_line(m) for m in messages],
            {reader: frozenset(ids) for reader, ids in hidden.items()})


def _is_program(seat) -> bool:
    return bool(seat is not None and seat.user_id is not None
                and getattr(seat.user, "is_bot_account", False))


def _is_staff(seat) -> bool:
    return bool(seat is not None and seat.user_id is not None
                and getattr(seat.user, "is_staff", False))


def players(table, seats, you=None) -> list[dict]:
    by_position = {s.position: s for s in seats}
    return [
        {
            "position": p,
            "name": by_position[p].name if p in by_position else None,
            "bot": by_position[p].is_bot if p in by_position else False,
            "bot_level": by_position[p].bot_level if p in by_position else "",
            # An account its player says a program plays (the profile's "Ce compte est un
            # programme"): shown beside the seat.
            "program": _is_program(by_position.get(p)),
            "staff": _is_staff(by_position.get(p)),
            "connected": by_position[p].connected if p in by_position else False,
            "sitting_out": by_position[p].sitting_out if p in by_position else False,
            "you": you == p,
        }
        for p in range(table.seat_count)
    ]


class LogEntry(NamedTuple):
    """One action of a game's log as its readers get it: what the log says of it (the
    engine's data, worded when shown), who made it (``Action.author``: "player", "timer",
    "bot" or None) and the seat it was made for (None: chance)."""

    message: dict | None
    by: str | None
    seat: int | None

    @classmethod
    def of(cls, message, source, seat) -> LogEntry:
        return cls(message, Action.author(source), seat)


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
    log: list  # the last LOG_LINES entries of the game's log (LogEntry), oldest first
    chat: list
    muted: set  # user ids who muted this table's chat
    # The chat lines a block hides from a reader (their ids, by reader's user id).
    chat_hidden: dict = field(default_factory=dict)
    # A chained table's last finished hand, shown beside the new one (None otherwise).
    previous: Game | None = None
    # The rematch proposed at this finished table, as the view shows it (None otherwise).
    rematch: dict | None = None
    loaded_at: float = field(default_factory=time.monotonic)
    # When chat and mutes were read (a snapshot built from the previous one keeps them).
    chat_read_at: float = field(default_factory=time.monotonic)
    # The log's lines by language (worded dicts; False: nothing to say; None: not worded
    # yet): filled by play.presentation.view as readers ask.
    worded: dict = field(default_factory=dict)
    # HTML every reader of this snapshot shares (the log, the chat, the table's links),
    # by (fragment, language, ...): filled by play.presentation.table as readers ask.
    rendered: dict = field(default_factory=dict)
    # Why a waiting table deals nothing, beyond its free seats (``waiting_of``).
    waiting: dict | None = None
    # The table's sequence (``Table.sequence``) this snapshot shows: state frames carry it.
    sequence: int = 0
    # ``previous``'s finished state, once a reader asked for it (``finished_snapshot``).
    closing: Snapshot | None = None
    # When its seats (who is connected) were read (time.monotonic(); play/snapshots.py).
    seats_read_at: float = field(default_factory=time.monotonic)

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
    log = []
    if game is not None:
        rows = game.actions.order_by("-seq").values_list("message", "source", "seat")
        log = [LogEntry.of(*row) for row in rows[:LOG_LINES]]
        log.reverse()
    seats_read_at = time.monotonic()  # before the read: a change after it may be missed
    seats = list(table.seats.with_presence().select_related("user"))
    chat, chat_hidden = chat_and_hidden(table)
    return Snapshot(
        seats_read_at=seats_read_at,
        table=table,
        game=game,
        seats=seats,
        log=log,
        chat=chat,
        chat_hidden=chat_hidden,
        muted=muted_ids(table),
        previous=previous_game(table, game),
        rematch=rematch_of(table),
        waiting=waiting_of(table, seats),
        sequence=table.sequence,
    )


def finished_snapshot(snapshot: Snapshot) -> Snapshot | None:
    """The finished state of the hand a chained table ended to deal ``snapshot``'s (its
    ``previous``), as its connections receive it before the next hand's: its result,
    the cards its showdown turned over, at its own step of the table's sequence. Its log
    is read once (a query), then kept with ``snapshot``. None when there is none."""
    previous = snapshot.previous
    if previous is None or previous.final_sequence is None:
        return None
    if snapshot.closing is None:
        rows = previous.actions.order_by("-seq").values_list("message", "source", "seat")
        log = [LogEntry.of(*row) for row in rows[:LOG_LINES]]
        log.reverse()
        snapshot.closing = Snapshot(
            table=snapshot.table, game=previous, seats=snapshot.seats, log=log,
            chat=snapshot.chat, chat_hidden=snapshot.chat_hidden, muted=snapshot.muted,
            sequence=previous.final_sequence,
        )
    return snapshot.closing


def rematch_of(table: Table) -> dict | None:
    """The open rematch of a finished table: who proposed it, who is invited and how each
    answered (accepted: seated; declined; waiting). Public facts, names only."""
    if table.status not in (Table.Status.FINISHED, Table.Status.CLOSED):
        return None
    rematch = table.rematches.exclude(status=Table.Status.CLOSED).order_by("-pk").first()
    if rematch is None:
        return None
    seated = dict(rematch.seats.exclude(user=None).values_list("position", "user_id"))
    invited = []
    for position, invite in sorted((rematch.rematch_invites or {}).items(),
                                   key=lambda item: int(item[0])):
        answer = ("accepted" if seated.get(int(position)) == invite["user"]
                  else "declined" if invite.get("declined") else "waiting")
        invited.append({"position": int(position), "name": invite["name"], "answer": answer,
                        "user_id": invite["user"]})
    return {
        "table_id": rematch.pk,
        "status": rematch.status,
        "proposed_by": next((p for p, u in seated.items() if u == rematch.owner_id), None),
        "invited": invited,
    }


# Play's app registers the reader (``read_waiting_with``): the economy says why a chip
# table waits, and this module sits under the economy's interface.
_waiting_reader = None

# Why a waiting table deals nothing, as the view's ``waiting.reasons`` say it, in the
# order a reader can do something about them (docs/protocol.md, ``waiting``).
WAITING_REASONS = (
    "seats_free",  # players must still sit down (``players_needed`` more)
    "rematch_invites",  # places kept for players invited to a rematch, not answered yet
    "cave_needed",  # a seated player has not brought chips yet
    "players_busted",  # a player's chips ran out: the table waits for their recave
    "ecus_needed",  # a seated player has fewer écus than the least cave
    "hands_needed",  # a seated player has no hand left today, or an unverified e-mail
    "players_standing",  # a seated player stood up or is cashing out
    "dealing",  # nothing is missing: the deal is on its way
)
# The reason each missing player's lack gives (economy/chips/waiting.py).
_MISSING_REASONS = {
    "not_caved": "cave_needed",
    "not_enough_ecus": "ecus_needed",
    "must_recave": "players_busted",
    "no_hands": "hands_needed",
    "level": "hands_needed",
    "standing": "players_standing",
    "leaving": "players_standing",
}


def read_waiting_with(reader) -> None:
    """Register ``reader(table) -> dict | None``: why a waiting chip table deals nothing."""
    global _waiting_reader
    _waiting_reader = reader


def waiting_of(table: Table, seats: list) -> dict | None:
    """Why the table, waiting, deals nothing (docs/protocol.md, ``waiting``): its
    ``reasons``, the free and kept places, and at a chip table what each seated player
    lacks; None when it plays or is over. ``seats`` are its taken places (``Seat`` rows).
    No query unless a chip table waits."""
    if table.status != Table.Status.WAITING:
        return None
    taken = {seat.position for seat in seats}
    kept = sorted(set(table.reserved_positions()) - taken)
    chips = _waiting_reader(table) if _waiting_reader is not None else None
    free = table.seat_count - len(taken)
    waiting = {
        "reasons": [],
        "seats_free": free,
        "kept": kept,
        # a table that is not played for écus starts once every place is taken
        "players_needed": free,
        "ready": None,
        "cave_min": None,
        "missing": [],
    }
    if chips is not None:
        waiting.update(chips)
    found = set()
    if waiting["players_needed"] > len(kept):
        found.add("seats_free")
    if kept:
        found.add("rematch_invites")
    for missing in waiting["missing"]:
        found.add("players_busted" if missing.get("busted")
                  else _MISSING_REASONS.get(missing["reason"], "cave_needed"))
    waiting["reasons"] = [reason for reason in WAITING_REASONS if reason in found] or [
        "dealing"]
    return waiting


def muted_ids(table) -> set[int]:
    """The users who muted this table's chat."""
    return set(ChatMute.objects.filter(table=table).values_list("user_id", flat=True))


def previous_game(table, game) -> Game | None:
    """The hand finished just before ``game`` at a chained table, if ``game`` is running."""
    if game is None or game.number <= 1 or game.status == Game.Status.FINISHED:
        return None
    if not getattr(table.engine, "chained", False):
        return None
    return table.games.filter(number=game.number - 1, status=Game.Status.FINISHED).first()


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


def has_moved_by_correspondence(user) -> bool:
    """Whether ``user`` ever made a move of their own at a correspondence table (the page
    offers push notices only then, never on a first visit)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return Action.objects.filter(user=user, source=Action.Source.PLAYER,
                                 game__table__pace=Table.Pace.CORRESPONDENCE).exists()


def rematches_offered_to(user) -> list[Table]:
    """Rematches waiting for ``user``'s answer (their place kept), newest first."""
    candidates = (
        Table.objects.filter(status=Table.Status.WAITING, rematch_of__seats__user=user)
        .exclude(seats__user=user).select_related("owner").order_by("-pk")[:20]
    )
    return [t for t in candidates if user.pk in t.reserved_positions().values()]


def games_waiting_on(user):
    """Running games where it is my turn (« À vous de jouer »), the least time left first."""
    return (my_games(user).filter(my_turn=True)
            .order_by(F("deadline").asc(nulls_last=True), "-started_at"))


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


def watchable_tables(viewer=None, invited=()):
    """Games in progress ``viewer`` may watch and does not play in, most recently changed
    first, seats (with their players) prefetched: public tables but practice ones, and
    the unlisted tables whose invitation ``viewer`` opened (``invited``: their ids)."""
    may = Q(visibility=Table.Visibility.PUBLIC, practice=False)
    if invited:
        may |= Q(pk__in=list(invited))
    tables = Table.objects.filter(may, status=Table.Status.PLAYING)
    if viewer is not None and getattr(viewer, "is_authenticated", False):
        tables = tables.exclude(seats__user=viewer)
    return tables.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    ).order_by("-updated_at", "-pk")


# Online: signed in and seen (a page asked for) in the last ONLINE_MINUTES, or with a
# table's socket open at a table still waiting or playing (a socket kept open for a long
# game asks for no page; a live ``Presence`` row). Counted at most once every ONLINE_CACHE_SECONDS.
ONLINE_MINUTES = 5
ONLINE_CACHE_SECONDS = 30
ONLINE_CACHE_KEY = "play:online-count"


def online_count(now=None) -> int:
    """How many players are online (kept ONLINE_CACHE_SECONDS in the cache: one query at
    most twice a minute, whatever the lobby's traffic)."""
    found = cache.get(ONLINE_CACHE_KEY)
    if found is None:
        found = count_online(now)
        cache.set(ONLINE_CACHE_KEY, found, ONLINE_CACHE_SECONDS)
    return found


def _online(now=None) -> Q:
    """Who is online at ``now``: seen in the last ONLINE_MINUTES, or at a table's socket."""
    now = now or timezone.now()
    since = now - timedelta(minutes=ONLINE_MINUTES)
    at_a_table = Presence.objects.filter(
        expires_at__gt=now, seat__user__isnull=False,
        seat__table__status__in=(Table.Status.WAITING, Table.Status.PLAYING),
    ).values("seat__user_id")
    return Q(last_seen_at__gte=since) | Q(pk__in=at_a_table)


def count_online(now=None) -> int:
    """How many players are online now (read, not cached)."""
    return get_user_model().objects.filter(_online(now)).count()


def online_among(user_ids, now=None) -> set[int]:
    """Which of ``user_ids`` are online now (one query)."""
    user_ids = list(user_ids)
    if not user_ids:
        return set()
    return set(get_user_model().objects.filter(_online(now), pk__in=user_ids)
               .values_list("pk", flat=True))


FRIENDS_TABLES = 200  # the tables read for a list of friends, the most recent first


def tables_to_watch_with(user_ids, viewer=None, invited=()) -> dict[int, Table]:
    """For each of ``user_ids`` seated at a game in progress ``viewer`` may watch (and
    does not play in: ``watchable_tables``), one such table: a live one before one by
    correspondence, then the most recently changed. One query for them all."""
    user_ids = set(user_ids)
    if not user_ids:
        return {}
    tables = watchable_tables(viewer, invited).filter(seats__user_id__in=user_ids).distinct()
    found = {}
    for table in sorted(tables[:FRIENDS_TABLES],
                        key=lambda table: table.pace != Table.Pace.LIVE):  # stable: recent first
        for seat in table.seats.all():
            if seat.user_id in user_ids:
                found.setdefault(seat.user_id, table)
    return found


def can_watch(table: Table, user, token: str = "") -> bool:
    """Players always; spectators on public tables, or on unlisted ones with the invite token."""
    if seat_of(table, user) is not None:
        return True
    if getattr(user, "pk", None) in table.reserved_positions().values():
        return True  # invited to this rematch
    if table.visibility == Table.Visibility.PUBLIC and not table.practice:
        return True
    return token_matches(table, token)


def token_matches(table: Table, token) -> bool:
    """Whether `token` is the table's invitation token, compared in constant time."""
    expected = table.invite_token or ""
    if not (token and expected and isinstance(token, str)):
        return False
    return secrets.compare_digest(token.encode("utf-8", "surrogatepass"), expected.encode())


def finished_games_of(user, game_slug: str | None = None):
    """The games ``user`` was dealt in that are over, newest first (Participant rows,
    with their game and table)."""
    rows = Participant.objects.filter(user=user, game__status=Game.Status.FINISHED)
    if game_slug:
        rows = rows.filter(game__table__game_slug=game_slug)
    return rows.select_related("game__table").order_by("-game__finished_at", "-game_id")


def finished_games_seen_by(player, viewer, invited_tables=()):
    """``player``'s finished games that ``viewer`` may open in the archive: their own, or
    those of tables ``viewer`` may watch (public, not practice; seated there now; an
    unlisted table whose invitation they opened: ``invited_tables``)."""
    rows = finished_games_of(player)
    if viewer is not None and getattr(viewer, "pk", None) == player.pk:
        return rows
    may = Q(table__visibility=Table.Visibility.PUBLIC, table__practice=False)
    if invited_tables:
        may |= Q(table_id__in=list(invited_tables))
    if viewer is not None and getattr(viewer, "is_authenticated", False):
        may |= Q(participants__user=viewer) | Q(table__seats__user=viewer)
    # A subquery rather than joins: one row per game, so that the history's sessions
    # count each hand once (``history_entries``).
    return rows.filter(game__in=Game.objects.filter(may).values("pk"))


def session_game_slugs() -> list[str]:
    """The games played hand after hand for chips (a chained game with ``Game.chips``):
    at their tables each hand is a game of its own, and the history groups them."""
    return sorted(slug for slug, game in available_games().items()
                  if game.chained and game.chips is not None)


def history_entries(rows):
    """The entries of a history from ``rows`` (``finished_games_of`` or
    ``finished_games_seen_by``), newest first, one query whatever their number, to
    paginate: a game played for points is an entry of its own (``game_id``); the hands a
    player was dealt at one table of a chip game are one entry, a session
    (``session_table``).

    A session is every hand the player was dealt at that table, from their first to
    their last: the same set of hands as their hand histories' zip
    (``session_hand_histories``). A practice table lives for one sitting; at an écus
    table a player keeps one bankroll for the table's life (``TableBankroll``, one row
    per table and player), so coming back to it continues the same session. Each entry
    has ``hands`` (dealt to the player), ``started_at``, ``finished_at``, ``net`` (the
    chips the hands won, ``Participant.chips_won``; None for a game played for points)
    and ``last_game``."""
    session = Q(game__table__game_slug__in=session_game_slugs())
    return (
        rows.order_by()
        .annotate(
            session_table=Case(When(session, then=F("game__table_id")), default=None,
                               output_field=BigIntegerField()),
            single_game=Case(When(session, then=None), default=F("game_id"),
                             output_field=BigIntegerField()),
        )
        .values("session_table", "single_game")
        .annotate(
            hands=Count("pk"),
            started_at=Min("game__started_at"),
            finished_at=Max("game__finished_at"),
            last_game=Max("game_id"),
            net=Sum("chips_won"),
        )
        .order_by(F("finished_at").desc(nulls_last=True), "-last_game")
    )


def session_hands(table, user):
    """The finished hands ``user`` was dealt at ``table``, newest first (Participant
    rows with their game)."""
    return (Participant.objects.filter(user=user, game__table=table,
                                       game__status=Game.Status.FINISHED)
            .select_related("game").defer("game__state", "game__carry_in")
            .order_by("-game__number"))


# ----- a player's tables, for a program that comes back (the API's GET /account/tables) --

# How long a finished table stays in its players' list: a program back from an outage
# learns how the games it was playing ended (their archives say the rest).
FINISHED_TABLE_HOURS = 24


def tables_of(user, now=None) -> list[Table]:
    """The tables ``user`` has a stake in, in two queries whatever their number: the
    ones waiting or playing where they sit or that they own; the finished ones where they
    sit whose rematch still waits for players, or that finished in the last
    FINISHED_TABLE_HOURS hours. Never a closed table.

    Each comes with ``you`` (their place, None when they only own it), ``sitting_out``,
    ``rematch_id`` (the open rematch of a finished table), ``latest`` (the current or last
    game: a Game without its state, or None), ``your_turn``; their turns first, then by
    deadline, newest first."""
    now = now or timezone.now()
    seat = Seat.objects.filter(table=OuterRef("pk"), user=user)
    latest = Game.objects.filter(table=OuterRef("pk")).order_by("-number")
    rematch = Table.objects.filter(rematch_of=OuterRef("pk"), status=Table.Status.WAITING)
    sits = Q(pk__in=Seat.objects.filter(user=user).values("table_id"))
    live = Q(status__in=(Table.Status.WAITING, Table.Status.PLAYING)) & (sits | Q(owner=user))
    finished = Q(status=Table.Status.FINISHED) & sits & (
        Q(rematch_id__isnull=False)
        | Q(finished_at__gte=now - timedelta(hours=FINISHED_TABLE_HOURS)))
    tables = list(
        Table.objects.annotate(
            rematch_id=Subquery(rematch.order_by("-pk").values("pk")[:1]),
            finished_at=Subquery(latest.values("finished_at")[:1]),
        )
        .filter(live | finished)
        .annotate(
            you=Subquery(seat.values("position")[:1]),
            sitting_out=Subquery(seat.values("sitting_out")[:1]),
            latest_id=Subquery(latest.values("pk")[:1]),
        )
        .select_related("owner")
    )
    games = Game.objects.filter(pk__in=[t.latest_id for t in tables if t.latest_id]).only(
        "pk", "table_id", "number", "status", "ending", "actor", "deadline", "version")
    by_id = {game.pk: game for game in games}
    for table in tables:
        table.latest = by_id.get(table.latest_id)
        table.sitting_out = bool(table.sitting_out)
        game = table.latest
        table.your_turn = bool(
            game is not None and game.status == Game.Status.PLAYING
            and table.you is not None and game.actor == table.you)
    far = now + timedelta(days=3650)
    tables.sort(key=lambda t: (not t.your_turn,
                               t.latest.deadline if t.latest and t.latest.deadline else far,
                               -t.pk))
    return tables


# ----- a table's games, for a program that missed some (the API's GET /tables/{id}/games) -

# A page of games: a cash table deals hundreds of hands a day.
GAMES_PAGE = 50
GAMES_PAGE_MAX = 100


def games_at(table, user, *, every_game: bool, since: int = 0, before: int | None = None,
             limit: int = GAMES_PAGE) -> tuple[list[Game], bool]:
    """The games of ``table`` with an id above ``since`` (and below ``before``), newest
    first, at most ``limit``, and whether older ones match beyond them; each with ``you``
    (``user``'s place in it, None when they were not dealt in). ``every_game``: the user
    may watch the table; otherwise only the games they were dealt in (a former player's,
    as the archives open them to their participants). One query, without the states."""
    you = Participant.objects.filter(game=OuterRef("pk"), user=user).values("position")[:1]
    games = (Game.objects.filter(table=table, pk__gt=since)
             .only("pk", "table_id", "number", "status", "ending", "started_at",
                   "finished_at", "result")
             .annotate(you=Subquery(you)))
    if before is not None:
        games = games.filter(pk__lt=before)
    if not every_game:
        games = games.filter(you__isnull=False)
    found = list(games.order_by("-pk")[:limit + 1])
    return found[:limit], len(found) > limit


def was_dealt_in(table, user) -> bool:
    """Whether ``user`` was dealt in a game of ``table`` (seated then, gone or not)."""
    return Participant.objects.filter(game__table=table, user=user).exists()
