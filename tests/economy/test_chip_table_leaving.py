"""Chip tables: who may sit by caving, leaving mid-hand, and who is credited for a hand."""

from datetime import timedelta

import pytest
from django.utils import timezone

from economy import contests, ledger
from economy.chips import caves, conservation
from economy.errors import EconomyError
from economy.models import ChipMovement, Contest, Currency, HandDeal, TableBankroll
from play.actions import do_act, do_create_table, do_leave
from play.clock.scheduler import run_due
from play.models import Game, Seat, Table
from tests.conftest import create_player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def dora(db):
    return create_player("dora", verified=True)


def ecus(user):
    return ledger.balance(user, Currency.ECUS)


def chip_table(seats=3, visibility="public", owner=None):
    """A Ramponneau table with blinds 2/4: caves between 40 and 400 chips."""
    return do_create_table(owner, "ramponneau", seat_count=seats, visibility=visibility,
                           options={"small_blind": 2, "big_blind": 4, "rake_percent": 0})


def assert_conserved(table):
    chips = conservation.table_chips(table)
    assert chips.balanced, str(chips)
    assert ledger.verify() == []
    assert conservation.verify_tables() == []


def finish_by_scheduler(table, number):
    """Let the timers and bots play hand `number` to its end."""
    later = timezone.now() + timedelta(days=30)
    for _ in range(500):
        if Game.objects.get(table=table, number=number).status != Game.Status.PLAYING:
            return Game.objects.get(table=table, number=number)
        assert run_due(now=later), "the hand is stuck: nothing is due"
    raise AssertionError("the hand never ended")


def act_once(table):
    """The actor calls or checks once (so the hand is under way)."""
    game = table.current_game()
    legal = {a["type"]: a for a in table.engine.legal_actions(game.state)}
    action = next(dict(legal[k]) for k in ("call", "check") if k in legal)
    seat = table.seats.get(position=game.state["actor"])
    do_act(game, seat.user, action, None)


# ----- 1. unlisted tables -------------------------------------------------------------


def test_caving_in_does_not_seat_anyone_at_an_unlisted_table(alice, bob):
    table = chip_table(visibility=Table.Visibility.UNLISTED, owner=alice)
    with pytest.raises(EconomyError) as refusal:
        caves.do_cave(table, bob, 100, request_key="b")
    assert refusal.value.message("fr") == "Table sur invitation."
    assert not table.seats.filter(user=bob).exists()
    assert ecus(bob) == 1000
    caves.do_cave(table, alice, 100, request_key="a")  # the owner may
    caves.do_cave(table, bob, 100, request_key="b2", may_sit=True)  # invited
    assert table.seats.filter(user=bob).exists()
    assert_conserved(table)


def test_the_cave_view_seats_at_an_unlisted_table_only_with_the_invitation(client, alice, bob):
    table = chip_table(visibility=Table.Visibility.UNLISTED, owner=alice)
    client.force_login(bob)
    url = f"/jouer/tables/{table.pk}/cave/"
    client.post(url, {"amount": 100, "request_key": "k1"})
    assert not table.seats.filter(user=bob).exists()
    assert not TableBankroll.objects.filter(table=table, user=bob).exists()
    client.post(url, {"amount": 100, "request_key": "k2", "invitation": "wrong"})
    assert not table.seats.filter(user=bob).exists()
    client.post(url, {"amount": 100, "request_key": "k3", "invitation": table.invite_token})
    assert table.seats.filter(user=bob).exists()
    assert ecus(bob) == 900


# ----- 2, 3. leaving a chip table mid-hand --------------------------------------------


def test_when_the_last_players_leave_mid_hand_it_finishes_and_pays_them(alice, bob):
    table = chip_table(seats=2)
    caves.do_cave(table, alice, 400, request_key="a")
    caves.do_cave(table, bob, 400, request_key="b")
    act_once(table)
    number = table.current_game().number
    do_leave(table, alice)
    do_leave(table, bob)
    table.refresh_from_db()
    assert table.status == Table.Status.PLAYING  # not closed with chips in play
    assert_conserved(table)
    hand = finish_by_scheduler(table, number)
    final = hand.state["stacks"]
    positions = {d.user_id: d.position for d in HandDeal.objects.filter(
        table_id=table.pk, game_number=number)}
    assert ecus(alice) == 600 + final[positions[alice.pk]]
    assert ecus(bob) == 600 + final[positions[bob.pk]]
    assert ecus(alice) + ecus(bob) == 2000  # no rake here
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert not table.seats.exists()
    assert set(TableBankroll.objects.filter(table=table).values_list("status", flat=True)) == {
        TableBankroll.Status.LEFT}
    assert table.games.count() == 1  # nobody dealt in again
    assert_conserved(table)


def test_leaving_between_hands_pays_at_once_and_closes_the_empty_table(alice, bob):
    table = chip_table(seats=3)
    caves.do_cave(table, alice, 100, request_key="a")
    do_leave(table, alice)
    assert ecus(alice) == 1000
    table.refresh_from_db()
    assert table.status == Table.Status.CLOSED
    assert_conserved(table)


def test_a_player_who_left_is_never_dealt_in_again(alice, bob, dora):
    table = chip_table(seats=3)
    for user in (alice, bob, dora):
        caves.do_cave(table, user, 100, request_key=user.username)
    act_once(table)
    number = table.current_game().number
    do_leave(table, alice)
    assert TableBankroll.objects.get(table=table, user=alice).status == "leaving"
    finish_by_scheduler(table, number)
    following = table.current_game()
    assert following.number == number + 1
    assert set(following.state["order"]) == {s.position for s in table.seats.all()}
    assert not table.seats.filter(user=alice).exists()
    assert not HandDeal.objects.filter(user=alice, table_id=table.pk,
                                       game_number__gt=number).exists()
    bankroll = TableBankroll.objects.get(table=table, user=alice)
    assert bankroll.status == "left" and bankroll.reserve == 0
    assert ecus(alice) == 900 + bankroll.cashed_out
    assert_conserved(table)


def test_a_seat_left_sitting_out_is_not_dealt_in(alice, bob, dora):
    """A seat marked as left (sitting out) before this fix: paid out, not dealt in."""
    table = chip_table(seats=3)
    for user in (alice, bob, dora):
        caves.do_cave(table, user, 100, request_key=user.username)
    number = table.current_game().number
    Seat.objects.filter(table=table, user=alice).update(sitting_out=True)
    finish_by_scheduler(table, number)
    following = table.current_game()
    dealt = set(following.state["order"])
    assert len(dealt) == 2 and not table.seats.filter(user=alice).exists()
    assert not HandDeal.objects.filter(user=alice, game_number=number + 1).exists()
    assert TableBankroll.objects.get(table=table, user=alice).status == "left"
    assert_conserved(table)


# ----- 5. settling a hand whose seat was freed ----------------------------------------


def test_a_hand_whose_seat_was_freed_still_gives_the_stack_back(alice, bob):
    table = chip_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    number = table.current_game().number
    Seat.objects.filter(table=table, user=alice).delete()  # however it happened
    hand = finish_by_scheduler(table, number)
    position = HandDeal.objects.get(user=alice, table_id=table.pk, game_number=number).position
    assert TableBankroll.objects.get(table=table, user=alice).reserve == (
        hand.state["stacks"][position])
    assert_conserved(table)


# ----- 4. contests --------------------------------------------------------------------


def _finished_deal(table, number, scores, players):
    game = Game.objects.create(table=table, number=number, state={},
                               status=Game.Status.FINISHED, result={"scores": scores},
                               finished_at=timezone.now())
    for position, user in players.items():
        HandDeal.objects.create(user=user, game_slug=table.game_slug,
                                day=timezone.localdate(), table_id=table.pk,
                                game_number=number, position=position, source="free")
    contests.game_finished(game)  # as play does when a hand ends


def test_an_ambigu_player_sitting_where_a_big_winner_sat_does_not_inherit(alice, bob, dora):
    now = timezone.now()
    contest = Contest.objects.create(game_slug="ambigu", name="Concours",
                                     starts_at=now - timedelta(hours=1),
                                     ends_at=now + timedelta(hours=1))
    table = do_create_table(None, "ambigu", seat_count=2, options={"ante": 1})
    _finished_deal(table, 1, [300, -300], {0: alice, 1: bob})
    _finished_deal(table, 2, [-5, 5], {0: dora, 1: bob})
    Seat.objects.create(table=table, position=0, user=dora)  # alice left, dora sat down
    Seat.objects.create(table=table, position=1, user=bob)
    scores = {s.user_id: (s.score, s.games) for s in contests.standings(contest)}
    assert scores == {alice.pk: (300, 1), bob.pk: (-295, 2), dora.pk: (-5, 1)}
    contests.rebuild(contest)  # from the history: the same
    scores = {s.user_id: (s.score, s.games) for s in contests.standings(contest)}
    assert scores == {alice.pk: (300, 1), bob.pk: (-295, 2), dora.pk: (-5, 1)}


def test_chip_movements_of_a_leaver_are_a_cave_and_a_cash_out(alice, bob):
    table = chip_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    do_leave(table, alice)
    finish_by_scheduler(table, table.current_game().number)
    kinds = sorted(ChipMovement.objects.filter(table=table, user=alice)
                   .values_list("kind", flat=True))
    assert kinds == ["cash_out", "cave"]
    assert_conserved(table)
