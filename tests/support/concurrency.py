"""Racing threads against one database row: the concurrency tests' one harness.

Each thread has its own database connection (Django opens one per thread) and closes it
when done, so PostgreSQL sees real concurrent transactions and row locks.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

# PostgreSQL only: SQLite serialises writers, so a race there proves nothing.
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row-lock concurrency is tested on PostgreSQL (set DATABASE_URL)",
)


def race(count: int, work: Callable[[int], object], timeout: float = 60) -> list:
    """Run ``work(n)`` for n in 0..count-1, each in its own thread, all released together.

    Returns what each call returned, or the exception it raised, in order of ``n``.
    """
    barrier = threading.Barrier(count)
    outcomes: list = [None] * count

    def worker(n: int) -> None:
        try:
            barrier.wait()
            outcomes[n] = work(n)
        except Exception as error:  # noqa: BLE001 - handed to the test, which judges it
            outcomes[n] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a racing thread never finished"
    return outcomes
