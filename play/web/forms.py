"""Forms of the play pages: creating a table (with the game's own options) and acting.

The table options are not written by hand for each game: ``TableForm`` builds one field
per ``Option`` the engine declares (a choice, an integer or a yes/no), labelled by the
game's presentation module (``OPTIONS``) in the reader's language.
"""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cardgames import BadOptions
from economy import interface as economy
from play.actions.tables import MIN_RELIABILITY_CHOICES
from play.presentation.messages import refusal as refusal_sentence
from play.presentation.options import choice_label, option_help, option_label

LIVE_SECONDS = (30, 60, 120)
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 10, 14)
DAY = 86400
# An action as JSON is small; anything longer is not one of ours.
MAX_ACTION_JSON = 4000


def option_field(slug: str, option) -> forms.Field:
    """The form field for one engine ``Option``, worded by the game's presentation."""
    label = option_label(slug, option.key)
    help_text = option_help(slug, option.key)
    if option.kind == "bool":
        return forms.BooleanField(
            label=label, required=False, initial=bool(option.default), help_text=help_text
        )
    if option.kind == "int":
        return forms.IntegerField(
            label=label,
            min_value=option.minimum,
            max_value=option.maximum,
            initial=option.default,
            help_text=help_text,
        )
    # Choice values may be ints or strings: the form carries their str() and
    # ``TableForm.clean`` maps them back to the engine's own values.
    return forms.ChoiceField(
        label=label,
        choices=[(str(value), choice_label(slug, option, value)) for value in option.choices],
        initial=str(option.default),
        help_text=help_text,
    )


class TableForm(forms.Form):
    """A new table for one game: seats, the engine's options, visibility and pace."""

    name = forms.CharField(label=_("Nom de la table"), max_length=60, required=False)
    seat_count = forms.TypedChoiceField(label=_("Nombre de places"), coerce=int)
    visibility = forms.ChoiceField(
        label=_("Visibilité"),
        choices=[
            ("public", _("Publique : visible dans la salle")),
            ("unlisted", _("Sur invitation : seuls ceux qui ont le lien")),
        ],
        initial="public",
        widget=forms.RadioSelect,
    )
    pace = forms.ChoiceField(
        label=_("Rythme"),
        choices=[("live", _("En direct")), ("correspondence", _("Par correspondance"))],
        initial="live",
        widget=forms.RadioSelect,
    )
    live_seconds = forms.TypedChoiceField(
        label=_("Temps par coup (en direct)"), coerce=int, initial=60
    )
    correspondence_days = forms.TypedChoiceField(
        label=_("Temps par coup (par correspondance)"), coerce=int, initial=3
    )
    min_reliability = forms.TypedChoiceField(
        label=_("Fiabilité minimale"), coerce=int, empty_value=None, required=False,
        help_text=_("La part de leurs parties que les joueurs doivent avoir finies pour "
                    "s'asseoir ; un nouveau joueur (moins de 5 parties) s'assoit toujours."),
    )

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        # Labels built here, not at import: they follow the reader's language.
        self.fields["live_seconds"].choices = [
            (n, ngettext("%(n)s seconde", "%(n)s secondes", n) % {"n": n}) for n in LIVE_SECONDS
        ]
        self.fields["correspondence_days"].choices = [
            (n, ngettext("%(n)s jour", "%(n)s jours", n) % {"n": n})
            for n in CORRESPONDENCE_DAYS
        ]
        self.fields["min_reliability"].choices = [("", _("Aucune"))] + [
            (n, _("%(n)s %% de parties finies") % {"n": n}) for n in MIN_RELIABILITY_CHOICES
        ]
        self.fields["seat_count"].choices = [
            (n, str(n)) for n in range(game.min_seats, game.max_seats + 1)
        ]
        self.fields["seat_count"].initial = game.default_seats
        self.option_names = []
        # The rake is the tavern keeper's, set from "Ma taverne": not offered here.
        keeper_only = economy.keeper_options(game.slug)
        for option in game.options:
            if option.key in keeper_only:
                continue
            name = f"opt_{option.key}"
            self.fields[name] = option_field(game.slug, option)
            self.option_names.append(name)

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def engine_options(self) -> dict:
        """The cleaned options as the engine's own values (ints stay ints)."""
        chosen = {}
        for option in self.game.options:
            if f"opt_{option.key}" not in self.fields:
                continue  # a keeper's option: the game's default
            value = self.cleaned_data.get(f"opt_{option.key}")
            if option.kind == "choice":
                by_text = {str(value): value for value in option.choices}
                value = by_text.get(value, option.default)
            elif option.kind == "bool":
                value = bool(value)
            chosen[option.key] = value
        return chosen

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        try:
            options = self.game.resolve_options(self.engine_options())
            self.game.check_seats(cleaned["seat_count"], options)
        except BadOptions as refusal:
            raise forms.ValidationError(
                refusal_sentence(self.game.slug, refusal.message)
            ) from None
        cleaned["options"] = options
        if cleaned["pace"] == "live":
            cleaned["move_seconds"] = cleaned["live_seconds"]
        else:
            cleaned["move_seconds"] = cleaned["correspondence_days"] * DAY
        return cleaned


class ActionError(ValueError):
    """A submitted action that cannot even be read (not the engine's refusal)."""


def action_from_post(data) -> dict:
    """The action a table form sends, from its fields.

    Concrete actions come whole in ``action_json``. Templates send their fixed part in
    ``action_base`` plus the free part: ``amount`` (min/max templates) or one ``cards``
    field per chosen card (choose/from templates). The page's script does the same
    assembly before sending over the socket, so both paths agree.
    """
    raw = data.get("action_json") or data.get("action_base")
    if not raw or len(raw) > MAX_ACTION_JSON:
        raise ActionError(_("Aucune action reçue."))
    try:
        action = json.loads(raw)
    except ValueError:
        raise ActionError(_("Action illisible.")) from None
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise ActionError(_("Action illisible."))
    if data.get("action_json"):
        return action
    if "amount" in data:
        try:
            action["amount"] = int(data.get("amount"))
        except (TypeError, ValueError):
            raise ActionError(_("Le montant doit être un nombre entier.")) from None
    if hasattr(data, "getlist"):
        chosen = data.getlist("cards")
    else:
        chosen = data.get("cards") or []
        chosen = [chosen] if isinstance(chosen, str) else list(chosen)
    if "cards" in data or data.get("choose"):
        action["cards"] = [str(c) for c in chosen]
    return action
