"""A game's table options in words: the engine declares each option by key with its values
(``cardgames.core.Option``); the game's presentation module names them in ``OPTIONS``,
``{key: OptionWords(label, help, choices)}``, for the table form and the rules pages."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.presentation.games import presenter


@dataclass(frozen=True)
class OptionWords:
    """An option's label and help, and its choices' labels: a dict by value, or a function
    of the value (``chips``: « 20 jetons »); a value without a label reads as itself.
    ``summary``: a function of the value wording the option in a table's summary (the
    lobby), where « label : value » would read badly."""

    label: object
    help: object = ""
    choices: object = field(default_factory=dict)
    summary: object = None


def chips(n) -> str:
    return ngettext("%(n)s jeton", "%(n)s jetons", n) % {"n": n}


def _words(slug: str, key: str) -> OptionWords | None:
    return presenter(slug).OPTIONS.get(key) if slug else None


def option_label(slug: str, key: str) -> str:
    found = _words(slug, key)
    return str(found.label) if found else key


def option_help(slug: str, key: str) -> str:
    found = _words(slug, key)
    return str(found.help) if found and found.help else ""


def choice_label(slug: str, option, value) -> str:
    """The label of one value of an ``Option``, in the reader's language."""
    if option.kind == "bool":
        return str(_("oui") if value else _("non"))
    found = _words(slug, option.key)
    choices = found.choices if found else {}
    if callable(choices):
        return str(choices(value))
    return str(choices.get(value, value))


def option_summary(slug: str, option, value) -> str:
    """One option of a table as « label : value » (or its own summary), in the reader's
    language."""
    found = _words(slug, option.key)
    if found and found.summary:
        return str(found.summary(value))
    return _("%(option)s : %(value)s") % {
        "option": option_label(slug, option.key), "value": choice_label(slug, option, value)}
