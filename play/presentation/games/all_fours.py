"""All-fours at the table: the sides' points, the turn-up, the trick, the deals' summaries;
the words of its log, its refusals and its options."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext, pgettext_lazy

from play.presentation import words
from play.presentation.board import suit_label, trick_cards
from play.presentation.options import OptionWords

NAME = pgettext_lazy("nom du jeu", "All-fours")
OF_NAME = pgettext_lazy("nom du jeu après « de »", "du All-fours")


def _draws(p) -> str:
    """« Alice tire le roi de cœur, Bob tire le sept de pique et … »."""
    return words.join_and(
        pgettext("coupe", "%(seat)s tire %(card)s") % {"seat": p.name(s), "card": words.card(c)}
        for s, c in p["draws"]
    )


def _side(p) -> str:
    """Who a point goes to: a player, or two partners (« Alice et Chloé »)."""
    return words.join_and(p.name(s) for s in p["side"])


# Translators: %(seat)s and %(dealer)s are players' names; %(card)s and %(turnup)s are
# cards with their article (« la dame de trèfle »); %(trump)s is a suit.
MESSAGES = {
    "all-fours.cut": lambda p: _("Coupe : %(draws)s ; %(dealer)s donne en premier.") % {
        **p, "draws": _draws(p)},
    "all-fours.cut-tie": lambda p: _(
        "Coupe : %(draws)s ; égalité pour la plus haute carte, on coupe à nouveau."
    ) % {"draws": _draws(p)},
    "all-fours.deal": gettext_lazy(
        "%(dealer)s donne six cartes à chacun ; la retourne est %(turnup)s, atout %(trump)s."
    ),
    "all-fours.deal-scores": gettext_lazy(
        "%(dealer)s donne six cartes à chacun ; la retourne est %(turnup)s, atout %(trump)s : "
        "1 point pour le donneur."
    ),
    "all-fours.stand": gettext_lazy("%(seat)s garde l'atout."),
    "all-fours.beg": gettext_lazy("%(seat)s mendie (demande un autre atout)."),
    "all-fours.give": lambda p: _("%(seat)s donne un point à %(side)s.") % {
        **p, "side": _side(p)},
    "all-fours.run": gettext_lazy(
        "%(seat)s refait l'atout : trois cartes de plus à chacun et une nouvelle retourne."
    ),
    "all-fours.discard": ngettext_lazy(
        "%(seat)s écarte %(count)s carte.", "%(seat)s écarte %(count)s cartes.", "count"
    ),
    "all-fours.play": gettext_lazy("%(seat)s joue %(card)s."),
}

REFUSALS = {
    "all-fours.over": gettext_lazy("La partie est terminée."),
    "all-fours.chance": gettext_lazy("C'est au hasard de battre les cartes."),
    "all-fours.not-chance": gettext_lazy("Seul le hasard bat les cartes."),
    "all-fours.not-begging": gettext_lazy(
        "Ce n'est pas le moment de garder l'atout ou de mendier."
    ),
    "all-fours.not-dealer-choice": gettext_lazy(
        "Seul le donneur, après une demande, donne un point ou refait l'atout."
    ),
    "all-fours.gift-would-win": gettext_lazy(
        "Le donneur ne peut pas donner le point de la victoire : il refait l'atout."
    ),
    "all-fours.not-discarding": gettext_lazy("Ce n'est pas le moment d'écarter."),
    "all-fours.discard-own-cards": gettext_lazy(
        "On n'écarte que des cartes distinctes de sa main."
    ),
    "all-fours.discard-to-six": ngettext_lazy(
        "Il faut écarter exactement %(count)s carte pour en garder six.",
        "Il faut écarter exactement %(count)s cartes pour en garder six.",
        "count",
    ),
    "all-fours.not-playing": gettext_lazy("Ce n'est pas le moment de jouer une carte."),
    "all-fours.own-card": gettext_lazy("Cette carte n'est pas dans votre main."),
    "all-fours.follow-suit": gettext_lazy("Il faut fournir à %(suit)s."),
    "all-fours.must-trump": gettext_lazy("Sans %(led)s, il faut couper à %(suit)s."),
    "all-fours.unknown-action": gettext_lazy("Action inconnue : « %(kind)s »."),
    "all-fours.carry": gettext_lazy("All-fours ne reprend pas de partie."),
}

OPTIONS = {
    "turnup_scores": OptionWords(
        gettext_lazy("Retourne qui marque pour le donneur"),
        choices={
            "ajs": gettext_lazy("As, valet ou six"),
            "jack": gettext_lazy("Valet seulement (classique)"),
        },
    ),
    "run_turnup_scores": OptionWords(
        gettext_lazy("La nouvelle retourne marque aussi"),
        help=gettext_lazy(
            "Quand le donneur refait l'atout, la retourne adoptée marque comme la première."
        ),
    ),
    "trumping": OptionWords(
        gettext_lazy("Obligation de couper"),
        choices={
            "must": gettext_lazy("Fournir, sinon couper"),
            "any": gettext_lazy("Couper à tout moment (classique)"),
        },
    ),
    "low_goes_to": OptionWords(
        gettext_lazy("Le point du plus petit atout va"),
        choices={
            "holder": gettext_lazy("à qui l'avait en main"),
            "winner": gettext_lazy("à qui le prend dans un pli"),
        },
    ),
    "gift_can_win": OptionWords(
        gettext_lazy("Le point donné peut faire gagner"),
        help=gettext_lazy(
            "Sinon le donneur doit refaire l'atout quand son cadeau ferait gagner."
        ),
    ),
    "deck": OptionWords(
        gettext_lazy("Jeu de cartes"),
        choices={
            52: gettext_lazy("52 cartes"),
            32: gettext_lazy("32 cartes (sans 2 à 6)"),
        },
    ),
}


# The four points of a deal, named in French (the English rules call them High, Low, Jack
# and Game): the rules pages and their examples name them the same way.
POINT_NAMES = {
    "high": pgettext_lazy("point d'All-fours", "Haut"),
    "low": pgettext_lazy("point d'All-fours", "Bas"),
    "jack": pgettext_lazy("point d'All-fours", "Valet"),
    "game": pgettext_lazy("point d'All-fours", "Jeu"),
}
# What each point is, for those who do not know the names yet.
POINT_HINTS = {
    "high": gettext_lazy("le plus fort atout en jeu"),
    "low": gettext_lazy("le plus petit atout en jeu"),
    "jack": gettext_lazy("le valet d’atout"),
    "game": gettext_lazy("le plus de points dans les levées"),
}
EVENT_NAMES = {
    "turnup": gettext_lazy("la retourne"),
    "gift": gettext_lazy("le point donné"),
    **POINT_NAMES,
}
PHASE_NAMES = {
    "cut": gettext_lazy("Coupe pour la première donne"),
    "deal": gettext_lazy("Donne"),
    "beg": gettext_lazy("Le premier à jouer garde l'atout ou mendie"),
    "dealer": gettext_lazy("Le donneur donne un point ou refait l'atout"),
    "discard": gettext_lazy("Écart : chacun revient à six cartes"),
    "play": gettext_lazy("Jeu de la carte"),
    "over": gettext_lazy("Partie terminée"),
}


def board(view, names) -> dict:
    seats = view.get("seats") or len(names)
    sides = view.get("sides") or [[s] for s in range(seats)]
    scores = view.get("scores") or [0] * len(sides)
    side_names = [" & ".join(names[s] for s in members) for members in sides]
    counts = view.get("hand_counts") or [0] * seats
    last = view.get("last_trick")
    trick = view.get("trick") or []
    current = view.get("current")
    deals = [_summary(d, side_names) for d in (view.get("deals") or [])[-6:][::-1]]
    return {
        "rows": [
            {
                "name": names[s],
                "hand_size": counts[s],
                "dealer": s == view.get("dealer"),
                "eldest": s == view.get("eldest"),
                "you": s == view.get("you"),
            }
            for s in range(seats)
        ],
        "sides": [
            {"name": side_names[i], "score": scores[i] if i < len(scores) else 0}
            for i in range(len(sides))
        ],
        "target": view.get("target", 7),
        "phase_name": str(PHASE_NAMES.get(view.get("phase"), "")),
        "trump_name": suit_label(view.get("trump")),
        "turnup": view.get("turnup"),
        "set_aside": view.get("set_aside") or [],
        "begged_name": suit_label(view.get("begged")),
        "stock_count": view.get("stock_count"),
        "trick": trick_cards(trick, names),
        "last_trick": (
            {"cards": trick_cards(last["cards"], names), "winner": names[last["winner"]],
             "winner_seat": last["winner"]}
            if last  # kept in sight while the next trick is played (a disclosure then)
            else None
        ),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "deal_no": view.get("deal_no"),
        "deals": deals,
        # Once the game is over, its last deal's points under the result (_table.html).
        "previous_deal": deals[0] if deals and view.get("phase") == "over" else None,
        "previous_deal_template": "play/games/all-fours_result.html",
        "current": _summary(current, side_names) if isinstance(current, dict) else None,
        "side_names": side_names,
        "points": [{"name": str(POINT_NAMES[k]), "hint": str(POINT_HINTS[k])}
                   for k in ("high", "low", "jack", "game")],
    }


def _summary(summary, side_names) -> dict:
    """One deal's points, side by side: who took Haut, Bas, Valet and Jeu (High, Low, Jack
    and Game)."""
    who = {kind: [] for kind in EVENT_NAMES}
    for e in summary.get("events", []):
        if e.get("kind") in who and 0 <= e.get("side", -1) < len(side_names):
            who[e["kind"]].append(side_names[e["side"]])
    points = summary.get("game_points")
    return {
        "number": summary.get("deal"),
        "trump": suit_label(summary.get("trump")),
        "cells": [
            {"what": str(EVENT_NAMES[k]), "who": ", ".join(who[k]) or "—"}
            for k in ("high", "low", "jack", "game")
        ],
        "extras": [
            {"what": str(EVENT_NAMES[k]), "who": ", ".join(who[k])}
            for k in ("turnup", "gift") if who[k]
        ],
        "game_points": " – ".join(str(p) for p in points) if isinstance(points, list) else "",
        "scored": summary.get("scored") or [],
    }
