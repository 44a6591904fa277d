"""The staff side of the rules: the editor with its live preview, a page's history, the
word-level comparison of two revisions, restoring one.

Every publication and draft is a django-reversion revision: its user is the author, its
comment the editor's edit summary. A revision is named by its number in the page's history,
its date to the second and its author ("Révision 7 · 12/03/2026 05:18:42 · Edith"), so two
revisions never read the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override
from django.views.decorators.http import require_POST
from reversion.models import Version

from rules import diff, services
from rules.access import editor_required, get_page, is_editor
from rules.forms import PageForm
from rules.models import FICHE_FIELDS, RulesPage, Status

COMPARED_FIELDS = [
    ("title", gettext_lazy("Titre")),
    ("summary", gettext_lazy("Chapeau")),
    *FICHE_FIELDS,
    ("body", gettext_lazy("Texte")),
]
RECENT_IN_EDITOR = 5


@dataclass
class Revision:
    """One revision of a page as the history shows it."""

    version: Version
    number: int

    @property
    def pk(self) -> int:
        return self.version.pk

    @property
    def date(self):
        return self.version.revision.date_created

    @property
    def author(self) -> str:
        user = self.version.revision.user
        return user.public_name if user is not None else _("le dépôt")

    @property
    def summary(self) -> str:
        return self.version.revision.get_comment()

    @property
    def label(self) -> str:
        when = timezone.localtime(self.date).strftime("%d/%m/%Y %H:%M:%S")
        return _("Révision %(number)s · %(when)s · %(author)s") % {
            "number": self.number,
            "when": when,
            "author": self.author,
        }


def revisions(page: RulesPage) -> list[Revision]:
    """The page's revisions, newest first, numbered from the oldest."""
    versions = list(
        Version.objects.get_for_object(page).select_related("revision", "revision__user")
    )
    total = len(versions)
    return [Revision(v, total - i) for i, v in enumerate(versions)]


def history(request, slug):
    page = get_page(request, slug)
    return render(
        request,
        "rules/history.html",
        {"page": page, "revisions": revisions(page), "is_editor": is_editor(request.user)},
    )


def compare(request, slug):
    page = get_page(request, slug)
    found = {r.pk: r for r in revisions(page)}
    try:
        old, new = found[int(request.GET["a"])], found[int(request.GET["b"])]
    except (KeyError, ValueError):
        raise Http404(_("Choisissez deux révisions de cette page.")) from None
    if old.number > new.number:
        old, new = new, old
    changes = diff.compare(COMPARED_FIELDS, old.version.field_dict, new.version.field_dict)
    return render(
        request,
        "rules/compare.html",
        {
            "page": page,
            "old": old,
            "new": new,
            "changes": changes,
            "is_editor": is_editor(request.user),
        },
    )


@require_POST
@editor_required
def restore(request, slug, version_id):
    language = request.POST.get("langue", "fr")
    page = get_object_or_404(RulesPage, slug=slug, language=language)
    found = {r.pk: r for r in revisions(page)}
    if version_id not in found:
        raise Http404(_("Cette révision n'existe pas."))
    with override("fr"):  # the comment, like the others, is written in French
        label = found[version_id].label
    page, errors = services.do_restore(page, found[version_id].version, request.user, label)
    if errors:
        messages.warning(
            request, _("La révision est revenue en brouillon : elle a des erreurs à corriger.")
        )
        return redirect(_edit_url(slug, language))
    messages.success(request, _("La révision a été restaurée et publiée."))
    return redirect(page)


# ----- the staff editor ------------------------------------------------------------------


def _edit_url(slug: str, language: str) -> str:
    url = reverse("rules:edit", args=[slug])
    return url if language == "fr" else f"{url}?langue={language}"


def _page_to_edit(slug: str, language: str) -> RulesPage:
    """The page in ``language``; a translation not started yet is a new row whose texts
    start from the French ones (saved on the first draft or publication)."""
    if language not in dict(settings.LANGUAGES):
        raise Http404(_("Langue inconnue."))
    french = get_object_or_404(RulesPage, slug=slug, language="fr")
    page = RulesPage.objects.filter(slug=slug, language=language).first()
    if page is not None:
        return page
    fields = {name: getattr(french, name) for name in PageForm.Meta.fields}
    return RulesPage(
        slug=slug, language=language, order=french.order, status=Status.DRAFT, **fields
    )


@editor_required
def edit(request, slug):
    language = request.GET.get("langue") or request.POST.get("langue") or "fr"
    page = _page_to_edit(slug, language)
    if request.method == "POST":
        publishing = request.POST.get("action") == "publish"
        form = PageForm(
            request.POST, instance=RulesPage(slug=slug, language=language), publishing=publishing
        )
        if form.is_valid():
            if page.pk is None:
                page.save()
            fields = {name: form.cleaned_data[name] for name in form.Meta.fields}
            summary = form.cleaned_data["edit_summary"]
            if publishing:
                try:
                    services.do_publish(
                        page, fields, request.user, comment=summary or "Publication"
                    )
                except services.PublishRefused as refused:
                    form.add_error(None, refused.errors)
                else:
                    messages.success(request, _("Page publiée."))
                    return redirect(page)
            else:
                services.do_save_draft(page, fields, request.user, summary)
                messages.success(
                    request, _("Brouillon enregistré : la page publique n'a pas changé.")
                )
                return redirect(_edit_url(slug, language))
        rendered = form.rendered
    else:
        form = PageForm(initial=page.editable(), instance=page)
        values = page.editable()
        rendered = services.render_page_body(
            values["body"], page.slug, page.language, players_note=values["fiche_players"],
            tryable=False,
        )
    recent = revisions(page)[:RECENT_IN_EDITOR] if page.pk else []
    others = [code for code, _name in settings.LANGUAGES if code != language]
    return render(
        request,
        "rules/edit.html",
        {
            "page": page,
            "form": form,
            "rendered": rendered,
            "preview_html": mark_safe(rendered.html) if rendered else "",
            "has_draft": page.draft is not None,
            "recent": recent,
            "other_languages": [(code, _edit_url(slug, code)) for code in others],
        },
    )


@require_POST
@editor_required
def preview(request):
    """htmx: the body being typed, rendered with its examples checked, errors on top."""
    slug = request.POST.get("slug", "")
    language = request.POST.get("langue", "fr")
    if language not in dict(settings.LANGUAGES):
        language = "fr"
    draft = RulesPage(
        slug=slug,
        language=language,
        **{name: request.POST.get(name, "") for name in PageForm.Meta.fields},
    )
    rendered = services.render_page_body(
        draft.body, draft.slug, language, players_note=draft.fiche_players, tryable=False
    )
    draft.toc = rendered.toc
    return render(
        request,
        "rules/_preview.html",
        {"page": draft, "rendered": rendered, "html": mark_safe(rendered.html)},
    )
