"""The fault run's judgement (faults/checks.py, faults/database.py): which failed checks
fail the run, and where an acknowledged act must sit in its game's log. The run itself
(faults/run.py) starts its own PostgreSQL and Redis: CI runs it after the suite."""

from faults.checks import KNOWN_DEFECTS, Check, verdict
from faults.database import logged_where_acknowledged
from faults.run import fault_plan


def test_a_known_defect_warns_and_a_data_check_fails_the_run():
    found = [Check("presence_after_close", False, ["ghost"]), Check("played", True)]
    assert verdict(found, strict=False, promoted=set()) | {"checks": None} == {
        "ok": True, "failed": [], "warnings": ["presence_after_close"], "checks": None}
    lost = verdict([Check("no_acked_act_lost", False, ["abc"])], strict=False, promoted=set())
    assert lost["ok"] is False and lost["failed"] == ["no_acked_act_lost"]


def test_strict_or_fatal_makes_a_known_defect_fail_the_run():
    found = [Check("no_process_died", False, {"db_worker": []})]
    assert verdict(found, strict=True, promoted=set())["failed"] == ["no_process_died"]
    assert verdict(found, strict=False, promoted={"no_process_died"})["ok"] is False
    [row] = verdict(found, strict=False, promoted=set())["checks"]
    assert row["severity"] == "warning" and row["known_defect"] == KNOWN_DEFECTS[row["name"]]


def test_an_acknowledged_act_is_the_action_after_the_version_it_was_sent_on():
    ack = {"id": "a1", "version": 8, "game_id": 3, "sent_on": 6}
    assert logged_where_acknowledged(ack, {"game_id": 3, "seq": 7})  # a deal followed it
    assert not logged_where_acknowledged(ack, {"game_id": 3, "seq": 9})  # after the ack
    assert not logged_where_acknowledged(ack, {"game_id": 3, "seq": 6})  # on a stale view
    assert not logged_where_acknowledged(ack, {"game_id": 4, "seq": 7})  # another game


def test_the_faults_strike_one_at_a_time_in_order():
    plan = fault_plan(worker_kills=3)
    shares = [share for share, _name in plan]
    assert shares == sorted(shares) and len(set(shares)) == len(shares)
    assert [name for _, name in plan].count("kill_play_worker") == 3
    assert {name for _, name in plan} == {"kill_daphne", "kill_play_worker",
                                          "restart_postgres", "stop_redis"}
