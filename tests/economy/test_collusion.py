"""Honest chips: chip dumping is seen. The review's scenario (caves cashed out untouched to
swell what the dumper caved, then chips raised and folded to one accomplice, three hands
in a row) is reported with each sign explained, the pair is flagged and held out of the
contests and the écus leaderboard until staff clear it; a fair session between the same
two players, however much it moves, is not flagged."""

import io
import random
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import DeviceSeen, SignupOrigin
from cardgames.core import concrete
from economy import collusion, contests, interface, ledger
from economy.chips import caves
from economy.models import (
    AppendOnlyError,
    Contest,
    Currency,
    HandChips,
    PairClearance,
    PairFlag,
)
from play.actions import do_act, do_create_table
from play.actions import games as play_games
from play.models import Game
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def act_until_over(table, choose):
    """Play the current hand to its end, ``choose(game, legal, user)`` giving each move."""
    number = table.current_game().number
    while True:
        game = Game.objects.get(table=table, number=number)
        if game.status != Game.Status.PLAYING:
            table.refresh_from_db()
            return game
        legal = {a["type"]: a for a in table.engine.legal_actions(game.state)}
        seat = table.seats.get(position=game.state["actor"])
        do_act(game, seat.user, choose(game, legal, seat.user), None)


def dumping(table, dumper, hands):
    """``dumper`` folds whenever it may, the other raises whenever it may."""
    def choose(game, legal, user):
        if user.pk == dumper.pk:
            wanted = ("fold", "check", "show")
        else:
            wanted = ("raise", "bet", "check", "call", "show")
        return concrete(next(legal[k] for k in wanted if k in legal), pick_low=True)

    for _ in range(hands):
        game = table.current_game()
        if game is None or game.status != Game.Status.PLAYING:
            return
        act_until_over(table, choose)


def raise_then_fold(table, dumper, raise_to):
    """One hand: ``dumper`` raises to ``raise_to``, the accomplice raises again, the
    dumper folds: the chips it put in go to the accomplice."""
    raised = []

    def choose(game, legal, user):
        if user.pk == dumper.pk:
            if raised:
                return {"type": "fold"}
            raised.append(True)
            return {"type": "raise" if "raise" in legal else "bet", "amount": raise_to}
        if raised and "raise" in legal:
            return concrete(legal["raise"], pick_low=True)
        return dict(legal["check"] if "check" in legal else legal["call"])

    return act_until_over(table, choose)


def fold_at_once(table, player):
    """One hand: ``player`` folds (or checks) with nothing put in beyond the blinds, the
    other checks or calls."""
    def choose(game, legal, user):
        wanted = ("fold", "check", "show") if user.pk == player.pk else (
            "check", "call", "show")
        return dict(next(legal[k] for k in wanted if k in legal))

    return act_until_over(table, choose)


def showdown_hand(table, aggressor, bet=40):
    """One fair hand: ``aggressor`` raises or bets ``bet`` on every street, the other
    calls down; the cards decide at the showdown."""
    def choose(game, legal, user):
        if user.pk == aggressor.pk:
            for kind in ("bet", "raise"):
                if kind in legal:
                    low, high = legal[kind]["min"], legal[kind]["max"]
                    wanted = max(game.state["bets"]) + bet
                    return {"type": kind, "amount": max(low, min(wanted, high))}
        for kind in ("call", "check", "show"):
            if kind in legal:
                return dict(legal[kind])
        raise AssertionError(legal)

    return act_until_over(table, choose)


def ramponneau_table():
    return do_create_table(None, "ramponneau", seat_count=2,
                           options={"small_blind": 5, "big_blind": 10, "rake_percent": 0})


def with_hands(*players):
    for player in players:
        ledger.post(player, Currency.HANDS, 200, reason="hand_pack",
                    key=f"pack:{player.username}")


def report_lines(since):
    out = io.StringIO()
    call_command("collusion_report", "--since", since.isoformat(), "--all", "--flag",
                 stdout=out)
    return out.getvalue()


def running_contest(now):
    return Contest.objects.create(game_slug="ramponneau", name="Concours",
                                  starts_at=now - timedelta(hours=1),
                                  ends_at=now + timedelta(hours=1))


def ecus_leaders(since):
    return [user_id for user_id, _net, _hands in interface.settled_ecus_won("ramponneau",
                                                                           since)]


# ----- the review's scenario ----------------------------------------------------------------


def the_reviews_dumping(dumper, accomplice):
    """Five caves cashed out at an empty table, then 671 écus raised and folded to the
    accomplice in three hands, and both cash out."""
    table = ramponneau_table()
    for n in range(5):
        caves.do_cave(table, dumper, 500, request_key=f"empty-{n}")
        assert caves.do_cash_out(table, dumper).paid == 500
    caves.do_cave(table, accomplice, 1000, request_key="accomplice")
    caves.do_cave(table, dumper, 1000, request_key="dumper")
    for raise_to in (224, 224, 223):
        raise_then_fold(table, dumper, raise_to)
    caves.do_cash_out(table, dumper)  # paid when the hand being played ends
    fold_at_once(table, dumper)
    caves.do_cash_out(table, accomplice)
    return table


def test_the_reviews_chip_dumping_is_flagged_and_the_accomplice_held_out_until_cleared(
        alice, bob, admin_client, admin_user, monkeypatch):
    monkeypatch.setattr(play_games, "system_random", random.Random(4))
    dumper, accomplice = bob, alice
    with_hands(dumper, accomplice)
    now = timezone.now()
    since = now - timedelta(hours=1)
    contest = running_contest(now)
    table = the_reviews_dumping(dumper, accomplice)
    assert [s.name for s in contests.standings(contest)][0] == "Alice"  # the review's finding
    assert ecus_leaders(since)[0] == accomplice.pk

    lines = report_lines(since)

    assert "SUSPECT bob -> alice" in lines
    assert "[throws_to_one]" in lines
    assert (f"À la table n° {table.pk}, le " in lines
            and "Bob a jeté ses cartes après avoir misé de son propre chef dans 3 mains "
                f"gagnées par Alice (table n° {table.pk} : mains n° 1, 2, 3) : 671 écus sont "
                "allés à Alice sans abattage, contre 0 dans l'autre sens" in lines)
    # The caves cashed out untouched count for nothing: 68 % of the one cave played.
    assert "[dumps_cave]" in lines
    assert re.search(r"soit 6[6-8] % de ses caves de la période", lines)
    assert "session: table" in lines and "4 hands" in lines
    flag = PairFlag.objects.get()
    assert (flag.sender, flag.receiver) == (dumper, accomplice)
    assert "671 écus sont allés à Alice" in flag.reason
    assert contests.standings(contest) == []
    assert accomplice.pk not in ecus_leaders(since)
    assert report_lines(since).endswith("0 pairs flagged.\n")  # flagged once

    page = admin_client.get(f"/admin/economy/pairflag/{flag.pk}/lever/")
    assert "671 écus sont allés à Alice" in page.content.decode()
    cleared = admin_client.post(f"/admin/economy/pairflag/{flag.pk}/lever/",
                                {"note": "vérifié : un cadeau d'anniversaire"})

    assert cleared.status_code == 302
    clearance = PairClearance.objects.get(flag=flag)
    assert (clearance.cleared_by, clearance.note) == (admin_user,
                                                      "vérifié : un cadeau d'anniversaire")
    assert [s.name for s in contests.standings(contest)][0] == "Alice"
    assert ecus_leaders(since)[0] == accomplice.pk
    assert "0 pairs flagged." in report_lines(since)  # what staff cleared stays cleared
    assert not collusion.do_clear_pair(flag, admin_user)  # cleared once


def test_a_fair_session_between_the_same_two_players_is_not_flagged(alice, bob,
                                                                    monkeypatch):
    monkeypatch.setattr(play_games, "system_random", random.Random(31))
    with_hands(alice, bob)
    now = timezone.now()
    since = now - timedelta(hours=1)
    table = ramponneau_table()
    for n in range(5):  # the same caves cashed out untouched
        caves.do_cave(table, bob, 500, request_key=f"empty-{n}")
        caves.do_cash_out(table, bob)
    caves.do_cave(table, alice, 1000, request_key="a")
    caves.do_cave(table, bob, 1000, request_key="b")
    for hand in range(9):
        if hand % 3 == 2:
            fold_at_once(table, bob)  # nothing put in but the blinds
        else:
            showdown_hand(table, alice)
    caves.do_cash_out(table, bob)
    fold_at_once(table, bob)
    caves.do_cash_out(table, alice)

    found = collusion.report(since)
    lines = report_lines(since)

    [row] = found.rows
    assert row.net >= collusion.DUMP_MIN_ECUS  # much moved, at the showdowns
    assert row.signs == [] and not row.suspect
    assert "ok " in lines and "0 pairs flagged." in lines
    assert not PairFlag.objects.exists()
    assert row.winner.pk in ecus_leaders(since)


def test_a_pair_that_throws_chips_back_and_forth_is_not_flagged(alice, bob):
    """Both raise and fold to each other alike: nothing flows one way."""
    with_hands(alice, bob)
    since = timezone.now() - timedelta(hours=1)
    table = ramponneau_table()
    caves.do_cave(table, alice, 1000, request_key="a")
    caves.do_cave(table, bob, 1000, request_key="b")
    for raise_to in (100, 100, 100):
        raise_then_fold(table, bob, raise_to)
        raise_then_fold(table, alice, raise_to)
    [row] = collusion.report(since).rows
    assert not any(s.code == collusion.THROWS_TO_ONE for s in row.signs)
    assert not row.suspect


def test_chips_thrown_a_little_at_each_table_are_seen_over_the_period(alice, bob):
    with_hands(alice, bob)
    since = timezone.now() - timedelta(hours=1)
    first, second = ramponneau_table(), ramponneau_table()
    for table in (first, second):
        caves.do_cave(table, alice, 400, request_key=f"a{table.pk}")
        caves.do_cave(table, bob, 400, request_key=f"b{table.pk}")
    raise_then_fold(first, bob, 150)
    raise_then_fold(second, bob, 150)
    raise_then_fold(second, bob, 150)

    [row] = collusion.report(since).rows

    assert [s.hands for s in row.sessions] == [1, 2]  # no session says it alone
    [sign] = [s for s in row.signs if s.code == collusion.THROWS_TO_ONE]
    assert sign.text.startswith(
        "Sur la période, Bob a jeté ses cartes après avoir misé de son propre chef dans 3 "
        f"mains gagnées par Alice (table n° {first.pk} : main n° 1 ; table n° {second.pk} : "
        "mains n° 1, 2) : 450 écus sont allés à Alice sans abattage")
    assert row.suspect


def test_what_each_hand_moved_is_recorded_seat_by_seat(alice, bob):
    with_hands(alice, bob)
    table = ramponneau_table()
    caves.do_cave(table, alice, 1000, request_key="a")
    caves.do_cave(table, bob, 800, request_key="b")
    raise_then_fold(table, bob, 100)
    rows = {r.user_id: r for r in HandChips.objects.filter(table=table, game_number=1)}
    assert (rows[bob.pk].brought, rows[bob.pk].taken, rows[bob.pk].folded) == (800, 700, True)
    assert rows[bob.pk].forced in (5, 10) and rows[bob.pk].put_in_by_choice == 100 - (
        rows[bob.pk].forced)
    assert (rows[alice.pk].brought, rows[alice.pk].taken) == (1000, 1100)
    assert not rows[alice.pk].folded and rows[alice.pk].put_in_by_choice == 0
    with pytest.raises(AppendOnlyError):
        rows[bob.pk].save()
    with pytest.raises(AppendOnlyError):
        HandChips.objects.filter(table=table).delete()


def test_an_ambigu_deal_is_recorded_with_its_antes(alice, bob):
    from tests.economy.test_caves_ambigu import play_deal

    table = do_create_table(None, "ambigu", seat_count=2, options={"ante": 1})
    caves.do_cave(table, alice, 50, request_key="a")
    caves.do_cave(table, bob, 30, request_key="b")
    game = play_deal(table)
    rows = {r.user_id: r for r in HandChips.objects.filter(table=table, game_number=1)}
    assert {u: r.brought for u, r in rows.items()} == {alice.pk: 50, bob.pk: 30}
    assert all(r.forced >= 1 for r in rows.values())
    positions = {s.user_id: s.position for s in table.seats.all()}
    assert {u: r.taken for u, r in rows.items()} == {
        u: game.state["stacks"][positions[u]] for u in rows}
    assert {u for u, r in rows.items() if r.folded} == {
        u for u in rows if game.state["folded"][positions[u]]}


# ----- the other signs ------------------------------------------------------------------


@pytest.fixture
def dumper(db):
    player = create_player("denis", verified=True)
    ledger.post(player, Currency.HANDS, 200, reason="hand_pack", key="pack:denis")
    return player


@pytest.fixture
def receiver(alice):
    ledger.post(alice, Currency.HANDS, 200, reason="hand_pack", key="pack:alice")
    return alice


def a_dumping_table(receiver, dumper, hands=80):
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 5, "big_blind": 10, "rake_percent": 0})
    caves.do_cave(table, receiver, 300, request_key="r")
    caves.do_cave(table, dumper, 300, request_key="d")
    dumping(table, dumper, hands)
    return table


def a_throwing_table(receiver, dumper):
    """The dumper raises and folds to the receiver three hands in a row (a hand in play)."""
    table = ramponneau_table()
    caves.do_cave(table, receiver, 1000, request_key="r")
    caves.do_cave(table, dumper, 1000, request_key="d")
    for raise_to in (224, 224, 223):
        raise_then_fold(table, dumper, raise_to)
    return table


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
    # Nearly all by folding (the last chips, all in with the blind, may reach a showdown).
    assert re.search(r"Denis a perdu 300 écus face à Alice, dont (29\d|300) en jetant ses "
                     r"cartes, soit (9\d|100) % de ses caves", text)
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


def test_staff_read_the_report_and_flag_in_the_admin(receiver, dumper, admin_client):
    a_throwing_table(receiver, dumper)
    since = (timezone.localtime() - timedelta(hours=1)).strftime("%Y-%m-%d %H:%M:%S")
    page = admin_client.get("/admin/economy/pairflag/rapport/", {"since": since})
    text = page.content.decode()
    assert page.status_code == 200
    assert ("Denis a jeté ses cartes après avoir misé de son propre chef dans 3 mains "
            "gagnées par Alice") in text
    assert "Mises abandonnées à un seul" in text  # the rules, above the table
    assert "Signaler la paire suspecte" in text
    flagged = admin_client.post("/admin/economy/pairflag/rapport/", {"since": since})
    assert flagged.status_code == 302
    flag = PairFlag.objects.get()
    assert (flag.sender, flag.receiver) == (dumper, receiver)
    listing = admin_client.get("/admin/economy/pairflag/").content.decode()
    assert "Rapport" in listing and "denis" in listing
    assert "Lever le signalement" in admin_client.get(
        f"/admin/economy/pairflag/{flag.pk}/change/").content.decode()


def test_the_watch_flags_the_suspects_of_the_last_30_days_once(receiver, dumper,
                                                                admin_user):
    a_throwing_table(receiver, dumper)
    today = timezone.now()
    tomorrow = today + timedelta(days=1)

    assert collusion.do_watch(today) == []  # today's hands are tomorrow's to watch
    [flag] = collusion.do_watch(tomorrow)

    assert (flag.sender, flag.receiver) == (dumper, receiver)
    assert collusion.do_watch(tomorrow) == []  # another worker's pass, or a restart
    collusion.do_clear_pair(flag, admin_user, "vérifié")
    assert interface.watch_collusion(tomorrow + timedelta(days=1)) == 0  # stays cleared


def test_the_play_workers_loop_runs_the_watch_every_six_hours(receiver, dumper,
                                                              monkeypatch):
    from play.clock import scheduler

    a_throwing_table(receiver, dumper)
    tomorrow = timezone.now() + timedelta(days=1)
    monkeypatch.setattr(scheduler.collusion_watch, "last", tomorrow - timedelta(hours=5))

    scheduler.collusion_watch.run_if_due(tomorrow)  # five hours since the last: not yet
    assert not PairFlag.objects.exists()
    scheduler.collusion_watch.run_if_due(tomorrow + timedelta(hours=1))
    assert PairFlag.objects.get().receiver == receiver
