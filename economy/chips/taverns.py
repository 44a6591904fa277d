"""Taverns: a player buys a deck of cards with tokens and opens a table they keep.

The tavern keeper chooses the stakes, the rake and narrower cave bounds, takes the rake
in écus (economy/chips/rake.py) and plays without limit at their own table. The game
of taverns is the economy's game table's (economy/games.py).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from economy import games, ledger
from economy.conf import setting
from economy.errors import EconomyError
from economy.host import table_host
from economy.models import CardDeck, Currency, LedgerEntry, TableEconomy
from play.models import Table


def keeps_table(table: Table, user_id) -> bool:
    """Whether `user_id` is the tavern keeper of the table (opened with a deck of cards).

    Only they play without limit there: a player who merely created a table owns its
    settings, not a licence to unlimited hands.
    """
    return (user_id is not None and table.owner_id == user_id
            and CardDeck.objects.filter(table=table).exists())


def has_a_tavern(user) -> bool:
    """Whether "Ma taverne" has something for ``user``: a deck of cards bought (used or
    not), or a table of the tavern game they own (its takings are theirs)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return (CardDeck.objects.filter(owner=user).exists()
            or Table.objects.filter(owner=user, game_slug=games.tavern_game(),
                                    practice=False).exists())


def do_buy_card_deck(user, request_key: str) -> CardDeck:
    """A deck of cards for tokens: it opens one table of one's own."""
    price = setting("CARD_DECK_PRICE_TOKENS")
    key = f"card_deck:{user.pk}:{request_key}"
    with transaction.atomic():
        try:
            posting = ledger.post(user, Currency.TOKENS, -price,
                                  reason=LedgerEntry.Reason.CARD_DECK, key=key,
                                  ref=("card_deck", request_key))
        except ledger.InsufficientFunds as short:
            raise EconomyError(
                "insufficient_tokens",
                ngettext_lazy(
                    "Un jeu de cartes coûte %(price)s jeton d'or (vous en avez %(balance)s).",
                    "Un jeu de cartes coûte %(price)s jetons d'or (vous en avez %(balance)s).",
                    "price",
                ),
                price=price,
                balance=short.balance,
            ) from None
        if not posting.created:
            return CardDeck.objects.filter(owner=user).order_by("-id").first()
        return CardDeck.objects.create(owner=user, price_tokens=price)


def tavern_bounds(cave_min=None, cave_max=None) -> tuple[int, int]:
    """A keeper's cave bounds, in the game's cave units, within the game's own."""
    chips = games.chip_tables(games.tavern_game())
    low, high = chips.cave_units
    cave_min, cave_max = cave_min or low, cave_max or high
    if not low <= cave_min <= cave_max <= high:
        raise EconomyError(
            "bad_options",
            _("Les bornes de cave doivent rester entre %(low)s et %(high)s %(unit)s."),
            low=low,
            high=high,
            unit=chips.unit_name,
        )
    return cave_min, cave_max


def do_open_tavern_table(owner, *, name, options, cave_min=None, cave_max=None,
                         seat_count=6) -> Table:
    """Open a table of the tavern game the owner keeps, with one of their unused decks.

    ``options`` are the game's table options (blinds, rake...), checked as for any table.
    """
    cave_min, cave_max = tavern_bounds(cave_min, cave_max)
    with transaction.atomic():
        deck = (CardDeck.objects.select_for_update()
                .filter(owner=owner, table__isnull=True).order_by("id").first())
        if deck is None:
            raise EconomyError("no_deck", _("Il vous faut d'abord acheter un jeu de cartes."))
        table = table_host().open_table(
            owner, games.tavern_game(), name=name, seat_count=seat_count, options=options,
            stakes={"cave_min_bb": cave_min, "cave_max_bb": cave_max},
        )
        deck.table = table
        deck.save(update_fields=["table"])
        TableEconomy.objects.create(table=table, cave_min_bb=cave_min, cave_max_bb=cave_max)
        return table
