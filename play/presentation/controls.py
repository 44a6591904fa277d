"""The player's controls: the hand (cards to play, to choose, or just to look at) and the
legal actions as buttons and amount forms, built from the view's legal actions."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.presentation.games import presenter
from play.presentation.labels import action_json, action_label, refusal_text, type_label
from play.presentation.words import card_name

# Amount templates spanning fewer values than this are offered as buttons.
SMALL_RANGE = 4


def hand_context(engine, game, view, legal, my_turn) -> dict:
    """The hand: plain cards, clickable cards with the illegal ones disabled, or a picker."""
    hand = list((view or {}).get("hand") or [])
    own = presenter(engine.slug).hand
    if own is not None and view and hand:
        return own(view, legal, my_turn)
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
            instruction = ngettext(
                "Choisissez de %(low)s à %(high)s carte.",
                "Choisissez de %(low)s à %(high)s cartes.",
                high,
            ) % {"low": low, "high": high}
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
        entry = {"code": code, "action_json": action_json(action), "name": card_name(code)}
        if code in legal_cards:
            entry["playable"] = True
        else:
            entry["playable"] = False
            refusal = engine.can_apply(game.state, action) if game is not None else None
            entry["reason"] = (
                refusal_text(refusal, engine.slug) if refusal
                else _("Cette carte ne peut pas être jouée.")
            )
        cards.append(entry)
    return {"mode": "play", "cards": cards, "verb": type_label(kind, engine.slug)}


def action_groups(engine, game, view, legal) -> tuple[list, list]:
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
            form = _amount_form(engine, entry, view)
            if form is None:
                # a vade of 2 to 4, a raise that can only be all-in: buttons, no slider
                base = {k: v for k, v in entry.items() if k not in ("min", "max")}
                groups.setdefault(base.get("type", "?"), []).extend(
                    {**base, "amount": amount} for amount in range(entry["min"], entry["max"] + 1)
                )
            else:
                forms.append(form)
            continue
        groups.setdefault(entry.get("type", "?"), []).append(entry)
    result = []
    for kind, entries in groups.items():
        key = _numbering_key(kind, entries)
        if key is None:
            result.append(_plain_group(engine, entries))
        else:
            result.append(_numbered_group(engine, game, view, kind, key, entries))
    return result, forms


def _amount_form(engine, entry, view=None) -> dict | None:
    """A slider (or number field) for an amount; None when a few buttons will do."""
    base = {k: v for k, v in entry.items() if k not in ("min", "max")}
    low, high = entry["min"], entry["max"]
    game_words = presenter(engine.slug)
    if high - low < SMALL_RANGE and not game_words.AMOUNTS_ON_A_SLIDER:
        return None
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
    unit = game_words.number_label(base.get("type", ""), "amount", high)
    if unit:  # the range says what it counts: « de 1 à 20 jetons »
        form["range_text"] = _("de %(low)s à %(high)s") % {"low": low, "high": unit}
    form.update(game_words.amount_extras(base, low, high, view or {}))
    return form


def _numbering_key(kind: str, entries: list) -> str | None:
    """The one integer key that numbers these actions (a bid's "tricks"), if there is one."""
    keys = {k for e in entries for k in e if k != "type"}
    if len(keys) != 1 or not (len(entries) > 1 or kind == "bid"):
        return None
    key = next(iter(keys))
    return key if all(type(e.get(key)) is int for e in entries) else None


def _numbered_group(engine, game, view, kind, key, entries) -> dict:
    present = {e[key]: e for e in entries}
    values = set(present)
    forbidden = view.get(f"forbidden_{kind}")
    if type(forbidden) is int:
        values.add(forbidden)
    buttons = []
    for n in range(min(values), max(values) + 1):
        action = present.get(n, {"type": kind, key: n})
        button = {
            "label": presenter(engine.slug).number_label(kind, key, n) or str(n),
            "aria_label": action_label(engine, action),
            "action_json": action_json(action),
            "enabled": n in present,
        }
        if n not in present and game is not None:
            refusal = engine.can_apply(game.state, action)
            button["reason"] = refusal_text(refusal, engine.slug) if refusal else ""
        buttons.append(button)
    return {"title": type_label(kind, engine.slug), "buttons": buttons, "numeric": True}


def _plain_group(engine, entries) -> dict:
    buttons = [
        {
            "label": action_label(engine, e),
            "aria_label": "",
            "action_json": action_json(e),
            "enabled": True,
        }
        for e in entries
    ]
    return {"title": "", "numeric": False, "buttons": buttons}
