"""L'Ascenseur at the table: seats with bids and tricks, the trick, the score sheet; the
words of its log, its refusals and its options."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext_lazy

from play.presentation.board import suit_label, trick_cards
from play.presentation.options import OptionWords

NAME = pgettext_lazy("nom du jeu", "L'Ascenseur")
OF_NAME = pgettext_lazy("nom du jeu après « de »", "de l'Ascenseur")


# Translators: %(seat)s, %(dealer)s and %(winner)s are players' names; %(card)s and
# %(turnup)s are cards with their article (« la dame de trèfle »); %(trump)s is a suit.
MESSAGES = {
    "ascenseur.deal": ngettext_lazy(
        "Donne %(number)s sur %(deals)s : %(dealer)s distribue %(size)s carte à chacun ; "
        "la retourne est %(turnup)s, atout %(trump)s.",
        "Donne %(number)s sur %(deals)s : %(dealer)s distribue %(size)s cartes à chacun ; "
        "la retourne est %(turnup)s, atout %(trump)s.",
        "size",
    ),
    "ascenseur.deal-no-trump": ngettext_lazy(
        "Donne %(number)s sur %(deals)s : %(dealer)s distribue %(size)s carte à chacun ; "
        "plus de carte à retourner, on joue sans atout.",
        "Donne %(number)s sur %(deals)s : %(dealer)s distribue %(size)s cartes à chacun ; "
        "plus de carte à retourner, on joue sans atout.",
        "size",
    ),
    "ascenseur.bid": ngettext_lazy(
        "%(seat)s annonce %(tricks)s levée.", "%(seat)s annonce %(tricks)s levées.", "tricks"
    ),
    "ascenseur.play": gettext_lazy("%(seat)s joue %(card)s."),
    "ascenseur.play-wins": gettext_lazy("%(seat)s joue %(card)s ; %(winner)s remporte la levée."),
}


REFUSALS = {
    "ascenseur.game-over": gettext_lazy("La partie est terminée."),
    "ascenseur.unknown-action": gettext_lazy("L'Ascenseur ne connaît pas l'action « %(kind)s »."),
    "ascenseur.not-now": gettext_lazy("Ce n'est pas le moment de cette action."),
    "ascenseur.bid-range": ngettext_lazy(
        "Annoncez entre 0 et %(size)s levée.", "Annoncez entre 0 et %(size)s levées.", "size"
    ),
    "ascenseur.dealer-total": gettext_lazy(
        "Le donneur ne peut pas annoncer %(tricks)s : le total des annonces égalerait le "
        "nombre de levées (%(size)s)."
    ),
    "ascenseur.not-in-hand": gettext_lazy("Vous n'avez pas %(card)s en main."),
    "ascenseur.follow-suit": gettext_lazy("Il faut fournir à %(suit)s."),
    "ascenseur.climb": gettext_lazy(
        "Il faut monter : jouez %(one_suit)s plus fort que ceux de la levée."
    ),
    "ascenseur.overtrump": gettext_lazy(
        "Il faut surcouper : jouez un atout plus fort que ceux de la levée."
    ),
    "ascenseur.undertrump": gettext_lazy(
        "Sans la couleur demandée ni atout plus fort, il faut tout de même couper à %(suit)s."
    ),
    "ascenseur.trump": gettext_lazy("Sans la couleur demandée, il faut couper à %(suit)s."),
}

OPTIONS = {
    "scoring": OptionWords(
        gettext_lazy("Marque"),
        choices={
            "exact": gettext_lazy(
                "Contrat réussi : 10 + 2 par levée ; manqué : −5 par levée d'écart"
            ),
            "bonus": gettext_lazy("1 par levée, plus 10 si le contrat est réussi"),
            "small": gettext_lazy(
                "Contrat réussi : 2 + 1 par levée ; manqué : −1 par levée d'écart"
            ),
        },
    ),
    "dealer_constraint": OptionWords(
        gettext_lazy("Le donneur ne peut pas égaler le nombre de levées")
    ),
    "must_climb": OptionWords(gettext_lazy("Obligation de monter à la couleur demandée")),
    "void_rule": OptionWords(
        gettext_lazy("Sans la couleur demandée"),
        choices={
            "undertrump": gettext_lazy("Couper, surcouper si possible, sinon sous-couper"),
            "overtrump": gettext_lazy("Couper, surcouper si possible, sinon carte libre"),
            "free": gettext_lazy("Carte libre (couper ou se défausser)"),
        },
    ),
}


def board(view, names) -> dict:
    seats = view.get("seats") or len(names)
    bids = view.get("bids") or [None] * seats
    won = view.get("won") or [0] * seats
    sizes = view.get("hand_sizes") or [0] * seats
    leader = view.get("leader")
    trick = view.get("trick") or []
    rows = [
        {
            "name": names[s],
            "bid": bids[s],
            "won": won[s],
            "hand_size": sizes[s],
            "dealer": s == view.get("dealer"),
            "you": s == view.get("you"),
        }
        for s in range(seats)
    ]
    last = view.get("last_trick")
    last_trick = None
    if last:  # kept in sight while the next trick is played (a disclosure then)
        start = last.get("leader", 0)
        last_trick = {
            "cards": trick_cards(
                [((start + i) % seats, c) for i, c in enumerate(last["cards"])], names
            ),
            "winner": names[last["winner"]],
            "winner_seat": last["winner"],
        }
    placed = [b for b in bids if b is not None]
    history = []
    for number, record in enumerate(view.get("history") or [], start=1):
        history.append(
            {
                "number": number,
                "size": record.get("size"),
                "trump": suit_label(record.get("trump")) or _("sans atout"),
                "cells": [
                    {
                        "bid": record["bids"][s],
                        "won": record["won"][s],
                        "points": record["points"][s],
                    }
                    for s in range(seats)
                ],
            }
        )
    forbidden = view.get("forbidden_bid")
    return {
        "rows": rows,
        "trick": trick_cards(
            [((leader + i) % seats, c) for i, c in enumerate(trick)], names
        ) if leader is not None else [],
        "last_trick": last_trick,
        "trump_name": suit_label(view.get("trump")),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "bids_total": sum(placed),
        "bids_placed": len(placed),
        "forbidden_bid": forbidden,
        "history": history,
        "previous_deal": previous_deal(view, names),
        # Shown under the buttons (templates/play/_table.html), never above the hand.
        "previous_deal_template": "play/games/ascenseur_result.html",
    }


def previous_deal(view, names) -> dict | None:
    """The last finished deal, as the score sheet recorded it: each player's bid, tricks
    taken, points of the deal and running total. Shown from the moment the deal ends, all
    through the next one, and under the final scores once the game is over."""
    history = view.get("history") or []
    if not history:
        return None
    seats = view.get("seats") or len(names)
    record = history[-1]
    totals = [0] * seats
    for deal in history:
        for s in range(seats):
            totals[s] += deal["points"][s]
    trump = record.get("trump")
    dealer = record.get("dealer")
    return {
        "number": len(history),
        "size": record.get("size"),
        "trump": (_("atout %(suit)s") % {"suit": suit_label(trump)}) if trump
        else _("sans atout"),
        "dealer": names[dealer] if isinstance(dealer, int) and 0 <= dealer < seats else "",
        "final": view.get("phase") == "over",
        "rows": [
            {
                "name": names[s],
                "bid": record["bids"][s],
                "won": record["won"][s],
                "made": record["bids"][s] == record["won"][s],
                "points": record["points"][s],
                "total": totals[s],
                "you": s == view.get("you"),
            }
            for s in range(seats)
        ],
    }
