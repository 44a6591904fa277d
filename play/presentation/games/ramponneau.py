"""Ramponneau at the table: stacks, bets, the board, the pots; amounts on a slider with an
all-in button."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.presentation.board import named, names_of, per_seat
from play.presentation.labels import action_json

# Where this game names an action differently from the shared words.
TYPE_LABELS = {
    "raise": gettext_lazy("Relancer à"),
    "bet": gettext_lazy("Miser"),
    "check": gettext_lazy("Parole"),
}


# Every bet is a slider (stepping by chip), even a range of a few chips; all-in is a bet
# or raise to the whole stack (cardgames/ramponneau/game.py), offered as its own button.
AMOUNTS_ON_A_SLIDER = True


def amount_extras(base, low, high) -> dict:
    return {"allin": {"label": _("Tapis (%(n)s)") % {"n": high},
                      "action_json": action_json({**base, "amount": high})}}


def action_label(action, lang):
    if action.get("type") == "call":
        return _("Suivre %(n)s") % {"n": action.get("amount")}
    return None


def board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    stacks = per_seat(view, seats, "stacks")
    bets = per_seat(view, seats, "bets")
    folded = per_seat(view, seats, "folded")
    all_in = per_seat(view, seats, "all_in")
    shown = per_seat(view, seats, "shown")
    mucked = per_seat(view, seats, "mucked")
    dealt_in = per_seat(view, seats, "dealt_in")
    shown_names = view.get("shown_hands") or {}
    streets = {
        "preflop": _("Avant le flop"), "flop": _("Flop"), "turn": _("Tournant"),
        "river": _("Rivière"), "showdown": _("Abattage"), "over": _("Coup terminé"),
    }
    won = {}
    for pot in view.get("awards") or []:
        for seat, share in zip(pot.get("winners") or [], pot.get("shares") or [], strict=False):
            won[seat] = won.get(seat, 0) + share
    rows = []
    for s in range(seats):
        marks = []
        if s == view.get("button"):
            marks.append(_("bouton"))
        if s == view.get("small_blind_seat"):
            marks.append(_("petite blinde"))
        if s == view.get("big_blind_seat"):
            marks.append(_("grosse blinde"))
        rows.append({
            "name": names[s],
            "stack": stacks[s],
            "bet": bets[s] or 0,
            "folded": bool(folded[s]),
            "all_in": bool(all_in[s]),
            "mucked": bool(mucked[s]),
            "out": dealt_in[s] is False,
            "shown": shown[s] or [],
            "shown_name": named(shown_names.get(str(s)), lang),
            "won": won.get(s, 0),
            "marks": marks,
            "you": s == view.get("you"),
            "actor": s == view.get("actor"),
        })
    pots = []
    for i, pot in enumerate(view.get("pots") or view.get("awards") or []):
        pots.append({
            "label": _("Pot principal") if i == 0 else _("Pot annexe %(n)s") % {"n": i},
            "amount": pot.get("amount", 0),
            "eligible": names_of(pot.get("eligible"), names),
            "winners": names_of(pot.get("winners"), names),
        })
    return {
        "rows": rows,
        "street": streets.get(view.get("street"), view.get("street") or ""),
        "board_cards": view.get("board") or [],
        "total_pot": view.get("total_pot", view.get("pot", 0)),
        "pots": pots,
        "blinds": view.get("blinds") or [],
        "hand_name": named(view.get("hand_name"), lang),
        "to_call": view.get("to_call") or 0,
        "rake": view.get("rake") or 0,
        "over": view.get("street") == "over",
    }
