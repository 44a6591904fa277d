""""Ma taverne": a tavern keeper's decks of cards, tables and takings, and opening a table."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils import translation

from accounts.guests import account_required
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
from taverne.refusals import Refusal

# The form's fields that are the tavern game's table options (its blinds and rake).
TABLE_OPTIONS = ("small_blind", "big_blind", "rake_percent", "rake_cap")
OPTION_DEFAULTS = {"small_blind": 1, "big_blind": 2, "rake_percent": 0, "rake_cap": 0}


def _number(request, field, default=0) -> int:
    return int(request.POST.get(field) or default)


def _open_table(request) -> Table:
    return do_open_tavern_table(
        request.user,
        name=(request.POST.get("name") or "")[:80],
        options={key: _number(request, key, OPTION_DEFAULTS[key]) for key in TABLE_OPTIONS},
        cave_min=_number(request, "cave_min_bb") or None,
        cave_max=_number(request, "cave_max_bb") or None,
        seat_count=_number(request, "seat_count", 6),
    )


@account_required
def tavern(request):
    """"Ma taverne": decks, the owner's tables and their takings, opening a table."""
    if request.method == "POST":
        try:
            if request.POST.get("do") == "buy_deck":
                do_buy_card_deck(request.user, (request.POST.get("request_key") or "")[:64]
                                 or ledger.new_request_key())
                messages.success(request, translation.gettext("Jeu de cartes acheté."))
            else:
                return redirect(_open_table(request).get_absolute_url())
        except Refusal as refusal:  # the economy's, or play's on the table's options
            messages.error(request, refusal.message())
        except ValueError as refusal:
            messages.error(request, str(refusal))
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
    })
