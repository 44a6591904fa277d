"""Honest chips: the review's chip dumping is seen. A new account caves and folds to one
opponent until its cave is gone; the report shows the écus that went from one to the
other with the signs explained, flags both, and the receiver leaves the contest's
standings until staff clear it."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import DeviceSeen, SignupOrigin
from cardgames.core import concrete
from economy import collusion, contests, interface, ledger
from economy.chips import caves
from economy.models import AccountFlag, Contest, Currency
from play.actions import do_act, do_create_table
from play.models import Game
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def dumping(table, dumper, hands):
    """``dumper`` folds whenever it may, the other raises whenever it may."""
    for _ in range(hands):
        game = table.current_game()
        if game is None or game.status != Game.Status.PLAYING:
            return
        number = game.number
        while True:
            game = Game.objects.get(table=table, number=number)
            if game.status != Game.Status.PLAYING:
                break
            legal = {a["type"]: a for a in table.engine.legal_actions(game.state)}
            seat = table.seats.get(position=game.state["actor"])
            if seat.user_id == dumper.pk:
                wanted = ("fold", "check", "show")
            else:
                wanted = ("raise", "bet", "check", "call", "show")
            action = concrete(next(legal[k] for k in wanted if k in legal), pick_low=True)
            do_act(game, seat.user, action, None)
        table.refresh_from_db()


def a_dumping_table(receiver, dumper, hands=80):
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 5, "big_blind": 10, "rake_percent": 0})
    caves.do_cave(table, receiver, 300, request_key="r")
    caves.do_cave(table, dumper, 300, request_key="d")
    dumping(table, dumper, hands)
    return table


@pytest.fixture
def dumper(db):
    player = create_player("denis", verified=True)
    ledger.post(player, Currency.HANDS, 200, reason="hand_pack", key="pack:denis")
    return player


@pytest.fixture
def receiver(alice):
    ledger.post(alice, Currency.HANDS, 200, reason="hand_pack", key="pack:alice")
    return alice


def test_it_reports_a_new_account_losing_its_cave_to_one_opponent(receiver, dumper):
    since = timezone.now() - timedelta(minutes=5)
    table = a_dumping_table(receiver, dumper)
    caves.do_cash_out(table, receiver)
    found = collusion.report(since)
    [row] = found.rows
    assert (row.loser, row.winner) == (dumper, receiver)
    assert row.net == 300 and row.hands >= collusion.FOLD_MIN_HANDS
    codes = {s.code for s in row.signs}
    assert codes == {collusion.DUMPS_CAVE, collusion.NO_CASH_OUT, collusion.FOLDS_TO_ONE}
    text = " ".join(s.text for s in row.signs)
    assert "Denis a perdu 300 écus face à Alice, soit 100 % de ses caves" in text
    assert "Denis a cavé 300 écus à la table" in text and "sans rien ramasser" in text
    assert "Denis a jeté ses cartes face à Alice dans" in text
    assert row.suspect


def test_an_ordinary_game_raises_no_sign(alice, bob):
    ledger.post(bob, Currency.HANDS, 200, reason="hand_pack", key="pack:bob")
    since = timezone.now() - timedelta(minutes=5)
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2, "rake_percent": 0})
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    from tests.economy.test_contests import play_hands

    play_hands(table, 4)
    [row] = collusion.report(since).rows
    assert row.signs == [] and not row.suspect


def test_accounts_made_on_one_address_and_browser_are_shown_together(receiver, dumper):
    SignupOrigin.objects.create(user=receiver, address="198.51.100.4")
    SignupOrigin.objects.create(user=dumper, address="198.51.100.4")
    DeviceSeen.objects.create(user=receiver, device="d" * 64)
    DeviceSeen.objects.create(user=dumper, device="d" * 64)
    since = timezone.now() - timedelta(minutes=5)
    a_dumping_table(receiver, dumper, hands=3)
    [row] = collusion.report(since).rows
    codes = {s.code for s in row.signs}
    assert {collusion.SHARED_ADDRESS, collusion.SHARED_DEVICE} <= codes
    assert any("même adresse (198.51.100.4)" in s.text for s in row.signs)


def test_flagged_accounts_leave_the_contest_until_staff_clear_them(receiver, dumper,
                                                                    admin_user, bob):
    now = timezone.now()
    contest = Contest.objects.create(game_slug="ramponneau", name="Concours",
                                     starts_at=now - timedelta(hours=1),
                                     ends_at=now + timedelta(hours=1))
    a_dumping_table(receiver, dumper)
    assert contests.standings(contest)[0].name == "Alice"  # the review's finding
    call_command("collusion_report", "--since", (now - timedelta(hours=1)).isoformat(),
                 "--flag", stdout=open("/dev/null", "w"))
    flags = AccountFlag.objects.filter(cleared_at__isnull=True)
    assert {f.account for f in flags} == {receiver, dumper}
    assert "Collusion possible avec Denis (perte de cave, cave sans retour" in (
        flags.get(account=receiver).reason)
    assert contests.standings(contest) == []
    call_command("collusion_report", "--since", (now - timedelta(hours=1)).isoformat(),
                 "--flag", stdout=open("/dev/null", "w"))
    assert AccountFlag.objects.count() == 2  # flagged once
    flag = flags.get(account=receiver)
    assert collusion.do_clear_flag(flag, admin_user, "vérifié : ils sont frères, rien d'autre")
    assert not collusion.do_clear_flag(flag, admin_user)
    flag.refresh_from_db()
    assert (flag.cleared_by, flag.note) == (admin_user, "vérifié : ils sont frères, rien d'autre")
    assert [s.name for s in contests.standings(contest)] == ["Alice"]


def test_staff_read_the_report_flag_and_clear_in_the_admin(receiver, dumper, admin_client):
    a_dumping_table(receiver, dumper)
    since = (timezone.localtime() - timedelta(hours=1)).strftime("%Y-%m-%d %H:%M:%S")
    page = admin_client.get("/admin/economy/accountflag/rapport/", {"since": since})
    text = page.content.decode()
    assert page.status_code == 200
    assert "Denis a perdu 300 écus face à Alice" in text
    assert "Signaler les comptes de la paire suspecte" in text
    flagged = admin_client.post("/admin/economy/accountflag/rapport/", {"since": since})
    assert flagged.status_code == 302
    assert AccountFlag.objects.filter(cleared_at__isnull=True).count() == 2
    assert "Rapport" in admin_client.get("/admin/economy/accountflag/").content.decode()
    flag = AccountFlag.objects.get(account=receiver)
    admin_client.post("/admin/economy/accountflag/", {
        "action": "clear_flags", "_selected_action": [flag.pk]})
    flag.refresh_from_db()
    assert flag.cleared_at is not None and flag.cleared_by.is_superuser


def test_the_daily_watch_flags_yesterdays_suspects_once_and_keeps_what_staff_cleared(
        receiver, dumper, admin_user):
    a_dumping_table(receiver, dumper)
    today = timezone.now()
    tomorrow = today + timedelta(days=1)

    assert collusion.do_watch(today) == []  # today's hands are tomorrow's to watch
    flags = collusion.do_watch(tomorrow)

    assert {f.account for f in flags} == {receiver, dumper}
    assert all("Collusion possible avec" in f.reason for f in flags)
    assert collusion.do_watch(tomorrow) == []  # another worker's pass, or a restart
    for flag in flags:
        collusion.do_clear_flag(flag, admin_user, "vérifié")
    assert interface.watch_collusion(tomorrow) == 0  # cleared stays cleared
    assert not AccountFlag.objects.filter(cleared_at__isnull=True).exists()


def test_the_play_workers_loop_runs_the_watch_every_six_hours(receiver, dumper,
                                                              monkeypatch):
    from play.clock import scheduler

    a_dumping_table(receiver, dumper)
    tomorrow = timezone.now() + timedelta(days=1)
    monkeypatch.setattr(scheduler.collusion_watch, "last", tomorrow - timedelta(hours=5))

    scheduler.collusion_watch.run_if_due(tomorrow)  # five hours since the last: not yet
    assert not AccountFlag.objects.exists()
    scheduler.collusion_watch.run_if_due(tomorrow + timedelta(hours=1))
    assert {f.account for f in AccountFlag.objects.all()} == {receiver, dumper}
