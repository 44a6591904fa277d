"""The house taverns: tables the house keeps open for écus, so that a new player finds a
game without buying anything.

The stakes come from the settings (``ECONOMY["HOUSE_TAVERNS"]``, config/settings.py): for
each, a game, its table's name and seats, and the engine options of the stake. At every
stake the house keeps at least one table with a free seat, day and night:

- the scheduler's loop opens one where none is left, and closes the empty tables a rush
  left behind (economy/chips/upkeep.py, every minute);
- a table that fills opens the next one, in the transaction that took its last seat
  (``seat_taken``);
- a deserted house table stays open while it is the stake's only table with a free seat
  (``may_close``: economy/chips/deals.py ``close_if_deserted``).

A house table is an ordinary chip table without an owner (no player hosts it, no deck of
cards is on it), whose ``stakes`` name its stake (``{"house": "<key>"}``): the economy
opened it, through play's table host, and nothing else writes that key. Its rake goes to
the house's account (``house_account``: a user row nobody signs in as), in écus, as a
tavern keeper's does (economy/chips/rake.py). Bots never sit there, as at any chip table.

Every decision to open or close a house table is taken with the house's account row
locked, after the table concerned (never before an existing table): two players taking
the last seats of two tables at once open exactly one table between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Count, F

from cardgames import get_game
from economy import games
from economy.chips.tables import table_economy
from economy.conf import setting
from economy.host import table_host
from play.models import Table

OPEN = (Table.Status.WAITING, Table.Status.PLAYING)
# A house cave proposed in the lobby: this many cave units (big blinds, antes), within the
# table's bounds and the player's purse.
USUAL_CAVE_UNITS = 50
# A stake suits a purse whose fifth holds its largest cave: the starting écus suit the
# smallest stakes only, as the rules advise a level I player.
PURSE_SHARE = 5


@dataclass(frozen=True)
class HouseStake:
    """One stake the house keeps a table at (an entry of ``ECONOMY["HOUSE_TAVERNS"]``)."""

    key: str
    game: str
    name: str
    seats: int
    stakes: dict = field(default_factory=dict)  # the options that make the stake
    options: dict = field(default_factory=dict)  # the others (the rake)

    @property
    def table_options(self) -> dict:
        return {**self.stakes, **self.options}

    def cave_unit(self) -> int:
        """What its caves count in, in chips: the big blind, the ante..."""
        options = get_game(self.game).resolve_options(self.table_options)
        return games.chip_rules(self.game).cave_unit(options)

    def cave_bounds(self) -> tuple[int, int]:
        """The least and most chips (écus) a player may have at its tables."""
        low, high = games.chip_tables(self.game).cave_units
        return low * self.cave_unit(), high * self.cave_unit()

    def fits(self, ecus: int) -> bool:
        """Whether the stake suits a purse of ``ecus`` (its largest cave, a fifth of it)."""
        return self.cave_bounds()[1] * PURSE_SHARE <= ecus

    def usual_cave(self) -> int:
        """The cave the lobby proposes first (USUAL_CAVE_UNITS, within the bounds)."""
        low, high = self.cave_bounds()
        return max(low, min(high, USUAL_CAVE_UNITS * self.cave_unit()))


def house_stakes(game_slug: str | None = None) -> list[HouseStake]:
    """The stakes the house keeps tables at (of one game), in the settings' order."""
    stakes = [HouseStake(**entry) for entry in setting("HOUSE_TAVERNS")]
    return [s for s in stakes if game_slug is None or s.game == game_slug]


def stake(key: str) -> HouseStake | None:
    return next((s for s in house_stakes() if s.key == key), None)


def stake_of(table: Table) -> HouseStake | None:
    """The stake of a house table; None for any other table (or a stake since removed)."""
    key = (table.stakes or {}).get("house")
    return stake(key) if key else None


def is_house_table(table: Table) -> bool:
    return bool((table.stakes or {}).get("house"))


def house_account():
    """The house's account (its rake's), created the first time it is needed: a user row
    nobody signs in as (inactive, no usable password), named ``ECONOMY["HOUSE_ACCOUNT"]``
    (a name players may not take: taverne/names.py)."""
    user_model = get_user_model()
    username = setting("HOUSE_ACCOUNT")
    house = user_model.objects.filter(username=username, is_active=False).first()
    if house is not None:
        return house
    try:
        with transaction.atomic():
            house = user_model(username=username, display_name="Taverne", is_active=False)
            house.set_unusable_password()
            house.save()
    except IntegrityError:  # created meanwhile; a player holding the name is refused below
        house = user_model.objects.filter(username=username, is_active=False).first()
        if house is None:
            raise RuntimeError(
                f"the house's account {username!r} is a player's name: set "
                "ECONOMY['HOUSE_ACCOUNT'] to a name nobody holds") from None
    return house


def lock_house() -> None:
    """Serialise the house's decisions to open or close its tables (after any table lock
    the caller holds: the order every path takes)."""
    house = house_account()
    get_user_model().objects.select_for_update().filter(pk=house.pk).first()


def house_tables(stake_key: str | None = None):
    """The house's open tables (of one stake, else of every stake it keeps now), with
    ``taken``: their seats taken."""
    keys = [stake_key] if stake_key is not None else [s.key for s in house_stakes()]
    return (Table.objects.filter(status__in=OPEN, practice=False, stakes__house__in=keys)
            .annotate(taken=Count("seats")))


def house_table_ids():
    """The ids of the house's open tables (a subquery). A table of a stake the settings
    no longer name is an ordinary table again (it expires, closes when deserted)."""
    return house_tables().values("pk")


def table_for(stake: HouseStake, user=None, exclude=None) -> Table | None:
    """Where a player sits at this stake: the house table they are seated at already, or
    the fullest with a free seat (players sit together, and a hand is dealt sooner)."""
    tables = house_tables(stake.key)
    if exclude is not None:
        tables = tables.exclude(pk=exclude.pk)
    if user is not None and getattr(user, "is_authenticated", False):
        mine = tables.filter(seats__user=user).order_by("pk").first()
        if mine is not None:
            return mine
    return tables.filter(taken__lt=F("seat_count")).order_by("-taken", "pk").first()


def _name(stake: HouseStake) -> str:
    """The stake's name, numbered from the second table open at once: « Chez Gus 2 »."""
    names = set(house_tables(stake.key).values_list("name", flat=True))
    number = next(n for n in range(1, len(names) + 2)
                  if (stake.name if n == 1 else f"{stake.name} {n}") not in names)
    return stake.name if number == 1 else f"{stake.name} {number}"


def open_house_table(stake: HouseStake) -> Table:
    """Open a table at the stake (the house locked), the way play opens any table."""
    table = table_host().open_table(
        None, stake.game, name=_name(stake), seat_count=stake.seats,
        options=stake.table_options, stakes={"house": stake.key},
    )
    table_economy(table)  # the game's own cave bounds
    return table


def open_table_for(stake: HouseStake) -> Table:
    """A table of the stake with a free seat: the one there is, or a new one (in a
    transaction of its own, which holds no other table)."""
    with transaction.atomic():
        lock_house()
        return table_for(stake) or open_house_table(stake)


def seat_taken(table: Table) -> None:
    """A seat was just taken at a chip table (locked, in this transaction): if it is a
    house table and now full, the house opens another at its stake, unless one of its
    tables there still has a free seat."""
    stake = stake_of(table)
    if stake is None or table.seats.count() < table.seat_count:
        return
    lock_house()
    if table_for(stake, exclude=table) is None:
        open_house_table(stake)


def may_close(table: Table) -> bool:
    """Whether a deserted table (locked) may close: any table but the house's; a house
    table while another of its stake keeps a free seat."""
    stake = stake_of(table)
    if stake is None:
        return True
    lock_house()
    return table_for(stake, exclude=table) is not None
