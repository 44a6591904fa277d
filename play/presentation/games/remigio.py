"""Remigio at the table: counts and scores, the discard pile, the last round's hands; the
hand arranged in melds."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cardgames.cards import card_name
from cardgames.remigio.game import KIND_NAMES
from play.presentation.board import per_seat
from play.presentation.labels import action_json

# Where this game names an action differently from the shared words.
TYPE_LABELS = {"discard": gettext_lazy("Jeter")}


def action_label(action, lang):
    if action.get("type") == "draw":
        return str(_("Piocher au talon") if action.get("from") == "stock"
                   else _("Prendre la défausse"))
    return None


def kind_name(kind: str, lang: str) -> str:
    return KIND_NAMES.get(lang, KIND_NAMES["fr"]).get(kind, kind)


def hand(view, lang, legal, my_turn) -> dict:
    """The hand arranged in the solver's melds, each card a discard button on its turn.

    The page lets the player regroup the cards (static/play/table.js keeps that
    arrangement in the page); the server only ever needs the discard or the closing.
    """
    hand = list(view.get("hand") or [])
    proposed = view.get("proposed") if isinstance(view.get("proposed"), dict) else {}
    discards = {a["card"] for a in legal if a.get("type") == "discard"} if my_turn else set()
    closings = {c["card"]: c for c in view.get("closings") or []} if my_turn else {}
    drawn = view.get("drawn")

    def entry(code):
        card = {
            "code": code,
            "name": card_name(code, lang),
            "drawn": code == drawn,
            "discard_json": action_json({"type": "discard", "card": code})
            if code in discards else "",
        }
        closing = closings.get(code)
        if closing:
            card["close_json"] = action_json({"type": "close", "card": code})
            card["close_label"] = _("Je ferme ×%(n)s") % {"n": closing.get("multiplier", 1)}
            card["close_title"] = _("Jeter %(card)s et fermer : %(kind)s, ×%(n)s") % {
                "card": card_name(code, lang),
                "kind": kind_name(closing.get("kind", "plain"), lang),
                "n": closing.get("multiplier", 1),
            }
        return card

    groups, placed = [], set()
    for meld in proposed.get("melds") or []:
        cards = [c for c in meld if c in hand and c not in placed]
        placed.update(cards)
        if cards:
            groups.append({"meld": True, "cards": [entry(c) for c in cards]})
    rest = [c for c in hand if c not in placed]
    if rest:
        groups.append({"meld": False, "cards": [entry(c) for c in rest]})
    return {
        "mode": "remigio",
        "groups": groups,
        "count": proposed.get("count"),
        "can_close": bool(proposed.get("can_close")),
        "discarding": bool(discards),
        "closing": bool(closings),
    }


def board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    counts = per_seat(view, seats, "hand_counts")
    scores = per_seat(view, seats, "scores")
    chips = per_seat(view, seats, "chips")
    out = per_seat(view, seats, "out")
    options = view.get("options") or {}
    payment = options.get("scoring") == "payment"
    last = view.get("last_round") if isinstance(view.get("last_round"), dict) else None
    last_round = None
    if last:
        hands = []
        for s, record in enumerate(last.get("hands") or []):
            if not isinstance(record, dict) or s >= seats:
                continue
            hands.append({
                "name": names[s],
                "closer": s == last.get("closer"),
                "melds": record.get("melds") or [],
                "leftover": record.get("leftover") or [],
                "count": record.get("count", 0),
                "points": record.get("points", 0),
            })
        closer = last.get("closer")
        last_round = {
            "number": last.get("round"),
            "closer": names[closer] if isinstance(closer, int) and 0 <= closer < seats else "",
            "kind": kind_name(last.get("kind", ""), lang),
            "multiplier": last.get("multiplier"),
            "halved": last.get("kind") == "five_pairs",
            "void": last.get("kind") == "void",
            "discard": last.get("discard"),
            "hands": hands,
        }
    phase_names = {
        "draw": _("Piocher : au talon ou à la défausse"),
        "discard": _("Jeter une carte, ou fermer"),
        "over": _("Partie terminée"),
    }
    return {
        "rows": [
            {
                "name": names[s],
                "cards": counts[s],
                "score": scores[s],
                "chips": chips[s],
                "out": bool(out[s]),
                "dealer": s == view.get("dealer"),
                "you": s == view.get("you"),
                "actor": s == view.get("actor"),
            }
            for s in range(seats)
        ],
        "payment": payment,
        "limit": options.get("limit"),
        "discard_top": view.get("discard_top"),
        "stock_count": view.get("stock_count"),
        "pile_count": view.get("pile_count"),
        "drawn": view.get("drawn"),
        "taken": view.get("taken"),
        "phase_name": phase_names.get(view.get("phase"), ""),
        "round": view.get("round"),
        "last_round": last_round,
        "history": [
            {"number": i, "points": list(zip(names, row, strict=False))}
            for i, row in enumerate(view.get("history") or [], start=1)
            if isinstance(row, list)
        ][::-1][:10],
    }
