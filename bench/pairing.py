"""Benchmark of pairing (pairing/services.py ``do_seek``) with 1,000 open seeks.

    nice python bench/pairing.py [--open 1000] [--seeks 200]

``--open`` seeks are kept open throughout, spread as a busy lobby would have them: the
three games that are paired (All-fours, Remigio, L'Ascenseur), their seat counts, the
four paces, rated and casual, a third with a rating range, ratings from 0 to 40; All-fours
at two seats live 60 s rated (the busiest kind) holds a tenth of them, most with ranges
the newcomers are outside of (the query leaves them out: the candidates read are those
the newcomer may play).

Then ``--seeks`` newcomers each make one seek, timed: half of them of the busiest kind
(paired at once: the table created, both seated, the first game dealt, notices kept),
half of a kind nobody waits for (the seek stays open, then is taken back, untimed).
After each, the seeks it paired are replaced (untimed) so that ``--open`` stay open.
Median and p99 in ms of each half, and of all; the aim is p99 ≤ 50 ms
(docs/performance.md). A paired seek is also cut in three: the pairing's decision (the
checks, the pool's lock, the candidates read, the seeks locked and marked), the table's
opening (created, seated, dealt, the notices kept) and what runs after the commit
(broadcasts; the notices' deliveries queued for the worker, as deployed). The first six
seeks are not timed (they load URLs, engines).
``candidate_plan`` is the database's plan for the query reading a pool's candidates.
``--profile FILE`` writes a cProfile of the timed seeks. Beside the wall-clock times,
the CPU time of the process (``*_cpu``: on a machine shared with others, what the seek
itself costs) and the queries each seek sends.

A throwaway SQLite file, or DATABASE_URL's database (migrated; the bench's rows stay,
an earlier run's seeks are closed first):

    DATABASE_URL=postgres://taverne:taverne@127.0.0.1:5432/taverne_pairing \
        nice .venv/bin/python bench/pairing.py

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BUSY = {"game_slug": "all-fours", "seat_count": 2, "pace": "live", "move_seconds": 60,
        "rated": True}


def percentile(values, p):
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))], 3)


def summary(samples):
    return {"samples": len(samples), "p50_ms": round(statistics.median(samples), 3),
            "p99_ms": percentile(samples, 99), "max_ms": round(max(samples), 3)}


def setup_django():
    tmp = tempfile.TemporaryDirectory(prefix="taverne-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.ws_settings")
    os.environ.setdefault("BENCH_SQLITE", str(Path(tmp.name) / "bench.sqlite3"))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    settings.PLAY_INPROCESS_SCHEDULER = False
    # As deployed (a worker beside the site): the notices' deliveries are queued in the
    # database, not run inside the seek as the embedded mode's immediate backend does.
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    from asgiref.local import Local
    from django.tasks import task_backends

    task_backends._settings = None  # read again from the settings above
    task_backends.__dict__.pop("settings", None)
    task_backends._connections = Local(task_backends.thread_critical)
    assert type(task_backends["default"]).__name__ == "DatabaseBackend"
    return tmp


def make_players(prefix, count):
    from allauth.account.models import EmailAddress

    from accounts.models import User

    users = User.objects.bulk_create([
        User(username=f"{prefix}{n}", email=f"{prefix}{n}@example.com",
             display_name=f"{prefix}{n}", password="!") for n in range(count)])
    users = list(User.objects.filter(username__startswith=prefix).order_by("pk"))
    EmailAddress.objects.bulk_create([
        EmailAddress(user=u, email=u.email, primary=True, verified=True) for u in users])
    return users


KINDS = [  # (game, seats) the engines accept
    ("all-fours", 2), ("all-fours", 4), ("remigio", 3), ("remigio", 4), ("remigio", 6),
    ("ascenseur", 3), ("ascenseur", 4), ("ascenseur", 5),
]
PACES = [("live", 30), ("live", 60), ("live", 120), ("correspondence", 3 * 86400)]


def open_seek(user, rng, now, busy=False):
    from pairing.models import Seek

    if busy:
        kind = dict(BUSY)
    else:
        game, seats = rng.choice(KINDS)
        pace, seconds = rng.choice(PACES)
        kind = {"game_slug": game, "seat_count": seats, "pace": pace,
                "move_seconds": seconds, "rated": rng.random() < 0.6}
        if kind == BUSY:
            kind["rated"] = False
    rating = rng.randint(0, 40)
    low = high = None
    if busy or rng.random() < 0.33:
        low = max(0, rating - rng.randint(2, 10)) if busy else rating - 10
        high = rating + 10
    return Seek(user=user, rating=rating, rating_min=low, rating_max=high,
                alive_until=now + timedelta(days=30), **kind)


class QueryCounter:
    """The queries a seek sends (``connection.execute_wrapper``): a figure the machine's
    load does not change."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


class Phases:
    """Times the parts of each ``do_seek`` without touching the services: the table's
    opening (``_seat``: created, seated, dealt, the players told) and what runs after
    the commit (the broadcasts, the notices' tasks queued)."""

    def __init__(self):
        from django.db.backends.base.base import BaseDatabaseWrapper

        import pairing.services as services

        self.current = {}
        self._wrap(services, "_seat", "opening")
        self._wrap(BaseDatabaseWrapper, "run_and_clear_commit_hooks", "after_commit")

    def _wrap(self, owner, name, key):
        original = getattr(owner, name)
        phases = self

        def timed(*args, **kwargs):
            started, cpu_started = time.perf_counter(), time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                phases.current[key] = (phases.current.get(key, 0)
                                       + (time.perf_counter() - started) * 1000)
                phases.current[key + "_cpu"] = (
                    phases.current.get(key + "_cpu", 0)
                    + (time.process_time() - cpu_started) * 1000)

        setattr(owner, name, timed)

    def take(self):
        taken, self.current = self.current, {}
        return taken


def candidate_plan(user, kind):
    """The database's plan for the query that reads a pool's candidates (it must go
    through the index seek_pool_open, never scan the seeks)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from pairing.models import Seek
    from pairing.services import _partners

    probe = Seek(user=user, rating=0, alive_until=None, **kind)
    from django.utils import timezone

    with CaptureQueriesContext(connection) as queries:
        _partners(probe, timezone.now(), with_bots=False)
    sql = next(q["sql"] for q in queries.captured_queries
               if '"pairing_seek"' in q["sql"] and "ORDER BY" in q["sql"])
    explain = "EXPLAIN QUERY PLAN " if connection.vendor == "sqlite" else "EXPLAIN "
    with connection.cursor() as cursor:
        cursor.execute(explain + sql)
        return [" ".join(str(part) for part in row) for row in cursor.fetchall()]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--open", type=int, default=1000)
    parser.add_argument("--seeks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", metavar="FILE",
                        help="write a cProfile of the timed seeks to FILE")
    args = parser.parse_args()
    tmp = setup_django()
    from django.db import connection
    from django.utils import timezone

    from pairing.models import Seek
    from pairing.services import do_seek

    rng = random.Random(args.seed)
    now = timezone.now()
    warm = 6
    # A database kept between runs (DATABASE_URL): the seeks of earlier runs closed,
    # this run's players named apart.
    Seek.objects.filter(user__username__startswith="bench-", status="open").update(
        status="cancelled")
    run = f"{int(time.time())}-"
    waiting = make_players(f"bench-waiting-{run}", args.open + args.seeks + warm)
    busy_count = args.open // 10
    Seek.objects.bulk_create([open_seek(u, rng, now, busy=n < busy_count)
                              for n, u in enumerate(waiting[:args.open])])
    spare = iter(waiting[args.open:])
    newcomers = make_players(f"bench-new-{run}", args.seeks + warm)
    # A few busy seekers who accept anybody: the newcomers (rated 0) are paired with them.
    for seek in Seek.objects.filter(**BUSY, status="open").order_by("pk")[:args.seeks]:
        if rng.random() < 0.5:
            Seek.objects.filter(pk=seek.pk).update(rating_min=None, rating_max=None)
    plan = candidate_plan(newcomers[0], BUSY)
    phases = Phases()
    profiler = None

    paired, unpaired, decision, opening, after_commit = [], [], [], [], []
    paired_cpu, unpaired_cpu, paired_queries, unpaired_queries = [], [], [], []
    decision_cpu, opening_cpu, after_commit_cpu = [], [], []
    for n, user in enumerate(newcomers):
        timed = n >= warm  # the first few load the URLs, the engines, the templates
        if timed and n == warm and args.profile:
            import cProfile

            profiler = cProfile.Profile()
            profiler.enable()
        busy = n % 2 == 0
        kind = BUSY if busy else {"game_slug": "remigio", "seat_count": 8,
                                  "pace": "correspondence", "move_seconds": 14 * 86400,
                                  "rated": False}
        phases.take()
        counter = QueryCounter()
        started, cpu_started = time.perf_counter(), time.process_time()
        with connection.execute_wrapper(counter):
            seek = do_seek(user, kind["game_slug"], seat_count=kind["seat_count"],
                           pace=kind["pace"], move_seconds=kind["move_seconds"],
                           rated=kind["rated"])
        elapsed = (time.perf_counter() - started) * 1000
        cpu = (time.process_time() - cpu_started) * 1000
        parts = phases.take()
        if seek.table is not None:
            replacement = open_seek(next(spare), rng, timezone.now(), busy=True)
            replacement.rating_min = replacement.rating_max = None
            replacement.save()
        if not timed:
            continue
        if seek.table is not None:
            paired.append(elapsed)
            paired_cpu.append(cpu)
            paired_queries.append(counter.count)
            opening.append(parts.get("opening", 0))
            after_commit.append(parts.get("after_commit", 0))
            decision.append(elapsed - opening[-1] - after_commit[-1])
            opening_cpu.append(parts.get("opening_cpu", 0))
            after_commit_cpu.append(parts.get("after_commit_cpu", 0))
            decision_cpu.append(cpu - opening_cpu[-1] - after_commit_cpu[-1])
        else:
            unpaired.append(elapsed)
            unpaired_cpu.append(cpu)
            unpaired_queries.append(counter.count)
        if seek.table is None and not busy:
            # Taken back (untimed): that pool never fills up to a table of eight.
            Seek.objects.filter(pk=seek.pk).update(status="cancelled")
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(args.profile)
    open_now = Seek.objects.filter(status="open").count()
    result = {
        "database": connection.vendor, "open_seeks": open_now, "warm_up_seeks": warm,
        "paired": summary(paired),
        "paired_parts": {"decision": summary(decision), "opening": summary(opening),
                         "after_commit": summary(after_commit)},
        "paired_cpu": summary(paired_cpu),
        "paired_parts_cpu": {"decision": summary(decision_cpu),
                             "opening": summary(opening_cpu),
                             "after_commit": summary(after_commit_cpu)},
        "paired_queries": {"median": statistics.median(paired_queries),
                           "max": max(paired_queries)},
        "left_open": summary(unpaired),
        "left_open_cpu": summary(unpaired_cpu),
        "left_open_queries": {"median": statistics.median(unpaired_queries),
                              "max": max(unpaired_queries)},
        "all": summary(paired + unpaired), "aim_p99_ms": 50,
        "candidate_plan": plan,
    }
    print(json.dumps(result, indent=2))
    tmp.cleanup()


if __name__ == "__main__":
    main()
