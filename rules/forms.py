from django import forms
from django.utils.translation import gettext_lazy as _

from rules import services
from rules.models import RulesPage


class PageForm(forms.ModelForm):
    """The staff editor: the page's texts, and the edit summary that goes into the history
    (not to be confused with the page's subtitle, its "chapeau"); publishing refuses
    content with errors."""

    edit_summary = forms.CharField(
        label=_("Résumé de la modification"),
        help_text=_(
            "Ce que vous avez changé et pourquoi, en une ligne : c'est ce que l'historique "
            "affichera. Il ne paraît pas sur la page."
        ),
        max_length=200,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

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
            cleaned.get("body", ""),
            self.instance.slug,
            self.instance.language,
            players_note=cleaned.get("fiche_players", ""),
            tryable=False,
        )
        if self.publishing and self.rendered.errors:
            raise forms.ValidationError(
                [_("Publication refusée : corrigez d'abord les erreurs ci-dessous.")]
                + self.rendered.errors
            )
        return cleaned
