"""The board in the middle of the table: each game's own (``games/<game>.py`` builds its
context, ``templates/play/games/<slug>.html`` draws it), or the generic one that lists a
view's public fields for a game without its own.

Templates cannot index a list by a seat number, so a game's board gets its seats zipped
by its module with the helpers here.
"""

from __future__ import annotations

import json

from django.template.loader import select_template

from cardgames.cards import is_card
from play.presentation.games import presenter
from play.presentation.labels import value_label
from play.presentation.words import suit_name

# View keys the generic board does not list: they are shown elsewhere on the page, or
# are bookkeeping.
PLATFORM_KEYS = {
    "game", "seats", "options", "you", "actor", "result", "legal_actions", "hand",
    "version", "table_id", "game_id", "game_number", "game_slug", "status", "table_status",
    "pace", "move_seconds", "seat_names", "seating", "deadline", "server_time", "log",
    "chat", "chat_muted", "scores", "ending", "waiting", "rematch",
}


def per_seat(view, seats, key) -> list:
    value = view.get(key)
    return value if isinstance(value, list) and len(value) == seats else [None] * seats


def names_of(seats_list, names) -> str:
    return ", ".join(names[s] for s in seats_list or [] if isinstance(s, int) and
                     0 <= s < len(names))


def trick_cards(cards_by_seat, names) -> list[dict]:
    return [{"code": card, "player": names[seat]} for seat, card in cards_by_seat]


def suit_label(suit: str | None) -> str:
    return suit_name(suit) if suit else ""


def public_fields(view) -> list[dict]:
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
            entry["text"] = value_label(key, value)
        fields.append(entry)
    return fields


def board_context(slug: str, view: dict, names: list[str]) -> dict:
    build = presenter(slug).board
    if build is None or not view or "seats" not in view:
        return {}
    try:
        return build(view, names)
    except (KeyError, IndexError, TypeError):
        # A view that changed shape under us: fall back to the generic board rather
        # than break the page.
        return {"broken": True}


def board_template(slug: str):
    return select_template([f"play/games/{slug}.html", "play/games/generic.html"]).template.name
