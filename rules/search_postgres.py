"""The PostgreSQL side of rules/search.py: full text (french_unaccent for French, the
built-in english configuration for English), trigram fallback."""

from __future__ import annotations

from django.contrib.postgres.search import (
    SearchHeadline,
    SearchQuery,
    SearchRank,
    SearchVector,
    TrigramWordSimilarity,
)
from django.db.models import F, Value
from django.db.models.functions import Greatest
from django.utils.html import escape
from django.utils.safestring import mark_safe

from rules.models import GlossaryTerm, RulesPage, Status
from rules.search_words import MAX_RESULTS, Hit, correct, terms_of

CONFIGS = {"fr": "french_unaccent", "en": "english"}
HEADLINE = {"start_sel": "<mark>", "stop_sel": "</mark>", "max_words": 40, "min_words": 20}


def _run(query_text: str, language: str) -> list[Hit]:
    config = CONFIGS.get(language, CONFIGS["fr"])
    headline = {**HEADLINE, "config": config}
    query = SearchQuery(query_text, config=config, search_type="websearch")
    hits = []
    pages = (
        RulesPage.objects.filter(language=language, status=Status.PUBLISHED)
        .annotate(
            document=SearchVector("title", weight="A", config=config)
            + SearchVector("summary", weight="B", config=config)
            + SearchVector("text", weight="C", config=config)
        )
        .filter(document=query)
        .annotate(
            rank=SearchRank(F("document"), query),
            head_rank=SearchRank(SearchVector("title", config=config), query),
            excerpt=SearchHeadline("text", query, **headline),
        )
    )
    for p in pages:
        hits.append(
            Hit(
                "page",
                p.title,
                p.get_absolute_url(),
                _safe(p.excerpt),
                p.rank + (10 if p.head_rank > 0 else 0),
            )
        )
    terms = (
        GlossaryTerm.objects.filter(language=language, status=Status.PUBLISHED)
        .annotate(
            document=SearchVector("term", weight="A", config=config)
            + SearchVector("variants", weight="A", config=config)
            + SearchVector("text", weight="C", config=config)
        )
        .filter(document=query)
        .annotate(
            rank=SearchRank(F("document"), query),
            head_rank=SearchRank(SearchVector("term", "variants", config=config), query),
            excerpt=SearchHeadline("text", query, **headline),
        )
    )
    for t in terms:
        hits.append(
            Hit(
                "term",
                t.term,
                t.get_absolute_url(),
                _safe(t.excerpt),
                t.rank + (20 if t.head_rank > 0 else 0),
            )
        )
    hits.sort(key=lambda h: (-h.score, h.title))
    return hits[:MAX_RESULTS]


def _safe(headline: str):
    # SearchHeadline returns the stored plain text with our <mark> tags: escape the rest.
    escaped = escape(headline).replace("&lt;mark&gt;", "<mark>").replace("&lt;/mark&gt;", "</mark>")
    return mark_safe(escaped.replace("\n", " "))


def search(query: str, language: str = "fr") -> tuple[list[Hit], list[str]]:
    hits = _run(query, language)
    if hits:
        return hits, []
    # Misspellings: the closest titles and terms by trigram word similarity...
    words = [w for w in terms_of(query)]
    similar = []
    for model, field_name in ((RulesPage, "title"), (GlossaryTerm, "term")):
        qs = (
            model.objects.filter(language=language, status=Status.PUBLISHED)
            .annotate(
                similarity=Greatest(
                    TrigramWordSimilarity(Value(query), field_name),
                    TrigramWordSimilarity(Value(query), field_name),
                )
            )
            .filter(similarity__gt=0.45)
            .order_by("-similarity")[:5]
        )
        for obj in qs:
            similar.append(getattr(obj, field_name))
    # ...then the words of the query corrected against those and the stored texts' words.
    vocabulary = set()
    for title in similar:
        vocabulary.update(terms_of(title))
    if not vocabulary:
        for text in RulesPage.objects.filter(
            language=language, status=Status.PUBLISHED
        ).values_list("text", flat=True):
            vocabulary.update(terms_of(text))
    fixed, corrections = correct(words, vocabulary)
    if not corrections:
        return [], []
    return _run(" ".join(fixed), language), corrections
