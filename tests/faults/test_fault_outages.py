"""The fault run's judgement of play through Redis's outage and of the sockets opened during
an outage (faults/outages.py), on recorded times: no run needed."""

from faults.outages import answered, play_through_redis_outage, usual_pace

REDIS = {"fault": "stop_redis", "at_s": 100.0, "requests": {"back_at_s": 120.5}}


def acks(pace_by_window):
    """Ack times at a steady pace within each (start, end, acks per second)."""
    times = []
    for start, end, per_s in pace_by_window:
        count = int((end - start) * per_s)
        times += [start + (i + 0.5) / per_s for i in range(count)]
    return times


def test_play_going_on_through_the_outage_passes():
    ok, detail = play_through_redis_outage(acks([(0, 180, 4)]), [REDIS])
    assert ok, detail
    assert detail["usual_acks_per_s"] == 4


def test_play_stalled_while_redis_is_down_fails():
    ok, detail = play_through_redis_outage(
        acks([(0, 100, 5), (100, 120, 0.5), (120, 180, 5)]), [REDIS])
    assert not ok and detail["during"] < 1


def test_play_slow_to_come_back_after_redis_fails():
    ok, _ = play_through_redis_outage(
        acks([(0, 100, 5), (100, 121, 5), (121, 131, 0.2), (131, 180, 5)]), [REDIS])
    assert not ok


def test_a_burst_after_another_fault_does_not_make_the_usual_pace():
    # The acts resent once PostgreSQL is back, just before Redis stops.
    times = acks([(0, 80, 4), (80, 86, 0), (86, 100, 14), (100, 121, 3), (121, 180, 4)])
    assert usual_pace(times, (100.5, 125.5)) == 4
    assert play_through_redis_outage(times, [REDIS])[0]


def test_a_run_without_redis_outage_fails_the_check():
    assert not play_through_redis_outage(acks([(0, 60, 4)]), [])[0]


def test_a_socket_is_answered_by_unavailable_and_4503_in_time_or_opened():
    refused = {"first": {"type": "error", "code": "unavailable"}, "close": 4503, "took_s": 2}
    assert answered(refused)
    assert answered({"opened": True, "took_s": 9})
    assert not answered(refused | {"close": 1011})
    assert not answered(refused | {"took_s": 14})
    assert not answered({"failure": "InvalidMessage", "took_s": 5})
