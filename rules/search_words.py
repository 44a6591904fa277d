"""What both searches share: the words of a text, the French plural stemmer, corrections of
misspelt words, the hit and its excerpt (rules/search.py on SQLite, search_postgres.py)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.examples import fold

WORD = re.compile(r"\w+", re.UNICODE)
STOP = {"le", "la", "les", "de", "des", "du", "un", "une", "et", "a", "au", "aux", "en", "l", "d"}
MAX_RESULTS = 30


@dataclass
class Hit:
    kind: str  # "page" or "term"
    title: str
    url: str
    excerpt: SafeString
    score: float
    language: str = "fr"


def stem(word: str) -> str:
    """A folded word without its French plural mark: "fredons" → "fredon"."""
    if len(word) > 3 and word[-1] in "sx" and not word.endswith("ss"):
        return word[:-1]
    return word


def terms_of(text: str) -> list[str]:
    return [stem(fold(w)) for w in WORD.findall(text) if fold(w) not in STOP]


def correct(words: list[str], vocabulary: set[str]) -> tuple[list[str], list[str]]:
    """Each word not in ``vocabulary`` replaced by its closest word there, if close enough."""
    fixed, corrections = [], []
    for w in words:
        if w in vocabulary:
            fixed.append(w)
            continue
        close = difflib.get_close_matches(w, vocabulary, n=1, cutoff=0.78)
        if close:
            fixed.append(close[0])
            corrections.append(close[0])
        else:
            fixed.append(w)
    return fixed, corrections


def excerpt(text: str, words: set[str], width: int = 110) -> SafeString:
    """A piece of ``text`` around the first matching word, matches in <mark>."""
    spans = [m.span() for m in WORD.finditer(text) if stem(fold(m.group())) in words]
    if not spans:
        return mark_safe(escape(text[: 2 * width]) + ("…" if len(text) > 2 * width else ""))
    start = max(0, spans[0][0] - width)
    end = min(len(text), spans[0][1] + width)
    out, at = [], start
    for s, e in spans:
        if s < start or e > end:
            continue
        out.append(escape(text[at:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        at = e
    out.append(escape(text[at:end]))
    return mark_safe(
        ("…" if start else "") + "".join(out).replace("\n", " ") + ("…" if end < len(text) else "")
    )
