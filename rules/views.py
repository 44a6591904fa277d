"""The rules pages, the glossary and search, for readers (the staff side: rules.editing).

A reader gets each page and term in their language when it is translated and published,
else the French text with a notice saying the translation is not there yet.
"""

from __future__ import annotations

import copy
import secrets
from urllib.parse import urlencode

from allauth.account.adapter import get_adapter
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.middleware.csp import get_nonce
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.guests import sign_in
from accounts.language import reading_language
from play import actions
from play.actions import ServiceError
from rules import examples, markup, services
from rules import search as rules_search
from rules.access import SOURCE_LANGUAGE, get_page, is_editor, pick, reader_language
from rules.examples import fold
from rules.examples.render import TOKEN_SLOT
from rules.models import GlossaryTerm, RulesPage, Status

PAGE_CACHE_SECONDS = 24 * 3600
# A whole page cached for anonymous readers holds these in place of the per-request
# CSRF token (TOKEN_SLOT, also in the stored body's « Essayer cette position » forms)
# and CSP nonce, replaced on the way out.
NONCE_SLOT = "rules-csp-nonce-slot-5e7a"
# The cards an example does not fix are drawn as any deal is (play/actions/games.py).
system_random = secrets.SystemRandom()


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
    context["body"] = mark_safe(_page_body(page).replace(TOKEN_SLOT, get_token(request)))
    return render(request, "rules/page.html", context)


# The position a visitor who could not be made a guest asked for, kept in their session
# while they log in: the login comes back to it (``resume_position``).
PENDING_POSITION = "rules-try-position"


@require_POST
def try_position(request, slug):
    """« Essayer cette position »: a practice table at the position of the page's example
    number ``exemple``, read again from the published page and checked again (the form
    carries no cards). A visitor plays it as a guest, as from the « sans compte » buttons;
    one who cannot be made a guest now (too many from their address) logs in first and
    comes back to the position, not to the page."""
    number = request.POST.get("exemple", "")
    if not request.user.is_authenticated:
        try:
            guest = actions.do_create_guest(language=reading_language(),
                                            address=get_adapter().get_client_ip(request))
        except ServiceError as error:
            messages.error(request, error.message())
            messages.info(request, _("Ou connectez-vous : la position s'ouvrira aussitôt."))
            request.session[PENDING_POSITION] = {"page": slug, "exemple": number}
            resume = reverse("rules:resume_position", args=[slug])
            return redirect(f"{reverse(settings.LOGIN_URL)}?{urlencode({'next': resume})}")
        sign_in(request, guest)
    return _open_position(request, slug, number)


def resume_position(request, slug):
    """Where the login of ``try_position`` comes back: the position the visitor asked for
    (kept in their session, so that no link opens a table for whoever follows it), else the
    page."""
    pending = request.session.pop(PENDING_POSITION, None)
    if not request.user.is_authenticated or not isinstance(pending, dict) or (
        pending.get("page") != slug
    ):
        return redirect("rules:page", slug)
    return _open_position(request, slug, str(pending.get("exemple", "")))


def _open_position(request, slug, number: str):
    anchor = f"#exemple-{number}" if number.isdigit() else ""
    back = reverse("rules:page", args=[slug]) + anchor
    page = get_page(request, slug)
    source = markup.example_source(page.body, int(number)) if number.isdigit() else None
    try:
        if source is None or not page.is_published:
            raise examples.ExampleError("pas d'exemple publié à ce numéro.")
        start = examples.position(examples.parse(source), system_random)
    except examples.ExampleError:
        messages.error(request, _("Cet exemple n'est pas une position à essayer."))
        return redirect(back)
    try:
        table = actions.do_try_position(
            request.user, start.game, seats=start.seats, options=start.options,
            carry=start.carry, opening=start.actions, seat=start.seat,
        )
    except ServiceError as error:
        messages.error(request, error.message())
        return redirect(back)
    return redirect(table.get_absolute_url())


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
        html = render_to_string("rules/page.html", context, request=_without_query(request))
        cache.set(key, html, PAGE_CACHE_SECONDS)
    html = html.replace(TOKEN_SLOT, get_token(request))
    nonce = get_nonce(request)
    html = html.replace(NONCE_SLOT, str(nonce) if nonce is not None else "")
    return HttpResponse(html)


def _without_query(request):
    """The request as every anonymous reader shares it: its query string (in the forms'
    ``next`` fields) belongs to the first visitor, not to the page kept for everyone."""
    shared = copy.copy(request)
    shared.META = {**request.META, "QUERY_STRING": ""}
    return shared


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
