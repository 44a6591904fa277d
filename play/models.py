"""Tables, seats, games and their action logs.

Every change goes through `play/actions.py`; these models only hold data. A game's
`state` is a cache: it always equals the replay of its `actions` log, so the log is the
record and the snapshot is what makes loading cost the same at move 10 and move 10,000.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Exists, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cardgames import get_game


def new_invite_token():
    return secrets.token_urlsafe(16)


class Table(models.Model):
    class Visibility(models.TextChoices):
        PUBLIC = "public", _("publique")
        UNLISTED = "unlisted", _("sur invitation")

    class Status(models.TextChoices):
        WAITING = "waiting", _("en attente de joueurs")
        PLAYING = "playing", _("en cours")
        FINISHED = "finished", _("terminée")
        CLOSED = "closed", _("fermée")

    class Pace(models.TextChoices):
        LIVE = "live", _("en direct")
        CORRESPONDENCE = "correspondence", _("par correspondance")

    LIVE_SECONDS = (30, 60, 120)
    CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 10, 14)

    game_slug = models.CharField(_("jeu"), max_length=32)
    name = models.CharField(_("nom"), max_length=80, blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seat_count = models.PositiveSmallIntegerField(_("places"))
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="owned_tables",
    )
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(_("temps par coup (secondes)"), default=60)
    stakes = models.JSONField(_("enjeux"), default=dict, blank=True)
    practice = models.BooleanField(_("entraînement contre les automates"), default=False)
    # « Fiabilité minimale »: the share of games a player must have finished to sit here
    # (play/reliability.py; a new player is not refused); None: anyone.
    min_reliability = models.PositiveSmallIntegerField(_("fiabilité minimale"), null=True,
                                                       blank=True)
    # A casual table (a seek or a challenge asked for one) changes nobody's rating.
    rated = models.BooleanField(_("classée"), default=True)
    # A rematch: the finished table this one replays, with its players invited back to
    # the places they held ({"1": {"user": 7, "name": "bob", "declined": false}}); an
    # invited place is kept for its player until they accept (sit) or decline.
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    rematch_invites = models.JSONField(default=dict, blank=True)
    # One more at every change its connections are told of (a move, a new hand, a seat,
    # a cave; not presence or chat), in the transaction that made it: every ``state``
    # frame carries it, so a client seeing a gap knows it missed one (docs/protocol.md).
    sequence = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("table")
        indexes = [models.Index(fields=["status", "visibility", "game_slug"])]

    def __str__(self):
        return self.name or f"{self.game_slug} #{self.pk}"

    @property
    def engine(self):
        return get_game(self.game_slug)

    def reserved_positions(self) -> dict[int, int]:
        """Places kept for the players invited to this rematch who have not answered:
        {position: user id}."""
        return {int(p): invite["user"] for p, invite in (self.rematch_invites or {}).items()
                if not invite.get("declined")}

    def current_game(self):
        """The game being played, or the last one played; None before the first deal."""
        return self.games.order_by("-number").first()

    def get_absolute_url(self):
        return reverse("play:table", args=[self.pk])


class SeatQuerySet(models.QuerySet):
    def with_presence(self, now=None):
        """Each seat with ``connected``: whether its player has a table socket open there
        now (a live ``Presence`` row; the turn e-mail goes only to players with none)."""
        live = Presence.objects.filter(seat=OuterRef("pk"), expires_at__gt=now or timezone.now())
        return self.annotate(connected=Exists(live))


class Seat(models.Model):
    """A place at a table, taken by a user or a bot (rows exist only for taken places)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seats",
    )
    bot = models.CharField(max_length=40, blank=True, default="")
    # How well the bot plays (cardgames.core.BOT_LEVELS); a player sitting out is stood
    # in for at the default level.
    bot_level = models.CharField(
        _("niveau de l'automate"), max_length=10, blank=True, default="",
        choices=[("debutant", _("débutant")), ("habitue", _("habitué")), ("maitre", _("maître"))],
    )
    # A player who left a running game, or was marked absent after timeouts (two in a
    # row live, one by correspondence): the bot plays their turns until "Je reviens".
    sitting_out = models.BooleanField(default=False)
    # Moves in a row the clock played for this seat (a move of the player resets it).
    timeouts = models.PositiveSmallIntegerField(default=0)
    joined_at = models.DateTimeField(auto_now_add=True)

    objects = SeatQuerySet.as_manager()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=Q(user__isnull=False),
                name="seat_user_once_per_table",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False, bot="") | Q(user__isnull=True) & ~Q(bot=""),
                name="seat_user_or_bot",
            ),
        ]

    def __str__(self):
        return f"{self.table_id}:{self.position} {self.name}"

    @property
    def is_bot(self):
        return bool(self.bot)

    @property
    def played_by_bot(self):
        return bool(self.bot) or self.sitting_out

    @property
    def name(self):
        if self.bot:
            return self.bot
        return self.user.public_name if self.user else "?"


class Presence(models.Model):
    """One table socket of a seated player, open now (play/actions/presence.py).

    Who is connected is read from these rows, never counted: a row is added when the
    socket opens and deleted when it closes (in a ``finally``), and its process's
    heartbeat (play/socket/watch.py) pushes ``expires_at`` on while the socket lives. A
    process that dies stops beating: its rows expire by themselves (nobody reads an
    expired row as connected) and the scheduler's loop sweeps them.
    """

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="presences")
    # The socket's channel (which process held it, when reading the rows by hand).
    channel = models.CharField(max_length=200, blank=True, default="")
    opened_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"{self.seat_id} until {self.expires_at:%H:%M:%S}"


class Game(models.Model):
    """One engine game at a table (a chained table plays one per hand)."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("en cours")
        FINISHED = "finished", _("terminée")

    class Ending(models.TextChoices):
        NORMAL = "", _("normale")
        RESIGNED = "resigned", _("abandon")
        ABORTED = "aborted", _("annulée")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveIntegerField()
    state = models.JSONField()
    version = models.PositiveIntegerField(default=0)  # the number of logged actions
    carry_in = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # The seat to act (a copy of state["actor"] when it is a seat) so "my turn" queries
    # need no JSON lookups.
    actor = models.PositiveSmallIntegerField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    bot_due_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    # How a finished game ended: played out (""), resigned (the result names who resigned
    # and the other seats win) or aborted (no result for anyone).
    ending = models.CharField(max_length=10, choices=Ending.choices, default="", blank=True)
    # When the correspondence player to act is e-mailed that a quarter of their time is
    # left; cleared once sent (so once per move) and at each move.
    remind_at = models.DateTimeField(null=True, blank=True)
    # Moves played at each seat so far ({"0": 2, ...}, counted up to 2): the game can be
    # aborted until the player's second move.
    moves = models.JSONField(default=dict, blank=True)
    # A chained table's hand over and followed at once by the next: the table's sequence
    # of this hand's finished state, which its connections receive before the next hand.
    final_sequence = models.PositiveBigIntegerField(null=True, blank=True)
    # The vacation of the player to act that ``deadline`` already allows for (pushed back
    # past its end, play/actions/vacation.py): a deadline is pushed once per vacation.
    vacation = models.ForeignKey("Vacation", null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_unique_number"),
        ]
        indexes = [
            models.Index(fields=["deadline"], name="game_deadline"),
            models.Index(fields=["bot_due_at"], name="game_bot_due_at"),
            models.Index(fields=["remind_at"], name="game_remind_at"),
        ]

    def __str__(self):
        return f"{self.table} · {self.number}"


class Participant(models.Model):
    """Who was dealt in at each position when a game was dealt.

    At a chip game's table a seat not dealt in (its player broke, sitting out, waiting
    for the big blind) has no row: that hand is not theirs, in their history or anywhere.

    The archive names players and shows each participant their own seat's view from
    this record, never from today's seats: a player who left is still the one who held
    those cards, and whoever took the seat since sees nothing of them.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="participants")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="participations",
    )
    bot = models.CharField(max_length=40, blank=True, default="")
    # The name shown at the table then (kept if the account goes away).
    name = models.CharField(max_length=80)
    # At a chip game's table (a chained game with ``Game.chips``): the chips the hand
    # won (or lost, negative) for this seat, set when it finishes; None elsewhere and
    # while it is played. A session's net result is their sum (play.queries.history_entries).
    chips_won = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="participant_position"),
        ]
        indexes = [models.Index(fields=["user", "game"], name="participant_user")]

    def __str__(self):
        return f"{self.game_id}:{self.position} {self.name}"

    @property
    def display_name(self):
        return self.user.public_name if self.user is not None else self.name


class Action(models.Model):
    """The append-only log of a game: players', bots', timers' and chance's actions."""

    class Source(models.TextChoices):
        PLAYER = "player", _("joueur")
        BOT = "bot", _("automate")
        TIMER = "timer", _("temps écoulé")
        CHANCE = "chance", _("hasard")
        # What the platform did, not the game: a resignation, an abort, a return. Its
        # action's type starts with "platform." and a replay of the game skips it.
        PLATFORM = "platform", _("plateforme")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # position; null: chance
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    source = models.CharField(max_length=8, choices=Source.choices)
    # Chance actions hold the deck order: never sent while the game is running.
    action = models.JSONField()
    client_id = models.CharField(max_length=64, blank=True, default="")
    # What the log says of the action, as the engine's data (``Game.describe``: a code and
    # its parameters), recorded when the action is applied (it needs the state before the
    # action, which only exists then without a replay); worded in the reader's language
    # when shown (play/presentation/messages.py).
    message = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "seat", "client_id"],
                condition=~Q(client_id=""),
                name="action_unique_client_id",
            ),
        ]

    def __str__(self):
        return f"{self.game_id}#{self.seq} {self.action}"

    # Who made an action, as the log tells its readers (``by``, docs/protocol.md): the
    # seat's own player (a move, or a resignation, an abort, a return), the clock that ran
    # out, or a bot (a bot's seat, or the bot standing in for an absent player). Chance's
    # deals are nobody's (None), and so is a source this code does not know.
    AUTHORS = {
        Source.PLAYER: "player",
        Source.PLATFORM: "player",
        Source.TIMER: "timer",
        Source.BOT: "bot",
    }

    @classmethod
    def author(cls, source: str) -> str | None:
        """``by`` for an action of that source: "player", "timer", "bot" or None."""
        return cls.AUTHORS.get(source)


class ChatMessage(models.Model):
    MAX_LENGTH = 300

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages")
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_messages"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    text = models.CharField(max_length=MAX_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["table", "user", "created_at"], name="chat_rate")]

    def __str__(self):
        return f"{self.user_id}: {self.text[:40]}"


class ChatMute(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_mutes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "table"], name="chat_mute_once"),
        ]


class TurnNotification(models.Model):
    """A "your turn" e-mail sent: the unique row makes it at most one per game per turn."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="turn_notifications")
    seat = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat", "version"], name="turn_notification_once"
            ),
        ]


class Vacation(models.Model):
    """Days a player's correspondence clocks stop (play/actions/vacation.py): from
    ``starts_at`` to ``ends_at`` (moved back to the moment it ended when ended early)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="vacations")
    starts_at = models.DateTimeField(_("début"))
    ends_at = models.DateTimeField(_("fin"))
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        verbose_name = _("vacances")
        verbose_name_plural = _("vacances")
        ordering = ["-starts_at"]
        indexes = [models.Index(fields=["user", "ends_at"], name="vacation_current")]

    def __str__(self):
        return f"{self.user_id}: {self.starts_at:%Y-%m-%d} → {self.ends_at:%Y-%m-%d}"


class ReliabilityRecord(models.Model):
    """A player's reliability counts (play/reliability.py), counted again from the games
    whenever one of theirs ends: a seek, a challenge or a page reads them in one row. No
    row: the player never finished a counted game."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, primary_key=True,
                                on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(default=0)
    finished = models.PositiveIntegerField(default=0)
    clean = models.PositiveIntegerField(default=0)


class GameReview(models.Model):
    """The maître's review of one seat's decisions in a finished practice or casual game
    (play/review.py computes it in the background, play/actions/reviews.py keeps it).

    One row per game and reviewed seat, written ``pending`` in the transaction that ended
    the game and completed once by the task. ``decisions`` holds, as data (worded when
    shown), the marked decisions, worst first: ``{"step", "played", "best", "reason",
    "loss", "played_value", "best_value"}``, ``step`` being the log's seq of the move (the
    position was the archive's step ``step - 1``). Only the player of that seat ever reads
    it: it names cards of their hand at the time.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("en cours")
        DONE = "done", _("faite")
        FAILED = "failed", _("échouée")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="reviews")
    position = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    decisions = models.JSONField(default=list, blank=True)
    # How many of the seat's own decisions the maître weighed (those with a choice).
    appraised = models.PositiveIntegerField(default=0)
    queued_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("revue de partie")
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="review_once_per_seat"),
        ]
        indexes = [models.Index(fields=["status", "queued_at"], name="review_pending")]

    def __str__(self):
        return f"{self.game_id}:{self.position} {self.status}"
