"""Who may edit, and which row of a page a reader gets (their language, else French)."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules.models import RulesPage

SOURCE_LANGUAGE = "fr"


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


def reader_language() -> str:
    return (get_language() or SOURCE_LANGUAGE)[:2]


def pick(rows: dict, language: str, show_drafts: bool = False):
    """The row to show among ``rows`` ({language: row}): the reader's language when it is
    published (or when an editor looks), else the French one."""
    own = rows.get(language)
    if own is not None and (own.is_published or show_drafts):
        return own
    return rows.get(SOURCE_LANGUAGE)


def get_page(request, slug) -> RulesPage:
    """The page in the reader's language if translated, else French; drafts for editors only."""
    rows = {
        p.language: p
        for p in RulesPage.objects.filter(slug=slug).defer("body", "text", "html", "draft", "toc")
    }
    page = pick(rows, reader_language())
    if page is None or (not page.is_published and not is_editor(request.user)):
        raise Http404(_("Cette page de règles n'existe pas."))
    return page
