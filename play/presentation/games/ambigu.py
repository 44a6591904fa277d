"""Ambigu at the table: stacks, the poule and batterie, the phases and the showdown's payments."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.presentation.board import named, per_seat

# Where this game names an action differently from the shared words.
TYPE_LABELS = {
    "vade": gettext_lazy("Ouvrir la vade de"),
    "renvi": gettext_lazy("Renvier de"),
    "call": gettext_lazy("Tenir le renvi"),
    "check": gettext_lazy("Tenir sans renvier"),
    "fold": gettext_lazy("Passer"),
    "keep": gettext_lazy("Garder mon écart"),
    "pass": gettext_lazy("Passer"),
}


def board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    stacks = per_seat(view, seats, "stacks")
    bets = per_seat(view, seats, "bets")
    folded = per_seat(view, seats, "folded")
    allin = per_seat(view, seats, "allin")
    sizes = per_seat(view, seats, "hand_sizes")
    exchanged = per_seat(view, seats, "exchanged")
    revealed = per_seat(view, seats, "revealed")
    phases = {
        "draw": _("Tirage de la donne"),
        "deal": _("Donne"),
        "speech1": _("Première phase : passer ou « battez »"),
        "exchange1": _("Première phase : écart"),
        "shuffle": _("On bat les cartes"),
        "keep": _("Garder son écart ?"),
        "speech2": _("Deuxième phase : la vade"),
        "exchange2": _("Deuxième phase : écart"),
        "renvis": _("Troisième phase : les renvis"),
        "over": _("Coup terminé"),
    }
    phase = view.get("phase")
    speech = ""
    if phase in ("speech1", "speech2", "renvis") and view.get("round"):
        speech = _("tour de parole %(n)s") % {"n": view["round"]}
        if phase == "speech2":
            speech = _("tour de parole %(n)s sur 2") % {"n": view["round"]}
    combination = view.get("combination")
    result = view.get("result") or {}
    winner_combination = result.get("combination")
    payments = [
        {"payer": names[p], "payee": names[q], "amount": n}
        for p, q, n in result.get("payments") or []
        if 0 <= p < seats and 0 <= q < seats and n  # an unpaid combination is a debt below
    ]
    outcomes = {
        "showdown": _("abattage"),
        "last-in": _("tous les autres ont passé"),
        "vade": _("vade sans réponse"),
        "abandoned": _("coup abandonné, tout est reporté"),
    }
    return {
        "rows": [
            {
                "name": names[s],
                "stack": stacks[s],
                "bet": bets[s] or 0,
                "folded": bool(folded[s]),
                "allin": bool(allin[s]),
                "cards": sizes[s],
                "exchanged": exchanged[s] or 0,
                "revealed": revealed[s] if isinstance(revealed[s], list) else [],
                "dealer": s == view.get("dealer"),
                "battez": s == view.get("battez"),
                "opener": s == view.get("opener"),
                "winner": s in (result.get("winners") or []),
                "score": (result.get("scores") or [None] * seats)[s] if result else None,
                "you": s == view.get("you"),
            }
            for s in range(seats)
        ],
        "phase_name": phases.get(phase, phase or ""),
        "speech": speech,
        "poule": view.get("poule", 0),
        "batterie": view.get("batterie", 0),
        "renvis": view.get("renvis", 0),
        "vade": view.get("vade", 0),
        "high_bet": view.get("high_bet", 0),
        "to_call": view.get("to_call", 0),
        "stock_size": view.get("stock_size"),
        "combination": named(combination, lang) if combination else "",
        "combination_value": combination.get("value") if isinstance(combination, dict) else None,
        "my_discards": view.get("my_discards") or [],
        "over": phase == "over",
        "outcome": outcomes.get(result.get("outcome"), result.get("outcome") or ""),
        "winner_combination": named(winner_combination, lang) if winner_combination else "",
        "winner_combination_value": (
            winner_combination.get("value") if isinstance(winner_combination, dict) else None
        ),
        "payments": payments,
        "poule_won": result.get("poule_won"),
        "batterie_won": result.get("batterie_won"),
        "poule_carried": result.get("poule_carried"),
        "debts": [
            {"debtor": names[d[0]], "creditor": names[d[1]], "amount": d[2]}
            for d in result.get("debts") or []
            if isinstance(d, (list, tuple)) and len(d) == 3
        ],
    }
