"""The engine contract itself: the library imports nothing from Django or the site; the
registry, cards.py and core.py."""

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardgames import SLUGS, available_games, get_game, register, slugs, unregister
from cardgames.cards import (
    base,
    deck40,
    deck52,
    is_card,
    is_joker,
    multi_deck,
    rank,
    suit,
)
from cardgames.core import (
    SHARED_REFUSALS,
    BadOptions,
    Game,
    IllegalAction,
    Option,
    clone,
    concrete,
    fits,
    from_json,
    to_json,
)
from cardgames.registry import UnknownGame

ENGINE = Path(__file__).resolve().parents[2] / "cardgames"
FORBIDDEN = ("django", "channels", "daphne", "asgiref")
# The site's packages: the library could be published without them.
SITE = ("play", "rules", "accounts", "economy", "config")


def engine_modules():
    return sorted(ENGINE.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# ----- no Django ------------------------------------------------------------------------------
@pytest.mark.parametrize("path", engine_modules(), ids=module_name)
def test_engine_sources_import_no_django_or_channels(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # relative imports must stay inside cardgames
                depth = len(path.relative_to(ENGINE).parts)
                assert node.level <= depth, f"{path.name} imports from outside cardgames"
                continue
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top not in FORBIDDEN + SITE, f"{path.name} imports {name}"


def test_importing_every_engine_module_loads_no_django():
    modules = [module_name(p) for p in engine_modules() if p.stem != "__main__"]
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules"
        f" if m.split('.')[0] in {FORBIDDEN + SITE!r})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ENGINE.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


# ----- the registry -------------------------------------------------------------------------
def test_the_registry_lists_the_five_games():
    assert SLUGS == ("ambigu", "ascenseur", "ramponneau", "all-fours", "remigio")


def test_the_registry_finds_a_game_by_slug_and_refuses_unknown_ones():
    game = get_game("ascenseur")
    assert isinstance(game, Game) and game.slug == "ascenseur"
    assert "ascenseur" in available_games()
    assert set(available_games()) <= set(SLUGS)
    with pytest.raises(UnknownGame):
        get_game("belote")


def test_a_game_from_elsewhere_is_registered_after_the_house_games_and_removed_again():
    register("duel", "tests.games.duel")
    try:
        assert slugs() == SLUGS + ("duel",)
        assert get_game("duel").slug == "duel"
        with pytest.raises(ValueError):
            register("duel", "somewhere.else")
    finally:
        unregister("duel")
    assert slugs() == SLUGS


def test_a_house_game_cannot_be_replaced_or_unregistered():
    with pytest.raises(ValueError):
        register("ambigu", "tests.games.duel")
    with pytest.raises(ValueError):
        unregister("ambigu")


@pytest.mark.parametrize("slug", list(available_games()))
def test_every_available_game_declares_its_identity(slug):
    game = get_game(slug)
    assert game.slug == slug and game.name
    assert game.messages and all(code.startswith(f"{slug}.") for code in game.messages)
    assert all(code.startswith(f"{slug}.") for code in game.refusals)
    assert game.min_seats <= game.default_seats <= game.max_seats
    state = game.new(game.default_seats, {})
    assert {"game", "seats", "options", "actor", "result"} <= set(state)
    assert from_json(to_json(state)) == state


# ----- cards.py -------------------------------------------------------------------------------
def test_cards_are_two_characters_rank_then_suit():
    deck = deck52()
    assert len(deck) == len(set(deck)) == 52
    assert all(len(c) == 2 and c[0] in "A23456789TJQK" and c[1] in "cdhs" for c in deck)
    assert (rank("Th"), suit("Th"), base("Th.2")) == ("T", "h", "Th")
    assert len(deck40()) == 40 and not any(rank(c) in "JQK" for c in deck40())


# Every module of a game's package but its bot: the rules are split over several modules.
GAME_MODULES = sorted(
    path
    for path in ENGINE.glob("*/*.py")
    if path.parent.name.replace("_", "-") in SLUGS and path.name not in ("bot.py", "__init__.py")
)


def _refused_codes(path: Path) -> set[str]:
    """Every refusal code a game module writes as a literal: the first argument of
    ``IllegalAction``, ``BadOptions`` and the module's ``_refuse``/``_illegal`` helpers
    (which put the slug in front)."""
    slug = get_game_of(path).slug
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        first = node.args[0]
        if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
            continue
        if name in ("IllegalAction", "BadOptions"):
            found.add(first.value)
        elif name in ("_refuse", "_illegal", "_malformed"):
            found.add(f"{slug}.malformed" if name == "_malformed" else f"{slug}.{first.value}")
    return found


def get_game_of(path: Path):
    return get_game(next(s for s in SLUGS if s.replace("-", "_") == path.parent.name))


@pytest.mark.parametrize("path", GAME_MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_refusal_a_game_raises_is_declared_for_the_site_to_word(path):
    game = get_game_of(path)
    shared = {f"{game.slug}.{code}" for code in SHARED_REFUSALS}
    assert _refused_codes(path) - set(game.refusals) - shared == set()


def test_card_ids_are_recognised_and_every_physical_card_is_unique():
    for good in ("Th", "2c", "As.1", "Xr.1", "Xb.2"):
        assert is_card(good)
    for bad in ("", "T", "1h", "Tx", "Th.a", "Th.", "Xg.1", "Thh", 7, None):
        assert not is_card(bad)
    two = multi_deck(2)
    assert len(two) == len(set(two)) == 108
    assert sum(is_joker(c) for c in two) == 4


# ----- core.py ---------------------------------------------------------------------------------
CHOICE = Option("speed", "slow", choices=("slow", "fast"))
FLAG = Option("flag", False, kind="bool")
COUNT = Option("count", 3, kind="int", minimum=1, maximum=5)


def test_an_option_accepts_its_values_and_refuses_others():
    assert CHOICE.check("fast") == "fast" and CHOICE.values() == ["slow", "fast"]
    assert FLAG.check(True) is True and FLAG.values() == [False, True]
    assert COUNT.check(5) == 5 and COUNT.values() == [1, 2, 3, 4, 5]
    for option, bad in (
        (CHOICE, "medium"),
        (FLAG, 1),
        (FLAG, "yes"),
        (COUNT, 6),
        (COUNT, True),
        (COUNT, "3"),
    ):
        with pytest.raises(BadOptions) as refused:
            option.check(bad)
        assert refused.value.code == "options.value"
        assert refused.value.params == {"option": option.key, "value": repr(bad)}


def test_resolve_options_fills_defaults_and_refuses_unknown_keys():
    game = Game(slug="test", name="Essai", options=(CHOICE, FLAG, COUNT))
    assert game.resolve_options({}) == {"speed": "slow", "flag": False, "count": 3}
    assert game.resolve_options({"count": 4})["count"] == 4
    with pytest.raises(BadOptions) as refused:
        game.resolve_options({"colour": "red"})
    assert refused.value.message == {"code": "options.unknown", "keys": ["colour"]}
    with pytest.raises(BadOptions):
        game.resolve_options({"count": 9})
    drawn = game.random_options(random.Random(1))
    assert set(drawn) == {"speed", "flag", "count"}


def test_seat_counts_are_checked():
    game = Game(slug="test", name="Essai", min_seats=2, max_seats=4)
    game.check_seats(3, {})
    for bad in (1, 5, "3", 2.0):
        with pytest.raises(BadOptions) as refused:
            game.check_seats(bad, {})
        assert refused.value.message == {
            "code": "options.seats", "game": "test", "low": 2, "high": 4}


def test_concrete_fills_templates():
    rng = random.Random(3)
    raise_entry = {"type": "raise", "min": 100, "max": 980}
    assert concrete(raise_entry, pick_low=True) == {"type": "raise", "amount": 100}
    drawn = concrete(raise_entry, rng)
    assert set(drawn) == {"type", "amount"} and 100 <= drawn["amount"] <= 980
    discard = {"type": "discard", "choose": [2, 3], "from": ["Ah", "Kh", "Qh", "Jh"]}
    assert concrete(discard, pick_low=True) == {"type": "discard", "cards": ["Ah", "Kh"]}
    chosen = concrete(discard, rng)["cards"]
    assert 2 <= len(chosen) <= 3 and len(set(chosen)) == len(chosen)
    assert set(chosen) <= set(discard["from"])
    plain = {"type": "bid", "tricks": 2}
    copy = concrete(plain)
    assert copy == plain and copy is not plain


def test_clone_is_a_deep_independent_copy():
    state = {"hands": [["Ah", "Kh"], []], "scores": [1, -2], "result": None, "ok": True}
    copy = clone(state)
    assert copy == state
    copy["hands"][0].append("Qh")
    assert state["hands"][0] == ["Ah", "Kh"]


def test_states_round_trip_through_json():
    state = {"game": "x", "actor": "chance", "hands": [["Th"]], "n": 3, "none": None}
    assert from_json(to_json(state)) == state
    assert to_json(state) == to_json(dict(reversed(state.items())))  # keys sorted


def test_illegal_action_is_a_rule_and_its_parameters_without_words():
    refusal = IllegalAction("game.rule", card="Th", size=3)
    assert refusal.rule == "game.rule" and refusal.params == {"card": "Th", "size": 3}
    assert refusal.message == {"code": "game.rule", "card": "Th", "size": 3}
    assert IllegalAction("game.other").message == {"code": "game.other"}


def test_an_action_fits_the_legal_entry_it_fills():
    bid = {"type": "bid", "tricks": 2}
    assert fits(bid, {"type": "bid", "tricks": 2})
    assert not fits(bid, {"type": "bid", "tricks": True})  # JSON: true is not 2
    assert not fits(bid, {"type": "bid", "tricks": 2, "extra": 0})
    raise_entry = {"type": "raise", "min": 100, "max": 980}
    assert fits(raise_entry, {"type": "raise", "amount": 100})
    assert not fits(raise_entry, {"type": "raise", "amount": 99})
    assert not fits(raise_entry, {"type": "raise", "amount": 100.0})
    discard = {"type": "discard", "choose": [2, 3], "from": ["Ah", "Kh", "Qh", "Jh"]}
    assert fits(discard, {"type": "discard", "cards": ["Qh", "Ah"]})
    assert not fits(discard, {"type": "discard", "cards": ["Qh", "Qh"]})
    assert not fits(discard, {"type": "discard", "cards": ["Qh", "2c"]})
    assert not fits(discard, {"type": "discard", "cards": ["Qh"]})


@pytest.mark.parametrize("slug", list(available_games()))
def test_can_apply_answers_from_the_legal_actions_and_says_why_for_others(slug):
    game = get_game(slug)
    rng = random.Random(5)
    state = game.new(game.default_seats, {})
    for _ in range(60):
        if game.actor(state) is None:
            break
        if game.actor(state) == "chance":
            state = game.apply(state, game.chance_action(state, rng))
            continue
        legal = game.legal_actions(state)
        for entry in legal:
            assert game.can_apply(state, concrete(entry, pick_low=True)) is None
        refusal = game.can_apply(state, {"type": "__nothing__"})
        assert isinstance(refusal, IllegalAction) and refusal.rule.startswith(f"{slug}.")
        state = game.apply(state, concrete(rng.choice(legal), rng))
