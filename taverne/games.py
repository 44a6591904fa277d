"""A game's name in the reader's language, for every room of the site.

An engine names its game once, untranslated (``Game.name``: « L'Ascenseur »); the site
translates that name with gettext in the context « nom du jeu ». Each game's presentation
module marks its name for the catalogue (``NAME``, play/presentation/games/), so a new
game's name is translated in the .po files like any other text. The lookup lives here,
at the bottom of the site, because the turn e-mails and the economy's pages need the
name too and sit below the presentation.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from cardgames.registry import UnknownGame, get_game


def game_name(slug: str) -> str:
    """ "L'Ascenseur", "Ramponneau (Texas Hold'em)": the game's name in the active language
    (its slug for a game the registry does not know)."""
    try:
        name = get_game(slug).name
    except UnknownGame:
        return slug
    return pgettext("nom du jeu", name)
