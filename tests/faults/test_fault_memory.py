"""The fault run's ``worker_memory_flat`` (faults/memory.py): how play_worker's sampled
memory is judged, each process on its own after its warm-up."""

from faults.memory import SLOPE_MB_PER_MINUTE, WARMUP_S, Life, MemorySampler, memory_check


def life(name, pid, start, seconds, mb_at):
    """Samples every 2 s for ``seconds`` from ``start``, sized ``mb_at(age)``."""
    return Life(name, pid, [(start + age, mb_at(age)) for age in range(0, seconds, 2)])


def check_of(*lives):
    sampler = MemorySampler(supervisor=None, elapsed=None)
    sampler.lives = {(each.name, each.pid): each for each in lives}
    return memory_check(sampler)


def warms_up_then_stays(age):
    return 100 + min(age, WARMUP_S) / 3  # +20 MB while warming up, then flat


def test_a_worker_that_grows_only_while_warming_up_is_flat():
    assert check_of(life("play_worker-1", 10, 0, 180, warms_up_then_stays)).ok


def test_a_worker_that_keeps_growing_after_its_warm_up_fails():
    leaking = 2 * SLOPE_MB_PER_MINUTE / 60  # MB a second
    check = check_of(life("play_worker-2", 11, 0, 180,
                          lambda age: warms_up_then_stays(age) + leaking * age))
    assert not check.ok
    [judged] = check.detail["processes"]
    assert judged["slope_mb_per_min"] > SLOPE_MB_PER_MINUTE


def test_a_restarted_worker_is_judged_apart_from_the_process_it_replaces():
    # killed at 54 s: the new process starts small again, which is no fall to average
    check = check_of(life("play_worker-1", 10, 0, 54, warms_up_then_stays),
                     life("play_worker-1", 12, 55, 125, warms_up_then_stays))
    assert check.ok
    assert [p["judged"] for p in check.detail["processes"]] == [False, True]


def test_a_run_too_short_to_judge_any_worker_fails():
    assert not check_of(life("play_worker-1", 10, 0, 60, warms_up_then_stays)).ok


def test_a_faults_one_off_step_is_no_growth_but_growth_between_faults_is():
    # a Redis restart at 126 s costs a worker 1.5 MB once (new connections, errors logged)
    def stepped(age):
        return warms_up_then_stays(age) + (1.5 if age >= 126 else 0)

    faults = [27, 54, 90, 126]
    sampler = MemorySampler(supervisor=None, elapsed=None)
    sampler.lives = {("play_worker-2", 11): life("play_worker-2", 11, 0, 180, stepped)}
    assert memory_check(sampler, faults).ok
    assert not memory_check(sampler, []).ok  # read across the step, it looks like growth
    leaking = 2 * SLOPE_MB_PER_MINUTE / 60
    sampler.lives = {("play_worker-2", 11): life("play_worker-2", 11, 0, 180,
                                                 lambda age: stepped(age) + leaking * age)}
    assert not memory_check(sampler, faults).ok
