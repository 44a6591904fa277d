"""What the table's public statistics say of a player (``view["stats"]``, ``stats.py``).

A seat's counts are frequencies seen at this table: how often a player moved all in when
nobody had raised, how often it moved all in over a raise. A frequency read from few
hands says little, so each is blended with what the bots assume of a player they have
not watched (``PRIOR`` chances' worth of that assumption): ``rate`` starts at the
assumption and moves to what the player does as the chances add up. A player who shoves
every hand is read, after a dozen hands, as shoving most of them, after fifty as shoving
nearly all; a player who never re-raises all in is soon read as keeping that for a few
big hands.

An opener's range is the width sound players open from its seat scaled by how often the
table saw it open against how often a sound player would (``open_scale``): a player who
opens half as often opens about half as wide from every seat.

The width a frequency implies is the share of hands the player would shove if it shoved
its best hands that often (the top of ``tables.ALLIN_ORDER``). An unopened all-in is
never read narrower than the push-or-fold equilibrium at its depth (``nash.py``): a
player who rarely shoves deep may still shove correctly short, and the equilibrium is
what no player can exploit.
"""

from __future__ import annotations

from bisect import bisect_left

from . import nash

PRIOR = 5  # how many chances the assumption is worth against what was seen
# A regular adjusts to a player once it has watched them: the adjustments beyond the
# all-in ranges (an opener's width, steals, re-raises, bets read and bluffs) wait until
# the table saw the player this many times in the spot.
WATCHED = 12


def _decoded(table: dict[int, str]) -> dict[int, tuple[float, ...]]:
    return {k: tuple(int(x) / 1000 for x in row.split()) for k, row in table.items()}


PUSH = _decoded(nash.PUSH)
CALL = _decoded(nash.CALL)


def _at_depth(row: tuple[float, ...], depth: float) -> float:
    depths = nash.DEPTHS
    depth = max(depths[0], min(depths[-1], depth))
    at = bisect_left(depths, depth)
    if depths[at] == depth:
        return row[at]
    low, high = depths[at - 1], depths[at]
    part = (depth - low) / (high - low)
    return row[at - 1] + part * (row[at] - row[at - 1])


def nash_push(depth_bb: float, behind: int) -> float:
    """The equilibrium width of an unopened all-in for ``depth_bb`` big blinds with
    ``behind`` players left to speak (five stand for more)."""
    return _at_depth(PUSH[max(1, min(5, behind))], depth_bb)


def nash_call(depth_bb: float, behind: int) -> float:
    """The equilibrium width of the big blind's call of such an all-in."""
    return _at_depth(CALL[max(1, min(5, behind))], depth_bb)


def seat_stats(view: dict, seat: int) -> dict | None:
    """The seat's counts, or None when the view has none (a view from before them)."""
    table = view.get("stats")
    if not table or seat is None or not 0 <= seat < len(table):
        return None
    return table[seat]


def watched(view: dict, seat: int, *chances: str) -> bool:
    """Whether the table saw ``seat`` have at least ``WATCHED`` of these chances (added)."""
    counts = seat_stats(view, seat)
    return bool(counts) and sum(counts.get(c, 0) for c in chances) >= WATCHED


def rate(counts: dict | None, hits: str, chances: str, assumed: float) -> float:
    """How often the player does ``hits`` when it has ``chances``: the assumption
    ``assumed`` moved towards what was seen, the more the more chances were seen."""
    if not counts:
        return assumed
    seen = counts.get(chances, 0)
    return (counts.get(hits, 0) + PRIOR * assumed) / (seen + PRIOR)


def seen(view: dict, seat: int, chances: str) -> int:
    """How many ``chances`` the table saw ``seat`` have (0 without statistics)."""
    counts = seat_stats(view, seat)
    return counts.get(chances, 0) if counts else 0


def open_shove_width(view: dict, seat: int, assumed: float, depth_bb: float, behind: int):
    """The range of an unopened all-in from ``seat``: its observed frequency of such
    all-ins, never narrower than the equilibrium's; and how many chances were seen."""
    counts = seat_stats(view, seat)
    width = rate(counts, "open_shoves", "open_chances", assumed)
    return min(1.0, max(width, nash_push(depth_bb, behind))), seen(view, seat, "open_chances")


def reshove_width(view: dict, seat: int, assumed: float) -> tuple[float, int]:
    """The range of an all-in over a raise from ``seat``, by how often it did that; and
    how many chances were seen."""
    width = rate(seat_stats(view, seat), "reshoves", "faced_raise", assumed)
    return min(1.0, width), seen(view, seat, "faced_raise")


def margin(seen_chances: int, least: float = 0.005, most: float = 0.02) -> float:
    """The equity asked beyond the price against a range read from the statistics: a
    stranger's range is a guess, a range read from many hands much less of one."""
    return least + (most - least) * PRIOR / (PRIOR + seen_chances)


def open_scale(view: dict, seat: int, usual: float) -> float:
    """How much wider than a sound player ``seat`` opens: its observed frequency of
    opening an unopened pot against ``usual``, a sound player's (1 for a stranger)."""
    if not watched(view, seat, "open_chances"):
        return 1.0
    return rate(seat_stats(view, seat), "opens", "open_chances", usual) / usual


def reraise_width(view: dict, seat: int, assumed: float) -> tuple[float, int]:
    """The range of a re-raise (not all-in) from ``seat``: ``assumed`` for a stranger, how
    often the table saw it re-raise a raise once it watched it; and the chances seen."""
    if not watched(view, seat, "faced_raise"):
        return assumed, 0
    width = rate(seat_stats(view, seat), "reraises", "faced_raise", assumed)
    return max(assumed / 2, min(0.6, width)), seen(view, seat, "faced_raise")
