"""Play reaches the economy through economy/interface.py, and only at a hand's
boundaries; the economy makes play act through the table host play registered."""

import pytest

from economy import host, interface
from economy.chips import caves
from economy.models import HandDeal
from play.actions import do_act, do_create_table, do_join
from play.actions.economy_host import PlayTableHost
from play.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


@pytest.fixture
def economy_calls(monkeypatch):
    """The names of the interface's hooks called, in order."""
    calls = []
    for name in interface.__all__:
        hook = getattr(interface, name)
        if callable(hook) and not isinstance(hook, type):
            def recording(*args, _name=name, _hook=hook, **kwargs):
                calls.append(_name)
                return _hook(*args, **kwargs)
            monkeypatch.setattr(interface, name, recording)
    return calls


def calling(game):
    kinds = {a["type"]: a for a in game.table.engine.legal_actions(game.state)}
    return dict(next(kinds[t] for t in ("check", "call", "show") if t in kinds))


def test_play_registered_itself_as_the_economys_table_host():
    assert isinstance(host.table_host(), PlayTableHost)


def test_moves_inside_a_hand_never_reach_the_economy_only_its_end_does(alice, bob,
                                                                        economy_calls):
    table = do_create_table(None, "ramponneau", seat_count=2,
                            options={"small_blind": 1, "big_blind": 2})
    caves.do_cave(table, alice, 100, request_key="a")  # one player: no deal yet
    economy_calls.clear()
    caves.do_cave(table, bob, 100, request_key="b")  # play deals, asked by the economy
    assert economy_calls == ["is_chip_table", "deal_chip_hand"]
    economy_calls.clear()
    game = table.current_game()
    number = game.number
    seat = table.seats.get(position=game.state["actor"])
    do_act(game, seat.user, calling(game), None)  # the small blind calls: the hand goes on
    assert Game.objects.get(pk=game.pk).status == Game.Status.PLAYING
    assert economy_calls == []
    while (game := Game.objects.get(table=table, number=number)).status == Game.Status.PLAYING:
        do_act(game, table.seats.get(position=game.state["actor"]).user, calling(game), None)
    assert economy_calls == ["game_finished", "is_chip_table", "chip_hand_ended",
                             "is_chip_table", "deal_chip_hand"]


def test_a_game_at_a_counted_table_asks_the_economy_to_count_each_players_hand(
        alice, bob, economy_calls):
    table = do_create_table(alice, "all-fours", seat_count=2)
    do_join(table, bob)
    assert economy_calls.count("deal_in") == 1
    assert "deal_chip_hand" not in economy_calls
    counted = HandDeal.objects.filter(table_id=table.pk, game_number=1)
    assert sorted(counted.values_list("user__username", "source")) == [
        ("alice", HandDeal.Source.UNLIMITED), ("bob", HandDeal.Source.UNLIMITED)]
