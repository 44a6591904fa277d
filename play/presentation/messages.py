"""Engine messages in words: a log message, a refusal or a refused set of options is data
(a code and its parameters, docs/engine.md); it becomes a sentence in the reader's
language when it is shown, never before.

Each game's presentation module (``games/<game>.py``) words its own codes in ``MESSAGES``
(the log) and ``REFUSALS`` (its rules and options refused); the refusals every game shares
(``<slug>.deck``, ``<slug>.malformed``) and the option checks (``options.*``) are worded
here. An entry is a translated template, formatted with the message's parameters in
words (``Params``): ``gettext_lazy``, or ``ngettext_lazy(singular, plural, "count")`` whose
plural follows the parameter it names; or a function of the parameters for what a
template cannot say (lists, a choice of phrasing).
"""

from __future__ import annotations

import logging

from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from cardgames.cards import is_card
from play.presentation import words
from play.presentation.games import game_of_name, presenter
from play.presentation.options import option_label

log = logging.getLogger(__name__)

# How parameters are put into words, by name (docs/engine.md lists the conventions).
SEAT_KEYS = ("seat", "dealer", "winner")
CARD_KEYS = ("card", "turnup")
SUIT_KEYS = ("suit", "trump", "led")

# The log of a game played before messages were data, kept as its two sentences (a
# replay of that game failed when the log was converted: play/migrations/0006).
LEGACY = "legacy"

# Who made a move, as a log line's ``by`` says (play.models.Action.author).
PLAYER, TIMER, BOT = "player", "timer", "bot"


class Params(dict):
    """A message's parameters in words, for its template: ``%(seat)s`` is a player's name
    and ``%(of_seat)s`` that name after « de » (« d'Alice »); ``%(card)s`` a card with its
    article (« la dame de trèfle »), ``%(of_card)s`` after « de » (« de la dame de
    trèfle »); ``%(suit)s`` a suit (« cœur »), ``%(one_suit)s`` one card of it (« un
    cœur »); ``%(cards)s`` a list of cards. Numbers stay numbers. ``message`` and
    ``names`` stay at hand for the wording functions."""

    def __init__(self, message: dict, names):
        super().__init__()
        self.message = message
        self.names = list(names)
        for key, value in message.items():
            if key == "code":
                continue
            if key in SEAT_KEYS and isinstance(value, int):
                self[key] = self.name(value)
                self[f"of_{key}"] = words.of_name(self[key])
            elif key in CARD_KEYS and is_card(value):
                self[key] = words.card(value)
                self[f"of_{key}"] = words.card(value, "of_the")
            elif key == "cards" and isinstance(value, list):
                self[key] = words.cards(value)
            elif key in SUIT_KEYS and value in words.SUIT_NAMES:
                self[key] = words.suit_name(value)
                self[f"one_{key}"] = words.one_of_suit(value)
            else:
                self[key] = value

    def name(self, seat) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return pgettext("joueur inconnu", "place %(n)s") % {"n": seat + 1 if isinstance(
            seat, int) else "?"}


def _word(entry, params: Params) -> str:
    """An entry is a function of the parameters, or a lazy template (``gettext_lazy``, or
    ``ngettext_lazy`` naming the parameter that chooses the plural)."""
    return entry(params) if callable(entry) else entry % params


def say(slug: str, message: dict | None, names, *, by=None) -> str:
    """A log message as a sentence in the active language ("" when there is nothing to say).

    ``by``: who made the move, when the reader is shown it beside the sentence (a log
    line's ``by``): a move the clock played ("timer") is then said without « Temps
    écoulé : », which its mark says."""
    if not isinstance(message, dict):
        return ""
    code = message.get("code")
    if isinstance(code, str) and code.startswith(PLATFORM):
        return _platform(slug, message, names, by)
    if code == LEGACY:
        english = (get_language() or "fr").startswith("en")
        return message.get("en" if english else "fr") or message.get("fr") or ""
    entry = presenter(slug).MESSAGES.get(code)
    if entry is None:
        return _generic(message, Params(message, names))
    return _word(entry, Params(message, names))


# What the platform says in a game's log (not the game's rules): the codes of the log lines
# of play/actions/leaving.py, of a guest signing up (play/actions/guests.py) and of the
# clock (play/actions/scheduled.py).
PLATFORM = "platform."
PLATFORM_MESSAGES = {
    "platform.resigned": gettext_lazy("%(seat)s abandonne."),
    "platform.aborted": gettext_lazy("Partie annulée par %(seat)s."),
    "platform.back": gettext_lazy("%(seat)s est de retour et reprend sa place."),
    "platform.signing_up": gettext_lazy(
        "%(seat)s crée son compte : un automate joue à sa place en attendant."),
}


def _platform(slug: str, message: dict, names, by=None) -> str:
    params = Params({"seat": message.get("seat")}, names)
    code = message.get("code")
    if code == "platform.timeout":
        move = say(slug, message.get("move"), names)
        if move and by == TIMER:
            said = move  # the line's mark says the time ran out
        elif move:
            said = (pgettext("journal : le temps d'un joueur a expiré",
                             "Temps écoulé : %(move)s") % {"move": move})
        else:
            said = _("Temps écoulé pour %(seat)s.") % params
        if message.get("absent"):
            said += " " + _("%(seat)s ne répond plus : un automate joue à sa place jusqu'à "
                            "son retour.") % params
        return said
    entry = PLATFORM_MESSAGES.get(code)
    return entry % params if entry is not None else ""


def _generic(message: dict, params: Params) -> str:
    """A message its game does not word (a game without its own words, such as one added
    from elsewhere; tests/play/test_wording.py checks the house games word every code):
    who, then the other parameters in words, « Alice : le roi de pique. »."""
    who = next((params[key] for key in SEAT_KEYS if key in message), "")
    what = ", ".join(
        str(params[key]) for key in message if key != "code" and key not in SEAT_KEYS
    )
    if who and what:
        return pgettext("message d'un jeu sans mots : qui, quoi", "%(who)s : %(what)s.") % {
            "who": who, "what": what}
    return who or what


def log_line(slug: str, entry, names) -> dict | None:
    """A log entry (``play.queries.LogEntry``) as readers get it: ``{"text", "by",
    "seat"}`` (docs/protocol.md, ``log``); None when it has nothing to say."""
    text = say(slug, entry.message, names, by=entry.by)
    return {"text": text, "by": entry.by, "seat": entry.seat} if text else None


def log_mark(line: dict, bot_seats) -> str:
    """What a page shows beside a log line: "timer" for a move the clock played,
    "stand_in" for a bot's move at a player's seat (absent, or gone); "" otherwise, a bot
    seat's own moves included (its seat already says it is a bot)."""
    if line.get("by") == TIMER:
        return "timer"
    if line.get("by") == BOT and line.get("seat") not in bot_seats:
        return "stand_in"
    return ""


def sentences(slug: str, messages, names) -> list[str]:
    """Several messages of one game, in order (the log of a table or an archive), leaving
    out those with nothing to say."""
    return [said for said in (say(slug, message, names) for message in messages) if said]


# ----- refusals -----------------------------------------------------------------------


def _malformed(p: Params) -> str:
    if p.get("unknown"):
        return ngettext(
            "Action mal formée : champ inconnu %(fields)s.",
            "Action mal formée : champs inconnus %(fields)s.",
            len(p["unknown"]),
        ) % {"fields": words.join_and(f"« {key} »" for key in p["unknown"])}
    if p.get("field"):
        return _("Action mal formée : « %(field)s » manque ou n'est pas valable.") % p
    return _("Action mal formée.")


# The refusals every game shares, by the part of the code after the game's slug.
SHARED_REFUSALS = {
    "deck": gettext_lazy(
        "Le paquet battu doit contenir exactement les cartes à battre, chacune une fois."
    ),
    "malformed": _malformed,
}


def _unknown_options(p: Params) -> str:
    keys = p.get("keys") or []
    return ngettext(
        "Option inconnue : %(keys)s.", "Options inconnues : %(keys)s.", len(keys)
    ) % {"keys": ", ".join(keys)}


def _bad_value(p: Params) -> str:
    label = option_label(p.get("game", ""), p.get("option", ""))
    return _("Valeur refusée pour l'option « %(option)s » : %(value)s.") % {
        "option": label, "value": p.get("value", "")}


def _seats(p: Params) -> str:
    return ngettext(
        "Une table %(of_game)s réunit de %(low)s à %(high)s joueur.",
        "Une table %(of_game)s réunit de %(low)s à %(high)s joueurs.",
        p["high"],
    ) % {"of_game": game_of_name(p.get("game", "")), "low": p["low"], "high": p["high"]}


OPTION_REFUSALS = {
    "options.unknown": _unknown_options,
    "options.value": _bad_value,
    "options.seats": _seats,
}


def refusal_entry(slug: str, code: str):
    """The wording of a refusal's code for a game, or None."""
    entry = presenter(slug).REFUSALS.get(code) or OPTION_REFUSALS.get(code)
    if entry is None and code.startswith(f"{slug}."):
        entry = SHARED_REFUSALS.get(code[len(slug) + 1 :])
    return entry


def refusal(slug: str, message: dict) -> str:
    """Why an engine refused (``IllegalAction.message`` or ``BadOptions.message``), as a
    sentence in the active language."""
    code = message.get("code", "")
    entry = refusal_entry(slug, code)
    if entry is None:
        log.warning("no wording for the refusal %s", code)
        return _("Action refusée par les règles du jeu.")
    params = Params({"game": slug, **message}, ())
    return _word(entry, params)
