"""Seeks and challenges: every change here (``do_*``), each one transaction.

Pairing (``do_seek``, ``do_pair``) locks the seek's **pool** (one row per game, seats,
pace, time and rated) and then the seeks it seats, ``select_for_update``: two seekers
of the same kind arriving at the same instant are paired one after the other, the second
seeing the first's seek, and no seek (nobody) is seated twice. A cancel locks the seek's
row, so a seek is either cancelled or paired, never both.

A refusal is a ``PairingError`` (a ``Refusal``: stable code, French message) and changes
nothing: a guest, an unknown game or name, options the game refuses, oneself, a blocked
player, a seek while already seeking the same, a rating range that excludes oneself.

What a player is told goes through ``notices.interface`` inside the transaction (sent
after commit): ``announce(..., "challenge" | "paired", ...)`` on the account stream and
``notify`` for the bell (docs/protocol.md, "The account stream: challenge and paired").
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from accounts.guests import is_guest
from cardgames import BadOptions
from economy import interface as economy
from friends import interface as friends
from notices import interface as notices
from pairing.models import Challenge, Invitee, Pace, Pool, Seek, pool_key
from play.actions import do_open_table
from play.actions.errors import engine_words
from play.actions.hands import check_hands
from play.actions.lookups import engine_of
from play.actions.tables import check_correspondence_room, check_min_reliability
from play.models import Table
from play.reliability import finished_percent_of
from ratings import interface as ratings
from taverne.games import game_name
from taverne.refusals import Refusal

LIVE_SECONDS = Table.LIVE_SECONDS
CORRESPONDENCE_DAYS = Table.CORRESPONDENCE_DAYS
DAY = 86400
# A live seek or challenge lives this long after its last heartbeat (its page polls
# every 5 s; the account socket every time it beats).
LIVE_HEARTBEAT = timedelta(seconds=20)
# The account socket closed: what is left of a live seek's life, unless a page or the
# API still pushes it on (another tab, a program polling).
DROP_GRACE = timedelta(seconds=8)
CORRESPONDENCE_LIFE = timedelta(days=7)
BOTS_AFTER = (30, 60, 120, 300)
MAX_INVITEES = 5
MAX_OPEN_CHALLENGES = 10
# Partners read per pairing: the oldest compatible seeks first.
CANDIDATES = 30
NAME_SHOWN = 40

SIGN_UP = _("Créez un compte pour jouer contre des joueurs : un invité joue contre les "
            "automates.")
CHIP_GAME = _("On joue à %(game)s pour des écus, aux tables de la salle : ni recherche "
              "d'adversaires ni défi pour ce jeu.")
BAD_PACE = _("Cadence refusée : 30, 60 ou 120 secondes en direct ; 1, 2, 3, 5, 7, 10 ou 14 "
             "jours par correspondance.")
RATED_BOTS = _("Une partie classée se joue entre joueurs : les automates ne complètent que "
               "les parties amicales.")
BAD_BOTS = _("Attente avant les automates refusée : 30, 60, 120 ou 300 secondes.")
LIVE_BOTS_ONLY = _("Les automates ne complètent qu'une recherche en direct.")
BAD_RANGE = _("Fourchette de classement refusée : le minimum dépasse le maximum.")
RANGE_EXCLUDES_YOU = _("Votre classement à ce jeu (%(rating)s) est hors de la fourchette "
                       "demandée : vous ne pourriez pas jouer contre vous-même.")
ALREADY_SEEKING = _("Vous cherchez déjà des adversaires pour cette partie.")
ALREADY_SEEKING_LIVE = _("Vous cherchez déjà des adversaires en direct : annulez cette "
                         "recherche avant d'en lancer une autre.")
NO_SEEK = _("Cette recherche n'existe pas.")
SEEK_OVER = _("Cette recherche est terminée.")
NOBODY = _("Aucun joueur ne s'appelle « %(name)s ».")
CHALLENGE_YOURSELF = _("Vous ne pouvez pas vous défier vous-même.")
A_GUEST = _("%(name)s est un invité, sans compte : on ne défie que les joueurs inscrits.")
BLOCKED = _("Vous ne pouvez pas défier %(name)s.")
BLOCKED_BETWEEN = _("%(first)s et %(second)s ne peuvent pas jouer à la même table.")
NOBODY_CHALLENGED = _("Dites qui vous défiez : au moins un joueur.")
TOO_MANY_INVITEES = ngettext_lazy("Un défi s'adresse à %(count)s joueur au plus.",
                                  "Un défi s'adresse à %(count)s joueurs au plus.", "count")
SEATS_FOR_INVITEES = _("Un défi à %(count)s joueurs se joue à %(seats)s places : le "
                       "nombre de places est celui des joueurs.")
TOO_MANY_CHALLENGES = ngettext_lazy(
    "Vous avez déjà %(count)s défi en attente, le maximum : annulez-le avant d'en lancer "
    "un autre.",
    "Vous avez déjà %(count)s défis en attente, le maximum : annulez-en un avant d'en "
    "lancer un autre.", "count")
ALREADY_CHALLENGED = _("Vous avez déjà défié %(name)s : attendez sa réponse ou annulez ce "
                       "défi.")
NO_CHALLENGE = _("Ce défi n'existe pas.")
NOT_INVITED = _("Ce défi ne vous est pas adressé.")
NOT_YOURS = _("Seul l'auteur d'un défi peut l'annuler.")
CHALLENGE_OVER = _("Ce défi n'est plus en attente : il a été accepté, refusé, annulé ou "
                   "il a expiré.")
ALREADY_ANSWERED = _("Vous avez déjà répondu à ce défi.")
BAD_REASON = _("Raison inconnue : « plus tard », « trop rapide » ou « pas ce jeu ».")


class PairingError(Refusal):
    """A refused seek or challenge: ``code`` is stable (docs/api.md lists them)."""


# ----- what seeks and challenges share ------------------------------------------------


def _account(user) -> None:
    if is_guest(user) or not getattr(user, "is_authenticated", False):
        raise PairingError("account_required", SIGN_UP)


def _game(game_slug: str):
    engine = engine_of(game_slug)  # unknown: bad_options
    if economy.is_chip_game(game_slug):
        raise PairingError("bad_options", CHIP_GAME, game=game_name(game_slug))
    return engine


def _check_pace(pace: str, move_seconds: int) -> None:
    if pace == Pace.LIVE and move_seconds in LIVE_SECONDS:
        return
    if pace == Pace.CORRESPONDENCE and move_seconds in [d * DAY for d in CORRESPONDENCE_DAYS]:
        return
    raise PairingError("bad_options", BAD_PACE)


def _check_seats(engine, game_slug: str, seat_count: int, options: dict | None) -> dict:
    try:
        resolved = engine.resolve_options(options or {})
        engine.check_seats(seat_count, resolved)
    except BadOptions as refusal:
        raise PairingError("bad_options", engine_words(game_slug, refusal)) from None
    defaults = {option.key: option.default for option in engine.options}
    if any(resolved.get(key) != defaults.get(key)
           for key in economy.keeper_options(game_slug)):
        raise PairingError("bad_options", _("Seul un tavernier fixe un prélèvement."))
    return resolved


def rating_of(user, game_slug: str) -> int:
    """The player's rating at the game as players read it (0 before a rated game)."""
    row = ratings.ratings_of(user).get(game_slug)
    return ratings.shown(row.ordinal) if row else 0


def _life(pace: str, now) -> timezone.datetime:
    return now + (LIVE_HEARTBEAT if pace == Pace.LIVE else CORRESPONDENCE_LIFE)


# ----- seeks ----------------------------------------------------------------------------


def do_seek(user, game_slug: str, *, seat_count: int | None = None, pace: str = "live",
            move_seconds: int = 60, rated: bool = True, rating_min: int | None = None,
            rating_max: int | None = None, bots_after: int | None = None,
            min_reliability: int | None = None, now=None) -> Seek:
    """``user`` looks for opponents; paired at once when enough compatible seeks are open
    (then ``seek.table`` is the table they all sit at, dealt)."""
    now = now or timezone.now()
    _account(user)
    engine = _game(game_slug)
    seat_count = seat_count or engine.default_seats
    _check_seats(engine, game_slug, seat_count, None)
    _check_pace(pace, move_seconds)
    if bots_after is not None:
        if rated:
            raise PairingError("bad_options", RATED_BOTS)
        if bots_after not in BOTS_AFTER:
            raise PairingError("bad_options", BAD_BOTS)
        if pace != Pace.LIVE:
            raise PairingError("bad_options", LIVE_BOTS_ONLY)
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise PairingError("bad_range", BAD_RANGE)
    rating = rating_of(user, game_slug)
    if ((rating_min is not None and rating < rating_min)
            or (rating_max is not None and rating > rating_max)):
        raise PairingError("bad_range", RANGE_EXCLUDES_YOU, rating=rating)
    min_reliability = check_min_reliability(min_reliability)
    check_hands(game_slug, user, practice=False)
    if pace == Pace.CORRESPONDENCE:
        check_correspondence_room(user)
    key = pool_key(game_slug, seat_count, pace, move_seconds, rated)
    reliability = finished_percent_of(user)  # read before the pool's lock, not under it
    with transaction.atomic():
        _lock_pool(key)
        mine = list(Seek.objects.filter(user=user, status=Seek.Status.OPEN,
                                        alive_until__gt=now)
                    .values_list("game_slug", "seat_count", "pace", "move_seconds", "rated"))
        if (game_slug, seat_count, pace, move_seconds, rated) in mine:
            raise PairingError("already_seeking", ALREADY_SEEKING)
        if pace == Pace.LIVE and any(other[2] == Pace.LIVE for other in mine):
            raise PairingError("already_seeking", ALREADY_SEEKING_LIVE)
        seek = Seek.objects.create(
            user=user, game_slug=game_slug, seat_count=seat_count, pace=pace,
            move_seconds=move_seconds, rated=rated, rating=rating, rating_min=rating_min,
            rating_max=rating_max, bots_after=bots_after, alive_until=_life(pace, now),
            reliability=reliability, min_reliability=min_reliability)
        _pair_locked(seek, now)
    return seek


def _lock_pool(key: str) -> None:
    """Locks the pool's row until the end of the transaction (created the first time)."""
    if list(Pool.objects.select_for_update().filter(key=key).values_list("pk", flat=True)):
        return
    try:
        with transaction.atomic():
            Pool.objects.create(key=key)
    except IntegrityError:
        pass  # created meanwhile by another seeker
    Pool.objects.select_for_update().get(key=key)


def do_pair(seek_id: int, now=None) -> Table | None:
    """Pair an open seek now if it can be (its pool locked): with enough compatible seeks,
    or, once its wait for bots is over, with whoever is there and bots. The table or None."""
    now = now or timezone.now()
    seek = Seek.objects.filter(pk=seek_id).first()
    if seek is None or seek.status != Seek.Status.OPEN:
        return seek.table if seek else None
    with transaction.atomic():
        Pool.objects.select_for_update().get(key=seek.pool_key)
        seek.refresh_from_db()
        if seek.status != Seek.Status.OPEN or seek.alive_until <= now:
            return seek.table
        return _pair_locked(seek, now)


def _partners(seek: Seek, now, with_bots: bool) -> list[Seek]:
    """The oldest open seeks of the pool that ``seek`` may sit with, at most CANDIDATES:
    read through the pool's index (docs/architecture.md, "Pairing"), each accepting the
    seeker's rating and inside the seeker's range, nobody blocked by or blocking the
    seeker, all in the query; only the columns the choice needs."""
    apart = friends.silenced([seek.user_id]).get(seek.user_id, set())
    rows = (Seek.objects.filter(
        status=Seek.Status.OPEN, game_slug=seek.game_slug, seat_count=seek.seat_count,
        pace=seek.pace, move_seconds=seek.move_seconds, rated=seek.rated,
        alive_until__gt=now)
        .filter(Q(rating_min__isnull=True) | Q(rating_min__lte=seek.rating),
                Q(rating_max__isnull=True) | Q(rating_max__gte=seek.rating))
        .exclude(user_id__in=[seek.user_id, *apart]))
    if seek.rating_min is not None:
        rows = rows.filter(rating__gte=seek.rating_min)
    if seek.rating_max is not None:
        rows = rows.filter(rating__lte=seek.rating_max)
    # Reliability minimums, both ways; a new player's (None) meets any.
    if seek.reliability is not None:
        rows = rows.filter(Q(min_reliability__isnull=True)
                           | Q(min_reliability__lte=seek.reliability))
    if seek.min_reliability is not None:
        rows = rows.filter(Q(reliability__isnull=True)
                           | Q(reliability__gte=seek.min_reliability))
    if with_bots:
        rows = rows.filter(bots_after__isnull=False)
    return list(rows.only("pk", "user_id", "rating", "rating_min", "rating_max",
                          "reliability", "min_reliability", "bots_after", "created_at")
                .order_by("created_at", "pk")[:CANDIDATES])


def _group(seek: Seek, candidates: list[Seek], apart: dict, broke: set) -> list[Seek]:
    """The seeker and the oldest candidates that may all sit together, up to the seats."""
    group = [seek]
    for candidate in candidates:
        if len(group) == seek.seat_count:
            break
        if candidate.pk in broke or any(
                candidate.user_id == s.user_id or candidate.user_id in apart.get(s.user_id, ())
                or not s.accepts(candidate.rating) or not candidate.accepts(s.rating)
                or not s.trusts(candidate.reliability) or not candidate.trusts(s.reliability)
                for s in group[1:]):
            continue
        group.append(candidate)
    return group


def _pair_locked(seek: Seek, now) -> Table | None:
    """The pairing itself, its pool locked: the oldest compatible partners first. The
    hands are checked for the players chosen only, the seeker's already were."""
    with_bots = (seek.bots_after is not None
                 and seek.created_at + timedelta(seconds=seek.bots_after) <= now)
    candidates = _partners(seek, now, with_bots) if seek.seat_count > 1 else []
    if not candidates and not with_bots:
        return None
    # Between the partners themselves (three seats and more): their blocks, their ranges.
    apart = (friends.silenced([c.user_id for c in candidates])
             if seek.seat_count > 2 and candidates else {})
    users, broke = {}, set()
    while True:
        group = _group(seek, candidates, apart, broke)
        if len(group) < seek.seat_count and not with_bots:
            return None  # not enough players yet: nobody's hands read
        # The hands of the players chosen only (the seeker's were checked): one with none
        # left today since they sought is passed over, and the choice made again.
        found = get_user_model().objects.in_bulk([s.user_id for s in group[1:]
                                                  if s.pk not in users])
        for member in group[1:]:
            if member.pk in users:
                continue
            user = found[member.user_id]
            if economy.may_sit(user, seek.game_slug, practice=False).allowed:
                users[member.pk] = user
            else:
                broke.add(member.pk)
        if not any(member.pk in broke for member in group):
            break
    if len(group) < seek.seat_count and not with_bots:
        return None
    locked = set(Seek.objects.select_for_update()
                 .filter(pk__in=[s.pk for s in group], status=Seek.Status.OPEN)
                 .order_by("pk").values_list("pk", flat=True))
    group = [s for s in group if s.pk in locked]  # a partner cancelled meanwhile
    if seek.pk not in locked or (len(group) < seek.seat_count and not with_bots):
        return None
    users[seek.pk] = seek.user
    return _seat(group, users, seek)


def _seat(group: list[Seek], users: dict, seek: Seek) -> Table:
    """The table of a pairing, opened with its players seated (bots in the places left
    when the seek's wait for them is over), dealt; each player told."""
    table = do_open_table(seek.game_slug, [users[s.pk] for s in group],
                          seat_count=seek.seat_count, pace=seek.pace,
                          move_seconds=seek.move_seconds, rated=seek.rated,
                          bots=len(group) < seek.seat_count)
    Seek.objects.filter(pk__in=[s.pk for s in group]).update(status=Seek.Status.PAIRED,
                                                             table=table)
    url = table.get_absolute_url()
    notices.announce_each([(member.user_id, "paired", {
        "table": table.pk, "url": url, "seek": member.pk, "game": table.game_slug})
        for member in group])
    notices.notify_each([(member.user_id, "paired", url,
                          {"table": table.pk, "game": table.game_slug}) for member in group])
    seek.status, seek.table = Seek.Status.PAIRED, table
    return table


def _my_seek(user, seek_id) -> Seek:
    seek = Seek.objects.filter(pk=seek_id, user_id=getattr(user, "pk", None)).first()
    if seek is None:
        raise PairingError("not_found", NO_SEEK)
    return seek


def do_keep_seek(user, seek_id: int, now=None) -> Seek:
    """The seek's heartbeat (its page's poll, the API's GET): a live seek lives on, and
    one whose wait for bots is over is paired with them now."""
    now = now or timezone.now()
    seek = _my_seek(user, seek_id)
    if seek.status == Seek.Status.OPEN and seek.pace == Pace.LIVE:
        Seek.objects.filter(pk=seek.pk, status=Seek.Status.OPEN,
                            alive_until__gt=now).update(alive_until=now + LIVE_HEARTBEAT)
        if seek.bots_after is not None:
            do_pair(seek.pk, now)
    seek.refresh_from_db()
    if seek.status == Seek.Status.OPEN and seek.alive_until <= now:
        seek.status = Seek.Status.EXPIRED
    return seek


def do_cancel_seek(user, seek_id: int) -> Seek:
    """``user`` stops seeking; a seek already paired is refused (its table stands)."""
    seek = _my_seek(user, seek_id)
    with transaction.atomic():
        seek = Seek.objects.select_for_update().get(pk=seek.pk)
        if seek.status == Seek.Status.PAIRED:
            raise PairingError("too_late", SEEK_OVER)
        if seek.status == Seek.Status.OPEN:
            seek.status = Seek.Status.CANCELLED
            seek.save(update_fields=["status"])
    return seek


def keep_live_seeks(user_id: int, now=None) -> int:
    """The account socket is open (or beats): the player's live seeks and live challenges
    live on. How many rows it kept."""
    now = now or timezone.now()
    until = now + LIVE_HEARTBEAT
    kept = Seek.objects.filter(user_id=user_id, status=Seek.Status.OPEN, pace=Pace.LIVE,
                               alive_until__gt=now).update(alive_until=until)
    kept += Challenge.objects.filter(challenger_id=user_id, status=Challenge.Status.OPEN,
                                     pace=Pace.LIVE, alive_until__gt=now).update(
                                         alive_until=until)
    return kept


def drop_live_seeks(user_id: int, now=None) -> int:
    """The account socket closed: the player's live seeks and challenges end within
    DROP_GRACE unless a page or a program still pushes them on."""
    now = now or timezone.now()
    soon = now + DROP_GRACE
    dropped = Seek.objects.filter(user_id=user_id, status=Seek.Status.OPEN, pace=Pace.LIVE,
                                  alive_until__gt=soon).update(alive_until=soon)
    dropped += Challenge.objects.filter(challenger_id=user_id, status=Challenge.Status.OPEN,
                                        pace=Pace.LIVE, alive_until__gt=soon).update(
                                            alive_until=soon)
    return dropped


# ----- challenges ---------------------------------------------------------------------


def _invitees(user, names) -> list:
    if isinstance(names, str):
        names = [names]
    wanted = list(dict.fromkeys((name or "").strip() for name in names or ()))
    wanted = [name for name in wanted if name]
    if not wanted:
        raise PairingError("bad_request", NOBODY_CHALLENGED)
    if len(wanted) > MAX_INVITEES:
        raise PairingError("bad_options", TOO_MANY_INVITEES, count=MAX_INVITEES)
    found = {u.username: u for u in get_user_model().objects.filter(username__in=wanted,
                                                                    is_active=True)}
    players = []
    for name in wanted:
        other = found.get(name)
        if other is None:
            raise PairingError("not_found", NOBODY, name=name[:NAME_SHOWN])
        if other.pk == user.pk:
            raise PairingError("yourself", CHALLENGE_YOURSELF)
        if other.is_guest:
            raise PairingError("guest_player", A_GUEST, name=other.public_name)
        if friends.is_blocked(user, other):
            raise PairingError("blocked", BLOCKED, name=other.public_name)
        players.append(other)
    apart = friends.silenced([p.pk for p in players])
    for first in players:
        for second in players:
            if second.pk in apart.get(first.pk, ()):
                raise PairingError("blocked", BLOCKED_BETWEEN, first=first.public_name,
                                   second=second.public_name)
    return players


def do_challenge(user, to, game_slug: str, *, seat_count: int | None = None,
                 options: dict | None = None, pace: str = "live", move_seconds: int = 60,
                 rated: bool = True, now=None) -> Challenge:
    """``user`` challenges the players named in ``to`` (one or several usernames) to a game
    at ``len(to) + 1`` places; each is told at once. The table opens when all accepted."""
    now = now or timezone.now()
    _account(user)
    engine = _game(game_slug)
    players = _invitees(user, to)
    seats = len(players) + 1
    if seat_count is not None and seat_count != seats:
        raise PairingError("bad_options", SEATS_FOR_INVITEES, count=seats, seats=seats)
    resolved = _check_seats(engine, game_slug, seats, options)
    _check_pace(pace, move_seconds)
    check_hands(game_slug, user, practice=False)
    if pace == Pace.CORRESPONDENCE:
        check_correspondence_room(user)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        open_ = Challenge.objects.filter(challenger=user, status=Challenge.Status.OPEN,
                                         alive_until__gt=now)
        if open_.count() >= MAX_OPEN_CHALLENGES:
            raise PairingError("too_many_challenges", TOO_MANY_CHALLENGES,
                               count=MAX_OPEN_CHALLENGES)
        pending = Invitee.objects.filter(challenge__in=open_, user__in=players,
                                         answer=Invitee.Answer.PENDING).select_related("user")
        again = pending.first()
        if again is not None:
            raise PairingError("already_challenged", ALREADY_CHALLENGED,
                               name=again.user.public_name)
        challenge = Challenge.objects.create(
            challenger=user, game_slug=game_slug, seat_count=seats, options=resolved,
            pace=pace, move_seconds=move_seconds, rated=rated, alive_until=_life(pace, now))
        Invitee.objects.bulk_create([Invitee(challenge=challenge, user=p) for p in players])
        _tell(challenge, "received")
        public = challenge_event(challenge)
        notices.notify_each([(player.pk, "challenge", public["url"], _notice_data(public))
                             for player in players])
    return challenge


def _lock_challenge(challenge_id) -> Challenge:
    challenge = (Challenge.objects.select_for_update().filter(pk=challenge_id).first()
                 if isinstance(challenge_id, int) else None)
    if challenge is None:
        raise PairingError("not_found", NO_CHALLENGE)
    return challenge


def _still_open(challenge: Challenge, now) -> None:
    if challenge.status == Challenge.Status.OPEN and challenge.alive_until <= now:
        _expire(challenge)
    if challenge.status != Challenge.Status.OPEN:
        raise PairingError("too_late", CHALLENGE_OVER)


def _my_invitation(challenge: Challenge, user) -> Invitee:
    invitee = challenge.invitees.filter(user_id=getattr(user, "pk", None)).first()
    if invitee is None:
        if challenge.challenger_id == getattr(user, "pk", None):
            raise PairingError("not_invited", NOT_INVITED)
        raise PairingError("not_found", NO_CHALLENGE)
    return invitee


def do_accept(user, challenge_id: int, now=None) -> Challenge:
    """``user`` accepts; the last acceptance opens the table, every player seated, dealt."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _lock_challenge(challenge_id)
        invitee = _my_invitation(challenge, user)
        _still_open(challenge, now)
        if invitee.answer != Invitee.Answer.PENDING:
            raise PairingError("too_late", ALREADY_ANSWERED)
        check_hands(challenge.game_slug, user, practice=False)
        if challenge.pace == Pace.CORRESPONDENCE:
            check_correspondence_room(user)
        invitee.answer, invitee.answered_at = Invitee.Answer.ACCEPTED, now
        invitee.save(update_fields=["answer", "answered_at"])
        if challenge.invitees.filter(answer=Invitee.Answer.PENDING).exists():
            _tell(challenge, "accepted", by=user)
            return challenge
        players = [challenge.challenger,
                   *(other.user for other in challenge.invitees.select_related("user"))]
        for player in players:
            if player.pk != user.pk:  # the player accepting was checked above
                check_hands(challenge.game_slug, player, practice=False)
        table = do_open_table(challenge.game_slug, players, seat_count=challenge.seat_count,
                              options=challenge.options, pace=challenge.pace,
                              move_seconds=challenge.move_seconds, rated=challenge.rated)
        challenge.status, challenge.table = Challenge.Status.ACCEPTED, table
        challenge.save(update_fields=["status", "table"])
        _tell(challenge, "accepted", by=user)
    return challenge


def do_decline(user, challenge_id: int, reason: str = "later", now=None) -> Challenge:
    """``user`` declines, saying why (later, too fast, not this game): the challenge ends
    for everyone."""
    now = now or timezone.now()
    if reason not in Invitee.Reason.values:
        raise PairingError("bad_reason", BAD_REASON)
    with transaction.atomic():
        challenge = _lock_challenge(challenge_id)
        invitee = _my_invitation(challenge, user)
        _still_open(challenge, now)
        invitee.answer, invitee.reason, invitee.answered_at = (
            Invitee.Answer.DECLINED, reason, now)
        invitee.save(update_fields=["answer", "reason", "answered_at"])
        challenge.status = Challenge.Status.DECLINED
        challenge.save(update_fields=["status"])
        _tell(challenge, "declined", by=user, reason=reason)
    return challenge


def do_cancel_challenge(user, challenge_id: int, now=None) -> Challenge:
    """The challenger takes their challenge back (before everyone accepted)."""
    now = now or timezone.now()
    with transaction.atomic():
        challenge = _lock_challenge(challenge_id)
        if challenge.challenger_id != getattr(user, "pk", None):
            _my_invitation(challenge, user)  # not_found for a stranger
            raise PairingError("forbidden", NOT_YOURS)
        _still_open(challenge, now)
        challenge.status = Challenge.Status.CANCELLED
        challenge.save(update_fields=["status"])
        _tell(challenge, "cancelled")
    return challenge


def do_keep_challenge(user, challenge_id: int, now=None) -> Challenge:
    """The challenger's page (or program) is still there: a live challenge lives on."""
    now = now or timezone.now()
    if isinstance(challenge_id, int):
        Challenge.objects.filter(pk=challenge_id, challenger_id=getattr(user, "pk", None),
                                 status=Challenge.Status.OPEN, pace=Pace.LIVE,
                                 alive_until__gt=now).update(alive_until=now + LIVE_HEARTBEAT)
    return challenge_for(user, challenge_id, now)


def challenge_for(user, challenge_id, now=None) -> Challenge:
    """A challenge its challenger or one of its players reads (not_found otherwise); a
    lapsed one reads as expired (the sweep tells everyone)."""
    now = now or timezone.now()
    uid = getattr(user, "pk", None)
    challenge = (Challenge.objects.filter(pk=challenge_id).select_related("challenger", "table")
                 .first() if isinstance(challenge_id, int) else None)
    if challenge is None or (challenge.challenger_id != uid
                             and not challenge.invitees.filter(user_id=uid).exists()):
        raise PairingError("not_found", NO_CHALLENGE)
    if challenge.status == Challenge.Status.OPEN and challenge.alive_until <= now:
        challenge.status = Challenge.Status.EXPIRED
    return challenge


def _expire(challenge: Challenge) -> None:
    challenge.status = Challenge.Status.EXPIRED
    challenge.save(update_fields=["status"])
    _tell(challenge, "expired")


def do_sweep(now=None) -> tuple[int, int]:
    """The lapsed seeks marked expired, the lapsed challenges expired and their players
    told (the scheduler's loop, every minute). (seeks, challenges)."""
    now = now or timezone.now()
    seeks = Seek.objects.filter(status=Seek.Status.OPEN, alive_until__lte=now).update(
        status=Seek.Status.EXPIRED)
    expired = 0
    for challenge_id in Challenge.objects.filter(
            status=Challenge.Status.OPEN, alive_until__lte=now).values_list("pk", flat=True):
        with transaction.atomic():
            challenge = _lock_challenge(challenge_id)
            if challenge.status == Challenge.Status.OPEN and challenge.alive_until <= now:
                _expire(challenge)
                expired += 1
    return seeks, expired


# ----- what the players are told -----------------------------------------------------


def challenge_url(challenge: Challenge) -> str:
    return reverse("pairing:challenge", args=[challenge.pk])


def challenge_event(challenge: Challenge) -> dict:
    """A challenge's public fields, as the stream and the API give them."""
    invitees = list(challenge.invitees.select_related("user"))
    table = challenge.table
    return {
        "id": challenge.pk,
        "challenger": challenge.challenger.username,
        "challenger_name": challenge.challenger.public_name,
        "to": [{"username": i.user.username, "display_name": i.user.public_name,
                "answer": i.answer, "reason": i.reason or None} for i in invitees],
        "game": challenge.game_slug,
        "seats": challenge.seat_count,
        "options": challenge.options,
        "pace": challenge.pace,
        "move_seconds": challenge.move_seconds,
        "rated": challenge.rated,
        "status": challenge.status,
        "created_at": challenge.created_at.isoformat(),
        "expires_at": challenge.alive_until.isoformat(),
        "table": table.pk if table else None,
        "url": table.get_absolute_url() if table else challenge_url(challenge),
    }


def _notice_data(public: dict) -> dict:
    return {"challenge": public["id"], "challenger": public["challenger"],
            "challenger_name": public["challenger_name"], "game": public["game"],
            "pace": public["pace"], "move_seconds": public["move_seconds"],
            "rated": public["rated"]}


def _tell(challenge: Challenge, action: str, by=None, reason: str = "") -> None:
    """``challenge`` on the account stream of everyone in it (after commit)."""
    event = {"action": action, "challenge": challenge_event(challenge)}
    if by is not None:
        event["by"] = by.username
    if reason:
        event["reason"] = reason
    users = [challenge.challenger_id, *challenge.invitees.values_list("user_id", flat=True)]
    notices.announce(users, "challenge", event)
