"""Benchmark of a contest's standings page with 50 to 500,000 finished hands.

    nice python bench/contest_standings.py [--hands 50 5000 50000] [--players 100]
                                           [--requests 50]

For each number of hands, a fresh contest of Ramponneau gets that many finished hands,
bulk-created as play records them (a ``Game`` with its result, a ``HandDeal`` per player
dealt in) at tables of two among ``--players`` players, and its score rows
(``economy.contests.rebuild``, timed too). Then the page's fragment (what htmx polls every
10 s) and the whole page are asked ``--requests`` times each through Django's test client:
median and p99 in ms. The baseline, in the same run: the standings computed from every
hand of the period as the page did before the rows were kept (``_history``, 5 times),
and what keeping them costs each hand as it ends (``game_finished``, median and p99).

A throwaway SQLite file (or DATABASE_URL's database, where it leaves its rows). Prints
one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))], 3)


def timed(call, times) -> list[float]:
    samples = []
    for _ in range(times):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(samples):
    return {"samples": len(samples), "p50_ms": round(statistics.median(samples), 3),
            "p99_ms": percentile(samples, 99)}


def setup_django():
    tmp = tempfile.TemporaryDirectory(prefix="taverne-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.ws_settings")
    os.environ.setdefault("BENCH_SQLITE", str(Path(tmp.name) / "bench.sqlite3"))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    if not settings.DATABASE_URL:
        call_command("migrate", verbosity=0)
    settings.ALLOWED_HOSTS = ["*"]
    return tmp


def players(count):
    from accounts.models import User

    existing = list(User.objects.filter(username__startswith="bench-")
                    .order_by("pk")[:count])
    fresh = [User(username=f"bench-{n}", display_name=f"Joueur {n}", name_key=f"bench-{n}")
             for n in range(len(existing), count)]
    User.objects.bulk_create(fresh, batch_size=1000)
    return list(User.objects.filter(username__startswith="bench-").order_by("pk")[:count])


def contest_with_hands(hands, users, per_table=1000):
    """A contest whose period holds ``hands`` finished hands of two players, and nothing
    of the other sizes' (each size has a day of its own, in the past: the page shows the
    winners above the standings)."""
    from django.utils import timezone

    from economy.models import Contest, HandDeal
    from play.models import Game, Table

    starts = timezone.now() - timedelta(days=2 * (Contest.objects.count() + 1))
    now = starts + timedelta(hours=1)  # when its hands finished
    contest = Contest.objects.create(game_slug="ramponneau", name=f"Banc {hands}",
                                     starts_at=starts, ends_at=starts + timedelta(days=1))
    tables = Table.objects.bulk_create(
        Table(game_slug="ramponneau", seat_count=2, status=Table.Status.PLAYING,
              invite_token=f"bench-{contest.pk}-{n}")
        for n in range((hands + per_table - 1) // per_table))
    day, batch, deals = timezone.localdate(), [], []
    for n in range(hands):
        table, number = tables[n // per_table], n % per_table + 1
        # Every player plays from the 50th hand on (with the default 100 players), so each
        # size ranks the same number of players: the page's rows are the players.
        a, b = users[(2 * n) % len(users)], users[(2 * n + 1 + n // len(users)) % len(users)]
        if a == b:
            b = users[(2 * n + 2) % len(users)]
        won = (n % 13) - 6
        batch.append(Game(table=table, number=number, state={}, version=9,
                          status=Game.Status.FINISHED, finished_at=now,
                          result={"scores": [won, -won], "winners": [0 if won > 0 else 1]}))
        deals += [HandDeal(user=a, game_slug="ramponneau", day=day, table_id=table.pk,
                           game_number=number, position=0, source="free"),
                  HandDeal(user=b, game_slug="ramponneau", day=day, table_id=table.pk,
                           game_number=number, position=1, source="free")]
        if len(batch) >= 5000:
            Game.objects.bulk_create(batch)
            HandDeal.objects.bulk_create(deals)
            batch, deals = [], []
    Game.objects.bulk_create(batch)
    HandDeal.objects.bulk_create(deals)
    return contest, tables


def measure(hands, users, requests, baseline_runs):
    from django.db import transaction
    from django.test import Client

    from economy import contests
    from play.models import Game

    start = time.perf_counter()
    contest, tables = contest_with_hands(hands, users)
    created_s = time.perf_counter() - start
    start = time.perf_counter()
    ranked = contests.rebuild(contest)
    rebuild_ms = (time.perf_counter() - start) * 1000
    client = Client()
    url = contest.get_absolute_url()
    assert client.get(url).status_code == 200
    fragment = timed(lambda: client.get(url, headers={"HX-Request": "true"}), requests)
    page = timed(lambda: client.get(url), requests)
    history = timed(lambda: contests._history(contest), baseline_runs)
    last = list(Game.objects.filter(table=tables[-1]).select_related("table")
                .order_by("-number")[:50])

    def finish_one(game):
        with transaction.atomic():
            contests.game_finished(game)
            transaction.set_rollback(True)  # leave the totals as they were

    ended = []
    for game in last:
        begin = time.perf_counter()
        finish_one(game)
        ended.append((time.perf_counter() - begin) * 1000)
    return {
        "hands": hands,
        "players_ranked": ranked,
        "bulk_create_s": round(created_s, 1),
        "rebuild_ms": round(rebuild_ms, 1),
        "fragment": summary(fragment),
        "page": summary(page),
        "baseline_from_history": summary(history),
        "game_finished": summary(ended),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[50, 5000, 50000])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument("--baseline-runs", type=int, default=5)
    args = parser.parse_args()
    tmp = setup_django()
    from django.db import connection

    users = players(args.players)
    results = [measure(n, users, args.requests, args.baseline_runs) for n in args.hands]
    print(json.dumps({
        "benchmark": "contest_standings",
        "database": connection.vendor,
        "players": args.players,
        "requests_per_size": args.requests,
        "runs": results,
    }, indent=2))
    tmp.cleanup()


if __name__ == "__main__":
    main()
