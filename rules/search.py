"""Search in the rules and the glossary: ``/regles/recherche/?q=``.

On PostgreSQL: full-text search with the ``french_unaccent`` configuration (French stems,
accents ignored: "ascenceur" aside, "regles" finds "règles", "fredons" finds "fredon"),
ranked with glossary terms and game names first, excerpts from ``SearchHeadline``; when
nothing matches, words are corrected by trigram similarity (misspellings). On SQLite the
same behaviour is approximated in Python: accent- and case-folded words, a light French
plural stemmer, and difflib for misspellings.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from django.db import connection
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.examples import fold
from rules.models import GlossaryTerm, RulesPage, Status

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


def search(query: str, language: str = "fr") -> tuple[list[Hit], list[str]]:
    """(hits, corrections): corrections name the misspelt words that were replaced."""
    query = (query or "").strip()[:200]
    if not terms_of(query):
        return [], []
    if connection.vendor == "postgresql":
        from rules import search_postgres

        return search_postgres.search(query, language)
    return search_python(query, language)


# ----- the portable search ---------------------------------------------------------------------


def _documents(language: str):
    pages = RulesPage.objects.filter(language=language, status=Status.PUBLISHED).only(
        "slug", "title", "summary", "text"
    )
    terms = GlossaryTerm.objects.filter(language=language, status=Status.PUBLISHED).only(
        "slug", "term", "variants", "text"
    )
    for p in pages:
        yield "page", p.title, p.get_absolute_url(), f"{p.title} {p.summary}", p.text
    for t in terms:
        yield "term", t.term, t.get_absolute_url(), f"{t.term} {t.variants}", t.text


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


def search_python(query: str, language: str = "fr") -> tuple[list[Hit], list[str]]:
    docs = []
    vocabulary: set[str] = set()
    for kind, title, url, head, body in _documents(language):
        head_words, body_words = terms_of(head), terms_of(body)
        vocabulary.update(head_words, body_words)
        docs.append((kind, title, url, head_words, body_words, body))
    words, corrections = correct(terms_of(query), vocabulary)
    hits = []
    for kind, title, url, head_words, body_words, body in docs:
        if not all(w in head_words or w in body_words for w in words):
            continue
        score = sum(body_words.count(w) for w in words)
        joined_head, phrase = " ".join(head_words), " ".join(words)
        if phrase in joined_head:
            score += 100  # the query names this term or this game
        elif any(w in head_words for w in words):
            score += 20
        if len(words) > 1 and phrase in " ".join(body_words):
            score += 10
        if kind == "term":
            score += 5
        hits.append(Hit(kind, title, url, excerpt(body, set(words)), score))
    hits.sort(key=lambda h: (-h.score, h.title))
    return hits[:MAX_RESULTS], corrections


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
