"""The rules in the admin, with django-reversion's history, comparison and recovery."""

from django import forms
from django.contrib import admin
from django.utils import timezone
from reversion.admin import VersionAdmin

from rules import services
from rules.models import GlossaryTerm, RulesPage


class RulesPageAdminForm(forms.ModelForm):
    class Meta:
        model = RulesPage
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("status") == "published" and "body" in cleaned:
            rendered = services.render_page_body(
                cleaned["body"],
                cleaned.get("slug", ""),
                cleaned.get("language", "fr"),
                players_note=cleaned.get("fiche_players", ""),
                tryable=False,
            )
            if rendered.errors:
                raise forms.ValidationError(rendered.errors)
        return cleaned


@admin.register(RulesPage)
class RulesPageAdmin(VersionAdmin):
    form = RulesPageAdminForm
    list_display = ("title", "slug", "language", "status", "published_at", "updated_at")
    list_filter = ("status", "language")
    search_fields = ("title", "slug", "body")
    prepopulated_fields = {"slug": ("title",)}
    readonly_fields = ("published_at", "updated_at", "draft")

    def save_model(self, request, obj, form, change):
        # Publishing from the admin renders the body like the staff editor does.
        if obj.status == "published":
            rendered = services.render_page_body(obj.body, obj.slug, obj.language)
            obj.html, obj.text, obj.toc = rendered.html, rendered.text, rendered.toc
            if obj.published_at is None:
                obj.published_at = timezone.now()
            obj.draft = None
        super().save_model(request, obj, form, change)
        if change:
            services._forget(obj)


class GlossaryTermAdminForm(forms.ModelForm):
    class Meta:
        model = GlossaryTerm
        fields = "__all__"

    def clean(self):
        cleaned = super().clean()
        if "definition" in cleaned:
            term = GlossaryTerm(
                slug=cleaned.get("slug", ""),
                definition=cleaned["definition"],
                language=cleaned.get("language", "fr"),
            )
            rendered = services.render_term(term)
            if rendered.errors:
                raise forms.ValidationError(rendered.errors)
        return cleaned


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(VersionAdmin):
    form = GlossaryTermAdminForm
    list_display = ("term", "slug", "language", "status", "updated_at")
    list_filter = ("status", "language")
    search_fields = ("term", "variants", "definition")
    prepopulated_fields = {"slug": ("term",)}

    def save_model(self, request, obj, form, change):
        rendered = services.render_term(obj)
        obj.html, obj.text = rendered.html, rendered.text
        super().save_model(request, obj, form, change)
        services.rerender_pages(obj.language)
