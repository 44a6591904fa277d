"""The rules encyclopedia: one page per game and a glossary, edited by the "Éditeurs".

A page's public fields (title, summary, fiche, body) change only on publish; an editor's
work in progress is kept in ``draft`` until then. ``html``, ``text`` and ``toc`` are the
body rendered by ``rules.markup`` when it was published, so a page view renders nothing.
Every change is a django-reversion revision (registered in ``rules.admin``).
"""

import reversion
from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from cardgames import SLUGS
from rules import players

FICHE_FIELDS = (
    ("fiche_players", _("Joueurs")),
    ("fiche_cards", _("Cartes")),
    ("fiche_direction", _("Sens du jeu")),
    ("fiche_duration", _("Durée")),
    ("fiche_family", _("Famille")),
    ("fiche_related", _("Jeux apparentés")),
)
EDITABLE_FIELDS = ("title", "summary", *[f for f, _ in FICHE_FIELDS], "body")


class Status(models.TextChoices):
    DRAFT = "draft", _("Brouillon")
    PUBLISHED = "published", _("Publié")


@reversion.register(exclude=("html", "text", "toc", "updated_at", "loaded_hash"))
class RulesPage(models.Model):
    slug = models.SlugField(_("adresse"), max_length=60)
    # French first; a translation is another row with the same slug (language "en").
    language = models.CharField(_("langue"), max_length=8, default="fr", choices=settings.LANGUAGES)
    order = models.PositiveSmallIntegerField(_("ordre"), default=0)
    title = models.CharField(_("titre"), max_length=120)
    # The page's subtitle, not an edit summary (that one is the revision's comment).
    summary = models.TextField(
        _("chapeau (sous-titre de la page)"),
        blank=True,
        help_text=_("Une ou deux phrases sous le titre, reprises dans l'index des règles."),
    )
    fiche_players = models.CharField(
        _("joueurs (remarque)"),
        max_length=120,
        blank=True,
        help_text=_(
            "Le nombre de joueurs vient du moteur du jeu ; écrivez seulement ce qui s'y "
            "ajoute (« 4 conseillés »)."
        ),
    )
    fiche_cards = models.CharField(_("cartes"), max_length=160, blank=True)
    fiche_direction = models.CharField(_("sens du jeu"), max_length=120, blank=True)
    fiche_duration = models.CharField(_("durée"), max_length=160, blank=True)
    fiche_family = models.CharField(_("famille"), max_length=160, blank=True)
    fiche_related = models.CharField(_("jeux apparentés"), max_length=200, blank=True)
    body = models.TextField(_("texte (balisage)"), blank=True)
    draft = models.JSONField(_("brouillon en cours"), null=True, blank=True)
    status = models.CharField(
        _("statut"), max_length=12, choices=Status.choices, default=Status.DRAFT
    )
    published_at = models.DateTimeField(_("publié le"), null=True, blank=True)
    updated_at = models.DateTimeField(_("mis à jour le"), auto_now=True)
    # The published body, rendered once.
    html = models.TextField(blank=True, editable=False)
    text = models.TextField(blank=True, editable=False)
    toc = models.JSONField(default=list, blank=True, editable=False)
    # Fingerprint of the content last loaded from rules/content/ (load_content).
    loaded_hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ("order", "title")
        constraints = [
            models.UniqueConstraint(fields=("slug", "language"), name="rules_page_slug_language"),
        ]
        verbose_name = _("page de règles")
        verbose_name_plural = _("pages de règles")

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rules:page", args=[self.slug])

    @property
    def is_published(self):
        return self.status == Status.PUBLISHED

    @property
    def is_game(self):
        return self.slug in SLUGS

    def players_text(self) -> str:
        """The fiche's players: the engine's count, then the editor's note."""
        if not self.is_game:
            return self.fiche_players
        with translation.override(self.language):  # the fiche speaks the page's language
            count = players.phrase(self.slug)
            if not self.fiche_players:
                return count
            return pgettext("nombre de joueurs ; note de l'éditeur", "%(count)s ; %(note)s") % {
                "count": count,
                "note": self.fiche_players,
            }

    def fiche(self):
        """[(label, value)] of the fiche box, empty values left out."""
        values = [
            (label, self.players_text() if name == "fiche_players" else getattr(self, name))
            for name, label in FICHE_FIELDS
        ]
        return [(label, value) for label, value in values if value]

    def editable(self):
        """The fields an editor works on: the draft if there is one, else the public ones."""
        current = {name: getattr(self, name) for name in EDITABLE_FIELDS}
        return {**current, **(self.draft or {})}


@reversion.register(exclude=("html", "text", "updated_at", "loaded_hash"))
class GlossaryTerm(models.Model):
    slug = models.SlugField(_("adresse"), max_length=60)
    language = models.CharField(_("langue"), max_length=8, default="fr", choices=settings.LANGUAGES)
    term = models.CharField(_("terme"), max_length=80)
    variants = models.CharField(
        _("variantes"),
        max_length=300,
        blank=True,
        help_text=_(
            "Formes fléchies et synonymes, séparés par des virgules : "
            "liées et cherchées comme le terme."
        ),
    )
    definition = models.TextField(_("définition (balisage)"))
    status = models.CharField(
        _("statut"), max_length=12, choices=Status.choices, default=Status.PUBLISHED
    )
    updated_at = models.DateTimeField(_("mis à jour le"), auto_now=True)
    html = models.TextField(blank=True, editable=False)
    text = models.TextField(blank=True, editable=False)
    loaded_hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ("term",)
        constraints = [
            models.UniqueConstraint(fields=("slug", "language"), name="rules_term_slug_language"),
        ]
        verbose_name = _("terme du glossaire")
        verbose_name_plural = _("termes du glossaire")

    def __str__(self):
        return self.term

    def get_absolute_url(self):
        return reverse("rules:term", args=[self.slug])

    @property
    def is_published(self):
        return self.status == Status.PUBLISHED

    def variant_list(self):
        return tuple(v.strip() for v in self.variants.split(",") if v.strip())
