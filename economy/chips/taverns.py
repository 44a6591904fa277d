"""Taverns: a player buys a deck of cards with tokens and opens a table they keep.

The deck stays in the tavern's inventory: it is on one open table at a time, and back in
the inventory once that table closes, ready to open another. The tavern keeper chooses
the stakes, the rake and narrower cave bounds, takes the rake in écus
(economy/chips/rake.py) and plays without limit at their own tables only. A table opened
any other way has no keeper: no rake (play refuses the option), no unlimited hands. The
game of taverns is the economy's game table's (economy/games.py).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from economy import games, ledger
from economy.conf import setting
from economy.errors import EconomyError
from economy.host import table_host
from economy.models import CardDeck, Currency, LedgerEntry, TableEconomy
from play.models import Table


def keeps_table(table: Table, user_id) -> bool:
    """Whether `user_id` is the tavern keeper of the table (opened with one of their decks).

    Only they play without limit there and take its rake: a player who merely created a
    table owns its settings, not a licence to unlimited hands or to a rake.
    """
    return (user_id is not None and table.owner_id == user_id
            and CardDeck.objects.filter(table=table, owner_id=user_id).exists())


def kept_table_ids(user) -> list[int]:
    """The tables a deck of ``user``'s is on (the last one each deck opened)."""
    return list(CardDeck.objects.filter(owner=user, table__isnull=False)
                .values_list("table_id", flat=True))


def free_decks(owner):
    """The owner's decks in the inventory: never used, or their table closed."""
    return CardDeck.objects.filter(owner=owner).filter(
        Q(table__isnull=True) | Q(table__status=Table.Status.CLOSED))


def has_a_tavern(user) -> bool:
    """Whether "Ma taverne" has something for ``user``: a deck of cards bought. Creating
    a table of the tavern game from the lobby makes nobody a tavern keeper."""
    if not getattr(user, "is_authenticated", False):
        return False
    return CardDeck.objects.filter(owner=user).exists()


def do_buy_card_deck(user, request_key: str) -> CardDeck:
    """A deck of cards for tokens: it opens a table of one's own, one at a time."""
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
    """Open a table of the tavern game the owner keeps, with a deck from their inventory
    (never used, or whose table has closed): one deck, one open table.

    ``options`` are the game's table options (blinds, rake...), checked as for any table.
    """
    cave_min, cave_max = tavern_bounds(cave_min, cave_max)
    with transaction.atomic():
        # All the owner's decks locked, then read: two tables opened at once never take
        # the same deck.
        locked = list(CardDeck.objects.select_for_update().filter(owner=owner).order_by("id"))
        free = set(free_decks(owner).values_list("pk", flat=True))
        deck = next((d for d in locked if d.pk in free), None)
        if deck is None:
            if locked:
                raise EconomyError(
                    "no_deck",
                    _("Chacun de vos jeux de cartes est déjà sur une table ouverte : achetez-en "
                      "un autre, ou attendez qu'une de vos tables ferme."),
                )
            raise EconomyError("no_deck", _("Il vous faut d'abord acheter un jeu de cartes."))
        table = table_host().open_table(
            owner, games.tavern_game(), name=name, seat_count=seat_count, options=options,
            stakes={"cave_min_bb": cave_min, "cave_max_bb": cave_max},
        )
        deck.table = table
        deck.save(update_fields=["table"])
        TableEconomy.objects.create(table=table, cave_min_bb=cave_min, cave_max_bb=cave_max)
        return table
