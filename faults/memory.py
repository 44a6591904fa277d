"""play_worker's memory over the fault run (issue 33): its resident size sampled every few
seconds, and the check ``worker_memory_flat``.

A worker that runs for days must not grow with the games it plays. A run of minutes cannot
wait for a plateau, so the check reads the slope: after each worker process's warm-up
(imports, its first games, the first fill of its bounded memos), its resident size's rate
of growth, in MB a minute, must stay under ``SLOPE_MB_PER_MINUTE``. The rate is read
between the faults: a fault costs a worker a step once (a Redis restart some 1.5 MB: new
connections, the errors logged), which is no growth with play, so the samples of
``SETTLE_S`` seconds from each fault on are left out and the rate is the least-squares
slope of each stretch between faults, weighted by its length. A worker the run kills and
starts again is a new process whose memory starts again: each process (each pid) is
judged on its own, when it lived long enough to be.

Nothing here imports Django: it reads /proc.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

from faults.checks import Check

SAMPLE_EVERY_S = 2.0
# Seconds of a process's life left out before its slope is read: Django's imports, the
# first games' engines and bots, the first fill of the meld solver's memos
# (cardgames/melds/count.py, CACHE_LIMIT).
WARMUP_S = 60.0
# Seconds after a fault whose samples are left out (the step a fault costs).
SETTLE_S = 15.0
# Seconds of samples after the warm-up and between the faults, at least, for a process
# to be judged; a stretch between two faults counts from STRETCH_S on.
MIN_WINDOW_S = 30.0
STRETCH_S = 10.0
# The growth allowed after the warm-up, in MB a minute (faults/README.md says what was
# measured before and after issue 33's fixes).
SLOPE_MB_PER_MINUTE = 1.0


def rss_kb(pid: int) -> int | None:
    """A process's resident set size (VmRSS), in kB; None once it is gone."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


@dataclass
class Life:
    """One process of a worker (a name and a pid): its samples, (seconds into the run, MB)."""

    name: str
    pid: int
    samples: list[tuple[float, float]] = field(default_factory=list)


class MemorySampler:
    """Samples the resident size of every process of ``supervisor`` whose name starts with
    ``prefix`` while the run plays; ``elapsed`` gives the seconds into the run."""

    def __init__(self, supervisor, elapsed, prefix: str = "play_worker"):
        self.supervisor = supervisor
        self.elapsed = elapsed
        self.prefix = prefix
        self.lives: dict[tuple[str, int], Life] = {}

    def sample(self) -> None:
        at = self.elapsed()
        for name, entry in self.supervisor.procs.items():
            if not name.startswith(self.prefix) or entry.process is None:
                continue
            if entry.process.poll() is not None:
                continue
            size = rss_kb(entry.process.pid)
            if size is None:
                continue
            life = self.lives.setdefault((name, entry.process.pid),
                                         Life(name, entry.process.pid))
            life.samples.append((at, size / 1024))

    async def run(self) -> None:
        while True:
            await asyncio.to_thread(self.sample)
            await asyncio.sleep(SAMPLE_EVERY_S)


def slope_per_minute(samples: list[tuple[float, float]]) -> float:
    """The least-squares slope of (seconds, MB) samples, in MB a minute."""
    n = len(samples)
    mean_t = sum(t for t, _ in samples) / n
    mean_m = sum(m for _, m in samples) / n
    spread = sum((t - mean_t) ** 2 for t, _ in samples)
    if not spread:
        return 0.0
    return 60 * sum((t - mean_t) * (m - mean_m) for t, m in samples) / spread


def stretches(samples: list, faults_at: list[float]) -> list[list]:
    """``samples`` cut at each fault, without those of the SETTLE_S seconds after it."""
    cuts, current = [], []
    for t, m in samples:
        if any(f <= t < f + SETTLE_S for f in faults_at):
            continue
        if current and any(current[-1][0] < f <= t for f in faults_at):
            cuts.append(current)
            current = []
        current.append((t, m))
    return [*cuts, current] if current else cuts


def judge(life: Life, faults_at: list[float]) -> dict:
    """What a process's memory did: its first, warm and last sizes, and (when it lived long
    enough) its rate of growth after its warm-up, between the faults."""
    first_t = life.samples[0][0]
    window = [(t, m) for t, m in life.samples if t - first_t >= WARMUP_S]
    kept = [s for s in stretches(window, faults_at)
            if len(s) >= 4 and s[-1][0] - s[0][0] >= STRETCH_S]
    spans = [s[-1][0] - s[0][0] for s in kept]
    verdict = {"name": life.name, "pid": life.pid,
               "from_s": round(first_t, 1), "to_s": round(life.samples[-1][0], 1),
               "first_mb": round(life.samples[0][1], 1),
               "max_mb": round(max(m for _, m in life.samples), 1),
               "last_mb": round(life.samples[-1][1], 1),
               # its size every 10 s (seconds into the run: MB), to set beside the faults
               "mb_by_s": {round(t): round(m, 1) for t, m in life.samples[::5]}}
    if sum(spans) < MIN_WINDOW_S:
        return verdict | {"judged": False}
    slope = sum(slope_per_minute(s) * span for s, span in zip(kept, spans, strict=True)
                ) / sum(spans)
    return verdict | {"judged": True, "warm_mb": round(window[0][1], 1),
                      "judged_s": [[round(s[0][0]), round(s[-1][0])] for s in kept],
                      "slope_mb_per_min": round(slope, 2),
                      "flat": slope <= SLOPE_MB_PER_MINUTE}


def memory_check(sampler: MemorySampler, faults_at: list[float] = ()) -> Check:
    """``worker_memory_flat``: every play_worker process judged grew less than
    SLOPE_MB_PER_MINUTE after its warm-up, between the faults (``faults_at``, seconds into
    the run); at least one was judged (a run too short to judge any proves nothing and
    fails)."""
    verdicts = [judge(life, list(faults_at)) for life in sampler.lives.values()
                if life.samples]
    judged = [v for v in verdicts if v["judged"]]
    ok = bool(judged) and all(v["flat"] for v in judged)
    return Check("worker_memory_flat", ok,
                 {"slope_limit_mb_per_min": SLOPE_MB_PER_MINUTE, "warmup_s": WARMUP_S,
                  "faults_at_s": list(faults_at),
                  "processes": verdicts})
