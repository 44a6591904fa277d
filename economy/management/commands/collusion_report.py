"""The honest-chips report (economy/collusion.py) on the command line.

    python manage.py collusion_report --since 2026-11-01 [--until 2026-11-24]
        [--table 12] [--game ramponneau] [--all] [--flag]

Prints, for each pair of accounts dealt in together at the chip tables of the period
(default: the last 30 days), the net écus that went from one to the other, the hands they
shared, each of their sessions (a table, when, the hands, the net) and the signs seen,
each explained (suspect pairs first; only they unless ``--all``). ``--flag`` holds both
accounts of each suspect pair out of the contests and the écus leaderboards until staff
clear the pair in the admin.
"""

from datetime import datetime, time

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from economy import collusion


def moment(text: str) -> datetime:
    when = parse_datetime(text)
    if when is None and (day := parse_date(text)) is not None:
        when = datetime.combine(day, time())
    if when is None:
        raise CommandError(f"not a date: {text!r}")
    return when if timezone.is_aware(when) else timezone.make_aware(when)


class Command(BaseCommand):
    help = "Net écus between pairs of accounts at the chip tables, with collusion signs."

    def add_arguments(self, parser):
        parser.add_argument("--since", type=moment,
                            help="start of the period (date or date-time; default 30 days ago)")
        parser.add_argument("--until", type=moment, help="end of the period (default now)")
        parser.add_argument("--table", type=int, help="one table's id")
        parser.add_argument("--game", help="one chip game's slug")
        parser.add_argument("--all", action="store_true", help="every pair, not only suspects")
        parser.add_argument("--flag", action="store_true",
                            help="flag the suspect pairs (held out until staff clear them)")

    def handle(self, *args, since, until, table, game, all, flag, **options):
        since = since or timezone.now() - collusion.WINDOW
        found = collusion.report(since, until, table_id=table, game_slug=game)
        rows = found.rows if all else found.suspects
        for row in rows:
            mark = "SUSPECT" if row.suspect else "ok"
            self.stdout.write(f"{mark} {row.loser.username} -> {row.winner.username}: "
                              f"{row.net} écus over {row.hands} hands")
            for session, net in row.session_nets:
                start = timezone.localtime(session.started_at)
                end = timezone.localtime(session.ended_at)
                self.stdout.write(f"    session: table {session.table_id}, "
                                  f"{start:%Y-%m-%d %H:%M} to {end:%H:%M}, "
                                  f"{session.hands} hands, {net:+} écus "
                                  f"{row.loser.username} -> {row.winner.username}")
            for sign in row.signs:
                self.stdout.write(f"    [{sign.code}] {sign.text}")
        self.stdout.write(f"{len(found.rows)} pairs, {len(found.suspects)} suspect.")
        if flag:
            flags = collusion.do_flag_suspects(found)
            self.stdout.write(f"{len(flags)} pairs flagged.")
