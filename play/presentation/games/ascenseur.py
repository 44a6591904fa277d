"""L'Ascenseur at the table: seats with bids and tricks, the trick, the score sheet."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play.presentation.board import suit_label, trick_cards


def board(view, names, lang) -> dict:
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
    if last and not trick:
        start = last.get("leader", 0)
        last_trick = {
            "cards": trick_cards(
                [((start + i) % seats, c) for i, c in enumerate(last["cards"])], names
            ),
            "winner": names[last["winner"]],
        }
    placed = [b for b in bids if b is not None]
    history = []
    for number, record in enumerate(view.get("history") or [], start=1):
        history.append(
            {
                "number": number,
                "size": record.get("size"),
                "trump": suit_label(record.get("trump"), lang) or _("sans atout"),
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
        "trump_name": suit_label(view.get("trump"), lang),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "bids_total": sum(placed),
        "bids_placed": len(placed),
        "forbidden_bid": forbidden,
        "history": history,
    }
