"""Names players see: what makes two of them the same name to a reader's eye.

A display name must not pass for another player's, a bot's or the staff's. Two names are
the same when their *keys* are: Unicode compatibility forms folded (NFKC: "ｂｏｂ" is
"bob"), case folded ("Alice" is "alice"), invisible characters dropped (zero-width
spaces and joiners, soft hyphens, direction marks: every "format" character), accents
dropped ("Héloïse" is "heloise"), letters that look like Latin ones read as those
(Cyrillic "а", Greek "ο"), digits that pass for letters read as those ("B0b" is "bob"),
spaces, dots, dashes and underscores ignored ("a.lice" is "alice").
"""

from __future__ import annotations

import re
import unicodedata

# The names of the bots that sit at tables (play/actions/tables.py deals them out), kept
# here so that the accounts can refuse them to players.
BOT_NAMES = (
    "Gaston", "Lucienne", "Firmin", "Berthe", "Anatole", "Hortense", "Médéric",
    "Joséphine", "Ernest", "Philomène",
)

# Lookalikes read as the Latin letter they pass for: the usual Cyrillic and Greek ones, and
# digits used as letters. Not every confusable of Unicode's list, but those a keyboard
# or a copy-paste gives easily.
_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
    "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
    "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w",
    # Latin letters that pass for others
    "ı": "i", "ł": "l", "ɡ": "g", "ß": "ss",
})
# Then what passes for a letter: digits, and "i" for "l" (a capital I looks like an l).
_PASSING = str.maketrans({"0": "o", "1": "l", "3": "e", "5": "s", "7": "t", "i": "l"})
_IGNORED = re.compile(r"[\s._\-'’]+")


def _letters(name: str) -> str:
    """The name in plain lower-case Latin letters, digits kept."""
    text = unicodedata.normalize("NFKC", name or "").casefold()
    text = "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cc"))
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _IGNORED.sub("", text.translate(_LOOKALIKES))


def name_key(name: str) -> str:
    """The form under which two names count as the same (see the module's docstring)."""
    return _letters(name).translate(_PASSING)


def has_invisible_characters(name: str) -> bool:
    """Whether a name holds characters that show nothing (zero-width, direction marks)."""
    return any(unicodedata.category(c) in ("Cf", "Cc") for c in name or "")


# Names the site gives itself: its bots', and the shapes of a guest's or a spare bot's.
_RESERVED_SHAPES = (re.compile(r"^(invite|guest|automate|bot)[0-9]*$"),)
RESERVED_KEYS = frozenset(name_key(n) for n in BOT_NAMES) | {
    name_key(n) for n in ("Taverne", "Tavernier", "Admin", "Administrateur", "Staff",
                          "Équipe", "Modérateur", "Automate", "Invité", "Système")
}


def is_reserved(name: str) -> bool:
    """A bot's name, a guest's or a spare bot's shape, or a name of the site's."""
    letters = _letters(name)
    return (name_key(name) in RESERVED_KEYS
            or any(shape.match(letters) for shape in _RESERVED_SHAPES))
