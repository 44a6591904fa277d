"""The economy's panels inside other apps' pages: ``{% load economy %}``.

- ``{% economy_table_panel table %}`` on a table's page: the cave at a chip table (caving,
  standing up, sitting back, cashing out); at a table that counts hands per game, the
  player's hands left today, or why they may not sit down;
- ``{% economy_purse %}`` on the profile and the shop: the balances and today's hands of
  every game with a daily limit;
- ``{% economy_account_links %}`` in the account part of the site's menu: "Ma taverne"
  for a player who has one;
- ``{% economy_lobby_section slug %}`` in a game's section of the lobby: the house's
  tables for écus at each of their stakes, each with its one-click cave, and the way to
  "Ma taverne" in the section of the game taverns are opened for;
- ``{% economy_running_contests %}`` on the home page and the lobby: the contests under
  way, while there are any.

The pages that show them need not know the economy: play and accounts import nothing of
it for these.
"""

from django import template

from accounts.guests import is_guest
from accounts.levels import VERIFIED, level_of
from cardgames import get_game
from economy import contests, games, hands, ledger
from economy.chips import house
from economy.chips.tables import cave_bounds, rules_of
from economy.chips.taverns import has_a_tavern, keeps_table
from economy.conf import setting
from economy.interface import counts_hands_per_game
from economy.models import ChipMovement, TableBankroll
from play.presentation.options import option_summary
from taverne.games import game_name

register = template.Library()


def _paid(table, user, bankroll) -> int | None:
    """What the player took away when they last left the table: the cash-out after their
    last cave (0: nothing was left); None while they are at the table."""
    if bankroll is None or bankroll.status != TableBankroll.Status.LEFT:
        return None
    last = (ChipMovement.objects.filter(table=table, user=user, kind__in=(
        ChipMovement.Kind.CAVE, ChipMovement.Kind.CASH_OUT)).order_by("-pk").first())
    return last.amount if last is not None and last.kind == ChipMovement.Kind.CASH_OUT else 0


def table_panel(table, user, show_paid=False, error="") -> dict:
    """What the table page's economy panel shows to ``user`` (nothing to a guest, who has
    no wallet and plays no counted hands). ``show_paid``: the panel answers « Ramasser ses
    gains », and says what was paid once it was."""
    if not user.is_authenticated or is_guest(user):
        return {}
    if not games.is_chip_table(table):
        if not counts_hands_per_game(table.game_slug, table.practice):
            return {}
        status = hands.status(user, table.game_slug)
        return {} if status.unlimited else {"table_hands": status}
    bankroll = TableBankroll.objects.filter(table=table, user=user).first()
    return {
        "cave": {
            "bounds": cave_bounds(table),
            "bankroll": bankroll,
            "paid": _paid(table, user, bankroll) if show_paid else None,
            "error": error,
            "ecus": ledger.wallet_of(user).ecus,
            "hands": hands.status(user, table.game_slug),
            "is_owner": keeps_table(table, user.pk),
            # Newcomers choose how they pay the entry blind, in games with blinds.
            "entry_blind": rules_of(table).entry_blind(table.options) is not None,
            "request_key": ledger.new_request_key(),
        }
    }


@register.inclusion_tag("economy/_table_panel.html", takes_context=True)
def economy_table_panel(context, table, show_paid=False, error=""):
    return {"table": table, **table_panel(table, context["request"].user, show_paid, error)}


@register.inclusion_tag("economy/_purse.html", takes_context=True)
def economy_purse(context):
    user = context["request"].user
    today = [(game_name(status.game_slug), status) for status in hands.limited_statuses(user)]
    return {"wallet": ledger.wallet_of(user), "hands_today": today}


@register.inclusion_tag("economy/_account_links.html", takes_context=True)
def economy_account_links(context):
    request = context.get("request")
    return {"tavern": request is not None and has_a_tavern(request.user)}


def house_rows(game_slug, user) -> list[dict]:
    """The house's stakes of a game as the lobby shows them to ``user``: the table one
    would sit at (None before the house opened one), its seats, the cave's bounds and the
    amount proposed (within the player's purse), and what the stake's options say."""
    ecus = ledger.wallet_of(user).ecus if may_use_ecus(user) else 0
    options = {o.key: o for o in get_game(game_slug).options}
    rows = []
    for stake in house.house_stakes(game_slug):
        low, high = stake.cave_bounds()
        table = house.table_for(stake, user)
        seated = bool(table and user.is_authenticated
                      and table.seats.filter(user=user).exists())
        rows.append({
            "stake": stake,
            "table": table,
            "taken": table.taken if table else 0,
            "low": low,
            "high": high,
            # Never more than the share of the purse a stake suits, unless the least
            # cave needs it.
            "amount": max(low, min(stake.usual_cave(), ecus // house.PURSE_SHARE, high)),
            "affordable": ecus >= low,
            "fits": may_use_ecus(user) and stake.fits(ecus),
            "seated": seated,
            "stakes": [option_summary(game_slug, options[k], v)
                       for k, v in stake.stakes.items() if k in options],
            "rules": [option_summary(game_slug, options[k], v)
                      for k, v in stake.options.items() if k in options],
        })
    return rows


def may_use_ecus(user) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and not is_guest(user)


@register.inclusion_tag("economy/_lobby_section.html", takes_context=True)
def economy_lobby_section(context, game_slug):
    user = context["request"].user
    chips = games.chip_tables(game_slug)
    if chips is None:
        return {}
    shown = {
        "slug": game_slug,
        "house": house_rows(game_slug, user),
        "signed_in": may_use_ecus(user),
        "guest": is_guest(user),
        "verified": level_of(user) >= VERIFIED,
        "request_key": ledger.new_request_key(),
        "starting_ecus": setting("STARTING_ECUS"),
    }
    if user.is_authenticated and chips.taverns and not is_guest(user):
        shown.update(tavern=True, keeper=has_a_tavern(user),
                     deck_price=setting("CARD_DECK_PRICE_TOKENS"))
    return shown


@register.inclusion_tag("economy/_running_contests.html")
def economy_running_contests():
    return {
        "contests": [(contest, games.name_or_slug(contest.game_slug))
                     for contest in contests.running()[:5]],
    }
