"""What one move costs the server, stage by stage, without sockets: the act (lock, engine,
log row, save; `do_act`), then the frames of the table's four seats built from the
snapshot the act published (JSON, and HTML as the table page receives them).

    python bench/move_cost.py [--tables 20] [--rounds 25] [--game ascenseur] [--no-notices]

``--no-notices`` runs the same code with what a move tells its players outside the table
switched off (play/actions/account_events.py: the account stream's events and the notices
kept): run alternately with and without, it measures what the notices cost a move.
``--served`` plays the moves as the server does, in a worker thread beside a running
event loop (a send to the channel layer is then a hop to that loop, not a loop of its
own, as it is without a server).

A fresh SQLite file by default; with DATABASE_URL set, that (migrated) database. The
broadcast is not sent (no server runs): bench/ws_tables.py measures the whole path.
Prints one JSON object: milliseconds per move for each stage (median and p90), and the
queries of one act.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup(tables: int, game_slug: str):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.ws_settings")
    os.environ.setdefault("BENCH_SQLITE", str(Path(tempfile.mkdtemp()) / "bench.sqlite3"))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    if not settings.DATABASE_URL:
        call_command("migrate", verbosity=0)
    from datetime import timedelta

    from django.utils import timezone

    import play.actions.broadcast as broadcast
    from accounts.models import User
    from play.actions import do_create_table, do_join
    from play.models import Presence, Seat
    from play.snapshots import snapshots

    broadcast.group_send = lambda *args, **kwargs: None  # no server to send to
    run = os.urandom(3).hex()
    layout = []
    for t in range(tables):
        users = [User.objects.create_user(f"m{run}-{t}-{p}", display_name=f"J{p} {t}{run}")
                 for p in range(4)]
        table = do_create_table(users[0], game_slug, seat_count=4)
        for user in users[1:]:
            do_join(table, user)
        # everyone at the table: a socket open at each seat for the run
        Presence.objects.bulk_create(
            Presence(seat=seat, expires_at=timezone.now() + timedelta(hours=1))
            for seat in Seat.objects.filter(table=table)
        )
        snapshots.get(table.pk)
        layout.append((table, users))
    return layout


def percentiles(values):
    ordered = sorted(values)
    return {"p50_ms": round(statistics.median(ordered), 3),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--game", default="ascenseur")
    parser.add_argument("--no-notices", action="store_true")
    parser.add_argument("--served", action="store_true")
    args = parser.parse_args()
    layout = setup(args.tables, args.game)
    if args.no_notices:
        import play.actions.account_events as account_events

        account_events.announce_each = lambda events: None
        account_events.turn_given = lambda *args, **kwargs: None
        account_events.game_over = lambda *args, **kwargs: None

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from play.actions import do_act
    from play.presentation.table import render_table_fragments
    from play.presentation.view import view_from_snapshot
    from play.snapshots import snapshots

    def one_move(table, users):
        """One move at ``table`` and its four frames: (act ms, JSON ms, HTML ms, the act's
        statements), or None when the table's game is over."""
        game = snapshots.get(table.pk).game
        if game is None or game.status != "playing":
            return None
        action = table.engine.legal_actions(game.state)[0]
        # The first act's statements are listed; the others run without the debug cursor.
        capture = CaptureQueriesContext(connection) if not moves else nullcontext([])
        started, cpu_started = time.perf_counter(), time.process_time()
        with capture as captured:
            do_act(game.pk, users[game.state["actor"]], action, game.version,
                   client_id=os.urandom(6).hex(), table_id=table.pk)
        act = (time.perf_counter() - started) * 1000
        act_cpu = (time.process_time() - cpu_started) * 1000
        snapshot = snapshots.peek(table.pk)
        started = time.perf_counter()
        views = [view_from_snapshot(snapshot, user, "fr") for user in users]
        for view in views:
            json.dumps({"type": "state", "view": view})
        json_frames = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        for user, view in zip(users, views, strict=True):
            render_table_fragments(snapshot.table, snapshot.game, user, view, lang="fr",
                                   previous=snapshot.previous, shared=snapshot.rendered)
        html_frames = (time.perf_counter() - started) * 1000
        return (act, json_frames, html_frames, [q["sql"].split(" ")[0] for q in captured],
                act_cpu)

    moves, sends_ms = [], []
    if args.served:
        # As the server plays a move: the consumer awaits it in the worker thread that
        # runs every socket's database work, while the event loop runs; the move's account
        # events leave from the consumer once the thread is done (notices.then_send).
        # ``outside_the_thread``: the rest of the await (the hops, the connection checks of
        # database_sync_to_async, the account events sent), on the loop.
        import asyncio

        from channels.db import database_sync_to_async

        from notices.interface import then_send

        def timed_move(table, users):
            started = time.perf_counter()
            move = one_move(table, users)
            return move, (time.perf_counter() - started) * 1000

        async def served():
            for _ in range(args.rounds):
                for table, users in layout:
                    started = time.perf_counter()
                    move, inside = await then_send(database_sync_to_async(timed_move)(
                        table, users))
                    if move is not None:
                        moves.append(move)
                        sends_ms.append((time.perf_counter() - started) * 1000 - inside)

        asyncio.run(served())
    else:
        for _ in range(args.rounds):
            for table, users in layout:
                move = one_move(table, users)
                if move is not None:
                    moves.append(move)
    act_ms, json_ms, html_ms = ([move[i] for move in moves] for i in range(3))
    act_cpu_ms = [move[4] for move in moves]
    queries = moves[0][3]
    print(json.dumps({
        "database": connection.vendor,
        "notices": not args.no_notices,
        "served": args.served,
        "moves": len(act_ms),
        "act": percentiles(act_ms),
        # this process's CPU (every thread) during the act: the server's cost, which the
        # machine's other work does not lengthen as it does the wall clock's
        "act_cpu": percentiles(act_cpu_ms),
        "four_json_frames": percentiles(json_ms),
        "four_html_frames": percentiles(html_ms),
        **({"outside_the_thread": percentiles(sends_ms)} if args.served else {}),
        "statements_of_one_act": queries,
    }, indent=2))


if __name__ == "__main__":
    main()
