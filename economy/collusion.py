"""Honest chips: who moved écus to whom at the chip tables, and the usual signs of
collusion (docs/economy.md, "Honest chips").

The seed forbids using the game to pass écus from one player to another. The report reads
only the economy's own records of a period at the chip tables (a table, or all of them):
what each settled hand moved seat by seat (``HandChips``: chips brought in, blinds and
antes forced in, chips taken back, folded or not), the caves and cash-outs
(``ChipMovement``), and where the accounts were made and used (accounts' ``SignupOrigin``
and ``DeviceSeen``). For each pair of accounts dealt in together it gives the net écus
that went from one to the other, per session (their hands together at one table, without
a pause of more than ``SESSION_GAP``) and over the period, and the signs below, each
explained in words.

What matters is how the écus moved, not only how many: a fair loser loses at the
showdown, or folds having put in only the blinds or the ante; a chip dumper puts chips in
(a raise) and then folds to the one opponent it feeds, hand after hand. A cave followed
by a cash-out with no hand dealt between them moves nothing and counts for nothing.

Staff read it in the admin (Paires signalées → Rapport) or with
``python manage.py collusion_report``; either can flag the suspect pairs
(``do_flag_pair``): both accounts are held out of the contests and the écus leaderboards
until staff clear the pair (``do_clear_pair``: who, when and why are kept, and the hands
before it are not held against the pair again).

What a hand moves from whom to whom: each loser's loss is shared among the hand's winners
in proportion to what each won (a heads-up hand: all of it to the other).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import DeviceSeen, SignupOrigin, User
from economy.models import AccountFlag, ChipMovement, HandChips, PairClearance, PairFlag

# The report's usual period: the écus leaderboards rank the last 30 days too.
WINDOW = timedelta(days=30)
# Two accounts' hands together at one table are one session until they pause this long.
SESSION_GAP = timedelta(hours=1)
# An account that lost to one other, by folding, at least this share of what it caved
# in the period (in the sessions it was dealt a hand in), and at least DUMP_MIN_ECUS.
DUMP_SHARE_OF_CAVES = 0.5
# Below this many écus moved, no sign is raised: small sums are the game's ordinary luck.
DUMP_MIN_ECUS = 200
# At one table: caved at least DUMP_MIN_ECUS, cashed out nothing, and at least this share
# of the cave went to one opponent by folding.
NO_CASH_OUT_SHARE = 0.5
# Folds: at least FOLD_MIN_HANDS hands dealt in together; the account folded to that
# opponent (folded in a hand the opponent won) in at least FOLD_RATE_MIN of them, and,
# when it played FOLD_MIN_HANDS hands without them, FOLD_RATIO times as often as to the
# others.
FOLD_MIN_HANDS = 20
FOLD_RATE_MIN = 0.6
FOLD_RATIO = 2.0
# Chips thrown: in a session, or over the period, an account folded after putting chips
# in of its own choice (beyond the blinds and antes) in at least THROW_MIN_HANDS hands the
# same opponent won, lost at least DUMP_MIN_ECUS that way and at least DUMP_MIN_ECUS net
# to them, and THROW_RATIO times what the opponent lost to it that way.
THROW_MIN_HANDS = 3
THROW_RATIO = 3
# A sign lists at most this many hands by number.
HANDS_LISTED = 12

DUMPS_CAVE = "dumps_cave"
NO_CASH_OUT = "no_cash_out"
FOLDS_TO_ONE = "folds_to_one"
THROWS_TO_ONE = "throws_to_one"
SHARED_ADDRESS = "shared_address"
SHARED_DEVICE = "shared_device"
# How a flag's reason names each sign.
SIGN_LABELS = {
    DUMPS_CAVE: gettext_lazy("perte de cave"),
    NO_CASH_OUT: gettext_lazy("cave sans retour"),
    FOLDS_TO_ONE: gettext_lazy("cartes jetées face à un seul"),
    THROWS_TO_ONE: gettext_lazy("mises abandonnées à un seul"),
    SHARED_ADDRESS: gettext_lazy("même adresse d'inscription"),
    SHARED_DEVICE: gettext_lazy("même navigateur"),
}
# Signs that say something on their own; a shared address or browser (a family, a café)
# makes a pair suspect only with DUMP_MIN_ECUS moved from one to the other.
STRONG_SIGNS = {DUMPS_CAVE, NO_CASH_OUT, FOLDS_TO_ONE, THROWS_TO_ONE}


@dataclass
class Sign:
    code: str
    text: str


@dataclass
class Flow:
    """What one account lost to another, and how: ``lost`` in all, ``folded`` of it in
    hands it folded, ``thrown`` of it in hands it folded after putting chips in of its
    own choice (``thrown_hands``: (table, hand number, écus))."""

    lost: float = 0
    folded: float = 0
    thrown: float = 0
    thrown_hands: list[tuple[int, int, float]] = field(default_factory=list)

    def add(self, share: float, folded: bool, by_choice: bool, table: int, number: int):
        self.lost += share
        if folded:
            self.folded += share
            if by_choice:
                self.thrown += share
                self.thrown_hands.append((table, number, share))


@dataclass
class Session:
    """Two accounts' hands together at one table, without a pause of SESSION_GAP."""

    table_id: int
    started_at: datetime
    ended_at: datetime
    hands: int = 0
    flows: dict[tuple[int, int], Flow] = field(default_factory=lambda: defaultdict(Flow))

    def net(self, loser, winner) -> float:
        return self.flows[(loser, winner)].lost - self.flows[(winner, loser)].lost


@dataclass
class PairRow:
    """Two accounts dealt in together: ``net`` écus went from ``loser`` to ``winner``."""

    loser: User
    winner: User
    net: int
    hands: int
    signs: list[Sign] = field(default_factory=list)
    sessions: list[Session] = field(default_factory=list)

    @property
    def suspect(self) -> bool:
        codes = {s.code for s in self.signs}
        return bool(codes & STRONG_SIGNS) or (bool(codes) and self.net >= DUMP_MIN_ECUS)

    @property
    def session_nets(self) -> list[tuple[Session, int]]:
        """Each session, with the écus that went from the loser to the winner in it."""
        return [(s, round(s.net(self.loser.pk, self.winner.pk))) for s in self.sessions]


@dataclass
class Report:
    since: datetime
    until: datetime
    table_id: int | None
    rows: list[PairRow]

    @property
    def suspects(self) -> list[PairRow]:
        return [r for r in self.rows if r.suspect]


class _Hands:
    """What the settled hands of the period say, per account and per pair. A pair that
    staff cleared is measured on its hands after the clearance only."""

    def __init__(self, cleared: dict[tuple[int, int], datetime]):
        self.cleared = cleared
        self.flows = defaultdict(Flow)  # (loser, winner) → Flow
        self.flows_at = defaultdict(Flow)  # (table, loser, winner) → Flow
        self.together = defaultdict(int)  # (a, b), a < b → hands dealt in together
        self.sessions = defaultdict(list)  # (a, b) → [Session], in time order
        self.hands = defaultdict(int)  # account → hands dealt in
        self.hand_times = defaultdict(list)  # (table, account) → settled_at of its hands
        self.folds = defaultdict(int)  # account → hands folded
        self.folded_to = defaultdict(int)  # (folder, winner) → hands

    def _counts(self, a, b, at) -> bool:
        cleared = self.cleared.get((min(a, b), max(a, b)))
        return cleared is None or at > cleared

    def _session(self, pair, table_id, at) -> Session:
        for session in reversed(self.sessions[pair]):
            if session.table_id == table_id:
                if at - session.ended_at <= SESSION_GAP:
                    session.ended_at = at
                    return session
                break
        session = Session(table_id, at, at)
        self.sessions[pair].append(session)
        return session

    def add(self, table_id, number, at, seats: list[HandChips]):
        nets = {s.user_id: s.taken - s.brought for s in seats}
        by_user = {s.user_id: s for s in seats}
        gains = {u: n for u, n in nets.items() if n > 0}
        losses = {u: -n for u, n in nets.items() if n < 0}
        total = sum(gains.values())
        players = sorted(nets)
        for u in players:
            self.hands[u] += 1
            self.hand_times[(table_id, u)].append(at)
        sessions = {}
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                if self._counts(a, b, at):
                    self.together[(a, b)] += 1
                    sessions[(a, b)] = session = self._session((a, b), table_id, at)
                    session.hands += 1
        for loser, lost in losses.items():
            seat = by_user[loser]
            for winner, won in gains.items():
                pair = (min(loser, winner), max(loser, winner))
                if pair not in sessions:
                    continue
                share = lost * won / total
                how = (seat.folded, seat.put_in_by_choice > 0, table_id, number)
                self.flows[(loser, winner)].add(share, *how)
                self.flows_at[(table_id, loser, winner)].add(share, *how)
                sessions[pair].flows[(loser, winner)].add(share, *how)
        for folder in (s.user_id for s in seats if s.folded):
            self.folds[folder] += 1
            for winner in gains:
                if self._counts(folder, winner, at):
                    self.folded_to[(folder, winner)] += 1


def _cleared_pairs() -> dict[tuple[int, int], datetime]:
    """(a, b), a < b → when staff last cleared a flag of that pair (clearances are few)."""
    cleared = {}
    for a, b, at in PairClearance.objects.values_list("flag__sender_id", "flag__receiver_id",
                                                      "cleared_at"):
        pair = (min(a, b), max(a, b))
        cleared[pair] = max(at, cleared.get(pair, at))
    return cleared


def _read_hands(since, until, table_id, game_slug) -> _Hands:
    rows = HandChips.objects.filter(settled_at__gte=since, settled_at__lt=until)
    if table_id:
        rows = rows.filter(table_id=table_id)
    if game_slug:
        rows = rows.filter(table__game_slug=game_slug)
    hands = _Hands(_cleared_pairs())
    current, seats = None, []
    for row in rows.order_by("settled_at", "table_id", "game_number", "position").only(
            "table", "game_number", "user", "brought", "forced", "taken", "folded",
            "settled_at").iterator():
        key = (row.table_id, row.game_number)
        if key != current:
            if seats:
                hands.add(*current, seats[0].settled_at, seats)
            current, seats = key, []
        seats.append(row)
    if seats:
        hands.add(*current, seats[0].settled_at, seats)
    return hands


def _caves(since, until, table_id, hands: _Hands):
    """(table, account) → [caved, cashed out] in the period, counting only the sessions
    (a cave to the next cash-out) in which the account was dealt a hand: chips caved and
    cashed out again untouched moved nothing."""
    moves = ChipMovement.objects.filter(
        kind__in=[ChipMovement.Kind.CAVE, ChipMovement.Kind.CASH_OUT], user__isnull=False,
        created_at__gte=since, created_at__lt=until,
    )
    if table_id:
        moves = moves.filter(table_id=table_id)
    events = defaultdict(list)
    for t, u, kind, amount, at in moves.values_list("table_id", "user_id", "kind", "amount",
                                                    "created_at"):
        events[(t, u)].append((at, 0 if kind == ChipMovement.Kind.CAVE else 2, amount))
    sums = defaultdict(lambda: [0, 0])
    for key, moved in events.items():
        timeline = sorted(moved + [(at, 1, 0) for at in hands.hand_times.get(key, [])])
        caved, dealt = 0, False
        for _at, kind, amount in timeline:
            if kind == 0:
                caved += amount
            elif kind == 1:
                dealt = True
            else:  # a cash-out ends the session
                if dealt:
                    sums[key][0] += caved
                    sums[key][1] += amount
                caved, dealt = 0, False
        if dealt:
            sums[key][0] += caved
    return sums


def _fold_sign(hands: _Hands, folder, other, names) -> Sign | None:
    pair = tuple(sorted((folder, other)))
    together = hands.together[pair]
    if together < FOLD_MIN_HANDS:
        return None
    rate = hands.folded_to[(folder, other)] / together
    elsewhere = hands.hands[folder] - together
    others_rate = ((hands.folds[folder] - hands.folded_to[(folder, other)]) / elsewhere
                   if elsewhere >= FOLD_MIN_HANDS else None)
    if rate < FOLD_RATE_MIN or (others_rate is not None and rate < FOLD_RATIO * others_rate):
        return None
    text = _("%(folder)s a jeté ses cartes face à %(other)s dans %(rate)s %% de leurs "
             "%(hands)s mains communes") % {"folder": names[folder], "other": names[other],
                                  "rate": round(100 * rate), "hands": together}
    if others_rate is not None:
        text += _(", contre %(others)s %% face aux autres joueurs") % {
            "others": round(100 * others_rate)}
    return Sign(FOLDS_TO_ONE, text + ".")


def _throws(flow: Flow, back: Flow, net: float) -> bool:
    return (len(flow.thrown_hands) >= THROW_MIN_HANDS and flow.thrown >= DUMP_MIN_ECUS
            and flow.thrown >= THROW_RATIO * back.thrown and net >= DUMP_MIN_ECUS)


def _hand_list(thrown_hands) -> str:
    """« table n° 12 : mains n° 4, 5, 6 ; table n° 14 : main n° 2 »."""
    by_table = defaultdict(list)
    for table, number, _share in thrown_hands[:HANDS_LISTED]:
        by_table[table].append(str(number))
    parts = [ngettext("table n° %(table)s : main n° %(hands)s",
                      "table n° %(table)s : mains n° %(hands)s", len(numbers))
             % {"table": table, "hands": ", ".join(numbers)}
             for table, numbers in by_table.items()]
    text = " ; ".join(parts)
    if len(thrown_hands) > HANDS_LISTED:
        text += " …"
    return text


def _throw_text(flow: Flow, back: Flow, net: float, words: dict, where: str) -> str:
    hands = len(flow.thrown_hands)
    return ngettext(
        "%(where)s, %(folder)s a jeté ses cartes après avoir misé de son propre chef dans "
        "%(hands)s main gagnée par %(other)s (%(list)s) : %(thrown)s écus sont allés à "
        "%(other)s sans abattage, contre %(back)s dans l'autre sens ; en tout, %(folder)s "
        "a perdu %(net)s écus net face à %(other)s.",
        "%(where)s, %(folder)s a jeté ses cartes après avoir misé de son propre chef dans "
        "%(hands)s mains gagnées par %(other)s (%(list)s) : %(thrown)s écus sont allés à "
        "%(other)s sans abattage, contre %(back)s dans l'autre sens ; en tout, %(folder)s "
        "a perdu %(net)s écus net face à %(other)s.", hands,
    ) % {**words, "where": where, "hands": hands, "list": _hand_list(flow.thrown_hands),
         "thrown": round(flow.thrown), "back": round(back.thrown), "net": round(net)}


def _throw_signs(hands: _Hands, a, b, names) -> list[Sign]:
    """Chips put in and folded to one opponent, hand after hand: in any one session of
    the pair, else over the whole period."""
    signs = []
    for folder, other in ((a, b), (b, a)):
        words = {"folder": names[folder], "other": names[other]}
        found = False
        for session in hands.sessions[(min(a, b), max(a, b))]:
            flow, back = session.flows[(folder, other)], session.flows[(other, folder)]
            net = session.net(folder, other)
            if _throws(flow, back, net):
                found = True
                where = _("À la table n° %(table)s, le %(day)s de %(start)s à %(end)s") % {
                    "table": session.table_id,
                    "day": date_format(timezone.localtime(session.started_at), "d/m/Y"),
                    "start": date_format(timezone.localtime(session.started_at), "H:i"),
                    "end": date_format(timezone.localtime(session.ended_at), "H:i")}
                signs.append(Sign(THROWS_TO_ONE, _throw_text(flow, back, net, words, where)))
        flow, back = hands.flows[(folder, other)], hands.flows[(other, folder)]
        net = flow.lost - back.lost
        if not found and _throws(flow, back, net):
            signs.append(Sign(THROWS_TO_ONE, _throw_text(flow, back, net, words,
                                                         _("Sur la période"))))
    return signs


def report(since: datetime, until: datetime | None = None, *, table_id: int | None = None,
           game_slug: str | None = None) -> Report:
    """Net écus between every pair of accounts dealt in together at the chip tables
    between ``since`` and ``until`` (now), at one table or all, per session and in all,
    with the signs."""
    until = until or timezone.now()
    hands = _read_hands(since, until, table_id, game_slug)
    caves = _caves(since, until, table_id, hands)
    accounts = {u for pair in hands.together for u in pair}
    users = {u.pk: u for u in User.objects.filter(pk__in=accounts)}
    names = {pk: u.public_name for pk, u in users.items()}
    caved = defaultdict(int)
    for (_table, account), (cave, _cashed) in caves.items():
        caved[account] += cave
    addresses = dict(SignupOrigin.objects.filter(user_id__in=accounts, address__isnull=False)
                     .values_list("user_id", "address"))
    devices = defaultdict(set)
    for account, device in DeviceSeen.objects.filter(user_id__in=accounts).values_list(
            "user_id", "device"):
        devices[account].add(device)
    rows = []
    for (a, b), together in hands.together.items():
        net = round(hands.flows[(a, b)].lost - hands.flows[(b, a)].lost)
        loser, winner = (a, b) if net >= 0 else (b, a)
        row = PairRow(users[loser], users[winner], abs(net), together,
                      sessions=hands.sessions[(a, b)])
        words = {"loser": names[loser], "winner": names[winner], "amount": abs(net)}
        by_folding = min(hands.flows[(loser, winner)].folded, row.net)
        if by_folding >= DUMP_MIN_ECUS and caved[loser] and (
                by_folding >= DUMP_SHARE_OF_CAVES * caved[loser]):
            row.signs.append(Sign(DUMPS_CAVE, _(
                "%(loser)s a perdu %(amount)s écus face à %(winner)s, dont %(folded)s en "
                "jetant ses cartes, soit %(share)s %% de ses caves de la période.") % {
                    **words, "folded": round(by_folding),
                    "share": round(100 * by_folding / caved[loser])}))
        for (table, account), (cave, cashed) in sorted(caves.items()):
            flow = hands.flows_at[(table, loser, winner)]
            went = min(flow.folded, flow.lost - hands.flows_at[(table, winner, loser)].lost)
            if (account == loser and cave >= DUMP_MIN_ECUS and not cashed
                    and went >= NO_CASH_OUT_SHARE * cave):
                row.signs.append(Sign(NO_CASH_OUT, _(
                    "%(loser)s a cavé %(caved)s écus à la table n° %(table)s sans rien "
                    "ramasser, et %(went)s sont allés à %(winner)s.") % {
                        **words, "caved": cave, "table": table, "went": round(went)}))
        for folder, other in ((loser, winner), (winner, loser)):
            if sign := _fold_sign(hands, folder, other, names):
                row.signs.append(sign)
        row.signs += _throw_signs(hands, loser, winner, names)
        if addresses.get(a) and addresses.get(a) == addresses.get(b):
            row.signs.append(Sign(SHARED_ADDRESS, _(
                "%(loser)s et %(winner)s ont créé leur compte depuis la même adresse "
                "(%(address)s).") % {**words, "address": addresses[a]}))
        if devices[a] & devices[b]:
            row.signs.append(Sign(SHARED_DEVICE, _(
                "%(loser)s et %(winner)s se sont connectés depuis le même navigateur.")
                % words))
        rows.append(row)
    rows.sort(key=lambda r: (not r.suspect, -r.net, r.loser.pk, r.winner.pk))
    return Report(since, until, table_id, rows)


# ----- flags -------------------------------------------------------------------------------


def _pair(a, b) -> Q:
    return Q(sender=a, receiver=b) | Q(sender=b, receiver=a)


def do_flag_pair(row: PairRow, since, until, by=None) -> PairFlag | None:
    """Hold both accounts of a suspect pair out of the contests and the écus leaderboards
    until staff clear it; the flag's reason is the row's signs, in words. None when the
    pair is flagged already and not cleared (a report flagged twice flags once)."""
    a, b = sorted((row.loser.pk, row.winner.pk))
    with transaction.atomic():
        list(User.objects.select_for_update().filter(pk__in=(a, b)).order_by("pk"))
        flags = PairFlag.objects.filter(_pair(a, b))
        if flags.filter(clearance__isnull=True).exists():
            return None
        return PairFlag.objects.create(
            sender=row.loser, receiver=row.winner, ecus=row.net,
            signs=", ".join(dict.fromkeys(s.code for s in row.signs))[:200],
            reason="\n".join(s.text for s in row.signs), since=since, until=until,
            flagged_by=by, idempotency_key=f"pair:{a}:{b}:{flags.count()}")


def do_flag_suspects(found: Report, by=None) -> list[PairFlag]:
    """Flag every suspect pair of the report (``do_flag_pair``)."""
    flags = []
    for row in found.suspects:
        if flag := do_flag_pair(row, found.since, found.until, by):
            flags.append(flag)
    return flags


def do_watch(now) -> list[PairFlag]:
    """The watch (the play worker's loop runs it every six hours): the chip tables of the
    WINDOW (30 days) up to today reported and their suspect pairs flagged for staff to
    review. Run again (another worker, a restart), it flags nothing new; a pair staff
    cleared is measured on its later hands only, so what they cleared stays cleared."""
    today = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    return do_flag_suspects(report(today - WINDOW, today))


def do_clear_pair(flag: PairFlag, by, note: str = "") -> bool:
    """Staff clear a flagged pair: both accounts are ranked again; who, when and why are
    kept (``PairClearance``). False when it was cleared already."""
    with transaction.atomic():
        PairFlag.objects.select_for_update().filter(pk=flag.pk).first()
        _clearance, created = PairClearance.objects.get_or_create(
            flag=flag, defaults={"cleared_by": by, "note": note[:300]})
    return created


def do_flag_account(account, reason: str, by=None) -> AccountFlag | None:
    """Hold one account out of the contests and the écus leaderboards until staff clear
    it (staff's own flag, beside the pairs the report flags); None when an open flag
    already gives that reason."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=account.pk).first()
        if AccountFlag.objects.filter(account=account, reason=reason[:300],
                                      cleared_at__isnull=True).exists():
            return None
        return AccountFlag.objects.create(account=account, reason=reason[:300],
                                          flagged_by=by)


def do_clear_flag(flag: AccountFlag, by, note: str = "") -> bool:
    """Staff clear an account's flag: the account is ranked again; who and why kept.
    False when it was cleared already."""
    with transaction.atomic():
        locked = AccountFlag.objects.select_for_update().get(pk=flag.pk)
        if locked.cleared_at is not None:
            return False
        locked.cleared_at, locked.cleared_by = timezone.now(), by
        locked.note = (note or locked.note)[:300]
        locked.save(update_fields=["cleared_at", "cleared_by", "note"])
    return True
