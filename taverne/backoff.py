"""How long a worker loop waits after a failure: 0.5 s, doubling to 30 s, reset on success.

The long-running loops (the move scheduler of `play_worker`, the task worker `db_worker`)
must outlive a database or Redis restart: they wait a little more after each failure in a
row, so an outage costs a few log lines rather than one a tick, and they are back within
half a minute of the service.
"""

from __future__ import annotations

FIRST = 0.5  # seconds
MOST = 30.0


class Backoff:
    """The delays of one loop: ``failed()`` returns the next wait, ``succeeded()`` resets."""

    def __init__(self, first: float = FIRST, most: float = MOST):
        self.first, self.most = first, most
        self.failures = 0

    def failed(self) -> float:
        """Count one more failure in a row; the seconds to wait before the next try."""
        delay = min(self.most, self.first * 2 ** self.failures)
        self.failures += 1
        return delay

    def succeeded(self) -> None:
        self.failures = 0
