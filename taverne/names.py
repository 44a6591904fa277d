"""Names players see: what makes two of them the same name to a reader's eye.

A display name must not pass for another player's, a bot's or the staff's. Two measures:

- ``name_key``, stored unique on the user (``User.name_key``): Unicode compatibility
  forms folded (NFKC: "ｂｏｂ" is "bob"), case folded ("Alice" is "alice"), invisible
  characters dropped (zero-width spaces and joiners, soft hyphens, direction marks: every
  "format" character), accents dropped ("Héloïse" is "heloise"), the usual Cyrillic and
  Greek lookalikes read as Latin letters, digits that pass for letters read as those
  ("B0b" is "bob"), spaces, dots, dashes and underscores ignored ("a.lice" is "alice").
- ``name_skeleton``, stored on the user too (``User.name_skeleton``), wider: the Unicode
  confusable skeleton of UTS #39 (Unicode's own list of every character that looks like
  another, through ICU's SpoofChecker: "m" and "rn", "ǀ" and "l", a Cherokee "Ꭺ" and an
  "A"), with case, accents, "i" against "l" and everything but letters and digits set
  aside. A name whose skeleton is another player's is refused (accounts/names.py), and so
  is a name that holds a word of the house's (``reserved_word``: « invité », « admin »,
  « équipe », « officiel », a bot's name...), in French or English, however it is spelt.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

import icu

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


# ----- the UTS #39 skeleton ------------------------------------------------------------


@cache
def _spoof_checker():
    """ICU's checker (made once per process, when a name is first read)."""
    return icu.SpoofChecker()


# After the skeleton, what still passes for another letter once case is set aside: a
# lower-case "i" for an "l" (a capital "I" is one already), digits used as letters.
_STILL_PASSING = str.maketrans({"i": "l", "0": "o", "1": "l", "3": "e", "5": "s", "7": "t"})


def _without_accents(text: str) -> str:
    text = unicodedata.normalize("NFD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


def _folded(text: str) -> str:
    """``text`` as the eye reads it: compatibility forms and case folded, invisible
    characters dropped, each character replaced by the prototype Unicode says it looks
    like (UTS #39's skeleton, ICU's), accents dropped, then case folded again (a
    prototype may be a capital: "0" looks like "O") and what still passes for a letter
    read as it. Punctuation and spaces are kept: ``words`` splits at them."""
    text = unicodedata.normalize("NFKC", text or "").casefold()
    text = "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cc"))
    text = str(_spoof_checker().getSkeleton(0, text))
    return _without_accents(text).casefold().translate(_STILL_PASSING)


def name_skeleton(name: str) -> str:
    """The form under which two names read the same (letters and digits only)."""
    return "".join(c for c in _folded(name) if c.isalnum())


# The house's words, in French and English, as players read them. A word of the first
# list is refused anywhere in a name ("SuperAdmin", "xXadminXx", « Taverne officielle »);
# a word of the second, short or a first name, only as a word of its own, digits around
# it allowed (« Gaston 2 », "Bot_7", "TeamAlice", "Staff1"), so that "Abbott",
# "Steamboat", "Staffan" or « Ernestine » stay free. The bots' names are those play deals
# out (``BOT_NAMES``).
RESERVED_ANYWHERE = (
    "invité", "guest", "admin", "modérateur", "modératrice", "moderator", "taverne",
    "officiel", "official", "équipe", "robot", "automate", "système", "system",
)
RESERVED_WORDS = ("bot", "bots", "staff", "team", "modo", "mod", *BOT_NAMES)

# A word of a name: letters and digits, split at anything else.
_WORD = re.compile(r"[^\W_]+")


@cache
def _reserved_skeletons() -> tuple[tuple[tuple[str, str], ...], dict[str, str]]:
    anywhere = tuple((name_skeleton(w), w) for w in RESERVED_ANYWHERE)
    words = {name_skeleton(w): w for w in RESERVED_WORDS}
    return anywhere, words


def _words(name: str) -> list[str]:
    """The words of a name: runs of letters and digits, split again where a lower-case
    letter is followed by a capital ("AliceÉquipe" is "Alice" and "Équipe")."""
    text = unicodedata.normalize("NFKC", name or "")
    text = "".join(c for c in text if unicodedata.category(c) not in ("Cf", "Cc"))
    words = []
    for run in _WORD.findall(text):
        start = 0
        for i in range(1, len(run)):
            if run[i - 1].islower() and run[i].isupper():
                words.append(run[start:i])
                start = i
        words.append(run[start:])
    return words


def reserved_word(name: str) -> str | None:
    """The house's word ``name`` holds (as the site writes it: « équipe »), or None."""
    anywhere, words = _reserved_skeletons()
    skeleton = name_skeleton(name)
    for key, word in anywhere:
        if key and key in skeleton:
            return word
    if skeleton in words:  # « Ga ston »
        return words[skeleton]
    for word in _words(name):
        for part in (word, word.strip("0123456789")):
            found = words.get(name_skeleton(part))
            if found is not None:
                return found
    return None


def is_reserved(name: str) -> bool:
    """A name that holds a word of the house's (``reserved_word``)."""
    return reserved_word(name) is not None
