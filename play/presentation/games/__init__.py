"""Each game's presentation: one module per game, ``games/<game>.py`` (the slug with ``_``
for ``-``), found by its name, beside its templates ``templates/play/games/<slug>.html``
(the board) and ``<slug>_result.html`` (a finished hand, for chained tables).

A module may define, all optional (a game without a module gets the generic board, its
messages said generically, « Alice : le roi de pique. », and its refusals as a general
« Action refusée par les règles du jeu. »):

- ``NAME``: the game's name marked for the catalogue, ``pgettext_lazy("nom du jeu",
  <the engine's name>)``: ``taverne.games.game_name`` looks the translation up by the
  engine's name (tests/play/test_presentation_games.py checks they agree);
- ``OF_NAME``: the game's name after « de », with its article, ``pgettext_lazy("nom du
  jeu après « de »", "de l'Ambigu")`` (« les règles du Remigio », « une table de
  l'Ascenseur »); without it, the name elided after « de » (« d'Ambigu », « de Bob »);
- ``MESSAGES``: the wording of its log messages, by code (``play.presentation.messages``);
- ``REFUSALS``: the wording of its refusals (rules broken, options refused), by code;
- ``OPTIONS``: the words of its table options (``play.presentation.options.OptionWords``);
- ``board(view, names) -> dict``: the context of its board template;
- ``TYPE_LABELS``: button words for its action types (lazy translations);
- ``action_label(action) -> str | None``: its own wording of a concrete action;
- ``number_label(kind, key, n) -> str | None``: the words of a numbered button (the
  buttons of a run of amounts say their unit: Ambigu's « 2 jetons »; plain numbers
  otherwise);
- ``hand(view, legal, my_turn) -> dict``: its own hand (Remigio's melds);
- ``seat_notes(view, seat) -> list[str]``: what its seats show besides the shared facts
  (``play.presentation.seats``: cards held, stack, bet, bid, tricks), and
  ``FOLDED_WORD``: its word for a seat out of the hand (« couché » otherwise);
- ``AMOUNTS_ON_A_SLIDER`` and ``amount_extras(base, low, high, view) -> dict``: how its
  amount templates are offered (Ramponneau: always a slider stepping by the big blind,
  ``slider_step``, with quick bets, ``quick_bets``, and an all-in button, ``allin``).
"""

from __future__ import annotations

import importlib
from functools import cache
from types import SimpleNamespace

from play.presentation.words import of_name
from taverne.games import game_name


def _no_label(action):
    return None


def _no_number_label(kind, key, n):
    return None


def _no_extras(base, low, high, view=None):
    return {}


__all__ = ["DEFAULTS", "game_name", "game_of_name", "presenter"]

DEFAULTS = {
    "NAME": None,
    "OF_NAME": None,
    "MESSAGES": {},
    "REFUSALS": {},
    "OPTIONS": {},
    "board": None,
    "TYPE_LABELS": {},
    "action_label": _no_label,
    "number_label": _no_number_label,
    "hand": None,
    "seat_notes": None,
    "FOLDED_WORD": None,
    "AMOUNTS_ON_A_SLIDER": False,
    "amount_extras": _no_extras,
}


@cache
def presenter(slug: str) -> SimpleNamespace:
    """The presentation of a game: its module's definitions over the defaults."""
    name = f"{__name__}.{slug.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        module = None
    return SimpleNamespace(**{key: getattr(module, key, default)
                              for key, default in DEFAULTS.items()})



def game_of_name(slug: str) -> str:
    """The game's name after « de », in the active language: « (les règles) de l'Ambigu »,
    « du Ramponneau »; in English the name alone ("Ambigu"), each sentence placing it."""
    own = presenter(slug).OF_NAME
    if own is not None:
        return str(own)
    return of_name(game_name(slug))
