"""Search in the rules and the glossary: ``/regles/recherche/?q=``.

On PostgreSQL: full-text search with the ``french_unaccent`` configuration (French stems,
accents ignored: "ascenceur" aside, "regles" finds "règles", "fredons" finds "fredon"),
ranked with glossary terms and game names first, excerpts from ``SearchHeadline``; when
nothing matches, words are corrected by trigram similarity (misspellings). On SQLite the
same behaviour is approximated in Python: accent- and case-folded words, a light French
plural stemmer, and difflib for misspellings.
"""

from __future__ import annotations

from django.db import connection

from rules import search_postgres
from rules.models import GlossaryTerm, RulesPage, Status
from rules.search_words import MAX_RESULTS, WORD, Hit, correct, excerpt, terms_of

__all__ = ["WORD", "search"]


def search(query: str, language: str = "fr") -> tuple[list[Hit], list[str]]:
    """(hits, corrections): corrections name the misspelt words that were replaced."""
    query = (query or "").strip()[:200]
    if not terms_of(query):
        return [], []
    if connection.vendor == "postgresql":
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
