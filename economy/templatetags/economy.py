"""The economy's panels inside other apps' pages: ``{% load economy %}``.

- ``{% economy_table_panel table %}`` on a table's page: the cave at a chip table (caving,
  standing up, sitting back, cashing out); at a table that counts hands per game, the
  player's hands left today, or why they may not sit down;
- ``{% economy_purse %}`` on the profile and the shop: the balances and today's hands of
  every game with a daily limit;
- ``{% economy_account_links %}`` in the account part of the site's menu: "Ma taverne"
  for a player who has one;
- ``{% economy_lobby_section slug %}`` in a game's section of the lobby: the way to "Ma
  taverne" in the section of the game taverns are opened for;
- ``{% economy_running_contests %}`` on the home page and the lobby: the contests under
  way, while there are any.

The pages that show them need not know the economy: play and accounts import nothing of
it for these.
"""

from django import template

from accounts.guests import is_guest
from economy import contests, games, hands, ledger
from economy.chips.tables import cave_bounds, rules_of
from economy.chips.taverns import has_a_tavern, keeps_table
from economy.conf import setting
from economy.interface import counts_hands_per_game
from economy.models import TableBankroll
from taverne.games import game_name

register = template.Library()


def table_panel(table, user) -> dict:
    """What the table page's economy panel shows to ``user`` (nothing to a guest, who has
    no wallet and plays no counted hands)."""
    if not user.is_authenticated or is_guest(user):
        return {}
    if not games.is_chip_table(table):
        if not counts_hands_per_game(table.game_slug, table.practice):
            return {}
        status = hands.status(user, table.game_slug)
        return {} if status.unlimited else {"table_hands": status}
    return {
        "cave": {
            "bounds": cave_bounds(table),
            "bankroll": TableBankroll.objects.filter(table=table, user=user).first(),
            "ecus": ledger.wallet_of(user).ecus,
            "hands": hands.status(user, table.game_slug),
            "is_owner": keeps_table(table, user.pk),
            # Newcomers choose how they pay the entry blind, in games with blinds.
            "entry_blind": rules_of(table).entry_blind(table.options) is not None,
            "request_key": ledger.new_request_key(),
        }
    }


@register.inclusion_tag("economy/_table_panel.html", takes_context=True)
def economy_table_panel(context, table):
    return {"table": table, **table_panel(table, context["request"].user)}


@register.inclusion_tag("economy/_purse.html", takes_context=True)
def economy_purse(context):
    user = context["request"].user
    today = [(game_name(status.game_slug), status) for status in hands.limited_statuses(user)]
    return {"wallet": ledger.wallet_of(user), "hands_today": today}


@register.inclusion_tag("economy/_account_links.html", takes_context=True)
def economy_account_links(context):
    request = context.get("request")
    return {"tavern": request is not None and has_a_tavern(request.user)}


@register.inclusion_tag("economy/_lobby_section.html", takes_context=True)
def economy_lobby_section(context, game_slug):
    user = context["request"].user
    chips = games.chip_tables(game_slug)
    if not user.is_authenticated or chips is None or not chips.taverns:
        return {}
    return {
        "tavern": True,
        "keeper": has_a_tavern(user),
        "deck_price": setting("CARD_DECK_PRICE_TOKENS"),
    }


@register.inclusion_tag("economy/_running_contests.html")
def economy_running_contests():
    return {
        "contests": [(contest, games.name_or_slug(contest.game_slug))
                     for contest in contests.running()[:5]],
    }
