"""Hands: the daily allowance of free hands per game, and premium packs.

A hand is counted when it is dealt to the player (`consume_hand`, called through the
economy's interface for each human seat dealt in). Free hands come first:
`HandAllowance.daily_hands` a day per game, or the economy's game table's (days run
midnight to midnight, Europe/Paris), then one pack hand (a hand credit in the ledger,
which never expires; `do_buy_pack` sells packs for tokens). A table's owner plays without limit at
their own table; level 0 players (e-mail not verified) get no hands in counted games.
Per player, counting is serialised by the wallet row lock, so two tables dealing at the
same instant cannot both take the last free hand.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from accounts import levels
from accounts.guests import SIGN_UP_TO_USE_THE_ECONOMY, is_guest
from cardgames import available_games
from economy import games, ledger
from economy.conf import setting
from economy.errors import EconomyError
from economy.models import Currency, HandAllowance, HandDeal, HandPack, LedgerEntry


def today(now: dt.datetime | None = None) -> dt.date:
    """The allowance day of an instant (Europe/Paris midnight to midnight)."""
    now = now or timezone.now()
    return now.astimezone(ZoneInfo(setting("HAND_DAY_TIMEZONE"))).date()


def daily_allowance(game_slug: str) -> int | None:
    """Free hands a day for a game; None means unlimited."""
    row = HandAllowance.objects.filter(game_slug=game_slug).first()
    if row is not None:
        return row.daily_hands
    return games.daily_hands(game_slug)


def free_hands_used(user, game_slug: str, day: dt.date | None = None) -> int:
    return HandDeal.objects.filter(
        user=user, game_slug=game_slug, day=day or today(), source=HandDeal.Source.FREE
    ).count()


@dataclass
class HandsStatus:
    game_slug: str
    allowance: int | None  # None: unlimited
    free_left: int | None
    pack: int
    level_ok: bool

    @property
    def unlimited(self) -> bool:
        return self.allowance is None

    @property
    def can_play(self) -> bool:
        if self.unlimited:
            return True
        return self.level_ok and (self.free_left > 0 or self.pack > 0)


def status(user, game_slug: str, now=None) -> HandsStatus:
    """What the profile and the table page show: free hands left today, pack balance."""
    allowance = daily_allowance(game_slug)
    pack = ledger.wallet_of(user).hand_credits if user.is_authenticated else 0
    level_ok = levels.level_of(user) >= levels.VERIFIED
    if allowance is None:
        return HandsStatus(game_slug, None, None, pack, level_ok)
    left = max(allowance - free_hands_used(user, game_slug, today(now)), 0) if level_ok else 0
    return HandsStatus(game_slug, allowance, left, pack, level_ok)


# For the callers that already read the game's allowance (once per deal, not per player).
UNREAD = object()


def can_play(user, game_slug: str, now=None, allowance=UNREAD) -> tuple[bool, bool]:
    """(may play, level ok): ``status(...).can_play`` read with the fewest queries (a
    seat taken, a game dealt): nothing more for a game without a daily limit, the
    level, then today's free hands, and the pack only when those are spent."""
    if allowance is UNREAD:
        allowance = daily_allowance(game_slug)
    if allowance is None:
        return True, True
    if not user.is_authenticated or levels.level_of(user) < levels.VERIFIED:
        return False, False
    if free_hands_used(user, game_slug, today(now)) < allowance:
        return True, True
    return ledger.wallet_of(user).hand_credits > 0, True


def limited_statuses(user) -> list[HandsStatus]:
    """Today's hands of every game with a daily limit, in the registry's order (the
    profile's purse shows them)."""
    statuses = (status(user, slug) for slug in available_games())
    return [today for today in statuses if not today.unlimited]


class NoHandLeft(Exception):
    """The player cannot be dealt in: `reason` is "level" or "no_hands"."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


def consume_hand(
    user,
    game_slug: str,
    *,
    table_id: int,
    game_number: int,
    is_owner: bool = False,
    position: int | None = None,
    now=None,
    allowance=UNREAD,
) -> HandDeal:
    """Count one hand dealt to `user` (once per table and game number).

    Returns the HandDeal (its `source` says how it was paid); raises NoHandLeft when
    the player may not be dealt in. Unlimited games and owners write a row too, so the
    history and contests see every hand.
    """
    with transaction.atomic():
        wallet = ledger.lock_wallet(user)
        existing = HandDeal.objects.filter(
            user=user, table_id=table_id, game_number=game_number
        ).first()
        if existing is not None:
            return existing
        day = today(now)
        if allowance is UNREAD:
            allowance = daily_allowance(game_slug)
        if is_owner:
            source = HandDeal.Source.OWNER
        elif allowance is None:
            source = HandDeal.Source.UNLIMITED
        else:
            if levels.level_of(user) < levels.VERIFIED:
                raise NoHandLeft("level")
            if free_hands_used(user, game_slug, day) < allowance:
                source = HandDeal.Source.FREE
            elif wallet.hand_credits > 0:
                ledger.post(
                    user,
                    Currency.HANDS,
                    -1,
                    reason=LedgerEntry.Reason.HAND,
                    key=f"hand:{user.pk}:{table_id}:{game_number}",
                    ref=("hand", f"{table_id}:{game_number}"),
                    wallet=wallet,
                )
                source = HandDeal.Source.PACK
            else:
                raise NoHandLeft("no_hands")
        return HandDeal.objects.create(
            user=user,
            game_slug=game_slug,
            day=day,
            table_id=table_id,
            game_number=game_number,
            position=position,
            source=source,
        )


def consume_hands(game_slug: str, players, *, table_id: int, game_number: int,
                  now=None, allowance=UNREAD) -> None:
    """``consume_hand`` for each player of one deal, ``players`` as (user, position, is
    owner), the game's allowance read once. A hand that costs nothing (a game without a
    daily limit, the keeper at their table) is written at once for all, no wallet
    locked: nothing is spent, and the row's uniqueness counts a retried deal once.
    Raises ``NoHandLeft`` as ``consume_hand``."""
    if allowance is UNREAD:
        allowance = daily_allowance(game_slug)
    day = today(now)
    free = []
    for user, position, is_owner in players:
        if is_guest(user):
            raise EconomyError("account_required", SIGN_UP_TO_USE_THE_ECONOMY)
        if is_owner or allowance is None:
            source = HandDeal.Source.OWNER if is_owner else HandDeal.Source.UNLIMITED
            free.append(HandDeal(user=user, game_slug=game_slug, day=day, table_id=table_id,
                                 game_number=game_number, position=position, source=source))
        else:
            consume_hand(user, game_slug, table_id=table_id, game_number=game_number,
                         position=position, now=now, allowance=allowance)
    HandDeal.objects.bulk_create(free, ignore_conflicts=True)


def do_buy_pack(user, pack, request_key: str | None = None) -> LedgerEntry:
    """Exchange tokens for a pack of hand credits; the same request_key counts once."""
    if isinstance(pack, int):
        pack = HandPack.objects.filter(pk=pack).first()
    if pack is None or not pack.active:
        raise EconomyError("not_found", _("Ce paquet de mains n'est pas en vente."))
    key = f"pack:{user.pk}:{request_key or ledger.new_request_key()}"
    reason = LedgerEntry.Reason.HAND_PACK
    with transaction.atomic():
        wallet = ledger.lock_wallet(user)
        try:
            paid = ledger.post(user, Currency.TOKENS, -pack.price_tokens, reason=reason,
                               key=f"{key}:tokens", ref=("hand_pack", pack.pk), wallet=wallet)
        except ledger.InsufficientFunds:
            raise EconomyError(
                "insufficient_tokens",
                ngettext_lazy(
                    "Il vous faut %(price_tokens)s jeton d'or (vous en avez %(tokens)s).",
                    "Il vous faut %(price_tokens)s jetons d'or (vous en avez %(tokens)s).",
                    "price_tokens",
                ),
                price_tokens=pack.price_tokens,
                tokens=wallet.tokens,
            ) from None
        if not paid.created:
            return LedgerEntry.objects.get(idempotency_key=f"{key}:hands")
        return ledger.post(user, Currency.HANDS, pack.hands, reason=reason,
                           key=f"{key}:hands", ref=("hand_pack", pack.pk), wallet=wallet).entry
