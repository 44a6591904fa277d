"""The economy's panels inside other apps' pages: ``{% load economy %}``.

- ``{% economy_table_panel table %}`` on a table's page: the cave at a chip table (caving,
  standing up, sitting back, cashing out); at a table that counts hands per game, the
  player's hands left today, or why they may not sit down;
- ``{% economy_purse %}`` on the profile and the shop: the balances and today's hands of
  every game with a daily limit.

The pages that show them need not know the economy: play and accounts import nothing of
it for these.
"""

from django import template

from economy import games, hands, ledger
from economy.chips.tables import cave_bounds, rules_of
from economy.chips.taverns import keeps_table
from economy.interface import counts_hands_per_game
from economy.models import TableBankroll

register = template.Library()


def table_panel(table, user) -> dict:
    """What the table page's economy panel shows to ``user``."""
    if not user.is_authenticated:
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
    return {"wallet": ledger.wallet_of(user), "hands_today": hands.limited_statuses(user)}
