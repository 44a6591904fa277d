"""What core does for every game: the shared checks of ``apply`` before a game's moves,
the state header, and ``can_apply`` answered from the legal actions (docs/engine.md)."""

import random

import pytest

from cardgames import SLUGS, get_game
from cardgames.core import CHANCE, BadOptions, Game, IllegalAction, Option, concrete, header


class Demo(Game):
    """Two cards dealt to two seats; each plays its card once."""

    moves = {"play": "_play"}

    def new(self, seats, options=None, carry=None):
        return self.start(seats, options) | {"hands": [[], []], "played": []}

    def chance_cards(self, state):
        return ["Ah", "Kd"] if state["actor"] == CHANCE else []

    def legal_actions(self, state):
        actor = state["actor"]
        if actor is None or actor == CHANCE:
            return []
        return [{"type": "play", "card": card} for card in state["hands"][actor]]

    def _deal(self, state, action):
        deck = self.checked_deck(state, action)
        return state | {"actor": 0, "hands": [[deck[0]], [deck[1]]]}

    def _play(self, state, action):
        seat = state["actor"]
        if action.get("card") not in state["hands"][seat]:
            raise self.refuse("card")
        hands = [list(hand) for hand in state["hands"]]
        hands[seat].remove(action["card"])
        new = state | {"hands": hands, "played": [*state["played"], action["card"]]}
        if seat == 1:
            return new | {"actor": None, "result": {"scores": [0, 0], "winners": []}}
        return new | {"actor": 1}


DEMO = Demo(
    slug="demo",
    options=(Option("speed", "slow", choices=("slow", "fast")),),
    action_keys={"deal": ("deck",), "play": ("card",)},
)


def dealt():
    return DEMO.apply(DEMO.new(2), {"type": "deal", "deck": ["Ah", "Kd"]})


def over():
    state = dealt()
    state = DEMO.apply(state, {"type": "play", "card": "Ah"})
    return DEMO.apply(state, {"type": "play", "card": "Kd"})


def rule(state, action, game=DEMO):
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, action)
    return refused.value.rule


# ----- the shared checks, one by one ---------------------------------------------------
def test_it_refuses_an_action_that_is_not_an_object():
    assert rule(dealt(), "play") == "demo.malformed"
    assert rule(dealt(), ["play"]) == "demo.malformed"


def test_it_refuses_an_action_whose_type_is_not_a_string():
    assert rule(dealt(), {"type": 3}) == "demo.malformed"
    assert rule(dealt(), {"card": "Ah"}) == "demo.malformed"


def test_it_refuses_a_key_the_action_type_does_not_carry():
    with pytest.raises(IllegalAction) as refused:
        DEMO.apply(dealt(), {"type": "play", "card": "Ah", "note": "x"})
    assert refused.value.message == {"code": "demo.malformed", "unknown": ["note"]}


def test_it_refuses_every_action_once_the_game_is_over():
    assert rule(over(), {"type": "play", "card": "Ah"}) == "demo.over"
    assert rule(over(), {"type": "deal", "deck": ["Ah", "Kd"]}) == "demo.over"


def test_it_refuses_anything_but_a_deal_when_chance_is_to_act():
    assert rule(DEMO.new(2), {"type": "play", "card": "Ah"}) == "demo.chance"


def test_it_refuses_a_deal_whose_deck_is_not_the_chance_cards():
    assert rule(DEMO.new(2), {"type": "deal", "deck": ["Ah", "Ah"]}) == "demo.deck"


def test_it_refuses_a_deal_when_a_seat_is_to_act():
    assert rule(dealt(), {"type": "deal", "deck": ["Ah", "Kd"]}) == "demo.not-chance"


def test_it_refuses_an_action_type_the_game_has_no_move_for():
    with pytest.raises(IllegalAction) as refused:
        DEMO.apply(dealt(), {"type": "fly"})
    assert refused.value.message == {"code": "demo.unknown-action", "kind": "fly"}


def test_it_calls_the_move_of_the_action_type_and_leaves_the_state_unchanged():
    state = dealt()
    before = dict(state)
    after = DEMO.apply(state, {"type": "play", "card": "Ah"})
    assert after["played"] == ["Ah"] and after["actor"] == 1
    assert state == before
    assert rule(state, {"type": "play", "card": "Kd"}) == "demo.card"


class Renamed(Demo):
    over_rule = "game-over"
    chance_rule = "not-now"
    not_chance_rule = None  # the moves refuse a deal
    unknown_rule = "unknown"
    over_first = True
    string_type = False
    malformed_params = {"field": "type"}
    unknown_first = True
    moves = {"play": "_play", "deal": "_deal_by_seat"}

    def _deal_by_seat(self, state, action):
        raise self.refuse("deal-by-seat")


RENAMED = Renamed(slug="demo", action_keys=DEMO.action_keys)


def test_each_game_names_the_rules_of_the_shared_checks_and_orders_them():
    state = RENAMED.apply(RENAMED.new(2), {"type": "deal", "deck": ["Ah", "Kd"]})
    assert rule(state, {"type": "deal", "deck": []}, RENAMED) == "demo.deal-by-seat"
    assert rule(state, {"type": 3}, RENAMED) == "demo.unknown"  # a type that is no string
    assert rule(RENAMED.new(2), {"type": "fly"}, RENAMED) == "demo.unknown"  # before chance
    assert rule(RENAMED.new(2), {"type": "play", "card": "Ah"}, RENAMED) == "demo.not-now"
    with pytest.raises(IllegalAction) as refused:
        RENAMED.apply(state, "play")
    assert refused.value.message == {"code": "demo.malformed", "field": "type"}
    finished = RENAMED.apply(RENAMED.apply(state, {"type": "play", "card": "Ah"}),
                             {"type": "play", "card": "Kd"})
    assert rule(finished, "play", RENAMED) == "demo.game-over"  # before the form


def test_the_header_holds_the_keys_every_state_has():
    assert header("demo", 3, {"speed": "slow"}) == {
        "game": "demo", "seats": 3, "options": {"speed": "slow"}, "actor": CHANCE,
        "result": None,
    }
    state = DEMO.new(2, {"speed": "fast"})
    assert {k: state[k] for k in ("game", "seats", "options", "actor", "result")} == header(
        "demo", 2, {"speed": "fast"}
    )
    with pytest.raises(BadOptions):
        DEMO.new(2, {"speed": "warp"})
    with pytest.raises(BadOptions):
        DEMO.new(5)


# ----- every game's names for the shared checks -------------------------------------
@pytest.mark.parametrize("slug", SLUGS)
def test_the_rules_of_the_shared_checks_are_declared_for_the_site_to_word(slug):
    game = get_game(slug)
    for name in (game.over_rule, game.chance_rule):
        assert f"{slug}.{name}" in game.refusals
    if type(game).move is Game.move or game.unknown_first:  # else the game's own move words it
        assert f"{slug}.{game.unknown_rule}" in game.refusals
    if game.not_chance_rule is not None:
        assert f"{slug}.{game.not_chance_rule}" in game.refusals
    for name, method in game.moves.items():
        assert name in game.action_keys and callable(getattr(game, method))
    assert callable(getattr(game, game.chance_move))


# (over, chance must deal, a deal by a seat, an unknown type) as each game always named them
SHARED = {
    "ambigu": ("ambigu.over", "ambigu.chance", "ambigu.wrong-action", "ambigu.wrong-action"),
    "ascenseur": ("ascenseur.game-over", "ascenseur.not-now", "ascenseur.not-now",
                  "ascenseur.unknown-action"),
    "ramponneau": ("ramponneau.over", "ramponneau.deal-first", "ramponneau.unknown",
                   "ramponneau.unknown"),
    "all-fours": ("all-fours.over", "all-fours.chance", "all-fours.not-chance",
                  "all-fours.unknown-action"),
    "remigio": ("remigio.over", "remigio.chance", "remigio.draw-first",
                "remigio.draw-first"),
}


def positions(slug, seed, steps=400):
    """(state, concrete legal action or None) along a random game, its end included."""
    game = get_game(slug)
    rng = random.Random(seed)
    options = game.random_options(rng)
    low, high = game.seat_range(options)
    state = game.new(rng.randint(low, high), options)
    for _ in range(steps):
        actor = game.actor(state)
        if actor is None:
            yield state, None
            return
        if actor == CHANCE:
            action = game.chance_action(state, rng)
        else:
            action = concrete(rng.choice(game.legal_actions(state)), rng)
        yield state, action
        state = game.apply(state, action)


def by_phase(slug, state, expected):
    """The few phases where a game's move refuses a wrong action with its own rule."""
    if slug == "ramponneau" and state["phase"] == "showdown":
        return "ramponneau.showdown"
    if slug == "remigio" and state["phase"] != "draw":
        return "remigio.discard-now"
    return expected


@pytest.mark.parametrize("slug", SLUGS)
def test_each_game_keeps_its_rules_for_the_shared_checks(slug):
    game = get_game(slug)
    over_rule, chance_rule, deal_rule, unknown_rule = SHARED[slug]
    seen = set()
    for seed in range(30):
        for number, (state, _action) in enumerate(positions(slug, seed, steps=20_000)):
            actor = game.actor(state)
            if actor is not None and number > 60:
                continue
            if actor is None:
                assert rule(state, {"type": "deal", "deck": []}, game) == over_rule
                seen.add("over")
            elif actor == CHANCE:
                assert rule(state, {"type": "play", "card": "Ah"}, game) == chance_rule
                seen.add("chance")
            else:
                deal = {"type": "deal", "deck": game.chance_cards(state)}
                assert rule(state, deal, game) == by_phase(slug, state, deal_rule)
                assert rule(state, {"type": "fly"}, game) == by_phase(slug, state, unknown_rule)
                seen.add("seat")
        if seen == {"over", "chance", "seat"}:
            break
    assert seen == {"over", "chance", "seat"}


# ----- can_apply ---------------------------------------------------------------------
def candidates(game, state, rng):
    """The legal actions at ``state`` and actions near them that may or may not be legal:
    amounts out of range or of the wrong kind, cards not held, repeated or too many,
    unknown keys, other types."""
    actions = [{"type": "fly"}, "play", {"type": "deal", "deck": game.chance_cards(state)}]
    for entry in game.legal_actions(state)[:8]:
        action = concrete(entry, rng)
        actions += [action, action | {"x": 1}, {"type": entry["type"]}]
        if "min" in entry:
            base = {k: v for k, v in entry.items() if k not in ("min", "max")}
            actions += [base | {"amount": v}
                        for v in (entry["min"], entry["max"], entry["min"] - 1,
                                  entry["max"] + 1, float(entry["min"]), True)]
        elif "choose" in entry:
            base = {k: v for k, v in entry.items() if k not in ("choose", "from")}
            pool, (low, high) = entry["from"], entry["choose"]
            actions += [base | {"cards": pool[:low]}, base | {"cards": pool[: high + 1]},
                        base | {"cards": pool[:1] * 2}, base | {"cards": ["Zz"] + pool[:low]}]
        else:
            for key, value in action.items():
                if key != "type":
                    actions += [action | {key: bad} for bad in (None, "Zz", 99, True)]
                    actions.append(action | {key: value})
    return actions


def accepts(game, state, action):
    try:
        game.apply(state, action)
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("slug", SLUGS)
def test_can_apply_says_none_exactly_when_apply_accepts(slug):
    game = get_game(slug)
    rng = random.Random(11)
    checked = refused = 0
    for seed in range(3):
        for number, (state, _action) in enumerate(positions(slug, seed, steps=120)):
            if number % 3:
                continue
            for action in candidates(game, state, rng):
                answer = game.can_apply(state, action)
                assert (answer is None) == accepts(game, state, action), action
                if answer is not None:
                    with pytest.raises(IllegalAction) as raised:
                        game.apply(state, action)
                    assert answer.message == raised.value.message
                    refused += 1
                checked += 1
    assert checked > 50 and refused > 20


class Counting(Demo):
    applied = 0

    def apply(self, state, action):
        Counting.applied += 1
        return super().apply(state, action)


def test_can_apply_answers_a_legal_action_without_applying_it():
    game = Counting(slug="demo", action_keys=DEMO.action_keys)
    state = dealt()
    Counting.applied = 0
    assert game.can_apply(state, {"type": "play", "card": "Ah"}) is None
    assert Counting.applied == 0
    assert game.can_apply(state, {"type": "play", "card": "Kd"}).rule == "demo.card"
    assert Counting.applied == 1  # a refusal is worked out by applying: the rare path


def test_can_apply_fills_templates():
    game = Game(slug="t")
    game.legal_actions = lambda state: [
        {"type": "raise", "min": 2, "max": 5},
        {"type": "discard", "choose": [1, 2], "from": ["Ah", "Kd", "Qs"]},
    ]
    game.apply = lambda state, action: (_ for _ in ()).throw(IllegalAction("t.no"))
    for legal in ({"type": "raise", "amount": 2}, {"type": "raise", "amount": 5},
                  {"type": "discard", "cards": ["Kd"]},
                  {"type": "discard", "cards": ["Qs", "Ah"]}):
        assert game.can_apply({}, legal) is None
    for illegal in ({"type": "raise", "amount": 6}, {"type": "raise", "amount": 2.0},
                    {"type": "raise", "amount": True}, {"type": "raise"},
                    {"type": "raise", "amount": 3, "x": 1},
                    {"type": "discard", "cards": ["Kd", "Kd"]},
                    {"type": "discard", "cards": []},
                    {"type": "discard", "cards": ["Kd", "Qs", "Ah"]},
                    {"type": "discard", "cards": ["Js"]}, "raise"):
        assert game.can_apply({}, illegal).rule == "t.no"
