"""The cash games' leaderboard ranks settled results (issue 29, point 6): a cave is a loss
only once its player took their chips away (cashed out, or left with nothing), and only
players dealt enough hands are ranked (economy/chips/standings.py)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from economy import ledger
from economy.chips import caves
from economy.chips.standings import settled_ecus_won
from economy.models import Currency, TableBankroll
from play.actions import do_leave
from tests.economy.test_caves import play_hand, system_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def standings(min_hands=0):
    since = timezone.now() - timedelta(days=30)
    return [(user_id, net) for user_id, net, _ in settled_ecus_won("ramponneau", since,
                                                                    min_hands)]


def all_in(game):
    """The actor pushes every chip in; facing a push, calls it."""
    legal = {a["type"]: a for a in game.table.engine.legal_actions(game.state)}
    for kind in ("bet", "raise"):
        if kind in legal:
            return {"type": kind, "amount": legal[kind]["max"]}
    for kind in ("call", "check", "show"):
        if kind in legal:
            return dict(legal[kind])
    return game.table.engine.default_action(game.state)


def test_a_cave_is_not_a_loss_while_its_player_sits_at_the_table(alice, bob):
    table = system_table(seats=2)
    caves.do_cave(table, alice, 20, request_key="a")
    caves.do_cave(table, bob, 20, request_key="b")

    assert standings() == []  # right after caving: nobody has a result

    play_hand(table)
    caves.do_cave(table, bob, 10, request_key="b2")  # a top-up is no result either
    assert standings() == []


def test_a_player_who_leaves_counts_what_they_took_away_less_what_they_caved(alice, bob):
    table = system_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    play_hand(table, choose=all_in)  # one of them takes everything
    winner, loser = sorted((alice, bob), key=lambda u: -TableBankroll.objects.get(
        table=table, user=u).reserve)

    do_leave(table, loser)  # nothing left to cash out: the loss is settled
    assert standings() == [(loser.pk, -100)]

    paid = caves.do_cash_out(table, winner).paid  # alone at the table: no hand holds his chips
    assert paid > 100
    assert standings() == [(winner.pk, paid - 100), (loser.pk, -100)]


def test_a_session_ended_counts_though_its_player_sat_down_again(alice, bob):
    table = system_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    assert caves.do_cash_out(table, alice).pending  # during the hand: paid at its end
    play_hand(table)
    paid = ledger.history(alice, Currency.ECUS).filter(reason="cash_out").get().amount

    caves.do_cave(table, alice, 40, request_key="a2")  # back: this cave is not settled

    assert standings() == [(alice.pk, paid - 100)]


def test_only_players_dealt_enough_hands_are_ranked(alice, bob):
    table = system_table(seats=2)
    caves.do_cave(table, alice, 100, request_key="a")
    caves.do_cave(table, bob, 100, request_key="b")
    for _ in range(3):
        play_hand(table)
    caves.do_cash_out(table, alice)
    caves.do_cash_out(table, bob)
    play_hand(table)  # the fourth: both paid at its end
    since = timezone.now() - timedelta(days=30)

    dealt = {user_id: hands for user_id, _, hands in settled_ecus_won("ramponneau", since)}

    assert dealt == {alice.pk: 4, bob.pk: 4}
    assert len(standings(min_hands=4)) == 2 and standings(min_hands=5) == []
