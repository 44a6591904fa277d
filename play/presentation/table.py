"""The table page's HTML, for the first page load and for the live socket alike.

``table_context`` turns a table, its game and one seat's view into what the templates
need: the seats around the table, the hand with its playable cards, the legal actions as
buttons and forms, the clock, the scores and the log. It reads only the view (plus the
game's state for one thing: asking the engine *why* a card of the hand may not be
played), so it works for any game in the registry, including those that land later.

``render_table_fragments`` renders the same parts with ``hx-swap-oob="true"``: the
consumer pushes that string to an htmx page, which swaps each part in by its id.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

from django.template import TemplateDoesNotExist
from django.template.loader import get_template, render_to_string, select_template
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from cardgames.cards import card_name, is_card

# The ids the page and the socket agree on (docs/protocol.md).
FRAGMENT_IDS = (
    "table-board", "my-hand", "actions", "scores", "turn", "game-log", "chat-messages",
)

# Amount templates spanning fewer values than this are offered as buttons.
SMALL_RANGE = 4

# View keys the generic board does not list: they are shown elsewhere on the page, or
# are bookkeeping.
PLATFORM_KEYS = {
    "game", "seats", "options", "you", "actor", "result", "legal_actions", "hand",
    "version", "table_id", "game_id", "game_number", "game_slug", "status", "table_status",
    "pace", "move_seconds", "seat_names", "seating", "deadline", "server_time", "log",
    "chat", "chat_muted", "scores",
}


def lang_code(lang: str | None = None) -> str:
    lang = (lang or get_language() or "fr")[:2]
    return "en" if lang == "en" else "fr"


def action_json(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def new_client_id() -> str:
    """A fresh idempotency key for one rendered form (docs/protocol.md: `id`)."""
    return uuid.uuid4().hex


# ----- labels ------------------------------------------------------------------------


def type_label(kind: str, slug: str | None = None) -> str:
    """What a button for an action of that type says, in the reader's language."""
    labels = {
        "bid": _("Annoncer"),
        "play": _("Jouer"),
        "pass": _("Passer"),
        "stand": _("Je garde l'atout"),
        "beg": _("Je mendie"),
        "give": _("Donner le point"),
        "run": _("Refaire l'atout"),
        "discard": _("Écarter"),
        "fold": _("Se coucher"),
        "check": _("Parole"),
        "call": _("Suivre"),
        "bet": _("Miser"),
        "raise": _("Relancer"),
        "all_in": _("Tapis"),
        "allin": _("Tapis"),
        "draw": _("Piocher"),
        "take": _("Prendre"),
        "take_discard": _("Prendre la défausse"),
        "draw_stock": _("Piocher au talon"),
        "meld": _("Poser"),
        "lay_off": _("Ajouter à une combinaison"),
        "knock": _("Frapper"),
        "go_out": _("Sortir"),
        "vade": _("Miser (vade)"),
        "renvi": _("Renvier"),
        "hold": _("Tenir"),
        "keep": _("Garder"),
        "exchange": _("Échanger"),
        "show": _("Montrer sa main"),
        "muck": _("Jeter sa main sans la montrer"),
        "battez": _("Battez !"),
        "follow": _("Tenir la vade"),
        "tapis": _("Tapis"),
        "recave": _("Se recaver"),
        "mix": _("Mêler mon écart au talon"),
        "close": _("Je ferme"),
    }
    own = _game_type_labels().get(slug or "", {}).get(kind)
    if own is not None:
        return str(own)
    return str(labels.get(kind, kind.replace("_", " ").capitalize()))


def _game_type_labels() -> dict:
    """Where one game names an action differently (evaluated in the reader's language)."""
    return {
        "ramponneau": {"raise": _("Relancer à"), "bet": _("Miser"), "check": _("Parole")},
        "ambigu": {
            "vade": _("Ouvrir la vade de"),
            "renvi": _("Renvier de"),
            "call": _("Tenir le renvi"),
            "check": _("Tenir sans renvier"),
            "fold": _("Passer"),
            "keep": _("Garder mon écart"),
            "pass": _("Passer"),
        },
        "remigio": {"discard": _("Jeter")},
    }


def value_label(key: str, value, lang: str) -> str:
    if key == "tricks" and isinstance(value, int):
        return ngettext("%(n)s levée", "%(n)s levées", value) % {"n": value}
    if isinstance(value, str) and is_card(value):
        return card_name(value, lang)
    if isinstance(value, list) and all(isinstance(v, str) and is_card(v) for v in value):
        return ", ".join(card_name(v, lang) for v in value)
    if isinstance(value, bool):
        return _("oui") if value else _("non")
    words = {"stock": _("au talon"), "discard": _("à la défausse"), "pile": _("à la défausse")}
    if isinstance(value, str) and value in words:
        return str(words[value])
    return str(value)


def action_label(engine, action: dict, lang: str) -> str:
    """A button's text for a concrete action: "Annoncer 2 levées", "Jouer dix de cœur".

    A game may give its own labels with an ``action_label(action, lang)`` method.
    """
    own = getattr(engine, "action_label", None)
    if callable(own):
        try:
            text = own(action, lang)
        except Exception:  # a label is never worth a broken page
            text = None
        if text:
            return text
    slug = getattr(engine, "slug", None)
    kind = action.get("type", "?")
    if slug == "remigio" and kind == "draw":
        return str(_("Piocher au talon") if action.get("from") == "stock"
                   else _("Prendre la défausse"))
    if kind == "call" and slug == "ramponneau":
        return _("Suivre %(n)s") % {"n": action.get("amount")}
    parts = [type_label(kind, slug)]
    parts += [value_label(k, v, lang) for k, v in action.items() if k != "type"]
    return " ".join(parts)


def refusal_text(refusal, lang: str) -> str:
    return refusal.message(lang) if hasattr(refusal, "message") else str(refusal)


# ----- time --------------------------------------------------------------------------


def remaining_text(seconds: float) -> str:
    """Time left as players read it: "0:42", "1 h 05", "2 j 3 h"."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("%(d)s j %(h)s h") % {"d": days, "h": hours}
    if hours:
        return _("%(h)s h %(m)02d") % {"h": hours, "m": minutes}
    return f"{minutes}:{secs:02d}"


def _deadline(game, view) -> datetime | None:
    if game is not None and getattr(game, "deadline", None):
        return game.deadline
    raw = (view or {}).get("deadline")
    return parse_datetime(raw) if raw else None


# ----- the context -------------------------------------------------------------------


def _seat_names(table, view) -> list[str]:
    names = list((view or {}).get("seat_names") or [])
    if len(names) == table.seat_count:
        return [n or _("place libre") for n in names]
    by_position = {s.position: s.name for s in table.seats.select_related("user")}
    return [by_position.get(p, _("place libre")) for p in range(table.seat_count)]


def _players(table, view, names) -> list[dict]:
    given = {p["position"]: p for p in (view or {}).get("seating") or []}
    if not given:
        for seat in table.seats.all():
            given[seat.position] = {
                "name": names[seat.position],
                "bot": seat.is_bot,
                "connected": seat.connections > 0,
                "sitting_out": seat.sitting_out,
            }
    return [
        {
            "position": position,
            "name": names[position],
            "taken": given.get(position, {}).get("name") is not None,
            "bot": given.get(position, {}).get("bot", False),
            "connected": given.get(position, {}).get("connected", False),
            "sitting_out": given.get(position, {}).get("sitting_out", False),
        }
        for position in range(table.seat_count)
    ]


def _per_seat(view, key, seats) -> list | None:
    value = (view or {}).get(key)
    if isinstance(value, list) and len(value) == seats:
        return value
    return None


def _remigio_kind(kind: str, lang: str) -> str:
    from cardgames.remigio.game import KIND_NAMES

    return KIND_NAMES.get(lang, KIND_NAMES["fr"]).get(kind, kind)


def _remigio_hand(view, lang, legal, my_turn) -> dict:
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
                "kind": _remigio_kind(closing.get("kind", "plain"), lang),
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


def _hand_context(engine, game, view, lang, legal, my_turn) -> dict:
    """The hand: plain cards, clickable cards with the illegal ones disabled, or a picker."""
    hand = list((view or {}).get("hand") or [])
    if engine.slug == "remigio" and view and hand:
        return _remigio_hand(view, lang, legal, my_turn)
    choose = next((a for a in legal if "choose" in a and "from" in a), None)
    if my_turn and choose is not None:
        low, high = choose["choose"]
        base = {k: v for k, v in choose.items() if k not in ("choose", "from")}
        pool = list(choose["from"])
        if low == high:
            instruction = ngettext(
                "Choisissez %(n)s carte.", "Choisissez %(n)s cartes.", low
            ) % {"n": low}
        else:
            instruction = _("Choisissez de %(low)s à %(high)s cartes.") % {"low": low, "high": high}
        extra = [c for c in pool if c not in hand]
        return {
            "mode": "choose",
            "cards": [{"code": c} for c in hand if c in pool] + [{"code": c} for c in extra],
            "others": [c for c in hand if c not in pool],
            "base_json": action_json(base),
            "low": low,
            "high": high,
            "instruction": instruction,
            "submit_label": type_label(base.get("type", ""), engine.slug),
        }
    card_actions = [a for a in legal if set(a) == {"type", "card"}]
    if not (my_turn and card_actions):
        return {"mode": "view", "cards": [{"code": c} for c in hand]}
    kind = card_actions[0]["type"]
    legal_cards = {a["card"] for a in card_actions if a["type"] == kind}
    cards = []
    for code in hand:
        action = {"type": kind, "card": code}
        entry = {"code": code, "action_json": action_json(action), "name": card_name(code, lang)}
        if code in legal_cards:
            entry["playable"] = True
        else:
            entry["playable"] = False
            refusal = engine.can_apply(game.state, action) if game is not None else None
            entry["reason"] = (
                refusal_text(refusal, lang) if refusal else _("Cette carte ne peut pas être jouée.")
            )
        cards.append(entry)
    return {"mode": "play", "cards": cards, "verb": type_label(kind, engine.slug)}


def _action_groups(engine, game, view, legal, lang) -> tuple[list, list]:
    """Concrete actions (not card plays) as groups of buttons; templates as forms.

    Actions of one type that differ only by one integer ("bid" 0..5) form one group of
    numbered buttons; integers missing from the run, and the value the view names
    ``forbidden_<type>`` (the Ascenseur dealer's forbidden bid), are shown disabled with
    the engine's reason.
    """
    groups: dict[str, list] = {}
    forms = []
    for entry in legal:
        if "choose" in entry and "from" in entry:
            continue  # the hand is the picker
        if set(entry) == {"type", "card"}:
            continue  # the hand's cards are the buttons
        if "min" in entry and "max" in entry:
            base = {k: v for k, v in entry.items() if k not in ("min", "max")}
            low, high = entry["min"], entry["max"]
            if high - low < SMALL_RANGE and engine.slug != "ramponneau":
                # a vade of 2 to 4, a raise that can only be all-in: buttons, no slider
                for amount in range(low, high + 1):
                    groups.setdefault(base.get("type", "?"), []).append(
                        {**base, "amount": amount}
                    )
                continue
            form = {
                "kind": "amount",
                "label": type_label(base.get("type", ""), engine.slug),
                "base_json": action_json(base),
                "min": low,
                "max": high,
                "value": low,
                "step": 1,
                "slider": high > low,
            }
            if engine.slug == "ramponneau":
                # All-in is a bet or raise to the whole stack (cardgames/ramponneau/game.py).
                allin = {**base, "amount": high}
                form["allin"] = {
                    "label": _("Tapis (%(n)s)") % {"n": high},
                    "action_json": action_json(allin),
                }
            forms.append(form)
            continue
        groups.setdefault(entry.get("type", "?"), []).append(entry)

    result = []
    for kind, entries in groups.items():
        keys = {k for e in entries for k in e if k != "type"}
        numeric = (len(entries) > 1 or kind == "bid") and len(keys) == 1 and all(
            type(e.get(next(iter(keys)))) is int for e in entries
        )
        if numeric:
            key = next(iter(keys))
            present = {e[key]: e for e in entries}
            values = set(present)
            forbidden = view.get(f"forbidden_{kind}")
            if type(forbidden) is int:
                values.add(forbidden)
            buttons = []
            for n in range(min(values), max(values) + 1):
                action = present.get(n, {"type": kind, key: n})
                button = {
                    "label": str(n),
                    "aria_label": action_label(engine, action, lang),
                    "action_json": action_json(action),
                    "enabled": n in present,
                }
                if n not in present and game is not None:
                    refusal = engine.can_apply(game.state, action)
                    button["reason"] = refusal_text(refusal, lang) if refusal else ""
                buttons.append(button)
            result.append(
                {"title": type_label(kind, engine.slug), "buttons": buttons, "numeric": True}
            )
        else:
            result.append(
                {
                    "title": "",
                    "numeric": False,
                    "buttons": [
                        {
                            "label": action_label(engine, e, lang),
                            "aria_label": "",
                            "action_json": action_json(e),
                            "enabled": True,
                        }
                        for e in entries
                    ],
                }
            )
    return result, forms


def _public_fields(view, lang) -> list[dict]:
    """The view's public fields for the generic board (games without their own template)."""
    fields = []
    for key, value in (view or {}).items():
        if key in PLATFORM_KEYS or value in (None, [], {}, ""):
            continue
        entry = {"key": key.replace("_", " "), "cards": None, "text": None}
        if isinstance(value, str) and is_card(value):
            entry["cards"] = [value]
        elif isinstance(value, list) and value and all(
            isinstance(v, str) and is_card(v) for v in value
        ):
            entry["cards"] = value
        elif isinstance(value, (dict, list)):
            entry["text"] = json.dumps(value, ensure_ascii=False)[:300]
        else:
            entry["text"] = value_label(key, value, lang)
        fields.append(entry)
    return fields


# ----- per-game boards ---------------------------------------------------------------
# Templates cannot index a list by a seat number, so each game's board gets its seats
# zipped here. A game without an entry still gets the generic board.


def _suit_label(suit: str | None, lang: str) -> str:
    from cardgames.cards import suit_name

    return suit_name(suit, lang) if suit else ""


def _trick(cards_by_seat, names) -> list[dict]:
    return [{"code": card, "player": names[seat]} for seat, card in cards_by_seat]


def ascenseur_board(view, names, lang) -> dict:
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
            "cards": _trick(
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
                "trump": _suit_label(record.get("trump"), lang) or _("sans atout"),
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
        "trick": _trick(
            [((leader + i) % seats, c) for i, c in enumerate(trick)], names
        ) if leader is not None else [],
        "last_trick": last_trick,
        "trump_name": _suit_label(view.get("trump"), lang),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "bids_total": sum(placed),
        "bids_placed": len(placed),
        "forbidden_bid": forbidden,
        "history": history,
    }


def all_fours_board(view, names, lang) -> dict:
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
            "trump": _suit_label(summary.get("trump"), lang),
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
        "trump_name": _suit_label(view.get("trump"), lang),
        "turnup": view.get("turnup"),
        "set_aside": view.get("set_aside") or [],
        "begged_name": _suit_label(view.get("begged"), lang),
        "stock_count": view.get("stock_count"),
        "trick": _trick(trick, names),
        "last_trick": (
            {"cards": _trick(last["cards"], names), "winner": names[last["winner"]]}
            if last and not trick
            else None
        ),
        "dealer_name": names[view["dealer"]] if isinstance(view.get("dealer"), int) else "",
        "deal_no": view.get("deal_no"),
        "deals": deals,
        "current": current_summary,
        "side_names": side_names,
    }


def _seat_flags(view, seats, key) -> list:
    value = view.get(key)
    return value if isinstance(value, list) and len(value) == seats else [None] * seats


def _named(value, lang) -> str:
    """A name the engine gives in both languages: {"fr": ..., "en": ...} or a plain string."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("fr") or value.get(f"name_{lang}") or \
            value.get("name_fr") or ""
    return value if isinstance(value, str) else ""


def _names_of(seats_list, names) -> str:
    return ", ".join(names[s] for s in seats_list or [] if isinstance(s, int) and
                     0 <= s < len(names))


def ramponneau_board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    stacks = _seat_flags(view, seats, "stacks")
    bets = _seat_flags(view, seats, "bets")
    folded = _seat_flags(view, seats, "folded")
    all_in = _seat_flags(view, seats, "all_in")
    shown = _seat_flags(view, seats, "shown")
    mucked = _seat_flags(view, seats, "mucked")
    dealt_in = _seat_flags(view, seats, "dealt_in")
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
            "shown_name": _named(shown_names.get(str(s)), lang),
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
            "eligible": _names_of(pot.get("eligible"), names),
            "winners": _names_of(pot.get("winners"), names),
        })
    return {
        "rows": rows,
        "street": streets.get(view.get("street"), view.get("street") or ""),
        "board_cards": view.get("board") or [],
        "total_pot": view.get("total_pot", view.get("pot", 0)),
        "pots": pots,
        "blinds": view.get("blinds") or [],
        "hand_name": _named(view.get("hand_name"), lang),
        "to_call": view.get("to_call") or 0,
        "rake": view.get("rake") or 0,
        "over": view.get("street") == "over",
    }


def ambigu_board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    stacks = _seat_flags(view, seats, "stacks")
    bets = _seat_flags(view, seats, "bets")
    folded = _seat_flags(view, seats, "folded")
    allin = _seat_flags(view, seats, "allin")
    sizes = _seat_flags(view, seats, "hand_sizes")
    exchanged = _seat_flags(view, seats, "exchanged")
    revealed = _seat_flags(view, seats, "revealed")
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
        "combination": _named(combination, lang) if combination else "",
        "combination_value": combination.get("value") if isinstance(combination, dict) else None,
        "my_discards": view.get("my_discards") or [],
        "over": phase == "over",
        "outcome": outcomes.get(result.get("outcome"), result.get("outcome") or ""),
        "winner_combination": _named(winner_combination, lang) if winner_combination else "",
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


def remigio_board(view, names, lang) -> dict:
    seats = view.get("seats") or len(names)
    counts = _seat_flags(view, seats, "hand_counts")
    scores = _seat_flags(view, seats, "scores")
    chips = _seat_flags(view, seats, "chips")
    out = _seat_flags(view, seats, "out")
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
            "kind": _remigio_kind(last.get("kind", ""), lang),
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


BOARDS = {
    "ascenseur": ascenseur_board,
    "all-fours": all_fours_board,
    "ramponneau": ramponneau_board,
    "ambigu": ambigu_board,
    "remigio": remigio_board,
}


def board_context(slug: str, view: dict, names: list[str], lang: str) -> dict:
    build = BOARDS.get(slug)
    if build is None or not view or "seats" not in view:
        return {}
    try:
        return build(view, names, lang)
    except (KeyError, IndexError, TypeError):
        # A view that changed shape under us: fall back to the generic board rather
        # than break the page.
        return {"broken": True}


def board_template(slug: str):
    return select_template([f"play/games/{slug}.html", "play/games/generic.html"]).template.name


def previous_hand(table, game, you, names, lang) -> dict | None:
    """The last finished hand of a chained table (Ramponneau, Ambigu), as ``you`` saw it.

    The next hand is dealt as soon as one ends, so the showdown would otherwise vanish
    before anyone read it. Only ``view(state, you)`` is used: what that seat (or a
    spectator) may see of the finished hand.
    """
    engine = table.engine
    if game is None or not getattr(engine, "chained", False):
        return None
    from play.models import Game

    if game.status == Game.Status.FINISHED:
        previous = None  # the board itself shows how it ended
    elif game.number > 1:
        previous = table.games.filter(
            number=game.number - 1, status=Game.Status.FINISHED
        ).first()
    else:
        previous = None
    if previous is None or not previous.state:
        return None
    view = engine.view(previous.state, you)
    board = board_context(table.game_slug, view, names, lang)
    if not board or board.get("broken"):
        return None
    name = f"play/games/{table.game_slug}_result.html"
    if not template_exists(name):
        return None
    hands_url = ""
    if you is not None and hasattr(engine, "export_phh"):
        hands_url = reverse("play:session_hand_histories", args=[table.pk])
    return {"number": previous.number, "board": board, "template": name,
            "archive_url": reverse("play:archive", args=[previous.pk]),
            "hands_url": hands_url}


def table_context(
    table, game, user, view=None, lang: str | None = None, request=None, invited: bool = True
) -> dict:
    """Everything the table templates need, for one user's view of one table.

    ``invited``: whether this user may take a seat at an unlisted table (the page knows
    from the session; a socket was only opened by someone allowed to watch).
    """
    lang = lang_code(lang)
    view = view or {}
    engine = table.engine
    seats = table.seat_count
    names = _seat_names(table, view)
    you = view.get("you")
    actor = view.get("actor")
    status = view.get("status") or (game.status if game is not None else "waiting")
    over = status == "finished" or (game is not None and actor is None)
    legal = list(view.get("legal_actions") or []) if not over else []
    my_turn = you is not None and actor == you and bool(legal)

    deadline = _deadline(game, view) if not over else None
    remaining = (deadline - timezone.now()).total_seconds() if deadline else None
    if over:
        result = view.get("result") or (game.result if game is not None else None) or {}
        winners = [names[w] for w in result.get("winners", []) if 0 <= w < seats]
        turn_text = _("Partie terminée.")
    else:
        winners = []
        if game is None:
            turn_text = _("En attente de joueurs.")
        elif my_turn:
            turn_text = _("À vous de jouer !")
        elif isinstance(actor, int) and 0 <= actor < seats:
            turn_text = _("Au tour de %(name)s.") % {"name": names[actor]}
        else:
            turn_text = _("Distribution des cartes…")

    scores = _per_seat(view, "scores", seats)
    score_rows = []
    if scores is not None:
        score_rows = [
            {"name": names[i], "score": s, "you": i == you, "winner": names[i] in winners}
            for i, s in enumerate(scores)
        ]
    elif isinstance(view.get("scores"), list):
        # Scores per side (partnerships): the game's template names the sides; the
        # generic list numbers them.
        sides = view.get("sides")
        if not (isinstance(sides, list) and len(sides) == len(view["scores"])):
            sides = None
        score_rows = [
            {
                "name": (
                    " & ".join(names[m] for m in sides[i] if 0 <= m < seats)
                    if sides
                    else _("Camp %(n)s") % {"n": i + 1}
                ),
                "score": s,
                "you": bool(sides) and you in sides[i],
                "winner": False,
            }
            for i, s in enumerate(view["scores"])
        ]

    groups, amount_forms = _action_groups(engine, game, view, legal if my_turn else [], lang)
    hand = _hand_context(engine, game, view, lang, legal, my_turn)
    players = _players(table, view, names)
    for p in players:
        p["you"] = p["position"] == you
        p["actor"] = not over and p["position"] == actor
    chat_muted = bool(view.get("chat_muted"))
    authenticated = bool(user is not None and getattr(user, "is_authenticated", False))
    taken = sum(1 for p in players if p["taken"])
    waiting = table.status == "waiting"
    owner = authenticated and table.owner_id == user.pk
    invite_path = f"/jouer/invitation/{table.invite_token}/"
    return {
        "taken": taken,
        "can_join": (
            authenticated and you is None and waiting and taken < seats
            and (table.visibility == "public" or invited or owner)
        ),
        "can_add_bot": (authenticated and (you is not None or owner) and waiting and taken < seats),
        "show_invite": (you is not None or owner) and waiting and table.visibility == "unlisted",
        "invite_link": request.build_absolute_uri(invite_path) if request else invite_path,
        "move_days": table.move_seconds // 86400,
        "chat_max": 300,
        "table": table,
        "game": game,
        "engine": engine,
        "game_name": engine.name_en if lang == "en" else engine.name_fr,
        "view": view,
        "lang": lang,
        "names": names,
        "players": players,
        "you": you,
        "seated": you is not None,
        "actor": actor,
        "my_turn": my_turn,
        "over": over,
        "winners": winners,
        "turn_text": turn_text,
        "deadline": deadline,
        "remaining": remaining_text(remaining) if remaining is not None else "",
        "score_rows": score_rows,
        "hand": hand,
        "action_groups": groups,
        "amount_forms": amount_forms,
        "version": view.get("version", game.version if game is not None else 0),
        "client_id": new_client_id(),
        "log": list(reversed(view.get("log") or [])),
        "chat": view.get("chat") or [],
        "chat_muted": chat_muted,
        "board_template": board_template(table.game_slug),
        "board": board_context(table.game_slug, view, names, lang),
        "previous": previous_hand(table, game, you, names, lang),
        "public_fields": _public_fields(view, lang),
        "act_url": f"/jouer/tables/{table.pk}/agir/",
        "chat_url": f"/jouer/tables/{table.pk}/discussion/",
        "rules_url": f"/regles/{table.game_slug}/",
    }


def render_table_fragments(table, game, user, view, request=None, lang: str | None = None) -> str:
    """The table's live parts as out-of-band fragments, for the htmx socket.

    Each element keeps its id and carries ``hx-swap-oob="true"``, so the ws extension
    replaces the page's element of the same id. Only ``view`` (one seat's view) is read,
    so nothing hidden from that seat can end up in the HTML.
    """
    lang = lang_code(lang or getattr(user, "preferred_language", None))
    with translation.override(lang):
        context = table_context(table, game, user, view, lang=lang)
        context["oob"] = True
        context["user"] = user
        return render_to_string("play/_table.html#fragments", context, request=request)


def render_chat_fragment(table, user, view, request=None) -> str:
    """Only the chat messages (for a ``table.chat`` group message)."""
    context = {
        "table": table,
        "chat": view.get("chat") or [],
        "chat_muted": bool(view.get("chat_muted")),
        "oob": True,
        "user": user,
    }
    return render_to_string("play/_table.html#chat-messages", context, request=request)


def render_error_fragment(message: str, request=None) -> str:
    """A refusal ("Ce n'est pas votre tour.") shown in the page's alert area."""
    return render_to_string(
        "play/_table.html#table-error", {"error": message, "oob": True}, request=request
    )


def template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True
