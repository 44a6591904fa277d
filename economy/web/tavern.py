""""Ma taverne": a tavern keeper's decks of cards, tables and takings, and opening a table.

The form to open a table is a Django form like the site's others: each field under its
label, a refused field says why beside it in French, and nothing is opened."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from accounts.guests import account_required
from cardgames import get_game
from economy import games, ledger
from economy.chips.rake import owner_takings
from economy.chips.taverns import (
    do_buy_card_deck,
    do_open_tavern_table,
    free_decks,
    kept_table_ids,
)
from economy.conf import setting
from play.models import Table
from play.presentation.games import game_name, game_of_name
from play.web.forms import option_field
from taverne.refusals import Refusal

# The form's fields that are the tavern game's table options (its blinds and rake), with
# what a keeper is offered first.
TABLE_OPTIONS = ("small_blind", "big_blind", "rake_percent", "rake_cap")
OPTION_INITIALS = {"small_blind": 1, "big_blind": 2, "rake_percent": 5, "rake_cap": 0}


class TavernTableForm(forms.Form):
    """A table of the tavern game a keeper opens: its name, its blinds and rake (the
    engine's options, worded by the game's presentation), cave bounds and seats. A field
    left empty takes what the form offered; the name is required."""

    name = forms.CharField(
        label=_("Nom de la table"), max_length=80,
        error_messages={"required": _("Donnez un nom à votre table : c'est sous ce nom "
                                      "qu'on la trouve dans la salle de jeu.")},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        slug = games.tavern_game()
        engine = get_game(slug)
        chips = games.chip_tables(slug)
        low, high = chips.cave_units
        for option in engine.options:
            if option.key in TABLE_OPTIONS:
                field = option_field(slug, option)
                field.required = False
                field.initial = (str(OPTION_INITIALS[option.key])
                                 if option.kind == "choice" else OPTION_INITIALS[option.key])
                self.fields[option.key] = field
        for key, label, initial in (
            ("cave_min_bb", _("Cave minimale (en %(unit)s)"), low),
            ("cave_max_bb", _("Cave maximale (en %(unit)s)"), high),
        ):
            self.fields[key] = forms.IntegerField(
                label=label % {"unit": chips.unit_name}, min_value=low, max_value=high,
                initial=initial, required=False)
        self.fields["seat_count"] = forms.TypedChoiceField(
            label=_("Nombre de places"), coerce=int, initial=engine.default_seats,
            empty_value=engine.default_seats, required=False,
            choices=[(n, str(n)) for n in range(engine.min_seats, engine.max_seats + 1)],
        )
        self.engine = engine

    def table_options(self) -> dict:
        """The engine's options, as its own values (a choice's str() mapped back)."""
        chosen = {}
        for option in self.engine.options:
            if option.key not in self.fields:
                continue
            value = self.cleaned_data.get(option.key)
            if value in (None, ""):
                value = OPTION_INITIALS[option.key]
            elif option.kind == "choice":
                value = {str(v): v for v in option.choices}.get(value, option.default)
            chosen[option.key] = value
        return chosen


def _open_table(request, form) -> Table:
    data = form.cleaned_data
    return do_open_tavern_table(
        request.user,
        name=data["name"],
        options=form.table_options(),
        cave_min=data.get("cave_min_bb") or None,
        cave_max=data.get("cave_max_bb") or None,
        seat_count=data["seat_count"],
    )


@account_required
def tavern(request):
    """"Ma taverne": decks, the owner's tables and their takings, opening a table."""
    form = TavernTableForm()
    if request.method == "POST":
        if request.POST.get("do") == "buy_deck":
            try:
                do_buy_card_deck(request.user, (request.POST.get("request_key") or "")[:64]
                                 or ledger.new_request_key())
                messages.success(request, translation.gettext("Jeu de cartes acheté."))
            except Refusal as refusal:
                messages.error(request, refusal.message())
            return redirect("economy:tavern")
        form = TavernTableForm(request.POST)
        if form.is_valid():
            try:
                return redirect(_open_table(request, form).get_absolute_url())
            except Refusal as refusal:  # the economy's, or play's on the table's options
                messages.error(request, refusal.message())
                return redirect("economy:tavern")
    takings = owner_takings(request.user)
    slug = games.tavern_game()
    # The tables a deck is on now, and those that paid a rake before (closed since).
    kept = set(kept_table_ids(request.user)) | {int(pk) for pk in takings["tables"]}
    tables = Table.objects.filter(pk__in=kept, owner=request.user).order_by("-pk")
    return render(request, "economy/tavern.html", {
        "game_name": game_name(slug),
        "game_of_name": game_of_name(slug),
        "decks": free_decks(request.user).count(),
        "decks_owned": request.user.card_decks.count(),
        "deck_price": setting("CARD_DECK_PRICE_TOKENS"),
        "tokens": ledger.wallet_of(request.user).tokens,
        "tables": [{"table": t, "takings": takings["tables"].get(str(t.pk), 0),
                    "open": t.status != Table.Status.CLOSED,
                    "rake": t.options.get("rake_percent", 0)} for t in tables],
        "takings": takings["total"],
        "request_key": ledger.new_request_key(),
        "form": form,
    })
