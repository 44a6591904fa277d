"""Benchmark of pairing (pairing/services.py ``do_seek``) with 1,000 open seeks.

    nice python bench/pairing.py [--open 1000] [--seeks 200]

``--open`` seeks are kept open throughout, spread as a busy lobby would have them: the
three games that are paired (All-fours, Remigio, L'Ascenseur), their seat counts, the
four paces, rated and casual, a third with a rating range, ratings from 0 to 40; All-fours
at two seats live 60 s rated (the busiest kind) holds a tenth of them, most with ranges
the newcomers are outside of, so that the pairing reads and sieves many candidates.

Then ``--seeks`` newcomers each make one seek, timed: half of them of the busiest kind
(paired at once: the table created, both seated, the first game dealt, notices kept),
half of a kind nobody waits for (the seek stays open). After each, the seeks it paired
are replaced (untimed) so that ``--open`` stay open. Median and p99 in ms of each half,
and of all; the aim is p99 ≤ 50 ms (docs/performance.md).

A throwaway SQLite file (or DATABASE_URL's database, where it leaves its rows). Prints
one JSON object.
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

    if not settings.DATABASE_URL:
        call_command("migrate", verbosity=0)
    settings.PLAY_INPROCESS_SCHEDULER = False
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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--open", type=int, default=1000)
    parser.add_argument("--seeks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    tmp = setup_django()
    from django.db import connection
    from django.utils import timezone

    from pairing.models import Seek
    from pairing.services import do_seek

    rng = random.Random(args.seed)
    now = timezone.now()
    waiting = make_players("bench-waiting-", args.open + args.seeks)
    busy_count = args.open // 10
    Seek.objects.bulk_create([open_seek(u, rng, now, busy=n < busy_count)
                              for n, u in enumerate(waiting[:args.open])])
    spare = iter(waiting[args.open:])
    newcomers = make_players("bench-new-", args.seeks)
    # A few busy seekers who accept anybody: the newcomers (rated 0) are paired with them.
    for seek in Seek.objects.filter(**BUSY, status="open").order_by("pk")[:args.seeks]:
        if rng.random() < 0.5:
            Seek.objects.filter(pk=seek.pk).update(rating_min=None, rating_max=None)

    paired, unpaired = [], []
    for n, user in enumerate(newcomers):
        busy = n % 2 == 0
        kind = BUSY if busy else {"game_slug": "remigio", "seat_count": 8,
                                  "pace": "correspondence", "move_seconds": 14 * 86400,
                                  "rated": False}
        started = time.perf_counter()
        seek = do_seek(user, kind["game_slug"], seat_count=kind["seat_count"],
                       pace=kind["pace"], move_seconds=kind["move_seconds"],
                       rated=kind["rated"])
        elapsed = (time.perf_counter() - started) * 1000
        if seek.table is not None:
            paired.append(elapsed)
            replacement = open_seek(next(spare), rng, timezone.now(), busy=True)
            replacement.rating_min = replacement.rating_max = None
            replacement.save()
        else:
            unpaired.append(elapsed)
    open_now = Seek.objects.filter(status="open").count()
    result = {
        "database": connection.vendor, "open_seeks": open_now,
        "paired": summary(paired), "left_open": summary(unpaired),
        "all": summary(paired + unpaired), "aim_p99_ms": 50,
    }
    print(json.dumps(result, indent=2))
    tmp.cleanup()


if __name__ == "__main__":
    main()
