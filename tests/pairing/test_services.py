"""Seeks and challenges (pairing/services.py): who is paired with whom, the table they
land at, what each is told, and every refusal changing nothing."""

from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import User
from economy.models import HandAllowance
from friends.services import do_block
from notices.models import Notice
from pairing import interface
from pairing.models import Challenge, Invitee, Seek
from pairing.services import (
    do_accept,
    do_cancel_challenge,
    do_cancel_seek,
    do_challenge,
    do_decline,
    do_keep_seek,
    do_seek,
    do_sweep,
    drop_live_seeks,
    keep_live_seeks,
)
from play.models import Table
from ratings.models import Rating
from taverne.refusals import Refusal
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_clock(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def dave(db):
    return create_player("dave", verified=True)


@pytest.fixture
def guest(db):
    return User.objects.create(username="~invite-4821", is_guest=True)


def refusal(call, *args, **kwargs) -> str:
    tables, seeks, challenges = (Table.objects.count(), Seek.objects.count(),
                                 Challenge.objects.count())
    with pytest.raises(Refusal) as raised:
        call(*args, **kwargs)
    assert (Table.objects.count(), Seek.objects.count(), Challenge.objects.count()) == (
        tables, seeks, challenges), "a refusal changed something"
    return raised.value.code


def rate(user, game, ordinal):
    Rating.objects.create(user=user, game_slug=game, mu=25, sigma=8, ordinal=ordinal)


# ----- seeks ----------------------------------------------------------------------------


def test_two_compatible_seekers_are_seated_together_and_dealt(alice, bob):
    first = do_seek(alice, "all-fours", seat_count=2)
    assert first.status == Seek.Status.OPEN and first.table is None

    second = do_seek(bob, "all-fours", seat_count=2)

    table = second.table
    assert second.status == Seek.Status.PAIRED and table.status == Table.Status.PLAYING
    assert set(table.seats.values_list("user__username", flat=True)) == {"alice", "bob"}
    first.refresh_from_db()
    assert first.status == Seek.Status.PAIRED and first.table == table
    assert table.rated and table.pace == "live" and table.move_seconds == 60
    assert set(Notice.objects.filter(kind="paired").values_list("user__username", flat=True)) \
        == {"alice", "bob"}
    assert Notice.objects.filter(kind="paired").first().data == {"table": table.pk,
                                                                 "game": "all-fours"}


def test_a_four_seat_game_waits_for_four(alice, bob, dave):
    charlie = create_player("eve", verified=True)
    for player in (alice, bob, dave):
        assert do_seek(player, "all-fours", seat_count=4).table is None

    last = do_seek(charlie, "all-fours", seat_count=4)

    assert last.table.seats.filter(user__isnull=False).count() == 4


@pytest.mark.parametrize("mine,theirs", [
    ({"seat_count": 4}, {"seat_count": 2}),
    ({"pace": "correspondence", "move_seconds": 86400}, {}),
    ({"move_seconds": 30}, {}),
    ({"rated": False}, {}),
])
def test_seeks_of_different_kinds_are_not_paired(alice, bob, mine, theirs):
    do_seek(alice, "all-fours", **{"seat_count": 2, **mine})
    assert do_seek(bob, "all-fours", **{"seat_count": 2, **theirs}).table is None


def test_a_seek_asking_for_reliability_passes_over_a_player_below_it_both_ways(
        alice, bob, dave):
    from tests.play.test_reliability import finished_game
    for _ in range(4):
        finished_game([bob, dave])
    finished_game([bob, dave], left=[bob])  # bob: 80 % over 5 games; dave 100 %
    do_seek(alice, "all-fours", seat_count=2, min_reliability=90)

    bobs = do_seek(bob, "all-fours", seat_count=2)
    assert bobs.table is None and bobs.reliability == 80
    by_post = {"seat_count": 2, "pace": "correspondence", "move_seconds": 86400}
    dave_asks = do_seek(dave, "all-fours", min_reliability=90, **by_post)
    assert do_seek(bob, "all-fours", **by_post).table is None  # dave's minimum, not met
    alices = do_seek(alice, "all-fours", **by_post)  # new: she meets any minimum
    assert alices.table is not None
    assert alices.table == Seek.objects.get(pk=dave_asks.pk).table

    eve = create_player("eve", verified=True)  # new: meets alice's minimum
    assert do_seek(eve, "all-fours", seat_count=2).table is not None


def test_blocked_players_are_never_paired(alice, bob, dave):
    do_block(bob, "alice")
    do_seek(alice, "all-fours", seat_count=2)

    assert do_seek(bob, "all-fours", seat_count=2).table is None
    paired = do_seek(dave, "all-fours", seat_count=2)
    assert set(paired.table.seats.values_list("user__username", flat=True)) == {"alice", "dave"}


def test_rating_ranges_must_admit_each_other(alice, bob):
    rate(bob, "all-fours", 30)
    do_seek(alice, "all-fours", seat_count=2, rating_max=20)
    assert do_seek(bob, "all-fours", seat_count=2).table is None
    Seek.objects.all().delete()

    do_seek(alice, "all-fours", seat_count=2)
    assert do_seek(bob, "all-fours", seat_count=2, rating_min=25).table is None


def test_a_seeker_without_hands_since_seeking_is_passed_over(alice, bob, dave):
    HandAllowance.objects.create(game_slug="all-fours", daily_hands=5)
    do_seek(alice, "all-fours", seat_count=2)
    EmailAddress.objects.filter(user=alice).update(verified=False)  # no hands any more
    do_seek(dave, "all-fours", seat_count=2)  # alice passed over: dave waits

    paired = do_seek(bob, "all-fours", seat_count=2)

    assert set(paired.table.seats.values_list("user__username", flat=True)) == {"bob", "dave"}
    assert Seek.objects.get(user=alice).status == Seek.Status.OPEN


def test_pairing_reads_only_the_seeks_a_newcomer_may_play(alice, bob):
    def queries_to_pair(newcomer):
        with CaptureQueriesContext(connection) as queries:
            table = do_seek(newcomer, "all-fours", seat_count=2).table
        assert table is not None
        candidates = [q["sql"] for q in queries.captured_queries
                      if '"pairing_seek"' in q["sql"] and "ORDER BY" in q["sql"]
                      and "LIMIT" in q["sql"]]
        return len(queries.captured_queries), candidates

    do_seek(create_player("fay", verified=True), "all-fours", seat_count=2)
    queries_to_pair(create_player("gus", verified=True))  # what a first pairing loads
    do_seek(alice, "all-fours", seat_count=2)
    alone, _ = queries_to_pair(bob)
    # Sixty seekers of the same pool the newcomers are out of range of (rating 0).
    others = User.objects.bulk_create([User(username=f"fort{n}", email=f"fort{n}@example.com")
                                       for n in range(60)])
    until = timezone.now() + timedelta(days=1)
    Seek.objects.bulk_create([Seek(user=u, game_slug="all-fours", seat_count=2, pace="live",
                                   move_seconds=60, rated=True, rating=30, rating_min=25,
                                   alive_until=until) for u in others])
    do_seek(create_player("carol", verified=True), "all-fours", seat_count=2)

    crowded, candidates = queries_to_pair(create_player("erin", verified=True))

    # (one query or two may differ with what the worker's earlier tests left cached)
    assert crowded <= alone + 2, "the pairing's queries grow with the seeks it cannot pair"
    assert len(candidates) == 1 and "rating_min" in candidates[0]


def test_a_seek_whose_heartbeat_lapsed_is_never_paired_and_is_swept(alice, bob):
    old = do_seek(alice, "all-fours", seat_count=2)
    later = timezone.now() + timedelta(seconds=30)

    assert do_seek(bob, "all-fours", seat_count=2, now=later).table is None
    assert do_sweep(later + timedelta(seconds=30)) == (2, 0)
    old.refresh_from_db()
    assert old.status == Seek.Status.EXPIRED


def test_the_page_heartbeat_keeps_a_live_seek_alive(alice, bob):
    seek = do_seek(alice, "all-fours", seat_count=2)
    soon = timezone.now() + timedelta(seconds=15)
    do_keep_seek(alice, seek.pk, now=soon)

    paired = do_seek(bob, "all-fours", seat_count=2, now=soon + timedelta(seconds=15))

    assert paired.table is not None


def test_the_account_socket_keeps_and_drops_live_seeks(alice):
    seek = do_seek(alice, "all-fours", seat_count=2)
    assert keep_live_seeks(alice.pk) == 1
    drop_live_seeks(alice.pk)
    seek.refresh_from_db()
    assert seek.alive_until <= timezone.now() + timedelta(seconds=10)


def test_a_correspondence_seek_lives_seven_days(alice, bob):
    do_seek(alice, "all-fours", seat_count=2, pace="correspondence", move_seconds=86400)
    six_days = timezone.now() + timedelta(days=6)

    paired = do_seek(bob, "all-fours", seat_count=2, pace="correspondence",
                     move_seconds=86400, now=six_days)

    assert paired.table.pace == "correspondence"


def test_a_casual_seek_gets_bots_after_its_wait_and_an_unrated_table(alice):
    seek = do_seek(alice, "all-fours", seat_count=4, rated=False, bots_after=30)
    assert do_keep_seek(alice, seek.pk, now=timezone.now() + timedelta(seconds=15)).table is None

    kept = do_keep_seek(alice, seek.pk, now=timezone.now() + timedelta(seconds=31))

    table = kept.table
    assert kept.status == Seek.Status.PAIRED and table.status == Table.Status.PLAYING
    assert table.seats.filter(user__isnull=True).count() == 3 and not table.rated


def test_bots_fill_only_with_seekers_who_accept_them(alice, bob, dave):
    do_seek(bob, "all-fours", seat_count=4, rated=False)
    do_seek(dave, "all-fours", seat_count=4, rated=False, bots_after=30)
    seek = do_seek(alice, "all-fours", seat_count=4, rated=False, bots_after=30)
    soon = timezone.now() + timedelta(seconds=15)
    for player in (alice, bob, dave):
        keep_live_seeks(player.pk, now=soon)

    kept = do_keep_seek(alice, seek.pk, now=timezone.now() + timedelta(seconds=31))

    names = set(kept.table.seats.filter(user__isnull=False).values_list("user__username",
                                                                        flat=True))
    assert names == {"alice", "dave"}


def test_cancelling_a_seek_keeps_it_out_of_pairing(alice, bob):
    seek = do_seek(alice, "all-fours", seat_count=2)
    do_cancel_seek(alice, seek.pk)

    assert do_seek(bob, "all-fours", seat_count=2).table is None
    assert refusal(do_cancel_seek, bob, seek.pk) == "not_found"


def test_the_open_seeks_are_listed_for_the_lobby(alice, bob):
    do_seek(alice, "all-fours", seat_count=2, pace="correspondence", move_seconds=86400)
    do_seek(bob, "remigio")

    assert [s.user.username for s in interface.open_seeks("all-fours")] == ["alice"]


@pytest.mark.parametrize("kwargs,code", [
    ({"game_slug": "whist"}, "bad_options"),
    ({"game_slug": "ramponneau"}, "bad_options"),
    ({"seat_count": 9}, "bad_options"),
    ({"move_seconds": 45}, "bad_options"),
    ({"pace": "correspondence", "move_seconds": 60}, "bad_options"),
    ({"bots_after": 30}, "bad_options"),  # rated: never bots
    ({"rated": False, "bots_after": 7}, "bad_options"),
    ({"rating_min": 10, "rating_max": 5}, "bad_range"),
    ({"rating_min": 10}, "bad_range"),  # a new player is 0: excluded
    ({"min_reliability": 60}, "bad_options"),  # 50, 75, 90 or 95
])
def test_a_bad_seek_is_refused_and_changes_nothing(alice, kwargs, code):
    kwargs = {"game_slug": "all-fours", "seat_count": 2, **kwargs}
    assert refusal(do_seek, alice, kwargs.pop("game_slug"), **kwargs) == code


def test_seeking_the_same_twice_is_refused(alice):
    do_seek(alice, "all-fours", seat_count=2)
    assert refusal(do_seek, alice, "all-fours", seat_count=2) == "already_seeking"
    assert refusal(do_seek, alice, "remigio") == "already_seeking"


def test_guests_keep_to_bots(guest):
    assert refusal(do_seek, guest, "all-fours", seat_count=2) == "account_required"
    assert refusal(do_challenge, guest, ["alice"], "all-fours") == "account_required"


# ----- challenges -------------------------------------------------------------------


def test_a_challenge_accepted_opens_the_table_with_everyone_seated(alice, bob):
    challenge = do_challenge(alice, ["bob"], "all-fours", rated=False)
    notice = Notice.objects.get(user=bob, kind="challenge")
    assert notice.data["challenger"] == "alice" and notice.url == f"/defis/{challenge.pk}/"
    assert [c.pk for c in interface.incoming(bob)] == [challenge.pk]
    assert [c.pk for c in interface.outgoing(alice)] == [challenge.pk]

    accepted = do_accept(bob, challenge.pk)

    table = accepted.table
    assert accepted.status == Challenge.Status.ACCEPTED and table.status == Table.Status.PLAYING
    assert set(table.seats.values_list("user__username", flat=True)) == {"alice", "bob"}
    assert not table.rated
    assert interface.incoming(bob) == []


def test_a_challenge_to_several_waits_for_everyone(alice, bob, dave):
    challenge = do_challenge(alice, ["bob", "dave"], "remigio")
    assert do_accept(bob, challenge.pk).table is None
    assert [c.pk for c in interface.outgoing(bob)] == [challenge.pk]

    table = do_accept(dave, challenge.pk).table

    assert table.seats.filter(user__isnull=False).count() == 3


def test_declining_says_why_and_ends_the_challenge(alice, bob):
    challenge = do_challenge(alice, ["bob"], "all-fours")

    do_decline(bob, challenge.pk, "too_fast")

    invitee = Invitee.objects.get()
    assert invitee.answer == "declined" and invitee.reason == "too_fast"
    assert refusal(do_accept, bob, challenge.pk) == "too_late"
    assert refusal(do_decline, bob, challenge.pk, "whatever") == "bad_reason"


def test_the_challenger_cancels_and_nobody_else_may(alice, bob, dave):
    challenge = do_challenge(alice, ["bob"], "all-fours")
    assert refusal(do_cancel_challenge, bob, challenge.pk) == "forbidden"
    assert refusal(do_cancel_challenge, dave, challenge.pk) == "not_found"
    assert refusal(do_accept, dave, challenge.pk) == "not_found"
    assert refusal(do_accept, alice, challenge.pk) == "not_invited"

    do_cancel_challenge(alice, challenge.pk)

    assert refusal(do_accept, bob, challenge.pk) == "too_late"


def test_a_live_challenge_expires_when_the_challenger_leaves(alice, bob):
    challenge = do_challenge(alice, ["bob"], "all-fours")
    later = timezone.now() + timedelta(seconds=30)

    assert refusal(do_accept, bob, challenge.pk, now=later) == "too_late"
    assert do_sweep(later) == (0, 1)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.EXPIRED


def test_a_correspondence_challenge_lives_seven_days(alice, bob):
    challenge = do_challenge(alice, ["bob"], "all-fours", pace="correspondence",
                             move_seconds=3 * 86400)
    assert do_sweep(timezone.now() + timedelta(days=6)) == (0, 0)
    assert do_sweep(timezone.now() + timedelta(days=7, seconds=1)) == (0, 1)
    challenge.refresh_from_db()
    assert challenge.status == Challenge.Status.EXPIRED


@pytest.mark.parametrize("to,kwargs,code", [
    (["alice"], {}, "yourself"),
    (["nobody"], {}, "not_found"),
    ([], {}, "bad_request"),
    (["~invite-4821"], {}, "guest_player"),
    (["bob"], {"game_slug": "whist"}, "bad_options"),
    (["bob"], {"seat_count": 3}, "bad_options"),
    (["bob"], {"options": {"deck": 999}}, "bad_options"),
    (["bob"], {"options": {"nonsense": 1}}, "bad_options"),
])
def test_a_bad_challenge_is_refused_and_changes_nothing(alice, bob, guest, to, kwargs, code):
    kwargs = {"game_slug": "all-fours", **kwargs}
    assert refusal(do_challenge, alice, to, kwargs.pop("game_slug"), **kwargs) == code


def test_a_blocked_player_cannot_be_challenged_either_way(alice, bob, dave):
    do_block(bob, "alice")
    assert refusal(do_challenge, alice, ["bob"], "all-fours") == "blocked"
    assert refusal(do_challenge, bob, ["alice"], "all-fours") == "blocked"
    assert refusal(do_challenge, dave, ["alice", "bob"], "remigio") == "blocked"


def test_challenging_the_same_player_twice_is_refused(alice, bob):
    do_challenge(alice, ["bob"], "all-fours")
    assert refusal(do_challenge, alice, ["bob"], "all-fours", pace="correspondence",
                   move_seconds=86400) == "already_challenged"


def test_a_challenger_at_the_limit_of_correspondence_games_is_refused(alice, bob, settings):
    from play.actions import do_create_table
    from play.actions.tables import CORRESPONDENCE_START
    settings.PLAY_WAITING_TABLES_PER_PLAYER = 50
    for _ in range(CORRESPONDENCE_START):
        do_create_table(alice, "all-fours", seat_count=2, pace="correspondence",
                        move_seconds=86400)

    assert refusal(do_challenge, alice, ["bob"], "all-fours", pace="correspondence",
                   move_seconds=86400) == "too_many_correspondence_games"
    assert do_challenge(alice, ["bob"], "all-fours").pace == "live"  # live: no limit
