from django import forms
from django.utils.translation import gettext_lazy as _

from rules import services
from rules.models import RulesPage


class PageForm(forms.ModelForm):
    """The staff editor: the page's texts; publishing refuses content with errors."""

    class Meta:
        model = RulesPage
        fields = (
            "title",
            "summary",
            "fiche_players",
            "fiche_cards",
            "fiche_direction",
            "fiche_duration",
            "fiche_family",
            "fiche_related",
            "body",
        )
        widgets = {
            "summary": forms.Textarea(attrs={"rows": 3}),
            "body": forms.Textarea(
                attrs={"rows": 30, "spellcheck": "true", "class": "rules-editor__body"}
            ),
        }

    def __init__(self, *args, publishing=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.publishing = publishing
        self.rendered = None

    def clean(self):
        cleaned = super().clean()
        self.rendered = services.render_page_body(
            cleaned.get("body", ""), self.instance.slug, self.instance.language
        )
        if self.publishing and self.rendered.errors:
            raise forms.ValidationError(
                [_("Publication refusée : corrigez d'abord les erreurs ci-dessous.")]
                + self.rendered.errors
            )
        return cleaned
