"""The one-click practice games of the home page, for visitors (as guests) and players.

    {% load guests %}
    {% try_games %}     a button per game: a practice table against bots, dealt at once
"""

from django import template

from cardgames import available_games, slugs
from play.presentation.games import game_name

register = template.Library()


@register.inclusion_tag("play/_try_games.html", takes_context=True)
def try_games(context):
    games = available_games()
    return {
        "user": context.get("user"),
        "games": [(slug, game_name(slug)) for slug in slugs() if slug in games],
    }
