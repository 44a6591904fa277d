"""Words for the table: buttons, values, refusals, time left, in the active language.

Shared wording for every game; a game's presentation module (``games/<game>.py``) words
the actions it names differently (``TYPE_LABELS``, ``action_label``).
"""

from __future__ import annotations

import json
import uuid

from django.conf import settings
from django.utils.translation import (
    get_language,
    get_supported_language_variant,
    gettext_lazy,
    ngettext,
)
from django.utils.translation import gettext as _

from cardgames import IllegalAction
from cardgames.cards import is_card
from cardgames.core import BOT_LEVELS
from play.presentation import messages, words
from play.presentation.games import presenter


def lang_code(lang: str | None = None) -> str:
    """The reader's language among the site's (``settings.LANGUAGES``): ``lang`` when the
    site speaks it, else the active language, else the site's default."""
    for code in (lang, get_language()):
        if code:
            try:
                return get_supported_language_variant(code)
            except LookupError:
                continue
    return settings.LANGUAGE_CODE


def action_json(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def new_client_id() -> str:
    """A fresh idempotency key for one rendered form (docs/protocol.md: `id`)."""
    return uuid.uuid4().hex


# What a button for an action of that type says (worded when read: a table frame asks
# for several labels, and building the whole table each time cost ~30 lookups a label).
TYPE_LABELS = {
    "bid": gettext_lazy("Annoncer"),
    "play": gettext_lazy("Jouer"),
    "pass": gettext_lazy("Passer"),
    "stand": gettext_lazy("Je garde l'atout"),
    "beg": gettext_lazy("Je mendie"),
    "give": gettext_lazy("Donner le point"),
    "run": gettext_lazy("Refaire l'atout"),
    "discard": gettext_lazy("Écarter"),
    "fold": gettext_lazy("Se coucher"),
    "check": gettext_lazy("Parole"),
    "call": gettext_lazy("Suivre"),
    "bet": gettext_lazy("Miser"),
    "raise": gettext_lazy("Relancer"),
    "all_in": gettext_lazy("Tapis"),
    "allin": gettext_lazy("Tapis"),
    "draw": gettext_lazy("Piocher"),
    "take": gettext_lazy("Prendre"),
    "take_discard": gettext_lazy("Prendre la défausse"),
    "draw_stock": gettext_lazy("Piocher au talon"),
    "meld": gettext_lazy("Poser"),
    "lay_off": gettext_lazy("Ajouter à une combinaison"),
    "knock": gettext_lazy("Frapper"),
    "go_out": gettext_lazy("Sortir"),
    "vade": gettext_lazy("Miser (vade)"),
    "renvi": gettext_lazy("Renvier"),
    "hold": gettext_lazy("Tenir"),
    "keep": gettext_lazy("Garder"),
    "exchange": gettext_lazy("Échanger"),
    "show": gettext_lazy("Montrer sa main"),
    "muck": gettext_lazy("Jeter sa main sans la montrer"),
    "battez": gettext_lazy("Battez !"),
    "follow": gettext_lazy("Tenir la vade"),
    "tapis": gettext_lazy("Tapis"),
    "recave": gettext_lazy("Se recaver"),
    "mix": gettext_lazy("Mêler mon écart au talon"),
    "close": gettext_lazy("Je ferme"),
}
PLACES = {"stock": gettext_lazy("au talon"), "discard": gettext_lazy("à la défausse"),
          "pile": gettext_lazy("à la défausse")}
BOT_LEVEL_NAMES = {"debutant": gettext_lazy("débutant"), "habitue": gettext_lazy("habitué"),
                   "maitre": gettext_lazy("maître")}


def type_label(kind: str, slug: str | None = None) -> str:
    """What a button for an action of that type says, in the reader's language."""
    own = presenter(slug).TYPE_LABELS.get(kind) if slug else None
    if own is not None:
        return str(own)
    return str(TYPE_LABELS.get(kind, kind.replace("_", " ").capitalize()))


def value_label(key: str, value) -> str:
    if key == "tricks" and isinstance(value, int):
        return ngettext("%(n)s levée", "%(n)s levées", value) % {"n": value}
    if isinstance(value, str) and is_card(value):
        return words.card(value)
    if isinstance(value, list) and all(isinstance(v, str) and is_card(v) for v in value):
        return words.cards(value)
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    if isinstance(value, str) and value in PLACES:
        return str(PLACES[value])
    return str(value)


def action_label(engine, action: dict) -> str:
    """A button's text for a concrete action: "Annoncer 2 levées", "Jouer le dix de cœur".

    A game's presentation module may word its own actions (``action_label(action)``
    returning a text, or None to leave it to the shared wording).
    """
    slug = getattr(engine, "slug", None)
    kind = action.get("type", "?")
    own = presenter(slug).action_label(action) if slug else None
    if own:
        return own
    parts = [type_label(kind, slug)]
    parts += [value_label(k, v) for k, v in action.items() if k != "type"]
    return " ".join(parts)


def refusal_text(refusal, slug: str) -> str:
    """Why a move is refused: an engine's refusal worded for ``slug``'s game, or a site
    refusal (``taverne.refusals.Refusal``) in the active language."""
    if isinstance(refusal, IllegalAction):
        return messages.refusal(slug, refusal.message)
    return refusal.message() if hasattr(refusal, "message") else str(refusal)


def remaining_text(seconds: float) -> str:
    """Time left as players read it: "0:42", "1 h 05", "2 j 3 h"."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("%(d)s j %(h)s h") % {"d": days, "h": hours}
    if hours:
        return _("%(h)s h %(m)02d") % {"h": hours, "m": minutes}
    return f"{minutes}:{secs:02d}"


def bot_level_choices() -> list[tuple[str, str]]:
    """The bots' levels, weakest first, with their names in the reader's language."""
    return [(level, str(BOT_LEVEL_NAMES[level])) for level in BOT_LEVELS]


def bot_level_label(level: str) -> str:
    name = BOT_LEVEL_NAMES.get(level)
    return str(name) if name is not None else ""
