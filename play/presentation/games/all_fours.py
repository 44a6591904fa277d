"""All-fours at the table: the sides' points, the turn-up, the trick, the deals' summaries."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.presentation.board import suit_label, trick_cards


def board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    sides = view.get("sides") or [[s] for s in range(seats)]
    scores = view.get("scores") or [0] * len(sides)
    side_names = [
        " & ".join(names[s] for s in members) for members in sides
    ]
    counts = view.get("hand_counts") or [0] * seats
    rows = [
        {
            "name": names[s],
            "hand_size": counts[s],
            "dealer": s == view.get("dealer"),
            "eldest": s == view.get("eldest"),
            "you": s == view.get("you"),
        }
        for s in range(seats)
    ]
    last = view.get("last_trick")
    trick = view.get("trick") or []
    event_names = {
        "turnup": _("la retourne"),
        "gift": _("le point donné"),
        "high": _("High"),
        "low": _("Low"),
        "jack": _("Jack"),
        "game": _("Game"),
    }

    def summarise(summary):
        who = {kind: [] for kind in ("turnup", "gift", "high", "low", "jack", "game")}
        for e in summary.get("events", []):
            if e.get("kind") in who and 0 <= e.get("side", -1) < len(side_names):
                who[e["kind"]].append(side_names[e["side"]])
        points = summary.get("game_points")
        return {
            "number": summary.get("deal"),
            "trump": suit_label(summary.get("trump"), lang),
            "cells": [
                {"what": event_names[k], "who": ", ".join(who[k]) or "—"}
                for k in ("high", "low", "jack", "game")
            ],
            "extras": [
                {"what": event_names[k], "who": ", ".join(who[k])}
                for k in ("turnup", "gift") if who[k]
            ],
            "game_points": (
                " – ".join(str(p) for p in points) if isinstance(points, list) else ""
            ),
            "scored": summary.get("scored") or [],
        }

    deals = [summarise(d) for d in (view.get("deals") or [])[-6:][::-1]]
    current = view.get("current")
    current_summary = summarise(current) if isinstance(current, dict) else None
    phase_names = {
        "cut": _("Coupe pour la première donne"),
        "deal": _("Donne"),
        "beg": _("Le premier à jouer garde l'atout ou mendie"),
        "dealer": _("Le donneur donne un point ou refait l'atout"),
        "discard": _("Écart : chacun revient à six cartes"),
        "play": _("Jeu de la carte"),
        "over": _("Partie terminée"),
    }
    return {
        "rows": rows,
        "sides": [
            {"name": side_names[i], "score": scores[i] if i < len(scores) else 0}
            for i in range(len(sides))
        ],
        "target": view.get("target", 7),
        "phase_name": phase_names.get(view.get("phase"), ""),
        "trump_name": suit_label(view.get("trump"), lang),
        "turnup": view.get("turnup"),
        "set_aside": view.get("set_aside") or [],
        "begged_name": suit_label(view.get("begged"), lang),
        "stock_count": view.get("stock_count"),
        "trick": trick_cards(trick, names),
        "last_trick": (
            {"cards": trick_cards(last["cards"], names), "winner": names[last["winner"]]}
            if last and not trick
            else None
        ),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "deal_no": view.get("deal_no"),
        "deals": deals,
        "current": current_summary,
        "side_names": side_names,
    }
