"""Honest chips: who moved écus to whom at the chip tables, and the usual signs of
collusion (docs/economy.md, "Honest chips").

The seed forbids using the game to pass écus from one player to another. The report reads
the finished hands of a period at the chip tables (a table, or all of them): each hand's
result by seat, who was dealt in at each seat (``HandDeal``), the folds in its log, the
caves and cash-outs (``ChipMovement``), and where the accounts were made and used
(accounts' ``SignupOrigin`` and ``DeviceSeen``). For each pair of accounts dealt in
together it gives the net écus that went from one to the other and the signs below, each
explained in words. Staff read it in the admin (Comptes signalés → Rapport) or with
``python manage.py collusion_report``; either can flag the accounts of the suspect pairs
(``do_flag_account``): they are held out of the contests' standings until staff clear
them (``do_clear_flag``), the reason and who cleared it kept.

What a hand moves from whom to whom: each loser's loss is shared among the hand's winners
in proportion to what each won (a heads-up hand: all of it to the other).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import DeviceSeen, SignupOrigin, User
from economy import games
from economy.models import AccountFlag, ChipMovement, HandDeal
from play.models import Action, Game

# An account that lost to one other account at least this share of what it caved in the
# period, and at least DUMP_MIN_ECUS: most of its cave went to that one player.
DUMP_SHARE_OF_CAVES = 0.5
# Below this many écus moved, no sign is raised: small sums are the game's ordinary luck.
DUMP_MIN_ECUS = 200
# At one table: caved at least DUMP_MIN_ECUS, cashed out nothing, and at least this share
# of the cave went to one opponent.
NO_CASH_OUT_SHARE = 0.5
# Folds: at least FOLD_MIN_HANDS hands dealt in together; the account folded to that
# opponent (folded in a hand the opponent won) in at least FOLD_RATE_MIN of them, and,
# when it played FOLD_MIN_HANDS hands without them, FOLD_RATIO times as often as to the
# others.
FOLD_MIN_HANDS = 20
FOLD_RATE_MIN = 0.6
FOLD_RATIO = 2.0

DUMPS_CAVE = "dumps_cave"
NO_CASH_OUT = "no_cash_out"
FOLDS_TO_ONE = "folds_to_one"
SHARED_ADDRESS = "shared_address"
SHARED_DEVICE = "shared_device"
# How a flag's reason names each sign.
SIGN_LABELS = {
    DUMPS_CAVE: gettext_lazy("perte de cave"),
    NO_CASH_OUT: gettext_lazy("cave sans retour"),
    FOLDS_TO_ONE: gettext_lazy("cartes jetées face à un seul"),
    SHARED_ADDRESS: gettext_lazy("même adresse d'inscription"),
    SHARED_DEVICE: gettext_lazy("même navigateur"),
}
# Signs that say something on their own; a shared address or browser (a family, a café)
# makes a pair suspect only with DUMP_MIN_ECUS moved from one to the other.
STRONG_SIGNS = {DUMPS_CAVE, NO_CASH_OUT, FOLDS_TO_ONE}


@dataclass
class Sign:
    code: str
    text: str


@dataclass
class PairRow:
    """Two accounts dealt in together: ``net`` écus went from ``loser`` to ``winner``."""

    loser: User
    winner: User
    net: int
    hands: int
    signs: list[Sign] = field(default_factory=list)

    @property
    def suspect(self) -> bool:
        codes = {s.code for s in self.signs}
        return bool(codes & STRONG_SIGNS) or (bool(codes) and self.net >= DUMP_MIN_ECUS)


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
    """What the hands of the period say, per account and per pair."""

    def __init__(self):
        self.flow = defaultdict(float)  # (loser, winner) → écus
        self.flow_at = defaultdict(float)  # (table, loser, winner) → écus
        self.together = defaultdict(int)  # (a, b), a < b → hands dealt in together
        self.hands = defaultdict(int)  # account → hands dealt in
        self.folds = defaultdict(int)  # account → hands folded
        self.folded_to = defaultdict(int)  # (folder, winner) → hands

    def add(self, table_id, seats: dict[int, int], scores: list, folders: set[int]):
        dealt = {p: u for p, u in seats.items() if p < len(scores) and scores[p] is not None}
        gains = {dealt[p]: int(scores[p]) for p in dealt if int(scores[p]) > 0}
        losses = {dealt[p]: -int(scores[p]) for p in dealt if int(scores[p]) < 0}
        total = sum(gains.values())
        for loser, lost in losses.items():
            for winner, won in gains.items():
                share = lost * won / total
                self.flow[(loser, winner)] += share
                self.flow_at[(table_id, loser, winner)] += share
        players = sorted(set(dealt.values()))
        for i, a in enumerate(players):
            self.hands[a] += 1
            for b in players[i + 1:]:
                self.together[(a, b)] += 1
        for position in folders:
            folder = dealt.get(position)
            if folder is None:
                continue
            self.folds[folder] += 1
            for winner in gains:
                self.folded_to[(folder, winner)] += 1


def _read_hands(since, until, table_id, game_slug) -> _Hands:
    slugs = [game_slug] if game_slug else [g for g in games.GAMES if games.is_chip_game(g)]
    finished = Game.objects.filter(
        status=Game.Status.FINISHED, table__practice=False, table__game_slug__in=slugs,
        finished_at__gte=since, finished_at__lt=until,
    )
    if table_id:
        finished = finished.filter(table_id=table_id)
    rows = list(finished.values_list("pk", "table_id", "number", "result"))
    seats: dict[tuple[int, int], dict[int, int]] = defaultdict(dict)
    for user_id, t, n, position in HandDeal.objects.filter(
        table_id__in={row[1] for row in rows}, position__isnull=False,
    ).values_list("user_id", "table_id", "game_number", "position").iterator():
        seats[(t, n)][position] = user_id
    folds: dict[int, set[int]] = defaultdict(set)
    for game_id, seat in Action.objects.filter(
        game_id__in=[row[0] for row in rows], action__type="fold", seat__isnull=False,
    ).values_list("game_id", "seat").iterator():
        folds[game_id].add(seat)
    hands = _Hands()
    for pk, t, n, result in rows:
        scores = (result or {}).get("scores") or []
        if scores and seats.get((t, n)):
            hands.add(t, seats[(t, n)], scores, folds.get(pk, set()))
    return hands


def _movements(since, until, table_id):
    """(table, account) → [caved, cashed out] in the period."""
    moves = ChipMovement.objects.filter(
        kind__in=[ChipMovement.Kind.CAVE, ChipMovement.Kind.CASH_OUT], user__isnull=False,
        created_at__gte=since, created_at__lt=until,
    )
    if table_id:
        moves = moves.filter(table_id=table_id)
    sums = defaultdict(lambda: [0, 0])
    for t, u, kind, total in moves.values_list("table_id", "user_id", "kind").annotate(
        total=Sum("amount")).values_list("table_id", "user_id", "kind", "total"):
        sums[(t, u)][0 if kind == ChipMovement.Kind.CAVE else 1] += total
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


def report(since: datetime, until: datetime | None = None, *, table_id: int | None = None,
           game_slug: str | None = None) -> Report:
    """Net écus between every pair of accounts dealt in together at the chip tables
    between ``since`` and ``until`` (now), at one table or all, with the signs."""
    until = until or timezone.now()
    hands = _read_hands(since, until, table_id, game_slug)
    moves = _movements(since, until, table_id)
    accounts = {u for pair in hands.together for u in pair}
    users = {u.pk: u for u in User.objects.filter(pk__in=accounts)}
    names = {pk: u.public_name for pk, u in users.items()}
    caved = defaultdict(int)
    for (_table, account), (cave, _cashed) in moves.items():
        caved[account] += cave
    addresses = dict(SignupOrigin.objects.filter(user_id__in=accounts, address__isnull=False)
                     .values_list("user_id", "address"))
    devices = defaultdict(set)
    for account, device in DeviceSeen.objects.filter(user_id__in=accounts).values_list(
            "user_id", "device"):
        devices[account].add(device)
    rows = []
    for (a, b), together in hands.together.items():
        net = round(hands.flow[(a, b)] - hands.flow[(b, a)])
        loser, winner = (a, b) if net >= 0 else (b, a)
        row = PairRow(users[loser], users[winner], abs(net), together)
        words = {"loser": names[loser], "winner": names[winner], "amount": abs(net)}
        if row.net >= DUMP_MIN_ECUS and caved[loser] and (
                row.net >= DUMP_SHARE_OF_CAVES * caved[loser]):
            row.signs.append(Sign(DUMPS_CAVE, _(
                "%(loser)s a perdu %(amount)s écus face à %(winner)s, soit %(share)s %% de "
                "ses caves de la période.") % {
                    **words, "share": round(100 * row.net / caved[loser])}))
        for (table, account), (cave, cashed) in sorted(moves.items()):
            went = hands.flow_at[(table, loser, winner)] - hands.flow_at[(table, winner, loser)]
            if (account == loser and cave >= DUMP_MIN_ECUS and not cashed
                    and went >= NO_CASH_OUT_SHARE * cave):
                row.signs.append(Sign(NO_CASH_OUT, _(
                    "%(loser)s a cavé %(caved)s écus à la table n° %(table)s sans rien "
                    "ramasser, et %(went)s sont allés à %(winner)s.") % {
                        **words, "caved": cave, "table": table, "went": round(went)}))
        for folder, other in ((loser, winner), (winner, loser)):
            if sign := _fold_sign(hands, folder, other, names):
                row.signs.append(sign)
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


def do_flag_account(account, reason: str, by=None, again=True) -> AccountFlag | None:
    """Hold ``account`` out of the contests until staff clear it; None when an open flag
    already gives that reason (a report flagged twice flags once), or, with ``again``
    False, any flag ever did (what staff cleared stays cleared)."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=account.pk).first()
        given = AccountFlag.objects.filter(account=account, reason=reason[:300])
        if again:  # else cleared or not, it was given once
            given = given.filter(cleared_at__isnull=True)
        if given.exists():
            return None
        return AccountFlag.objects.create(account=account, reason=reason[:300],
                                          flagged_by=by)


def do_flag_suspects(found: Report, by=None, again=True) -> list[AccountFlag]:
    """Flag both accounts of every suspect pair of the report, each with the other's name
    and the signs seen (``again``: as ``do_flag_account``)."""
    flags = []
    period = f"{found.since:%d/%m/%Y} – {found.until:%d/%m/%Y}"
    for row in found.suspects:
        signs = ", ".join(str(SIGN_LABELS[s.code]) for s in row.signs)
        for account, other in ((row.loser, row.winner), (row.winner, row.loser)):
            reason = _("Collusion possible avec %(other)s (%(signs)s), %(period)s") % {
                "other": other.public_name, "signs": signs, "period": period}
            if flag := do_flag_account(account, reason, by, again=again):
                flags.append(flag)
    return flags


def do_watch(now) -> list[AccountFlag]:
    """The daily watch (the play worker's loop runs it): yesterday's chip tables reported
    and their suspect pairs flagged for staff to review. One day at a time, each flag
    naming its day: run again (another worker, a restart), it flags nothing new, and a
    flag staff cleared is not raised again. Longer patterns are the report's to find
    (``collusion_report --since``)."""
    today = timezone.localtime(now).replace(hour=0, minute=0, second=0, microsecond=0)
    found = report(today - timedelta(days=1), today)
    return do_flag_suspects(found, again=False)


def do_clear_flag(flag: AccountFlag, by, note: str = "") -> bool:
    """Staff clear a flag: the account is ranked again; who and why kept. False when it
    was cleared already."""
    with transaction.atomic():
        locked = AccountFlag.objects.select_for_update().get(pk=flag.pk)
        if locked.cleared_at is not None:
            return False
        locked.cleared_at, locked.cleared_by = timezone.now(), by
        locked.note = (note or locked.note)[:300]
        locked.save(update_fields=["cleared_at", "cleared_by", "note"])
    return True
