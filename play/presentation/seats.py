"""The seats around the felt: where each sits as the viewer sees the table, and what a
player reads at a glance on each seat (dealer, cards in hand, stack, bet, bid, tricks).

The viewer's seat is at the bottom; the others follow in the order of play, up the left
side, across the top and down the right side, as at a real table. A spectator sees seat
0 at the bottom. The facts come from the seat's public fields of the view (the same
keys across the five games: ``hand_sizes``/``hand_counts``, ``stacks``, ``bets``,
``bids``, ``won``...), so a new game gets them by naming its fields the same way; a
game's presentation module may add its own (``seat_notes``).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.presentation.games import presenter


def around_the_table(players: list[dict], you, free_apart: bool = False) -> dict:
    """The seats as the viewer sees them: ``me`` at the bottom (or the first seat for a
    spectator), then ``left``, ``top`` and ``right`` in the order of play.

    ``free_apart``: the places nobody holds are left out of the ring and counted in
    ``free`` (a chip table's hand between two players at six places is played heads-up,
    not among four empty chairs)."""
    count = len(players)
    if not count:
        return {"me": None, "left": [], "top": [], "right": [], "free": 0}
    held = [p["position"] for p in players if p.get("taken", True)]
    bottom = you if isinstance(you, int) and 0 <= you < count else (
        held[0] if free_apart and held else 0)
    others = [players[(bottom + k) % count] for k in range(1, count)]
    free = 0
    if free_apart:
        free = sum(1 for p in others if not p.get("taken", True))
        others = [p for p in others if p.get("taken", True)]
    side = len(others) // 3 if len(others) >= 3 else 0
    if len(others) == 2:
        left, top, right = others[:1], [], others[1:]
    else:
        end = len(others) - side
        left, top, right = others[:side], others[side:end], others[end:]
    for place, group in (("left", left), ("top", top), ("right", right)):
        for p in group:
            p["place"] = place
    players[bottom]["place"] = "bottom"
    return {"me": players[bottom], "left": left, "top": top, "right": right, "free": free}


def _at(view, key, seat):
    value = view.get(key)
    if isinstance(value, list) and 0 <= seat < len(value):
        return value[seat]
    return None


def seat_facts(slug: str, view: dict, seat: int) -> dict:
    """What a player reads on one seat: a marker (dealer, button), short notes, whether
    the seat is out of the hand, and the number of cards it holds (drawn as backs)."""
    view = view or {}
    marker, dealer = "", False
    if view.get("button") == seat:
        marker = _("bouton")
    elif view.get("dealer") == seat:
        marker, dealer = _("donneur"), True
    notes = []
    cards = _at(view, "hand_sizes", seat)
    if cards is None:
        cards = _at(view, "hand_counts", seat)
    if isinstance(cards, int) and not isinstance(cards, bool):
        notes.append(ngettext("%(n)s carte", "%(n)s cartes", cards) % {"n": cards})
    stack = _at(view, "stacks", seat)
    if isinstance(stack, int) and not isinstance(stack, bool):
        notes.append(ngettext("%(n)s jeton", "%(n)s jetons", stack) % {"n": stack})
    bet = _at(view, "bets", seat)
    if isinstance(bet, int) and not isinstance(bet, bool) and bet > 0:
        notes.append(_("mise %(n)s") % {"n": bet})
    bid = _at(view, "bids", seat)
    if isinstance(bid, int) and not isinstance(bid, bool):
        notes.append(_("annonce %(n)s") % {"n": bid})
    won = _at(view, "won", seat)
    if isinstance(won, int) and not isinstance(won, bool) and bid is not None:
        notes.append(ngettext("%(n)s levée", "%(n)s levées", won) % {"n": won})
    state, out, all_in = "", False, False
    if _at(view, "out", seat) is True:
        state, out = _("éliminé"), True
    elif _at(view, "folded", seat) is True:
        state, out = str(presenter(slug).FOLDED_WORD or _("couché")), True
    elif _at(view, "all_in", seat) is True or _at(view, "allin", seat) is True:
        state, all_in = _("tapis"), True
    own = presenter(slug).seat_notes
    if own is not None:
        notes += own(view, seat)
    backs = cards if isinstance(cards, int) and not isinstance(cards, bool) else 0
    shown = _at(view, "shown", seat) or _at(view, "revealed", seat)
    return {"marker": marker, "dealer": dealer, "notes": notes,
            "stack": stack if isinstance(stack, int) else "",
            "bet": bet if isinstance(bet, int) else "",
            "state": state, "out": out, "all_in": all_in,
            "backs": range(min(backs, 8)), "shown": shown if isinstance(shown, list) else []}
