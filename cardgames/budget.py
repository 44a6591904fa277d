"""The maîtres' search budgets: work done, with the wall clock only as a safety stop.

A search that stops on the clock plays weaker when the server is busy: under load the
maître got 19–42 ms of CPU where a quiet machine gives it 53 ms (issue 32). So each search
counts the work it has done in its own units (imagined deals, cards played out, cards
tried) against a budget in those units, sized so that a quiet machine spends about what
the clock used to allow: a decision is then a function of the view and the rng only, the
same on a loaded machine as on a quiet one. The clock is still read, but only as a safety
stop that a pathological case reaches (a machine slowed some thirtyfold, a position far
costlier than any measured), so that no decision can hold a worker for long.
"""

from __future__ import annotations

import time

# Far above any decision's time on a quiet machine (p99 CPU about 60 ms): reached only when
# something is badly wrong. Not 1 s: an arena niced under a load of 8–12 on two cores (the
# maître given a seventh of a core) saw p99 825 ms and a slowest decision of 1.08 s
# (docs/performance.md, "The maître budgeted by work"), and such a load must not weaken it.
SAFETY_SECONDS = 2.0


class Budget:
    """Units of work a search may still spend, and the wall-clock time it must stop at.

    ``spend(units)`` counts work done; ``left()`` says whether to go on. The clock is read
    through ``time.perf_counter`` at each ``left()`` (cheap next to a unit of work), so a
    test can slow it down and check that only the safety stop depends on it.
    """

    __slots__ = ("limit", "spent", "stop")

    def __init__(self, limit: float, seconds: float = SAFETY_SECONDS):
        self.limit = limit
        self.spent = 0.0
        self.stop = time.perf_counter() + seconds

    def spend(self, units: float = 1) -> None:
        self.spent += units

    def left(self) -> bool:
        """Work left to do: the budget not spent, and the safety stop not reached."""
        return self.spent < self.limit and time.perf_counter() < self.stop
