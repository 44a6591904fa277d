"""The move scheduler's loop (`play_worker`) outlives a database restart: it waits 0.5 s,
then twice as long after each failure in a row, and starts again from 0.5 s once a pass
succeeds (play/clock/scheduler.py's run_forever, taverne/backoff.py)."""

import asyncio
import logging

from django.db.utils import InterfaceError, OperationalError

from play.clock import scheduler
from taverne.backoff import Backoff


class RecordedBackoff(Backoff):
    """Remembers the delays it gives and lets the test run without waiting them."""

    delays: list[float] = []

    def failed(self) -> float:
        RecordedBackoff.delays.append(super().failed())
        return 0


def test_the_scheduler_survives_database_errors_and_backs_off_then_resets(
    monkeypatch, caplog
):
    RecordedBackoff.delays = []
    stop = asyncio.Event()
    passes = iter([
        OperationalError("server closed the connection unexpectedly"),
        OperationalError("connection refused"),
        InterfaceError("connection already closed"),
        [],  # the database is back
        OperationalError("the next restart"),
        [],
    ])
    seen = []

    def one_pass():
        outcome = next(passes)
        seen.append(outcome)
        if len(seen) == 6:
            stop.set()
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    monkeypatch.setattr(scheduler, "_run_due_and_close", one_pass)
    monkeypatch.setattr(scheduler, "reannounce_live_tables", lambda: 0)
    monkeypatch.setattr(scheduler, "Backoff", RecordedBackoff)
    with caplog.at_level(logging.WARNING, logger="play.clock.scheduler"):
        asyncio.run(scheduler.run_forever(interval=0.01, stop=stop))

    assert len(seen) == 6  # every pass ran: the loop did not end on an error
    assert RecordedBackoff.delays == [0.5, 1.0, 2.0, 0.5]
    # An outage is no bug: warnings without a traceback, and one when it is over.
    messages = [record.getMessage() for record in caplog.records]
    assert [m.split(" (")[0] for m in messages if "failed, a service is down" in m] == [
        "scheduler pass failed, a service is down"] * 4
    assert [m for m in messages if "succeeded" in m] == [
        "scheduler pass succeeded again (failed passes before: 3)",
        "scheduler pass succeeded again (failed passes before: 1)"]
    assert not any(record.exc_info for record in caplog.records)


def test_the_backoff_doubles_up_to_thirty_seconds_and_resets_on_success():
    backoff = Backoff()
    delays = [backoff.failed() for _ in range(9)]
    assert delays == [0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]
    backoff.succeeded()
    assert backoff.failed() == 0.5
