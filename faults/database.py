"""The fault run's two looks inside the site's database, each run as its own process with
the site's settings (``python -m faults.database setup|report``): the players it plays with,
and what the database says once the run is over.

    setup N      creates N players (verified e-mail address, so écus and hands) and a
                 personal access token each (scopes play, tables): JSON on stdout
    report       reads {"tables": [...], "acks": [...]} on stdin, answers what the
                 database holds of them: JSON on stdout
"""

from __future__ import annotations

import json
import sys
from collections import Counter

import django


def setup(count: int) -> list[dict]:
    from allauth.account.models import EmailAddress

    from accounts.models import User
    from accounts.tokens import do_create_token

    players = []
    for number in range(1, count + 1):
        name = f"faulty{number}"
        user = User.objects.create_user(name, f"{name}@example.com", None,
                                        display_name=f"Faulty {number}")
        # Verified as the site verifies (the starting écus come with it, economy/signals.py).
        EmailAddress.objects.create(user=user, email=user.email, primary=True, verified=True)
        token = do_create_token(user, "fault run", ["play", "tables"])
        players.append({"username": name, "token": token.secret})
    return players


def report(tables: list[int], acks: list[dict]) -> dict:
    return {
        "tables": {str(t["id"]): t for t in map(table_summary, tables)},
        "acks": check_acks(acks),
        "games": check_games(tables),
        "timer_moves_at_players": timer_moves_at_players(tables),
        "connections_counter": connections_counter(tables),
    }


def table_summary(table_id: int) -> dict:
    from play.models import Table

    table = Table.objects.get(pk=table_id)
    game = table.current_game()
    seats = list(table.seats.all())
    return {
        "id": table.pk, "game": table.game_slug, "status": table.status,
        "sequence": table.sequence,
        "game_id": game.pk if game else None, "version": game.version if game else 0,
        "game_status": game.status if game else None,
        "players": [s.position for s in seats if s.user_id is not None],
        "bots": [s.position for s in seats if s.bot],
    }


def check_acks(acks: list[dict]) -> dict:
    """Every act a client had acknowledged is in its game's log exactly once, after the
    version it was sent on and at most at the version the ack gave (the ack says the
    game's version once the act's transaction committed: a deal may follow the act in
    it). A duplicate's ack is only checked for being logged once."""
    from play.models import Action

    ids = {ack["id"] for ack in acks}
    rows = Action.objects.filter(client_id__in=ids).values("client_id", "game_id", "seq")
    found = Counter(row["client_id"] for row in rows)
    where = {row["client_id"]: row for row in rows}
    lost = sorted(i for i in ids if found[i] == 0)
    doubled = sorted(i for i in ids if found[i] > 1)
    misplaced = [
        {"id": ack["id"], "sent_on": ack.get("sent_on"), "ack_version": ack["version"],
         "logged_at": where[ack["id"]]["seq"], "game_id": where[ack["id"]]["game_id"],
         "ack_game_id": ack.get("game_id")}
        for ack in acks
        if not ack.get("duplicate") and found[ack["id"]] == 1
        and not logged_where_acknowledged(ack, where[ack["id"]])
    ]
    return {"acked": len(ids), "duplicate_acks": sum(1 for a in acks if a.get("duplicate")),
            "lost": lost, "doubled": doubled, "misplaced": misplaced}


def logged_where_acknowledged(ack: dict, row: dict) -> bool:
    if ack.get("game_id") and row["game_id"] != ack["game_id"]:
        return False
    sent_on = ack.get("sent_on")
    # do_act applies an act only on the version it was sent on: it is the next action.
    return (sent_on is None or row["seq"] == sent_on + 1) and row["seq"] <= ack["version"]


def check_games(tables: list[int]) -> dict:
    """Each game's log is whole: actions numbered 1..version with no gap or repeat (a half
    applied move leaves one or the other), and replaying it gives the stored state."""
    from play.models import Action, Game

    problems, checked, actions = [], 0, 0
    for game in Game.objects.filter(table_id__in=tables).select_related("table"):
        checked += 1
        seqs = list(Action.objects.filter(game=game).order_by("seq")
                    .values_list("seq", flat=True))
        actions += len(seqs)
        if seqs != list(range(1, game.version + 1)):
            problems.append({"game_id": game.pk, "table_id": game.table_id,
                             "problem": "versions not contiguous", "version": game.version,
                             "missing": sorted(set(range(1, game.version + 1)) - set(seqs)),
                             "repeated": sorted(s for s, n in Counter(seqs).items() if n > 1)})
            continue
        mismatch = replay_mismatch(game)
        if mismatch:
            problems.append({"game_id": game.pk, "table_id": game.table_id,
                             "problem": mismatch})
    return {"checked": checked, "actions": actions, "problems": problems}


def replay_mismatch(game) -> str | None:
    """None when the log replays to the stored state; else what went wrong."""
    from cardgames import core
    from play.models import Action

    engine = game.table.engine
    moves = [a.action for a in Action.objects.filter(game=game).order_by("seq")
             if a.source != Action.Source.PLATFORM]
    seats = game.participants.count() or game.table.seat_count
    try:
        state = core.replay(engine, seats, game.table.options, game.carry_in, moves)
    except Exception as failure:  # noqa: BLE001 - reported, not raised: the run goes on
        return f"replay failed: {failure!r}"
    if state != game.state:
        return "replay differs from the stored state"
    return None


def timer_moves_at_players(tables: list[int]) -> dict:
    """Moves the clock played at a seat a client holds: the clients act at once on every
    turn they are shown, so each is a turn they were never shown in time."""
    from play.models import Action

    rows = (Action.objects.filter(game__table_id__in=tables, source=Action.Source.TIMER,
                                  user__isnull=False)
            .values_list("game__table_id", "game_id", "seq", "seat"))
    return {"count": len(rows),
            "moves": [{"table_id": t, "game_id": g, "version": v, "seat": s}
                      for t, g, v, s in rows[:20]]}


def connections_counter(tables: list[int]) -> dict:
    """What presence is kept in today (``Seat.connections``, a counter); a diagnosis only:
    the run judges presence by what the site shows (faults/checks.py)."""
    from play.models import Seat

    seats = Seat.objects.filter(table_id__in=tables, user__isnull=False)
    counts = {f"{s.table_id}:{s.position}": getattr(s, "connections", None) for s in seats}
    return {"seats_counted_connected": sum(1 for c in counts.values() if c),
            "total": sum(c or 0 for c in counts.values()),
            "by_seat": {k: c for k, c in counts.items() if c}}


def main(argv: list[str]) -> None:
    django.setup()
    if argv[0] == "setup":
        print(json.dumps(setup(int(argv[1]))))
    elif argv[0] == "report":
        asked = json.load(sys.stdin)
        print(json.dumps(report(asked["tables"], asked["acks"])))
    else:
        raise SystemExit(f"unknown command {argv[0]!r}: setup or report")


if __name__ == "__main__":
    main(sys.argv[1:])
