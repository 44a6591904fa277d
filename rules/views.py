"""The rules pages, the glossary and search, for readers (the staff side: rules.editing).

A reader gets each page and term in their language when it is translated and published,
else the French text with a notice saying the translation is not there yet.
"""

from __future__ import annotations

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from rules import search as rules_search
from rules import services
from rules.access import SOURCE_LANGUAGE, get_page, is_editor, pick, reader_language
from rules.examples import fold
from rules.models import GlossaryTerm, RulesPage, Status

PAGE_CACHE_SECONDS = 24 * 3600
# A whole page cached for anonymous readers holds these in place of the per-request
# CSRF token and CSP nonce, replaced on the way out.
TOKEN_SLOT = "rules-csrf-token-slot-0b1d"
NONCE_SLOT = "rules-csp-nonce-slot-5e7a"


def _four_colour(request) -> bool:
    return bool(request.session.get("four_colour_deck")) if hasattr(request, "session") else False


def ping(request):
    """The smallest Django view, for the benchmark's comparison (bench/rules_pages.py)."""
    return HttpResponse("ok", content_type="text/plain")


def _by_slug(rows, show_drafts: bool) -> list:
    """One row per slug: the reader's language when there is one, else French."""
    grouped: dict[str, dict] = {}
    for row in rows:
        grouped.setdefault(row.slug, {})[row.language] = row
    chosen = [pick(langs, reader_language(), show_drafts) for langs in grouped.values()]
    return [row for row in chosen if row is not None]


def index(request):
    editor = is_editor(request.user)
    rows = RulesPage.objects.defer("body", "html", "text", "draft")
    if not editor:
        rows = rows.filter(status=Status.PUBLISHED)
    pages = sorted(_by_slug(rows, editor), key=lambda p: (p.order, p.title))
    return render(
        request,
        "rules/index.html",
        {
            "games": [p for p in pages if p.is_game],
            "others": [p for p in pages if not p.is_game],
            "is_editor": editor,
        },
    )


def _page_body(page: RulesPage) -> str:
    """The article (fiche, contents, text), cached per page, language and published state."""
    key = services.page_cache_key(page, reader_language())
    body = cache.get(key) if page.is_published else None
    if body is None:
        body = render_to_string(
            "rules/_page_body.html", {"page": page, "html": mark_safe(page.html)}
        )
        if page.is_published:
            cache.set(key, body, PAGE_CACHE_SECONDS)
    return body


def _has_messages(request) -> bool:
    if "messages" in request.COOKIES:
        return True
    session = getattr(request, "session", None)
    return bool(session is not None and session.session_key and "_messages" in session)


def page(request, slug):
    page = get_page(request, slug)
    context = {
        "page": page,
        "playable": page.is_game,
        "untranslated": page.language != reader_language(),
        "is_editor": is_editor(request.user),
        "four_colour": _four_colour(request),
    }
    if page.is_published and not request.user.is_authenticated and not _has_messages(request):
        return _anonymous_page(request, page, context)
    context["body"] = mark_safe(_page_body(page))
    return render(request, "rules/page.html", context)


def _anonymous_page(request, page, context):
    """Most readers: the whole page from the cache, with this request's token and nonce."""
    key = f"{services.page_cache_key(page, reader_language())}:anon:{int(context['four_colour'])}"
    html = cache.get(key)
    if html is None:
        context = {
            **context,
            "body": mark_safe(_page_body(page)),
            "csrf_token": TOKEN_SLOT,
            "csp_nonce": NONCE_SLOT,
        }
        html = render_to_string("rules/page.html", context, request=request)
        cache.set(key, html, PAGE_CACHE_SECONDS)
    html = html.replace(TOKEN_SLOT, get_token(request))
    nonce = get_nonce(request)
    html = html.replace(NONCE_SLOT, str(nonce) if nonce is not None else "")
    return HttpResponse(html)


def glossary(request):
    rows = GlossaryTerm.objects.filter(status=Status.PUBLISHED).only(
        "slug", "term", "text", "language", "status"
    )
    letters: dict[str, list] = {}
    for term in sorted(_by_slug(rows, False), key=lambda t: fold(t.term)):
        letters.setdefault(fold(term.term)[:1].upper(), []).append(term)
    return render(request, "rules/glossary.html", {"letters": sorted(letters.items())})


def term(request, slug):
    rows = {t.language: t for t in GlossaryTerm.objects.filter(slug=slug, status=Status.PUBLISHED)}
    term = pick(rows, reader_language())
    if term is None:
        raise Http404(_("Ce terme n'est pas dans le glossaire."))
    # As words, like the page texts they are looked for in ("turn-up" → "turn up").
    forms = [
        " ".join(rules_search.WORD.findall(fold(f))) for f in (term.term, *term.variant_list())
    ]
    used_in = []
    pages = RulesPage.objects.filter(language=term.language, status=Status.PUBLISHED)
    for page in pages.only("slug", "title", "updated_at"):
        words = _folded_words(page)
        if any(f" {f} " in words for f in forms):
            used_in.append(page)
    return render(
        request,
        "rules/term.html",
        {
            "term": term,
            "html": mark_safe(term.html),
            "used_in": used_in,
            "untranslated": term.language != reader_language(),
            "four_colour": _four_colour(request),
        },
    )


_FOLDED: dict = {}


def _folded_words(page) -> str:
    """ " word word ... " of a page's text, folded, remembered per published state."""
    key = (page.pk, page.updated_at)
    if key not in _FOLDED:
        text = RulesPage.objects.filter(pk=page.pk).values_list("text", flat=True).first() or ""
        if len(_FOLDED) > 100:
            _FOLDED.clear()
        _FOLDED[key] = " " + " ".join(rules_search.WORD.findall(fold(text))) + " "
    return _FOLDED[key]


def search(request):
    query = request.GET.get("q", "").strip()
    hits, corrections = [], []
    if query:
        language = reader_language()
        hits, corrections = rules_search.search(query, language)
        if not hits and language != SOURCE_LANGUAGE:
            language = SOURCE_LANGUAGE
            hits, corrections = rules_search.search(query, language)
        for hit in hits:
            hit.language = language
    return render(
        request, "rules/search.html", {"query": query, "hits": hits, "corrections": corrections}
    )
