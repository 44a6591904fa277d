"""The rules pages, the glossary, search, history, and the staff editor."""

from __future__ import annotations

import difflib
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from reversion.models import Version

from rules import search as rules_search
from rules import services
from rules.examples import fold
from rules.forms import PageForm
from rules.models import FICHE_FIELDS, GlossaryTerm, RulesPage, Status

PAGE_CACHE_SECONDS = 24 * 3600
# A whole page cached for anonymous readers holds these in place of the per-request
# CSRF token and CSP nonce, replaced on the way out.
TOKEN_SLOT = "rules-csrf-token-slot-0b1d"
NONCE_SLOT = "rules-csp-nonce-slot-5e7a"


def is_editor(user) -> bool:
    return user.is_authenticated and user.is_staff and user.has_perm("rules.change_rulespage")


def editor_required(view):
    """Staff of the "Éditeurs" group; others get the login page or a 403."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_editor(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def _lang() -> str:
    return (get_language() or "fr")[:2]


def _get_page(request, slug) -> RulesPage:
    """The page in the reader's language if translated, else French; drafts for editors only."""
    pages = {
        p.language: p
        for p in RulesPage.objects.filter(slug=slug).defer("body", "text", "html", "draft", "toc")
    }
    page = (
        pages.get(_lang()) if _lang() in pages and pages[_lang()].is_published else pages.get("fr")
    )
    if page is None or (not page.is_published and not is_editor(request.user)):
        raise Http404(_("Cette page de règles n'existe pas."))
    return page


def _four_colour(request) -> bool:
    return bool(request.session.get("four_colour_deck")) if hasattr(request, "session") else False


def ping(request):
    """The smallest Django view, for the benchmark's comparison (bench/rules_pages.py)."""
    return HttpResponse("ok", content_type="text/plain")


def index(request):
    pages = RulesPage.objects.filter(language="fr").defer("body", "html", "text", "draft")
    if not is_editor(request.user):
        pages = pages.filter(status=Status.PUBLISHED)
    return render(
        request, "rules/index.html", {"pages": pages, "is_editor": is_editor(request.user)}
    )


def _page_body(page: RulesPage) -> str:
    """The article (fiche, contents, text), cached per page, language and published state."""
    key = services.page_cache_key(page, _lang())
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
    page = _get_page(request, slug)
    from cardgames import SLUGS

    context = {
        "page": page,
        "playable": page.slug in SLUGS,
        "is_editor": is_editor(request.user),
        "four_colour": _four_colour(request),
    }
    if page.is_published and not request.user.is_authenticated and not _has_messages(request):
        return _anonymous_page(request, page, context)
    context["body"] = mark_safe(_page_body(page))
    return render(request, "rules/page.html", context)


def _anonymous_page(request, page, context):
    """Most readers: the whole page from the cache, with this request's token and nonce."""
    from django.middleware.csp import get_nonce

    key = f"{services.page_cache_key(page, _lang())}:anon:{int(context['four_colour'])}"
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
    terms = GlossaryTerm.objects.filter(language="fr", status=Status.PUBLISHED).only(
        "slug", "term", "text"
    )
    letters: dict[str, list] = {}
    for term in terms:
        letters.setdefault(fold(term.term)[:1].upper(), []).append(term)
    return render(request, "rules/glossary.html", {"letters": sorted(letters.items())})


def term(request, slug):
    term = get_object_or_404(GlossaryTerm, slug=slug, language="fr", status=Status.PUBLISHED)
    forms = [fold(f) for f in (term.term, *term.variant_list())]
    used_in = []
    for page in RulesPage.objects.filter(language="fr", status=Status.PUBLISHED).only(
        "slug", "title", "updated_at"
    ):
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
    hits, corrections = rules_search.search(query) if query else ([], [])
    return render(
        request, "rules/search.html", {"query": query, "hits": hits, "corrections": corrections}
    )


# ----- history --------------------------------------------------------------------------------


def _versions(page):
    return Version.objects.get_for_object(page).select_related("revision", "revision__user")


def history(request, slug):
    page = _get_page(request, slug)
    versions = list(_versions(page))
    return render(
        request,
        "rules/history.html",
        {
            "page": page,
            "versions": versions,
            "is_editor": is_editor(request.user),
        },
    )


def _as_text(fields: dict) -> list[str]:
    head = [
        f"{_('Titre')} : {fields.get('title', '')}",
        f"{_('Résumé')} : {fields.get('summary', '')}",
    ]
    head += [f"{label} : {fields.get(name, '')}" for name, label in FICHE_FIELDS]
    return head + [""] + (fields.get("body") or "").splitlines()


def compare(request, slug):
    page = _get_page(request, slug)
    versions = {v.pk: v for v in _versions(page)}
    try:
        old, new = versions[int(request.GET["a"])], versions[int(request.GET["b"])]
    except (KeyError, ValueError):
        raise Http404(_("Choisissez deux révisions de cette page.")) from None
    if old.revision.date_created > new.revision.date_created:
        old, new = new, old

    def when(v):
        return timezone.localtime(v.revision.date_created).strftime("%d/%m/%Y %H:%M")

    table = difflib.HtmlDiff(wrapcolumn=60).make_table(
        _as_text(old.field_dict),
        _as_text(new.field_dict),
        when(old),
        when(new),
        context=True,
        numlines=2,
    )
    return render(
        request,
        "rules/compare.html",
        {
            "page": page,
            "old": old,
            "new": new,
            "table": mark_safe(table),
            "same": old.field_dict.get("body") == new.field_dict.get("body")
            and _as_text(old.field_dict) == _as_text(new.field_dict),
            "is_editor": is_editor(request.user),
        },
    )


@require_POST
@editor_required
def restore(request, slug, version_id):
    page = get_object_or_404(RulesPage, slug=slug, language="fr")
    version = get_object_or_404(_versions(page), pk=version_id)
    page, errors = services.do_restore(page, version, request.user)
    if errors:
        messages.warning(
            request, _("La révision est revenue en brouillon : elle a des erreurs à corriger.")
        )
        return redirect("rules:edit", slug=slug)
    messages.success(request, _("La révision a été restaurée et publiée."))
    return redirect(page)


# ----- the staff editor ------------------------------------------------------------------------


@editor_required
def edit(request, slug):
    page = get_object_or_404(RulesPage, slug=slug, language="fr")
    if request.method == "POST":
        publishing = request.POST.get("action") == "publish"
        form = PageForm(
            request.POST, instance=RulesPage.objects.get(pk=page.pk), publishing=publishing
        )
        if form.is_valid():
            fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
            if publishing:
                try:
                    services.do_publish(page, fields, request.user)
                except services.PublishRefused as refused:
                    form.add_error(None, refused.errors)
                else:
                    messages.success(request, _("Page publiée."))
                    return redirect(page)
            else:
                services.do_save_draft(page, fields, request.user)
                messages.success(
                    request, _("Brouillon enregistré : la page publique n'a pas changé.")
                )
                return redirect("rules:edit", slug=slug)
        rendered = form.rendered
    else:
        form = PageForm(initial=page.editable(), instance=page)
        rendered = services.render_page_body(page.editable()["body"], page.slug, page.language)
    return render(
        request,
        "rules/edit.html",
        {
            "page": page,
            "form": form,
            "rendered": rendered,
            "preview_html": mark_safe(rendered.html) if rendered else "",
            "has_draft": page.draft is not None,
        },
    )


@require_POST
@editor_required
def preview(request):
    """htmx: the body being typed, rendered with its examples checked, errors on top."""
    slug = request.POST.get("slug", "")
    page = RulesPage.objects.filter(slug=slug, language="fr").first() or RulesPage(slug=slug)
    draft = RulesPage(
        slug=page.slug,
        language="fr",
        **{name: request.POST.get(name, "") for name in PageForm.Meta.fields},
    )
    rendered = services.render_page_body(draft.body, draft.slug, "fr")
    draft.toc = rendered.toc
    return render(
        request,
        "rules/_preview.html",
        {
            "page": draft,
            "rendered": rendered,
            "html": mark_safe(rendered.html),
        },
    )
