"""The forms of the pairing pages: a seek from the lobby, a challenge from a player's page."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from cardgames import available_games
from economy import interface as economy
from pairing.services import BOTS_AFTER, CORRESPONDENCE_DAYS, DAY, LIVE_SECONDS
from play.actions.tables import MIN_RELIABILITY_CHOICES
from taverne.games import game_name


class PaceFields(forms.Form):
    """Pace and time per move, and rated or casual: what seeks and challenges share."""

    pace = forms.ChoiceField(
        label=_("Rythme"),
        choices=[("live", _("En direct")), ("correspondence", _("Par correspondance"))],
        initial="live", widget=forms.RadioSelect)
    live_seconds = forms.TypedChoiceField(label=_("Temps par coup (en direct)"), coerce=int,
                                          initial=60)
    correspondence_days = forms.TypedChoiceField(
        label=_("Temps par coup (par correspondance)"), coerce=int, initial=3)
    rated = forms.TypedChoiceField(
        label=_("Partie"), coerce=lambda value: value == "1", initial="1",
        choices=[("1", _("Classée")), ("0", _("Amicale (non classée)"))],
        widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["live_seconds"].choices = [
            (n, ngettext("%(n)s seconde", "%(n)s secondes", n) % {"n": n}) for n in LIVE_SECONDS]
        self.fields["correspondence_days"].choices = [
            (n, ngettext("%(n)s jour", "%(n)s jours", n) % {"n": n})
            for n in CORRESPONDENCE_DAYS]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        cleaned["move_seconds"] = (cleaned["live_seconds"] if cleaned["pace"] == "live"
                                   else cleaned["correspondence_days"] * DAY)
        return cleaned


class SeekForm(PaceFields):
    """« Jouer contre des joueurs »: seats (when the game has a choice), pace, rated or
    casual, an optional rating range, bots after a wait for a casual live game."""

    seat_count = forms.TypedChoiceField(label=_("Nombre de joueurs"), coerce=int)
    rating_min = forms.IntegerField(label=_("Classement minimum"), required=False)
    rating_max = forms.IntegerField(label=_("Classement maximum"), required=False)
    bots_after = forms.TypedChoiceField(
        label=_("Compléter avec des automates"), coerce=int, required=False, empty_value=None)
    min_reliability = forms.TypedChoiceField(
        label=_("Fiabilité minimale"), coerce=int, empty_value=None, required=False,
        help_text=_("La part de leurs parties que vos adversaires doivent avoir finies ; un "
                    "nouveau joueur (moins de 5 parties) n'est jamais écarté."))

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.fields["seat_count"].choices = [
            (n, str(n)) for n in range(game.min_seats, game.max_seats + 1)]
        self.fields["seat_count"].initial = game.default_seats
        self.fields["min_reliability"].choices = [("", _("Aucune"))] + [
            (n, _("%(n)s %% de parties finies") % {"n": n}) for n in MIN_RELIABILITY_CHOICES]
        self.fields["bots_after"].choices = [("", _("Jamais : seulement des joueurs"))] + [
            (n, ngettext("après %(n)s seconde (partie amicale en direct)",
                         "après %(n)s secondes (partie amicale en direct)", n) % {"n": n})
            for n in BOTS_AFTER]

    @property
    def several_counts(self) -> bool:
        return self.game.min_seats != self.game.max_seats


def challenge_games() -> list[tuple[str, str]]:
    """The games one may challenge to (not the ones played for écus)."""
    return [(slug, game_name(slug)) for slug in available_games()
            if not economy.is_chip_game(slug)]


class ChallengeForm(PaceFields):
    game = forms.ChoiceField(label=_("Jeu"))
    others = forms.CharField(
        label=_("Défier aussi (facultatif)"), required=False, max_length=200,
        help_text=_("Les noms d'autres joueurs, séparés par des virgules : la partie se "
                    "joue à autant de places que de joueurs."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = challenge_games()

    def other_names(self) -> list[str]:
        return [name.strip() for name in self.cleaned_data.get("others", "").split(",")
                if name.strip()]
