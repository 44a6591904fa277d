"""The action functions: one transaction, all checks inside, applied once."""

import random
import sys
import types

import pytest
from django.db.models import Max
from django.utils import translation

from cardgames import CHANCE, IllegalAction, registry, replay
from cardgames import Game as EngineGame
from play.actions import (
    ServiceError,
    do_act,
    do_add_bot,
    do_chat,
    do_create_table,
    do_join,
    do_leave,
    do_play_now,
)
from play.actions.games import next_carry
from play.models import Action, ChatMessage, Game, Seat, Table
from play.presentation.messages import say
from tests.support.tables import play_game_to_the_end


@pytest.fixture(autouse=True)
def _play_settings(settings):
    settings.PLAY_BOT_DELAY = 0
    settings.PLAY_INPROCESS_SCHEDULER = False


def started_table(alice, bob, **kwargs):
    """An Ascenseur table: alice at 0, bob at 1, a bot at 2; dealt."""
    table = do_create_table(alice, "ascenseur", seat_count=3, **kwargs)
    do_join(table, bob)
    do_add_bot(table, alice)
    table.refresh_from_db()
    return table


def actor_user(game, alice, bob):
    return {0: alice, 1: bob}.get(game.state["actor"])


def legal(game):
    engine = game.table.engine
    return engine.legal_actions(game.state)


def test_it_creates_a_table_with_its_owner_seated(alice):
    table = do_create_table(alice, "ascenseur", seat_count=4, options={"scoring": "bonus"})

    assert table.status == "waiting"
    assert table.options["scoring"] == "bonus"
    assert list(table.seats.values_list("position", "user")) == [(0, alice.pk)]


def test_it_refuses_bad_options(alice):
    with pytest.raises(ServiceError) as refusal:
        do_create_table(alice, "ascenseur", seat_count=9)
    assert refusal.value.code == "bad_options"
    with pytest.raises(ServiceError) as refusal:
        do_create_table(alice, "ascenseur", seat_count=4, options={"nope": 1})
    assert refusal.value.code == "bad_options"
    with pytest.raises(ServiceError) as refusal:
        do_create_table(alice, "ascenseur", seat_count=4, pace="live", move_seconds=45)
    assert refusal.value.code == "bad_options"
    with pytest.raises(ServiceError):
        do_create_table(alice, "no-such-game", seat_count=4)


def test_it_starts_the_game_and_deals_when_the_last_seat_is_taken(alice, bob):
    table = started_table(alice, bob)

    game = table.current_game()
    assert table.status == "playing"
    assert game.number == 1
    assert game.state["actor"] not in (None, CHANCE)
    chance = game.actions.get(seq=1)
    assert chance.source == "chance" and len(chance.action["deck"]) == 52
    assert game.version == game.actions.count()


def test_it_refuses_a_second_seat_and_a_full_table(alice, bob, charlie):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    with pytest.raises(ServiceError) as refusal:
        do_join(table, alice)
    assert refusal.value.code == "already_seated"
    do_join(table, bob)
    do_join(table, charlie)
    from accounts.models import User

    dave = User.objects.create_user("dave", "dave@example.com", "x")
    with pytest.raises(ServiceError) as refusal:
        do_join(table, dave)
    assert refusal.value.code in ("table_full", "forbidden")


def test_it_applies_a_legal_action_and_logs_it(alice, bob):
    table = started_table(alice, bob)
    game = table.current_game()
    user = actor_user(game, alice, bob)
    if user is None:  # the bot was first: let the scheduler play it
        from play.clock.scheduler import run_due

        run_due()
        game.refresh_from_db()
        user = actor_user(game, alice, bob)
    version = game.version
    action = legal(game)[0]
    state_before = game.state

    result = do_act(game, user, action, version, client_id="c1")

    assert not result.duplicate
    assert result.version >= version + 1
    logged = Action.objects.get(game=game, seq=version + 1)
    assert logged.action == action and logged.user == user and logged.source == "player"
    assert logged.message == table.engine.describe(state_before, action)
    with translation.override("en"):
        assert say(table.game_slug, logged.message, ["Alice", "Bob"])


def _to_human_turn(game, alice, bob):
    from play.clock.scheduler import run_due

    for _ in range(10):
        game.refresh_from_db()
        if actor_user(game, alice, bob):
            return game
        run_due()
    raise AssertionError("no human turn")


def test_it_applies_a_duplicate_submission_once(alice, bob):
    game = _to_human_turn(started_table(alice, bob).current_game(), alice, bob)
    user = actor_user(game, alice, bob)
    action, version = legal(game)[0], game.version

    first = do_act(game, user, action, version, client_id="click-1")
    again = do_act(game, user, action, version, client_id="click-1")

    assert not first.duplicate and again.duplicate
    assert Action.objects.filter(game=game, client_id="click-1").count() == 1
    game.refresh_from_db()
    assert game.version == first.version


def test_it_refuses_a_stale_version_and_changes_nothing(alice, bob):
    game = _to_human_turn(started_table(alice, bob).current_game(), alice, bob)
    user = actor_user(game, alice, bob)
    before = (game.version, game.state)

    with pytest.raises(ServiceError) as refusal:
        do_act(game, user, legal(game)[0], game.version - 1)

    assert refusal.value.code == "stale"
    game.refresh_from_db()
    assert (game.version, game.state) == before


def test_it_refuses_out_of_turn(alice, bob):
    game = _to_human_turn(started_table(alice, bob).current_game(), alice, bob)
    other = bob if actor_user(game, alice, bob) == alice else alice
    before = game.version

    with pytest.raises(ServiceError) as refusal:
        do_act(game, other, legal(game)[0], game.version)

    assert refusal.value.code == "not_your_turn"
    game.refresh_from_db()
    assert game.version == before


def test_it_refuses_a_user_who_is_not_seated(alice, bob, charlie):
    game = _to_human_turn(started_table(alice, bob).current_game(), alice, bob)

    with pytest.raises(ServiceError) as refusal:
        do_act(game, charlie, legal(game)[0], game.version)

    assert refusal.value.code == "not_seated"


def test_it_refuses_an_illegal_action_with_the_rule(alice, bob):
    game = _to_human_turn(started_table(alice, bob).current_game(), alice, bob)
    user = actor_user(game, alice, bob)

    with pytest.raises(ServiceError) as refusal:
        do_act(game, user, {"type": "bid", "tricks": 99}, game.version)

    assert refusal.value.code == "illegal"
    assert refusal.value.rule.startswith("ascenseur.")
    assert refusal.value.message("en") != refusal.value.message("fr")
    game.refresh_from_db()
    assert not game.actions.filter(source="player").exists()


def test_the_replay_of_a_finished_game_equals_its_final_state(alice, bob):
    # Seven seats, Ascenseur's shortest whole game (13 deals; three seats deal 33).
    table = do_create_table(alice, "ascenseur", seat_count=7, options={})
    do_join(table, bob)
    for _ in range(5):
        do_add_bot(table, alice)
    table.refresh_from_db()
    game = play_game_to_the_end(table.current_game(), {0: alice, 1: bob}, random.Random(7))

    actions = [a.action for a in game.actions.order_by("seq")]
    engine = table.engine
    assert replay(engine, table.seat_count, table.options, game.carry_in, actions) == game.state
    assert game.result == game.state["result"]
    assert game.version == len(actions)
    table.refresh_from_db()
    assert table.status == "finished"
    with pytest.raises(ServiceError) as refusal:
        do_act(game, alice, {"type": "bid", "tricks": 0}, game.version)
    assert refusal.value.code == "game_over"


def test_play_now_deals_a_practice_table_against_bots(alice):
    table = do_play_now(alice, "ascenseur")

    assert table.practice and table.status == "playing"
    assert table.seats.filter(user=alice).exists()
    assert table.seats.exclude(bot="").count() == table.seat_count - 1
    assert table.current_game() is not None


def test_a_player_who_leaves_a_running_game_is_replaced_by_the_bot(alice, bob):
    table = started_table(alice, bob)

    do_leave(table, bob)

    seat = Seat.objects.get(table=table, user=bob)
    assert seat.sitting_out and seat.played_by_bot
    do_leave(table, alice)
    table.refresh_from_db()
    assert table.status == "closed"


def test_leaving_before_the_start_frees_the_seat(alice, bob):
    table = do_create_table(alice, "ascenseur", seat_count=3)
    do_join(table, bob)

    do_leave(table, bob)

    assert not table.seats.filter(user=bob).exists()


def test_chat_is_capped_and_rate_limited(alice, bob, charlie):
    table = started_table(alice, bob)

    with pytest.raises(ServiceError) as refusal:
        do_chat(table, alice, "x" * 301)
    assert refusal.value.code == "chat_too_long"
    with pytest.raises(ServiceError) as refusal:
        do_chat(table, charlie, "bonjour")
    assert refusal.value.code == "not_seated"
    for n in range(5):
        do_chat(table, alice, f"message {n}")
    with pytest.raises(ServiceError) as refusal:
        do_chat(table, alice, "encore")
    assert refusal.value.code == "chat_rate"
    assert ChatMessage.objects.filter(table=table).count() == 5
    assert ChatMessage.objects.filter(game=table.current_game()).count() == 5


# ----- chained games: a tiny fake game registered for these tests only ---------------


class Chained(EngineGame):
    """Two seats; a hand is one deal of two cards and each seat plays one; the higher
    card wins a chip. `carry` passes the chips on."""

    def new(self, seats, options=None, carry=None):
        return {"game": self.slug, "seats": seats, "options": {}, "actor": CHANCE,
                "result": None, "hands": [[], []], "played": [None, None],
                "chips": list((carry or {}).get("chips", [5, 5]))}

    def legal_actions(self, state):
        if not isinstance(state["actor"], int):
            return []
        return [{"type": "play", "card": c} for c in state["hands"][state["actor"]]]

    def chance_cards(self, state):
        return ["2c", "3c", "4c", "5c"]

    def apply(self, state, action):
        new = {**state, "hands": [list(h) for h in state["hands"]],
               "played": list(state["played"]), "chips": list(state["chips"])}
        if state["actor"] == CHANCE:
            deck = action["deck"]
            new["hands"] = [[deck[0]], [deck[1]]]
            new["actor"] = 0
            return new
        seat = state["actor"]
        if action not in self.legal_actions(state):
            raise IllegalAction("fake.card", "Carte refusée.", "Card refused.")
        new["hands"][seat].remove(action["card"])
        new["played"][seat] = action["card"]
        if seat == 0:
            new["actor"] = 1
            return new
        winner = 0 if new["played"][0] > new["played"][1] else 1
        new["chips"][winner] += 1
        new["chips"][1 - winner] -= 1
        new["actor"] = None
        new["result"] = {"scores": [1 if s == winner else -1 for s in (0, 1)],
                         "winners": [winner]}
        return new

    def view(self, state, seat):
        view = {k: state[k] for k in ("game", "seats", "actor", "result", "played", "chips")}
        view["you"] = seat
        view["hand"] = state["hands"][seat] if seat is not None else None
        if seat is not None and seat == state["actor"]:
            view["legal_actions"] = self.legal_actions(state)
        return view

    def describe(self, state, action):
        return {"code": "fake-chained.play", "seat": state["actor"]}

    def carry(self, state):
        return {"chips": state["chips"]}


@pytest.fixture
def chained_game(monkeypatch):
    module = types.ModuleType("fake_chained_game")
    module.GAME = Chained(slug="fake-chained", name="Essai",
                          min_seats=2, max_seats=2, default_seats=2, chained=True)
    monkeypatch.setitem(sys.modules, "fake_chained_game", module)
    monkeypatch.setitem(registry.GAME_MODULES, "fake-chained", "fake_chained_game")
    return module.GAME


def test_a_chained_table_deals_the_next_hand_from_the_carry(alice, bob, chained_game):
    table = do_create_table(alice, "fake-chained", seat_count=2)
    do_join(table, bob)
    first = table.current_game()

    do_act(first, alice, legal(first)[0], first.version)
    first.refresh_from_db()
    do_act(first, bob, legal(first)[0], first.version)

    first.refresh_from_db()
    second = table.current_game()
    assert first.status == "finished" and second.number == 2
    assert second.carry_in == {"chips": first.state["chips"]}
    assert second.state["chips"] == first.state["chips"]
    assert sorted(second.state["chips"]) == [4, 6]
    assert table.games.aggregate(n=Max("number"))["n"] == 2
    assert next_carry(table, first.state) == {"chips": first.state["chips"]}


def test_a_stale_action_aimed_at_the_previous_hand_is_refused(alice, bob, chained_game):
    table = do_create_table(alice, "fake-chained", seat_count=2)
    do_join(table, bob)
    first = table.current_game()
    do_act(first, alice, legal(first)[0], first.version)
    first.refresh_from_db()
    do_act(first, bob, legal(first)[0], first.version)

    with pytest.raises(ServiceError) as refusal:
        do_act(first, alice, {"type": "play", "card": "2c"}, first.version)

    assert refusal.value.code == "game_over"
    assert Game.objects.filter(table=table).count() == 2
    assert Table.objects.get(pk=table.pk).status == "playing"
