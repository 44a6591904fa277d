"""Public statistics of a Ramponneau table: per seat, counts of what everyone saw.

A regular learns how the others play by watching them: who plays every hand, who moves in
whenever the pot is unopened, who folds to a re-raise. The engine keeps such counts per
seat across the hands of a table, in the carry (``carry["stats"]``), so every seat's view
(``view["stats"]``) and the bots can read them; they are updated once a hand is over from
its public record alone: the betting history everyone watched, who was dealt in, the
board dealt and who went to the showdown and won there. Never a card that was not turned
face up (a folded or mucked hand counts as "folded", nothing more).

The counts, each an int per seat (``KEYS``; a hand counts at most once in each of the
preflop counts, a decision once in each of the postflop ones):

``hands``
    hands dealt in;
``vpip``, ``pfr``
    hands where the seat put chips in voluntarily before the flop (a call or a raise;
    the big blind checking does not count), and hands where it raised before the flop;
``open_chances``, ``opens``, ``open_shoves``
    hands where it spoke before the flop with nobody having raised yet (callers of the
    big blind allowed), and in how many of them it raised, and raised all-in;
``faced_raise``, ``folded_to_raise``, ``reraises``, ``reshoves``
    hands where it spoke before the flop facing a raise before raising itself, and how it
    answered the first time: fold, re-raise, re-raise all-in;
``faced_reraise``, ``folded_to_reraise``
    hands where it had raised before the flop and then faced a re-raise, and folded;
``faced_shove``, ``called_shove``
    hands where it spoke before the flop facing an all-in raise, and called (or raised);
``flops``, ``showdowns``, ``showdowns_won``
    hands where it saw the flop (was still in when it came, all-in included), reached
    the showdown (two or more still in at the end, a mucked hand too), won a pot there;
``checks``, ``bets``, ``raises``, ``calls``, ``faced_bet``, ``folded_to_bet``
    after the flop, each decision: checks and bets (nobody had bet: how often a player
    bets when it may), raises, calls, decisions facing a bet, folds to a bet.

``tally(state)`` adds a finished hand to the counts it started with; ``carried(carry,
seats)`` reads them from a carry, forgiving: a missing, malformed or foreign entry is a
seat's fresh start (zeros), never a refused deal, since a table must go on dealing.
"""

from __future__ import annotations

KEYS = (
    "hands",
    "vpip",
    "pfr",
    "open_chances",
    "opens",
    "open_shoves",
    "faced_raise",
    "folded_to_raise",
    "reraises",
    "reshoves",
    "faced_reraise",
    "folded_to_reraise",
    "faced_shove",
    "called_shove",
    "flops",
    "showdowns",
    "showdowns_won",
    "checks",
    "bets",
    "raises",
    "calls",
    "faced_bet",
    "folded_to_bet",
)


def blank() -> dict[str, int]:
    """A seat nobody has watched yet."""
    return dict.fromkeys(KEYS, 0)


def _valid(entry) -> bool:
    if not isinstance(entry, dict) or set(entry) != set(KEYS):
        return False
    return all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in entry.values())


def carried(carry: dict | None, seats: int) -> list[dict[str, int]]:
    """The counts a hand starts from: the carry's, a seat's zeros where it has none."""
    given = (carry or {}).get("stats")
    if not isinstance(given, list) or len(given) != seats:
        return [blank() for _ in range(seats)]
    return [dict(entry) if _valid(entry) else blank() for entry in given]


def forget(carry: dict, positions) -> dict:
    """``carry`` with the counts of ``positions`` back to zero (a new player there)."""
    if not isinstance(carry.get("stats"), list):
        return carry
    stats = list(carry["stats"])
    for position in positions:
        if 0 <= position < len(stats):
            stats[position] = blank()
    return dict(carry, stats=stats)


def tally(state: dict) -> list[dict[str, int]]:
    """The counts after a finished hand: those it started from plus what it showed."""
    seats = state["seats"]
    counts = carried({"stats": state.get("stats")}, seats)
    seen = _preflop(state)
    for seat in state["order"]:
        mine = counts[seat]
        mine["hands"] += 1
        for key in seen.get(seat, ()):
            mine[key] += 1
    _after_the_flop(state, counts)
    _showdown(state, counts)
    return counts


def _preflop(state: dict) -> dict[int, set[str]]:
    """The preflop counts each seat earned this hand (a set: once a hand each)."""
    earned: dict[int, set[str]] = {s: set() for s in state["order"]}
    spoke: set[int] = set()
    raisers: list[int] = []  # every raise's seat, in order
    shove_on = False  # the bet to match was set by an all-in raise
    for entry in state.get("history", []):
        if entry["street"] != "preflop":
            break
        seat, kind = entry["seat"], entry["type"]
        mine = earned[seat]
        raised = kind == "raise"
        all_in = bool(entry.get("all_in"))
        if seat not in spoke and not raisers:
            mine.add("open_chances")
            if raised:
                mine |= {"opens", "open_shoves"} if all_in else {"opens"}
        if raisers and seat not in raisers and "faced_raise" not in mine:
            mine.add("faced_raise")
            if kind == "fold":
                mine.add("folded_to_raise")
            elif raised:
                mine |= {"reraises", "reshoves"} if all_in else {"reraises"}
        if seat in raisers and raisers[-1] != seat and "faced_reraise" not in mine:
            mine.add("faced_reraise")
            if kind == "fold":
                mine.add("folded_to_reraise")
        if shove_on and raisers[-1] != seat and "faced_shove" not in mine:
            mine.add("faced_shove")
            if kind != "fold":
                mine.add("called_shove")
        if kind in ("call", "raise"):
            mine.add("vpip")
        if raised:
            mine.add("pfr")
            raisers.append(seat)
            shove_on = all_in
        spoke.add(seat)
    return earned


def _after_the_flop(state: dict, counts: list[dict]) -> None:
    """Flops seen, then every postflop decision: checks, bets, raises, calls, folds."""
    if len(state["board"]) >= 3:
        folded_before = {
            e["seat"] for e in state.get("history", [])
            if e["street"] == "preflop" and e["type"] == "fold"
        }
        for seat in state["order"]:
            if seat not in folded_before:
                counts[seat]["flops"] += 1
    street = None
    bet_on = False
    for entry in state.get("history", []):
        if entry["street"] == "preflop":
            continue
        if entry["street"] != street:
            street, bet_on = entry["street"], False
        mine, kind = counts[entry["seat"]], entry["type"]
        if bet_on and kind in ("call", "fold", "raise"):
            mine["faced_bet"] += 1
        if kind in ("bet", "raise"):
            mine["bets" if kind == "bet" else "raises"] += 1
            bet_on = True
        else:
            mine[{"check": "checks", "call": "calls", "fold": "folded_to_bet"}[kind]] += 1


def _showdown(state: dict, counts: list[dict]) -> None:
    live = [s for s in state["order"] if not state["folded"][s]]
    if len(live) < 2:
        return
    winners = set((state.get("result") or {}).get("winners") or ())
    for seat in live:
        counts[seat]["showdowns"] += 1
        if seat in winners:
            counts[seat]["showdowns_won"] += 1
